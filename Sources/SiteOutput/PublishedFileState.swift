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
package struct PublishedFileState: Sendable, Equatable {
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
        let stamp = FileStamp(info)
        self.init(path: path, size: stamp.size, modified: stamp.modified, inode: stamp.inode)
    }

    /// "size modified inode path": one line of the build state and of the standby tree's record.
    package init?(line: ArraySlice<UInt8>) {
        let fields = LineRecords.fields(line, count: 4)
        guard fields.count == 4, let size = LineRecords.number(fields[0]), let modified = LineRecords.number(fields[1]),
              let inode = LineRecords.number(fields[2]).flatMap(UInt64.init(exactly:))
        else { return nil }
        self.init(path: LineRecords.text(fields[3]), size: size, modified: modified, inode: inode)
    }

    /// Appends "size modified inode path" and a line break, the line `init?(line:)` reads.
    package func append(lineTo bytes: inout [UInt8]) {
        bytes.append(decimal: size)
        bytes.append(LineRecords.space)
        bytes.append(decimal: modified)
        bytes.append(LineRecords.space)
        bytes.append(decimal: inode)
        bytes.append(LineRecords.space)
        bytes.append(line: [path])
    }

    /// The output folder's own entry.
    static let outputFolder = "./"

    package var isFolder: Bool { path.hasSuffix("/") }

    /// Paths as a state line writes them (a folder with a trailing `/`), parted into files and folders (without it).
    static func files(andFoldersOf paths: [String]) -> (files: [String], folders: [String]) {
        (paths.filter { !$0.hasSuffix("/") }, paths.filter { $0.hasSuffix("/") }.map { String($0.dropLast()) })
    }

    /// True when the output holds exactly what `states` (`read` after the publish) recorded: every file and
    /// folder is still there with its size, modification time and inode. A file added, removed or renamed changes its
    /// folder, an edit changes the file; one `lstat` each, no folder listed. False for states without the
    /// output's own entry, which could not tell an added file.
    package static func stillMatch(_ states: [PublishedFileState], in outputDirectory: URL) -> Bool {
        guard states.contains(where: { $0.path == outputFolder }) else { return false }
        return read(states.map(\.path), in: outputDirectory) == states
    }

    /// The states of an output that holds exactly these files and folders (relative paths), as after a
    /// publish, which knows them: the output's own entry included, sorted by path; one `lstat` each, no folder
    /// listed. Nil when one is missing.
    static func read(files: [String], folders: [String], in outputDirectory: URL) -> [PublishedFileState]? {
        read(([outputFolder] + files + folders.map { $0 + "/" }).sorted(), in: outputDirectory)
    }

    /// Two lists sorted by path, as one sorted by path.
    static func merged(_ left: [PublishedFileState], _ right: [PublishedFileState]) -> [PublishedFileState] {
        left.mergedSorted(with: right, by: \.path)
    }

    /// The states of `paths`, in their order, on all cores; nil when one is missing.
    private static func read(_ paths: [String], in outputDirectory: URL) -> [PublishedFileState]? {
        read(paths, in: outputDirectory.standardizedFileURL.path)
    }

    /// The same for a folder given by its path (the standby tree).
    static func read(_ paths: [String], in folder: String) -> [PublishedFileState]? {
        guard let root = openOutput(folder) else { return nil }
        defer { close(root) }
        let chunk = 512
        let parts = ConcurrentWork.map((paths.count + chunk - 1) / chunk) { part -> [PublishedFileState]? in
            var states: [PublishedFileState] = []
            for path in paths[(part * chunk)..<min(paths.count, (part + 1) * chunk)] {
                var info = stat()
                guard fstatat(root, path.hasSuffix("/") ? String(path.dropLast()) : path, &info, AT_SYMLINK_NOFOLLOW) == 0
                else { return nil }
                states.append(PublishedFileState(path: path, info))
            }
            return states
        }
        guard parts.allSatisfy({ $0 != nil }) else { return nil }
        return parts.flatMap { $0 ?? [] }
    }

    private static func openOutput(_ folder: String) -> Int32? {
        let descriptor = open(folder, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        return descriptor >= 0 ? descriptor : nil
    }
}
