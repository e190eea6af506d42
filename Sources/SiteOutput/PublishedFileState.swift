import Foundation
import Primitives
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One published file or folder as `lstat` sees it: enough to tell whether anything touched the output since
/// the build that wrote it, without reading its bytes. A folder's path ends in "/" (the output itself is "./"):
/// adding, removing or renaming anything in a folder changes the folder's modification time, so the states of
/// the files and folders of the last build tell an untouched output without listing a single folder.
package struct PublishedFileState: Codable, Sendable, Equatable {
    package let path: String
    package let size: Int64
    package let modified: Int64
    package let inode: UInt64

    package init(path: String, size: Int64, modified: Int64, inode: UInt64) {
        self.path = path
        self.size = size
        self.modified = modified
        self.inode = inode
    }

    init(path: String, _ info: stat) {
        self.init(path: path, size: Int64(info.st_size), modified: FileStamp(info).modified, inode: UInt64(info.st_ino))
    }

    /// The output folder's own entry.
    static let outputFolder = "./"

    package var isFolder: Bool { path.hasSuffix("/") }

    /// Every entry of the published output, folders and the output itself included, sorted by path; nil when
    /// the output is missing, is not a folder, or any part of it cannot be read. Folders are listed a level at
    /// a time on all cores, each opened relative to the output and its entries inspected relative to it.
    package static func scan(_ outputDirectory: URL) -> [PublishedFileState]? {
        guard let root = openOutput(outputDirectory) else { return nil }
        defer { close(root) }
        var states: [PublishedFileState] = []
        var level = [""]
        while !level.isEmpty {
            let folders = level
            guard let listings = try? ConcurrentWork.map(folders.count, { index in
                try FolderListing(root: root, relative: folders[index])
            }) else { return nil }
            level = listings.flatMap(\.folders)
            states += listings.flatMap(\.entries)
        }
        return states.sorted { $0.path < $1.path }
    }

    /// True when the output holds exactly what `states` (a `scan` of it) recorded: every file and folder is
    /// still there with its size, modification time and inode. A file added, removed or renamed changes its
    /// folder, an edit changes the file; one `lstat` each, no folder listed. False for states without the
    /// output's own entry, which could not tell an added file.
    package static func stillMatch(_ states: [PublishedFileState], in outputDirectory: URL) -> Bool {
        guard states.contains(where: { $0.path == outputFolder }), let root = openOutput(outputDirectory) else { return false }
        defer { close(root) }
        let chunk = 512
        let matches = try? ConcurrentWork.map((states.count + chunk - 1) / chunk) { part in
            states[(part * chunk)..<min(states.count, (part + 1) * chunk)].allSatisfy { state in
                var info = stat()
                let path = state.isFolder ? String(state.path.dropLast()) : state.path
                return fstatat(root, path, &info, AT_SYMLINK_NOFOLLOW) == 0 && PublishedFileState(path: state.path, info) == state
            }
        }
        return matches?.allSatisfy { $0 } == true
    }

    private static func openOutput(_ outputDirectory: URL) -> Int32? {
        let descriptor = open(outputDirectory.standardizedFileURL.path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        return descriptor >= 0 ? descriptor : nil
    }
}

/// One folder of the output: its files' states and its subfolders, as paths relative to the output.
private struct FolderListing: Sendable {
    struct Unreadable: Error {}

    /// The folder's own state and those of its files.
    var entries: [PublishedFileState] = []
    /// Its subfolders, to list next.
    var folders: [String] = []

    init(root: Int32, relative: String) throws {
        let descriptor = openat(root, relative.isEmpty ? "." : relative, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard descriptor >= 0 else { throw Unreadable() }
        var folderInfo = stat()
        guard fstat(descriptor, &folderInfo) == 0 else {
            close(descriptor)
            throw Unreadable()
        }
        entries.append(PublishedFileState(
            path: relative.isEmpty ? PublishedFileState.outputFolder : relative + "/", folderInfo))
        guard let stream = fdopendir(descriptor) else {
            close(descriptor)
            throw Unreadable()
        }
        defer { closedir(stream) }
        let prefix = relative.isEmpty ? "" : relative + "/"
        while let entry = readdir(stream) {
            var isFolder = Int32(entry.pointee.d_type) == Int32(DT_DIR)
            var info = stat()
            let name = try withUnsafePointer(to: &entry.pointee.d_name) { pointer in
                try pointer.withMemoryRebound(to: CChar.self, capacity: Int(NAME_MAX) + 1) { name -> String? in
                    if name[0] == 0x2E && (name[1] == 0 || (name[1] == 0x2E && name[2] == 0)) { return nil }
                    if !isFolder {
                        guard fstatat(descriptor, name, &info, AT_SYMLINK_NOFOLLOW) == 0 else { throw Unreadable() }
                        // Some filesystems leave the type out of the listing.
                        isFolder = info.st_mode & S_IFMT == S_IFDIR
                    }
                    return String(cString: name)
                }
            }
            guard let name else { continue }
            if isFolder {
                folders.append(prefix + name)
            } else {
                entries.append(PublishedFileState(path: prefix + name, info))
            }
        }
    }
}
