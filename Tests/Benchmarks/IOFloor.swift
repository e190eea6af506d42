import Dispatch
import Foundation
import Primitives
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The I/O floor of a built site: its folders made and its files' bytes written into an empty folder by two
/// threads (the machine's cores), everything read into memory first. What a build cannot go below however little
/// it computes (it hard-links the pictures instead of writing them, which only lowers its own time).
struct IOFloor {
    private var folders: [String] = []
    private var files: [(path: String, bytes: [UInt8])] = []

    init(of root: URL) {
        for entry in FolderWalk.entries(under: root.path, skippingHidden: false) {
            switch entry.kind {
            case .folder: folders.append(entry.path)
            case .file:
                if let data = FileManager.default.contents(atPath: root.path + "/" + entry.path) {
                    files.append((entry.path, [UInt8](data)))
                }
            default: continue
            }
        }
    }

    var fileCount: Int { files.count }

    /// Writes the tree into `destination` (which must not exist) and returns how long that took. The copy stays: ext4
    /// skips the inodes freed in the last 30-odd seconds when it allocates one (`recently_deleted`, a scan per new
    /// file), so a tree removed just before a timed build or write made that one up to several times slower.
    func write(into destination: URL) throws -> Duration {
        let clock = ContinuousClock()
        let root = destination.path
        let started = clock.now
        guard mkdir(root, 0o755) == 0 else { throw BenchmarkError("cannot make \(root)") }
        // Walk order puts each folder before its contents.
        for folder in folders where mkdir(root + "/" + folder, 0o755) != 0 {
            throw BenchmarkError("cannot make \(root)/\(folder)")
        }
        let threads = 2
        let files = files
        DispatchQueue.concurrentPerform(iterations: threads) { thread in
            for index in stride(from: thread, to: files.count, by: threads) {
                let descriptor = open(root + "/" + files[index].path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
                guard descriptor >= 0 else { continue }
                writeAll(descriptor, files[index].bytes)
                close(descriptor)
            }
        }
        return clock.now - started
    }
}

/// At file scope, where `write` is the system's, not `IOFloor.write(into:)`.
private func writeAll(_ descriptor: Int32, _ bytes: [UInt8]) {
    bytes.withUnsafeBytes { buffer in
        var offset = 0
        while offset < buffer.count {
            let written = write(descriptor, buffer.baseAddress.map { $0 + offset }, buffer.count - offset)
            guard written > 0 else { return }
            offset += written
        }
    }
}
