import Primitives
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension FileStamp {
    /// `name` in the folder open as `folder` (`fstatat`): the kernel looks up one name, not every folder of a path,
    /// which is most of a `stat` over hundreds of files in one folder.
    init?(name: String, in folder: Int32) {
        var info = stat()
        guard fstatat(folder, name, &info, 0) == 0 else { return nil }
        self.init(info)
    }
}

/// Folders held open by path while a caller stamps many files in few folders (`FileStamp(name:in:)`), all closed by
/// `close()`. A folder that cannot be opened is stamped through by path.
struct OpenFolders {
    private var descriptors: [String: Int32] = [:]

    /// The stamp of the file at `path`, following symbolic links as `FileStamp(path:)` does.
    mutating func stamp(_ path: String) -> FileStamp? {
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

    mutating func close() {
        for descriptor in descriptors.values where descriptor >= 0 { closeDescriptor(descriptor) }
        descriptors = [:]
    }
}

/// At file scope, where `close` is the system's, not `OpenFolders.close()`.
private func closeDescriptor(_ descriptor: Int32) { _ = close(descriptor) }
