/// Names a connection from outside the loop thread. The id guards against a reused descriptor number:
/// a late answer for a closed connection must not reach a new one.
struct ConnectionReference: Sendable, Hashable {
    let socket: Int32
    let id: UInt64
}
