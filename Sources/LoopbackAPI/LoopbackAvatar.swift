/// A picture the loopback API serves, with the content type it announces.
public struct LoopbackAvatar: Sendable, Equatable {
    public var bytes: [UInt8]
    public var contentType: String

    public init(bytes: [UInt8], contentType: String = "image/jpeg") {
        self.bytes = bytes
        self.contentType = contentType
    }
}
