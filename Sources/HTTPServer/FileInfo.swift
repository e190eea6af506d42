#if canImport(Glibc)
import Glibc
#endif

/// The `stat` facts a file server needs.
struct FileInfo {
    let isDirectory: Bool
    let isRegularFile: Bool
    let size: Int
    /// Changes whenever the file is rewritten (size or modification time), which is all a preview needs.
    let entityTag: String

    init?(path: String) {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        let kind = status.st_mode & S_IFMT
        isDirectory = kind == S_IFDIR
        isRegularFile = kind == S_IFREG
        size = Int(status.st_size)
        let modified = Int(status.st_mtim.tv_sec) &* 1_000_000_000 &+ Int(status.st_mtim.tv_nsec)
        entityTag = "\"\(String(size, radix: 16))-\(String(modified, radix: 16))-\(String(status.st_ino, radix: 16))\""
    }
}
