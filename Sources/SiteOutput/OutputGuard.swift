import Foundation
import Primitives
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Decides whether a folder may become the output, before anything is fetched, locked or written, and again
/// just before the switch.
///
/// Publishing replaces the whole output tree, so the folder must be one that holds nothing of anyone
/// else's: missing, empty, or published by rmwiki before (the marker `SitePublisher` leaves beside it).
/// Anything else is refused unless `force` says the user means it. Some folders are refused even then: those
/// of `ProtectedFolders` (the root and system folders, homes, the current folder and its parents, what holds
/// the running rmwiki, the folders the build reads from). A symbolic link or a mount point is refused too,
/// since the switch is one rename in the parent folder, which would replace the link, or cannot replace a
/// mount point.
package struct OutputGuard: Sendable {
    var rules: ProtectedFolders

    /// The guard for this process (see `ProtectedFolders.forThisProcess`), keeping the output apart from `folders`.
    package static func forThisProcess(protecting folders: [(role: String, url: URL)]) -> OutputGuard {
        OutputGuard(rules: .forThisProcess(protecting: folders))
    }

    /// Throws `SiteOutputError.outputRefused` with one line saying what is there and what to do.
    package func check(_ output: URL, force: Bool) throws(SiteOutputError) {
        let given = output.path
        if let reason = rules.refusal(of: output) {
            throw .outputRefused(path: given, reason: reason, forceable: false)
        }
        try checkKind(given)
        guard !force, !Self.isPublishedByRMWiki(output) else { return }
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: given)) ?? []
        guard !entries.isEmpty else { return }
        let sample = entries.sorted().prefix(3).joined(separator: ", ") + (entries.count > 3 ? ", …" : "")
        let count = CountText.of(entries.count, "entry", "entries")
        throw .outputRefused(
            path: given, reason: "it holds \(count) that rmwiki did not publish (\(sample))", forceable: true)
    }

    /// A symlink or a mount point cannot be switched by one rename in its parent; a file is no folder.
    func checkKind(_ path: String) throws(SiteOutputError) {
        var info = stat()
        guard lstat(path, &info) == 0 else { return }
        switch FolderWalk.kind(of: info) {
        case .folder:
            var parent = stat()
            let parentPath = URL(fileURLWithPath: path).deletingLastPathComponent().path
            if stat(parentPath, &parent) == 0, parent.st_dev != info.st_dev {
                throw .outputRefused(
                    path: path,
                    reason: "it is a mount point, and the new site is switched in by one rename in the parent folder, "
                        + "which cannot replace a mount point; publish into a folder inside it (\(path)/site)",
                    forceable: false)
            }
        case .file:
            throw .outputNotADirectory(path)
        case .symlink, .other:
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
