import Primitives
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A file opened for one answer. Length and tag come from the open descriptor, so they describe the very
/// bytes sent even when the path is replaced meanwhile (a rebuild publishes by renaming).
final class OpenFile: Sendable {
    private let descriptor: Int32
    let stamp: FileStamp

    /// Bytes read per chunk of a streamed file: with the event loop's high-water mark this bounds what one
    /// connection buffers (see `EventLoop.streamHighWater`).
    static let chunkSize = 64 * 1024

    init?(path: String) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            close(descriptor)
            return nil
        }
        self.descriptor = descriptor
        stamp = FileStamp(info)
    }

    deinit { close(descriptor) }

    var size: Int { Int(stamp.size) }

    /// The whole file, for small ones; nil if it cannot be read or is shorter than when opened.
    func readAll() -> [UInt8]? {
        var bytes: [UInt8] = []
        while bytes.count < size {
            guard let chunk = try? read(at: bytes.count, count: min(Self.chunkSize, size - bytes.count)), !chunk.isEmpty else {
                return nil
            }
            bytes += chunk
        }
        return bytes
    }

    /// The file as a `.sized` body, each chunk read only when the connection asks for it. A file that shrinks
    /// while it is sent ends the stream early, which makes the server close the connection with the length
    /// unmet; bytes appended meanwhile are never read.
    func body() -> HTTPResponse.Body {
        let cursor = Cursor(file: self)
        return .sized(length: size, chunks: AsyncThrowingStream { try cursor.next() })
    }

    /// Where a streamed body has got to; the stream's only state.
    private final class Cursor: Sendable {
        let file: OpenFile
        let position = Mutex(0)

        init(file: OpenFile) {
            self.file = file
        }

        func next() throws -> [UInt8]? {
            try position.withLock { offset in
                guard offset < file.size else { return nil }
                let chunk = try file.read(at: offset, count: min(OpenFile.chunkSize, file.size - offset))
                guard !chunk.isEmpty else { return nil }
                offset += chunk.count
                return chunk
            }
        }
    }

    struct ReadError: Error {
        let errno: Int32
    }

    /// Up to `count` bytes from `offset`; empty at the end of the file.
    private func read(at offset: Int, count: Int) throws -> [UInt8] {
        try [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            initialized = 0
            while true {
                let got = pread(descriptor, buffer.baseAddress, count, off_t(offset))
                if got >= 0 {
                    initialized = got
                    return
                }
                guard errno == EINTR else { throw ReadError(errno: errno) }
            }
        }
    }
}

extension HTTPResponse.Body {
    /// The whole body as bytes when it is at most `limit` bytes long (reading a `.sized` one to its end);
    /// nil when it is longer, or is a stream. Throws when a `.sized` body ends short or fails.
    package func bytes(upTo limit: Int) async throws -> [UInt8]? {
        switch self {
        case .bytes(let bytes):
            return bytes.count <= limit ? bytes : nil
        case .stream:
            return nil
        case .sized(let length, let chunks):
            guard length <= limit else { return nil }
            var bytes: [UInt8] = []
            bytes.reserveCapacity(length)
            for try await chunk in chunks {
                bytes += chunk.prefix(length - bytes.count)
                if bytes.count == length { return bytes }
            }
            guard bytes.count == length else { throw ShortBody(expected: length, received: bytes.count) }
            return bytes
        }
    }
}

/// A `.sized` body that ended before its stated length.
struct ShortBody: Error, Sendable {
    let expected: Int
    let received: Int
}
