#if canImport(Glibc)
import Glibc
#endif

/// Bytes waiting to be sent on one socket. Contiguous so each flush is a single `send`.
struct OutboundBuffer {
    private(set) var bytes: [UInt8] = []
    private var sent = 0

    var isEmpty: Bool { sent == bytes.count }
    var pendingCount: Int { bytes.count - sent }

    /// Lets encoders write straight into the buffer instead of building a temporary array.
    mutating func append(_ write: (inout [UInt8]) -> Void) {
        write(&bytes)
    }

    mutating func append(_ data: [UInt8]) {
        bytes.append(contentsOf: data)
    }

    enum FlushResult { case progressed, wouldBlock, failed }

    /// Sends as much as the socket takes without blocking.
    mutating func flush(to socket: Int32) -> FlushResult {
        var progressed = false
        while !isEmpty {
            let written = bytes.withUnsafeBytes { raw -> Int in
                guard let base = raw.baseAddress else { return 0 }
                return send(socket, base + sent, pendingCount, Int32(MSG_NOSIGNAL))
            }
            if written > 0 {
                sent += written
                progressed = true
            } else if written < 0 && errno == EINTR {
                continue
            } else if written < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) {
                break
            } else {
                return .failed
            }
        }
        if isEmpty {
            bytes.removeAll(keepingCapacity: bytes.capacity <= 1 << 20)
            sent = 0
        } else if sent > 1 << 20 {
            bytes.removeFirst(sent)
            sent = 0
        }
        return progressed ? .progressed : .wouldBlock
    }
}
