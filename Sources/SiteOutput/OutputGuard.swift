import Foundation
import Primitives
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Decides whether a folder may become the output, before anything is fetched, locked or written.
///
/// Publishing replaces the whole output tree, so the folder must be one that holds nothing of anyone
/// else's: missing, empty, or published by rmwiki before (the marker `SitePublisher` leaves beside it).
/// Anything else is refused unless `force` says the user means it. Some folders are refused even then:
/// `/`, a home folder, the current folder or one of its ancestors, the folders the build reads from
/// (cache, templates, static files), and any folder that contains one of those. A symbolic link or a
/// mount point is refused too, since the switch is one rename in the parent folder, which would
/// replace the link, or cannot replace a mount point.
package struct OutputGuard: Sendable {
    /// A folder the build needs, named for the message (e.g. "the cache").
    package struct ProtectedFolder: Sendable {
        package var role: String
        package var url: URL

        package init(_ role: String, _ url: URL) {
            self.role = role
            self.url = url
        }
    }

    package var protectedFolders: [ProtectedFolder]
    package var currentDirectory: URL
    /// Every user's home folder; a mistyped `~` must never be replaced by a site.
    package var homeFolders: [URL]

    package init(protectedFolders: [ProtectedFolder], currentDirectory: URL, homeFolders: [URL]) {
        self.protectedFolders = protectedFolders
        self.currentDirectory = currentDirectory
        self.homeFolders = homeFolders
    }

    /// The guard for this process: its working folder, `$HOME` and the home folders in `/etc/passwd`.
    package static func forThisProcess(protecting folders: [ProtectedFolder]) -> OutputGuard {
        var homes: [URL] = []
        if let home = ProcessInfo.processInfo.environment["HOME"], !home.isEmpty {
            homes.append(URL(fileURLWithPath: home))
        }
        if let passwd = try? String(contentsOfFile: "/etc/passwd", encoding: .utf8) {
            for line in passwd.split(separator: "\n") {
                let fields = line.split(separator: ":", omittingEmptySubsequences: false)
                if fields.count >= 6, fields[5].hasPrefix("/") { homes.append(URL(fileURLWithPath: String(fields[5]))) }
            }
        }
        return OutputGuard(
            protectedFolders: folders,
            currentDirectory: URL(fileURLWithPath: FileManager.default.currentDirectoryPath),
            homeFolders: homes)
    }

    /// Throws `SiteOutputError.outputRefused` with one line saying what is there and what to do.
    package func check(_ output: URL, force: Bool) throws(SiteOutputError) {
        let path = Self.resolved(output)
        let given = output.path
        if path == "/" { throw .outputRefused(path: given, reason: "it is the root folder", forceable: false) }
        let here = Self.resolved(currentDirectory)
        if Self.contains(path, here) {
            let what = path == here ? "it is the current folder" : "it contains the current folder (\(here))"
            throw .outputRefused(path: given, reason: what, forceable: false)
        }
        for home in homeFolders.map(Self.resolved) where home != "/" && Self.contains(path, home) {
            let what = path == home ? "it is a home folder" : "it contains the home folder \(home)"
            throw .outputRefused(path: given, reason: what, forceable: false)
        }
        for folder in protectedFolders {
            let other = Self.resolved(folder.url)
            if Self.contains(path, other) || Self.contains(other, path) {
                let what = path == other ? "it is \(folder.role)"
                    : Self.contains(path, other) ? "it contains \(folder.role) (\(other))" : "it is inside \(folder.role) (\(other))"
                throw .outputRefused(path: given, reason: what, forceable: false)
            }
        }
        try checkKind(given)
        guard !force, !Self.isPublishedByRMWiki(output) else { return }
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: given)) ?? []
        guard !entries.isEmpty else { return }
        let sample = entries.sorted().prefix(3).joined(separator: ", ") + (entries.count > 3 ? ", …" : "")
        throw .outputRefused(
            path: given, reason: "it holds \(CountText.of(entries.count, "entry", "entries")) that rmwiki did not publish (\(sample))", forceable: true)
    }

    /// A symlink or a mount point cannot be switched by one rename in its parent; a file is no folder.
    private func checkKind(_ path: String) throws(SiteOutputError) {
        var info = stat()
        guard lstat(path, &info) == 0 else { return }
        switch FileSystemCalls.kind(of: info) {
        case .directory:
            var parent = stat()
            let parentPath = URL(fileURLWithPath: path).deletingLastPathComponent().path
            if stat(parentPath, &parent) == 0, parent.st_dev != info.st_dev {
                throw .outputRefused(
                    path: path,
                    reason: "it is a mount point, and the new site is switched in by one rename in the parent folder, "
                        + "which cannot replace a mount point; publish into a folder inside it (\(path)/site)",
                    forceable: false)
            }
        case .regularFile:
            throw .outputNotADirectory(path)
        case .other:
            if (info.st_mode & S_IFMT) == S_IFLNK {
                let target = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
                throw .outputRefused(
                    path: path,
                    reason: "it is a symbolic link, and the new site is switched in by one rename in the parent folder, "
                        + "which would replace the link; give the real folder (\(target)) as --output",
                    forceable: false)
            }
            throw .outputNotADirectory(path)
        }
    }

    /// The file `SitePublisher` writes beside an output before its first switch.
    static func markerPath(for location: OutputLocation) -> String {
        location.parent + "/." + location.name + ".rmwiki-site"
    }

    /// The build state is what rmwiki left beside its output before it wrote a marker, so sites published
    /// by earlier versions are recognised.
    static func isPublishedByRMWiki(_ output: URL) -> Bool {
        guard let location = try? OutputLocation(output) else { return false }
        return access(markerPath(for: location), F_OK) == 0
            || access(location.parent + "/." + location.name + ".build-state", F_OK) == 0
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
}

/// The output folder split into the parts the publisher needs: staging and the lock live in
/// `parent`, named after `name`, so they share the output's filesystem.
struct OutputLocation {
    let path: String
    let parent: String
    let name: String

    init(_ url: URL) throws {
        let standardized = url.standardizedFileURL
        let path = standardized.path
        let name = standardized.lastPathComponent
        guard !name.isEmpty, name != "/", name != ".", name != ".." else {
            throw SiteOutputError.outputRefused(path: path, reason: "it is the root folder", forceable: false)
        }
        self.path = path
        self.name = name
        parent = standardized.deletingLastPathComponent().path
    }
}
