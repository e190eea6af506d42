import Foundation
import Primitives
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The comparison of the new site with the published one, grown a file at a time as the files arrive and
/// made before anything is written for each file, so a dry run and a no-change build never touch the disk.
/// It holds paths and states, never the files' bytes: a site of any size is planned in little memory.
struct PublishPlan {
    enum State: Equatable {
        case added
        case updated
        /// Same bytes as the published file, which is hard-linked into staging (inode and mtime kept).
        case unchanged
        /// A file of the last publish that this one has not claimed: it stays as published unless released (see
        /// `init(carrying:)`).
        case carried

        /// Left as published: claimed unchanged, or carried.
        var isKept: Bool { self == .unchanged || self == .carried }
    }

    private(set) var states: [String: State] = [:]
    /// Every folder the new site needs, with the first file planned inside it (for the clash error).
    private(set) var folders: [String: String] = [:]
    /// Started from the last publish's site (`init(carrying:)`).
    private var carrying: Bool
    /// The carried files released, whether claimed again or not.
    private var released: [String] = []
    /// A claim met a carried entry in its way (a file where a folder was, or the reverse), checked once the site is
    /// complete (`settle`).
    private var clashesToCheck = false
    /// A claim made a folder the carried site lacked, or `settle` found the folders changed.
    private(set) var foldersChanged = false

    /// Room for a site of `files` files in `folders` folders (the published one's): a plan grown a file at a time
    /// otherwise rehashes every path it holds a dozen times.
    init(files: Int = 0, folders: Int = 0) {
        states.reserveCapacity(files)
        self.folders.reserveCapacity(folders)
        carrying = false
    }

    /// A plan whose every file is the last publish's, carried as published: the new site is that site, less the files
    /// released, plus those claimed. A build that knows which of the last site's files it may leave, and which it
    /// releases (a changed page's, one no page makes any more), plans only those: at ten times the data, claiming every
    /// kept page and picture one by one was a fifth of a preview's rebuild.
    init(carrying site: CarriedSite) {
        states = site.states
        folders = site.folders
        carrying = true
    }

    /// Takes `path` for one file (in `parent`, its folder, when the caller has it), refusing a second file on it and a
    /// file where another needs a folder. Held as unchanged until classified; `record` sets the real state.
    mutating func claim(_ path: String, parent: String? = nil) throws {
        if let earlier = states.updateValue(.unchanged, forKey: path) {
            // A carried file has its folders already.
            if earlier == .carried { return }
            throw SiteOutputError.duplicatePath(path)
        }
        if let nested = folders[path] {
            // The carried files inside may all be released yet.
            guard carrying else { throw SiteOutputError.fileFolderConflict(file: path, nestedFile: nested) }
            clashesToCheck = true
        }
        // Up from the file's folder to the first one claimed: that one had its ancestors claimed with it, none of them a
        // file. Most paths (a page among a kind's others) stop at their own folder or the one above it.
        var folder = parent ?? SitePathRules.parent(of: path)
        while !folder.isEmpty, folders[folder] == nil {
            if let state = states[folder] {
                guard state == .carried else { throw SiteOutputError.fileFolderConflict(file: folder, nestedFile: path) }
                clashesToCheck = true
            }
            folders[folder] = path
            foldersChanged = true
            folder = SitePathRules.parent(of: folder)
        }
    }

    /// Leaves the carried files at `paths` out of the new site unless claimed (again); a claimed one stays.
    mutating func release(_ paths: [String]) {
        for path in paths where states[path] == .carried {
            states[path] = nil
            released.append(path)
        }
    }

    /// Carries nothing any more: the caller plans the whole site (it cannot tell which of the last site's files it
    /// leaves as they are). What was claimed stays claimed.
    mutating func releaseAll() throws {
        guard carrying else { return }
        let claimed = states.filter { $0.value != .carried }
        self = PublishPlan(files: states.count, folders: folders.count)
        for (path, state) in claimed {
            try claim(path)
            record(state, for: path)
        }
    }

