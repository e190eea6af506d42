/// A checked, complete picture.
public struct DownloadedImage: Sendable, Equatable {
    public var bytes: [UInt8]
    public var format: ImageFormat

    public init(bytes: [UInt8], format: ImageFormat) {
        self.bytes = bytes
        self.format = format
    }
}
