import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The path rules of every folder rmwiki replaces or cleans (`--output`, `--cache`): folders it must never
/// take, whatever it is told and even with `--force`. What a folder holds is each caller's own rule; these
/// are about where it is.
///
/// Refused: `/` and its direct children (`/etc`, `/usr`, `/tmp`…, whatever the machine has), a home folder
/// or one containing a home, the current folder or one of its parents, a folder containing the running
/// executable or one of its libraries, and the other folders of the run (each caller names them: the cache,
/// the templates…), with any folder inside or containing one of them.
///
/// The rule itself is a pure function of paths (`refusal(given:resolved:)`), so it is tested on a described
/// filesystem, never against the machine's own system folders.
package struct ProtectedFolders: Sendable, Equatable {
    /// A folder of this run the checked folder must stay apart from, named for the message ("the cache").
    struct Folder: Sendable, Equatable {
        var role: String
        var path: String

        init(_ role: String, _ path: String) {
            self.role = role
            self.path = path
        }
    }

    /// Absolute paths with links resolved, as `resolved(_:)` makes them.
    var currentDirectory: String
    var homes: [String]
    /// The running executable and the libraries it loaded.
    var runtimeFiles: [String]
    var folders: [Folder]

    /// The rules for this process: its working folder, `$HOME` and the homes in `/etc/passwd`, its executable
    /// and libraries, and `folders` (role, location), every path resolved.
    package static func forThisProcess(protecting folders: [(role: String, url: URL)]) -> ProtectedFolders {
        var homes: [String] = []
        if let home = ProcessInfo.processInfo.environment["HOME"], !home.isEmpty { homes.append(home) }
        if let passwd = try? String(contentsOfFile: "/etc/passwd", encoding: .utf8) {
            for line in passwd.split(separator: "\n") {
                let fields = line.split(separator: ":", omittingEmptySubsequences: false)
                if fields.count >= 6, fields[5].hasPrefix("/") { homes.append(String(fields[5])) }
            }
        }
        return ProtectedFolders(
            currentDirectory: resolved(URL(fileURLWithPath: FileManager.default.currentDirectoryPath)),
            homes: homes.map { resolved(URL(fileURLWithPath: $0)) }.filter { $0 != "/" },
            runtimeFiles: runtimeFiles().map { resolved(URL(fileURLWithPath: $0)) },
            folders: folders.map { Folder($0.role, resolved($0.url)) })
    }

    /// Why `url` must not be taken, in a few words ("it is a home folder"); nil when these rules allow it.
    package func refusal(of url: URL) -> String? {
        refusal(given: url.standardizedFileURL.path, resolved: Self.resolved(url))
    }

    /// The rule: `given` is the path as the user wrote it (made absolute, dots removed), `path` the same with
    /// links resolved. Both are checked for the system folders: on most systems `/lib` is a link to `/usr/lib`.
    func refusal(given: String, resolved path: String) -> String? {
        if path == "/" || given == "/" { return "it is the root folder" }
        if Self.contains(path, currentDirectory) {
            return path == currentDirectory ? "it is the current folder" : "it contains the current folder (\(currentDirectory))"
        }
        for home in homes where Self.contains(path, home) {
            return path == home ? "it is a home folder" : "it contains the home folder \(home)"
        }
        if let top = [given, path].first(where: Self.isTopLevel) {
            return "it is the system folder \(top) (no folder directly in / is ever taken)"
        }
        for file in runtimeFiles where Self.contains(path, file) {
            return "it holds \(file), which the running rmwiki is made of"
        }
        for folder in folders where Self.contains(path, folder.path) || Self.contains(folder.path, path) {
            return path == folder.path ? "it is \(folder.role)"
                : Self.contains(path, folder.path) ? "it contains \(folder.role) (\(folder.path))"
                : "it is inside \(folder.role) (\(folder.path))"
        }
        return nil
    }

    /// A direct child of `/`.
    static func isTopLevel(_ path: String) -> Bool {
        path.hasPrefix("/") && path.dropFirst().split(separator: "/").count == 1
    }

    /// The absolute path with symlinks resolved in the part that exists, so `./x/..` or a linked parent
    /// cannot hide what a path really names.
    static func resolved(_ url: URL) -> String {
        var existing = url.standardizedFileURL
        var rest: [String] = []
        while true {
            if let real = realpath(existing.path, nil) {
                defer { free(real) }
                let base = URL(fileURLWithPath: String(cString: real))
                return rest.reduce(base) { $0.appendingPathComponent($1) }.standardizedFileURL.path
            }
            if existing.path == "/" { return url.standardizedFileURL.path }
            rest.insert(existing.lastPathComponent, at: 0)
            existing.deleteLastPathComponent()
        }
    }

    /// Whether `outer` is `inner` or one of its ancestors.
    static func contains(_ outer: String, _ inner: String) -> Bool {
        outer == "/" || inner == outer || inner.hasPrefix(outer.hasSuffix("/") ? outer : outer + "/")
    }

    /// The executable and its libraries: the files mapped executable in `/proc/self/maps` (a data file someone
    /// maps, a site file say, is not code and protects nothing); without `/proc`, the executable as found from
    /// `argv[0]`.
    static func runtimeFiles() -> [String] {
        if let maps = readToEnd("/proc/self/maps") {
            // "address perms offset dev inode path": the path is the sixth field, absolute when it is a file.
            let paths = maps.split(separator: "\n").compactMap { line -> String? in
                let fields = line.split(separator: " ", maxSplits: 2)
                guard fields.count > 1, fields[1].contains("x"), let slash = line.firstIndex(of: "/") else { return nil }
                return String(line[slash...]).replacingOccurrences(of: " (deleted)", with: "")
            }
            if !paths.isEmpty { return Array(Set(paths)).sorted() }
        }
        guard let first = CommandLine.arguments.first, !first.isEmpty else { return [] }
        if first.contains("/") { return [URL(fileURLWithPath: first).standardizedFileURL.path] }
        let searchPath = ProcessInfo.processInfo.environment["PATH"] ?? ""
        let found = searchPath.split(separator: ":").map { String($0) + "/" + first }.first { access($0, X_OK) == 0 }
        return found.map { [$0] } ?? []
    }

    /// A file read until `read` says the end: `/proc` files claim a size of 0, and readers that trust the size
    /// get a part of them.
    static func readToEnd(_ path: String) -> String? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { return nil }
            if count == 0 { return String(decoding: bytes, as: UTF8.self) }
            bytes += buffer[0..<count]
        }
    }
}