    /// Once every file is planned: a carried plan that lost a file has its folders found again (the file may have been
    /// the last in its folder), and any clash between a file and a folder is an error, as it is when claimed.
    mutating func settle(publishedFolders: Set<String>) throws {
        guard carrying, clashesToCheck || released.contains(where: { states[$0] == nil }) else { return }
        var found: [String: String] = [:]
        found.reserveCapacity(folders.count)
        for path in states.keys {
            var folder = SitePathRules.parent(of: path)
            while !folder.isEmpty, found[folder] == nil {
                if states[folder] != nil { throw SiteOutputError.fileFolderConflict(file: folder, nestedFile: path) }
                found[folder] = path
                folder = SitePathRules.parent(of: folder)
            }
        }
        if let clash = states.keys.first(where: { found[$0] != nil }), let nested = found[clash] {
            throw SiteOutputError.fileFolderConflict(file: clash, nestedFile: nested)
        }
        folders = found
        foldersChanged = publishedFolders != Set(found.keys)
        clashesToCheck = false
    }

    mutating func record(_ state: State, for path: String) {
        states[path] = state
    }

    /// What the publish changes: the planned files against the published tree. The unchanged files are left unsorted:
    /// sorting every path of a large site (68,000 at ten times the data) was a tenth of a preview's rebuild.
    func summary(against published: PublishedTree) -> PublishSummary {
        var summary = PublishSummary()
        summary.unchanged.reserveCapacity(states.count)
        for (path, state) in states {
            switch state {
            case .added: summary.added.append(path)
            case .updated: summary.updated.append(path)
            case .unchanged, .carried: summary.unchanged.append(path)
            }
        }
        summary.added.sort()
        summary.updated.sort()
        // A carried plan holds every published file but those it released.
        summary.removed = carrying ? released.filter { states[$0] == nil && published.files[$0] != nil }.sorted()
            : published.files.keys.filter { states[$0] == nil }.sorted()
        return summary
    }

    /// False when the published tree already is the new site, down to its folders: leftover empty folders
    /// also need a switch, since the fresh staging tree drops them.
    func needsSwitch(_ summary: PublishSummary, published: PublishedTree) -> Bool {
        summary.hasChanges || (carrying ? foldersChanged : published.folders != Set(folders.keys))
    }

    /// Whether the new site's folders are known to be those of `published` without comparing them: a carried plan that
    /// made and lost none.
    var keepsFolders: Bool { carrying && !foldersChanged }

    /// The folders only one of the new site and `published` has.
    func folderDifference(from published: Set<String>) -> [String] {
        keepsFolders ? [] : Array(published.symmetricDifference(folders.keys))
    }

    /// The site this plan publishes, for the next plan to carry.
    var site: CarriedSite {
        CarriedSite(states: states.mapValues { _ in .carried }, folders: folders,
                    tree: PublishedTree(files: states.mapValues { _ in .file }, folders: Set(folders.keys)))
    }

    /// Compares one new file with the published one (reading it back when it is a candidate for unchanged).
    static func state(of file: SiteFile, published: PublishedTree, outputPath: String) throws -> State {
        try state(of: file, publishedKind: published.files[file.path], outputPath: outputPath)
    }

    private static func state(of file: SiteFile, publishedKind: FolderWalk.Kind?, outputPath: String) throws -> State {
        let publishedPath = outputPath + "/" + file.path
        switch file.content {
        case .bytes(let bytes):
            guard let publishedKind else { return .added }
            guard publishedKind == .file else { return .updated }
            return try FileSystemCalls.contentEquals(publishedPath, bytes) ? .unchanged : .updated
        case .copy(let sourcePath):
            let source = try sourceStatus(sourcePath, for: file.path)
            guard let publishedKind else { return .added }
            guard publishedKind == .file, let target = try FileSystemCalls.status(publishedPath) else { return .updated }
            // Linked from the source by an earlier build: same inode, nothing to read.
            if source.st_dev == target.st_dev && source.st_ino == target.st_ino { return .unchanged }
            if source.st_size != target.st_size { return .updated }
            return try FileSystemCalls.contentEquals(sourcePath, publishedPath) ? .unchanged : .updated
        }
    }

