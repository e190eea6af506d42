#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What tells one version of a file from another without reading it: size, inode and modification time.
/// The publisher, the build's no-change check, the preview's ETags and `serve --watch` all compare these.
package struct FileStamp: Sendable, Hashable {
    package var size: Int64
    package var inode: UInt64
    /// Nanoseconds since 1970, wrapping: a file dated past 2262 must not trap; callers only compare these.
    package var modified: Int64
    package var isFolder: Bool
    package var isRegularFile: Bool

    package init(_ info: stat) {
        size = Int64(info.st_size)
        inode = UInt64(info.st_ino)
        #if canImport(Darwin)
        let time = info.st_mtimespec
        #else
        let time = info.st_mtim
        #endif
        modified = Int64(time.tv_sec) &* 1_000_000_000 &+ Int64(time.tv_nsec)
        let kind = info.st_mode & S_IFMT
        isFolder = kind == S_IFDIR
        isRegularFile = kind == S_IFREG
    }

    /// Follows symbolic links; nil when nothing is there.
    package init?(path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        self.init(info)
    }

    /// `name` in the folder open as `folder` (`fstatat`): the kernel looks up one name, not every folder of a path,
    /// which is most of a `stat` over hundreds of files in one folder.
    package init?(name: String, in folder: Int32) {
        var info = stat()
        guard fstatat(folder, name, &info, 0) == 0 else { return nil }
        self.init(info)
    }
}

/// Folders held open by path while a caller stamps many files in few folders (`FileStamp(name:in:)`), all closed by
/// `close()`. A folder that cannot be opened is stamped through by path.
package struct OpenFolders {
    private var descriptors: [String: Int32] = [:]

    package init() {}

    /// The stamp of the file at `path`, following symbolic links as `FileStamp(path:)` does.
    package mutating func stamp(_ path: String) -> FileStamp? {
        guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")), slash > path.startIndex else { return FileStamp(path: path) }
        let folder = String(path[..<slash])
        let descriptor: Int32
        if let open = descriptors[folder] {
            descriptor = open
        } else {
            descriptor = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
            descriptors[folder] = descriptor
        }
        guard descriptor >= 0 else { return FileStamp(path: path) }
        return FileStamp(name: String(path[path.utf8.index(after: slash)...]), in: descriptor)
    }

    package mutating func close() {
        for descriptor in descriptors.values where descriptor >= 0 { closeDescriptor(descriptor) }
        descriptors = [:]
    }
}

/// At file scope, where `close` is the system's, not `OpenFolders.close()`.
private func closeDescriptor(_ descriptor: Int32) { _ = close(descriptor) }
