/// A picture the loopback API serves, with the content type it announces.
package struct LoopbackAvatar: Sendable, Equatable {
    package var bytes: [UInt8]
    package var contentType: String

    package init(bytes: [UInt8], contentType: String = "image/jpeg") {
        self.bytes = bytes
        self.contentType = contentType
    }
}