    private static func sourceStatus(_ sourcePath: String, for path: String) throws -> stat {
        var info = stat()
        if stat(sourcePath, &info) != 0 {
            throw SiteOutputError.copySourceUnreadable(path: path, source: sourcePath, errno: errno)
        }
        guard FolderWalk.kind(of: info) == .file else {
            throw SiteOutputError.copySourceUnreadable(path: path, source: sourcePath, errno: EISDIR)
        }
        return info
    }
}

/// What a publish changed (or, for a dry run, would change). Every list but the unchanged files is sorted by path.
package struct PublishSummary: Sendable, Equatable {
    var added: [String]
    var updated: [String]
    var removed: [String]
    var unchanged: [String]

    package init(added: [String] = [], updated: [String] = [], removed: [String] = [], unchanged: [String] = []) {
        self.added = added
        self.updated = updated
        self.removed = removed
        self.unchanged = unchanged
    }

    package var hasChanges: Bool {
        !added.isEmpty || !updated.isEmpty || !removed.isEmpty
    }

    /// "12 added, 3 updated, 1 removed, 1040 unchanged"; the CLI appends the time taken.
    package var line: String {
        "\(added.count) added, \(updated.count) updated, \(removed.count) removed, \(unchanged.count) unchanged"
    }

    /// One line per changed path ("+ a", "~ b", "- c"), sorted by path, for `--dry-run` listings.
    package var changeListing: [String] {
        let marked = added.map { ($0, "+") } + updated.map { ($0, "~") } + removed.map { ($0, "-") }
        return marked.sorted { $0.0 < $1.0 }.map { "\($0.1) \($0.0)" }
    }
}

/// The site a publish of `serve` left, for its next publish into the same output while nothing else touched it (see
/// `PublishPlan.init(carrying:)`): every file carried, every folder, and the published tree they make.
package struct CarriedSite: Sendable {
    let states: [String: PublishPlan.State]
    let folders: [String: String]
    let tree: PublishedTree
}

/// What is currently published: every entry's relative path and kind.
struct PublishedTree: Sendable {
    var files: [String: FolderWalk.Kind] = [:]
    var folders: Set<String> = []

    /// An absent output is an empty tree (the first build).
    static func read(at root: String) throws -> PublishedTree {
        var tree = PublishedTree()
        guard let info = try FileSystemCalls.status(root) else { return tree }
        guard FolderWalk.kind(of: info) == .folder else {
            throw SiteOutputError.outputNotADirectory(root)
        }
        try tree.collect(root: root, relative: "")
        return tree
    }

    /// Deletes this tree, now found at `root` (the old site after the switch), concurrently.
    /// Anything not in the listing is still removed by a final sweep.
    func remove(at root: String) throws {
        let paths = Array(files.keys)
        try ConcurrentWork.forEach(paths.count) { index in
            let path = root + "/" + paths[index]
            if unlink(path) != 0 && errno != ENOENT { throw FileSystemCalls.error("remove", path) }
        }
        for level in FolderLevels(folders).deepestFirst {
            ConcurrentWork.forEach(level.count) { index in
                // ENOTEMPTY is left to the sweep, which knows what is inside.
                _ = rmdir(root + "/" + level[index])
            }
        }
        try FileSystemCalls.removeTree(root)
    }

    private mutating func collect(root: String, relative: String) throws {
        let absolute = relative.isEmpty ? root : root + "/" + relative
        for entry in try FileSystemCalls.entries(of: absolute) {
            let path = relative.isEmpty ? entry.name : relative + "/" + entry.name
            if entry.kind == .folder {
                folders.insert(path)
                try collect(root: root, relative: path)
            } else {
                files[path] = entry.kind
            }
        }
    }
}

/// Relative folder paths grouped by depth ("a" is depth 1, "a/b" depth 2), each group sorted.
struct FolderLevels {
    private let levels: [[String]]

    init(_ folders: some Sequence<String>) {
        var byDepth: [Int: [String]] = [:]
        for folder in folders {
            byDepth[folder.utf8.count(where: { $0 == UInt8(ascii: "/") }) + 1, default: []].append(folder)
        }
        levels = byDepth.keys.sorted().compactMap { byDepth[$0]?.sorted() }
    }

    /// For creating: every parent exists before its children.
    var shallowestFirst: [[String]] { levels }

    /// For removing: every child is gone before its parent.
    var deepestFirst: [[String]] { levels.reversed() }
}
