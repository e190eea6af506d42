import Foundation

/// A body the loopback API can answer with, and the validators that go with it.
struct ServedBody: Sendable {
    var bytes: [UInt8]
    var contentType: String
    var etag: String
    var lastModified: Date

    init(bytes: [UInt8], contentType: String, lastModified: Date) {
        self.bytes = bytes
        self.contentType = contentType
        etag = Fingerprint.etag(bytes)
        self.lastModified = lastModified
    }
}
