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
/// Refused: `/` and its direct children (`/etc`, `/usr`, `/tmp`…, whatever the machine has), anything inside
/// the system's own trees (`systemTrees`) but inside `/var/www`, `/var/tmp` or the user's own home, a folder
/// directly in one of the folders that hold other people's or programs' folders (`sharedParents`: `/home`,
/// `/opt`, `/mnt`, `/media`), a home folder or one containing a home, the current folder or one of its parents, a folder
/// containing the running executable or one of its libraries, and the other folders of the run (each caller
/// names them: the cache, the templates…), with any folder inside or containing one of them.
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
    /// The user's own home (`$HOME`): what is inside it is the user's, even where it lies in a system tree
    /// (a service's home such as `/var/lib/jenkins`).
    var ownHome: String?
    /// The running executable and the libraries it loaded.
    var runtimeFiles: [String]
    var folders: [Folder]

    /// The rules for this process: its working folder, `$HOME` and the homes in `/etc/passwd`, its executable
    /// and libraries, and `folders` (role, location), every path resolved.
    package static func forThisProcess(protecting folders: [(role: String, url: URL)]) -> ProtectedFolders {
        var rules = thisProcess
        rules.folders = folders.map { Folder($0.role, resolved($0.url)) }
        return rules
    }

    /// Read once: `serve` checks the output at every rebuild, and resolving every library's path (a `readlink` per
    /// name in each) cost each rebuild a few milliseconds. None of it changes while rmwiki runs; a library loaded
    /// later comes from the same folders as those loaded by the first build, which uses all of rmwiki.
    private static let thisProcess: ProtectedFolders = {
        var homes: [String] = []
        let ownHome = ProcessInfo.processInfo.environment["HOME"].flatMap { $0.isEmpty ? nil : resolved(URL(fileURLWithPath: $0)) }
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
            ownHome: ownHome == "/" ? nil : ownHome,
            runtimeFiles: runtimeFiles().map { resolved(URL(fileURLWithPath: $0)) },
            folders: [])
    }()

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
        for candidate in [given, path] {
            // A link is judged by where it leads too: a link to /usr/share is /usr/share.
            let it = candidate == given ? "it is" : "it is \(candidate) (where its links lead),"
            if let tree = systemTree(holding: candidate) {
                return "\(it) inside \(tree), which is the system's own (nothing inside \(Self.systemTreesText) is ever "
                    + "taken but inside /var/www, /var/tmp or your home)"
            }
            if let parent = Self.sharedParents.first(where: { Self.isChild(candidate, of: $0) }) {
                return "\(it) directly in \(parent), whose folders each belong to someone or something else "
                    + "(a folder inside one, such as \(candidate)/wiki, can be taken)"
            }
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
        isChild(path, of: "/")
    }

    /// Whether `path` is directly in `parent`.
    static func isChild(_ path: String, of parent: String) -> Bool {
        guard path != parent, contains(parent, path) else { return false }
        let rest = path.dropFirst(parent.hasSuffix("/") ? parent.count : parent.count + 1)
        return !rest.isEmpty && !rest.contains("/")
    }

    /// The trees the system itself is made of and keeps its state in; every `lib…` at the top level is one too.
    static let systemTrees = ["/etc", "/usr", "/var", "/boot", "/bin", "/sbin", "/dev", "/proc", "/sys", "/run"]
    static let systemTreesText = "/etc, /usr, /var, /boot, /bin, /sbin, /lib*, /dev, /proc, /sys or /run"
    /// The parts of the system trees a wiki may live in: the web server's folder and the long-lived temporary one.
    static let openTrees = ["/var/www", "/var/tmp"]
    /// Folders whose every folder is someone's or some program's: their insides may be taken, not they. Not
    /// `/srv`: a folder in it is a site's own (`/srv/wiki`).
    static let sharedParents = ["/home", "/opt", "/mnt", "/media"]

    /// The system tree `path` is strictly inside, unless it is inside an open tree or the user's own home.
    func systemTree(holding path: String) -> String? {
        let components = path.split(separator: "/")
        guard components.count > 1 else { return nil }
        let top = "/" + components[0]
        guard Self.systemTrees.contains(top) || components[0].hasPrefix("lib") else { return nil }
        let open = Self.openTrees + (ownHome.map { [$0] } ?? [])
        return open.contains { $0 != path && Self.contains($0, path) } ? nil : top
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
            // Byte searches: Foundation's `contains` and `replacingOccurrences` search with a locale, line by line of
            // some 200 (a few milliseconds of every build).
            let deleted = " (deleted)"
            let paths = maps.split(separator: "\n").compactMap { line -> String? in
                let fields = line.split(separator: " ", maxSplits: 2)
                guard fields.count > 1, fields[1].utf8.contains(UInt8(ascii: "x")), let slash = line.firstIndex(of: "/") else { return nil }
                let path = line[slash...]
                return String(path.hasSuffix(deleted) ? path.dropLast(deleted.count) : path)
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
