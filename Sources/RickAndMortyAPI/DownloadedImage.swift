/// A checked, complete picture.
package struct DownloadedImage: Sendable, Equatable {
    package var bytes: [UInt8]
    package var format: ImageFormat

    package init(bytes: [UInt8], format: ImageFormat) {
        self.bytes = bytes
        self.format = format
    }
}
