/// What the writer must know about the request being answered.
struct RequestContext: Sendable {
    let connection: ConnectionReference
    let method: String
    let version: String
    let keepAlive: Bool

    var isHead: Bool { method == "HEAD" }
}
