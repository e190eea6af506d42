import HTTPServer

/// The loopback API's normal answer to a request, before any fault is applied.
struct LoopbackReply: Sendable {
    var status: Int
    var headers: HTTPHeaders
    var body: [UInt8]
    var isImage: Bool

    static func json(_ status: Int, _ body: [UInt8]) -> LoopbackReply {
        LoopbackReply(status: status, headers: ["Content-Type": JSONBytes.contentType], body: body, isImage: false)
    }

    static func error(_ status: Int, _ message: String) -> LoopbackReply {
        json(status, JSONBytes.error(message))
    }

    static let nothingHere = error(404, "There is nothing here")
}
