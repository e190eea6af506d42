import Foundation
import Primitives
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The site as it was before the last switch, kept beside the output (`.<name>.standby`) instead of being deleted,
/// so that the next publish brings it up to date in place and switches it in: a publish then costs what changed,
/// not a folder and a link for every page of the site.
///
/// The two trees share the inodes of the files they have in common (hard links), and neither is ever written
/// into: a file is replaced by a new one renamed over its name, so the live tree keeps the old bytes until the
/// switch. A record beside it (`.<name>.standby-state`) says what the standby holds: which paths differ from the
/// live tree (the changes of the last publish), and the size, modification time and inode of its folders as they
/// were right after the switch (see `record`). A publish deletes the record before it touches the
/// standby tree and writes it again only after the next switch, so a missing record means "being updated, or killed
/// while it was"; such a tree, or one whose recorded entries changed since (one `lstat` each), is not used: the
/// publish builds a full staging tree instead, as it did before there was a standby. Deleting the standby folder is
/// always safe; it costs the next build that one slower publish.
struct StandbyTree {
    let path: String
    /// Files that differ between the standby and the live tree, or that only one of them has.
    let differingFiles: Set<String>
    /// Folders that only one of the two trees has.
    let differingFolders: Set<String>
    /// The recorded states of its folders (the root included), by path as `PublishedFileState` has it.
    let states: [String: PublishedFileState]

    static let header = "rmwiki standby 1"
    private static let differsPrefix = "differs "

    static func path(for location: OutputLocation) -> String {
        location.parent + "/." + location.name + ".standby"
    }

    static func recordPath(for location: OutputLocation) -> String {
        location.parent + "/." + location.name + ".standby-state"
    }

    /// The standby tree when its record is whole and every entry it lists is as recorded; nil otherwise. `recorded`,
    /// kept from the publish that wrote the record, stands for it while the record is that file.
    static func trusted(for location: OutputLocation, recorded: RecordedStandby?) -> StandbyTree? {
        // Its root looked at too (one `lstat`): a standby deleted by hand must not fail the next publish.
        if let recorded, recorded.tree.path == path(for: location),
           FileStamp(path: recordPath(for: location)) == recorded.record,
           let root = recorded.tree.states[PublishedFileState.outputFolder],
           PublishedFileState.read([root.path], in: recorded.tree.path) == [root] { return recorded.tree }
        guard let data = FileManager.default.contents(atPath: recordPath(for: location)),
              let lines = LineRecords.lines([UInt8](data)), LineRecords.text(lines[lines.startIndex]) == header
        else { return nil }
        var differing: [String] = []
        var states: [PublishedFileState] = []
        for line in lines.dropFirst() {
            if line.starts(with: differsPrefix.utf8) {
                differing.append(LineRecords.text(line.dropFirst(differsPrefix.utf8.count)))
            } else if let state = PublishedFileState(line: line) {
                states.append(state)
            } else {
                return nil
            }
        }
        let path = path(for: location)
        let (differingFiles, differingFolders) = PublishedFileState.files(andFoldersOf: differing)
        guard states.contains(where: { $0.path == PublishedFileState.outputFolder }),
              PublishedFileState.read(states.map(\.path), in: path) == states else { return nil }
        return StandbyTree(
            path: path, differingFiles: Set(differingFiles), differingFolders: Set(differingFolders),
            states: Dictionary(states.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first }))
    }

    /// The temporary file of a record whose write was killed, which no later write may replace (a publish that switches
    /// nothing writes no record): deleted by every publish, which holds the build lock.
    static func removeLeftovers(for location: OutputLocation) {
        unlink(temporaryRecordPath(for: location))
    }

    private static func temporaryRecordPath(for location: OutputLocation) -> String {
        recordPath(for: location) + ".tmp"
    }

    /// Marks the standby tree as being updated (its record gone) before anything in it changes.
    static func distrust(for location: OutputLocation) throws {
        let record = recordPath(for: location)
        if unlink(record) != 0 && errno != ENOENT { throw FileSystemCalls.error("remove", record) }
    }

    /// Deletes the standby and its record (the record first), on all cores as a switched-out tree was deleted before
    /// there was a standby.
    static func remove(for location: OutputLocation) throws {
        try distrust(for: location)
        let path = path(for: location)
        guard let info = try FileSystemCalls.status(path) else { return }
        guard FolderWalk.kind(of: info) == .folder else { return try FileSystemCalls.removeTree(path) }
        try PublishedTree.read(at: path).remove(at: path)
    }

    /// Deletes the standby or, when part of it cannot be deleted (a folder made read-only by hand), renames what is
    /// left to a stale staging name, which later builds try to delete: one stubborn folder must not stop every
    /// publish from then on.
    static func removeOrSetAside(for location: OutputLocation) throws {
        do {
            try remove(for: location)
        } catch {
            let aside = location.parent + "/" + StagingFolder.namePrefix(forOutputNamed: location.name) + "standby-"
                + String(getpid())
            guard rename(path(for: location), aside) == 0 else { throw error }
        }
    }

    /// After a switch: records the old live tree, now at the standby path, holding `files` and `folders`, and which of
    /// them differ from the new live tree. Not recorded (so not used, which costs one slower publish) when an entry is
    /// missing or the record cannot be written: the site is published by then.
    ///
    /// Only the folders' states are recorded. Every file the standby shares with the live tree is a hard link to it,
    /// whose state the build checks before it may use the standby (an edit in place shows there); a file added,
    /// removed or replaced changes its folder; and the next publish replaces or removes every differing file whatever
    /// it holds, so an edit in one of those is never published. `known`, the old live tree's states as the build
    /// found them, are still its states after the switch (nothing in it was written since); read again when not given.
    static func record(for location: OutputLocation, folders: [String], known: [PublishedFileState],
                       differingFiles: [String], differingFolders: [String]) -> RecordedStandby? {
        let states: [PublishedFileState]
        if known.isEmpty {
            let paths = [PublishedFileState.outputFolder] + folders.map { $0 + "/" }
            guard let read = PublishedFileState.read(paths, in: path(for: location)) else { return nil }
            states = read
        } else {
            states = known.filter(\.isFolder)
        }
        var text: [UInt8] = []
        text.append(line: [header])
        // A path with a line break cannot be recorded: the standby is then never trusted. Leaving out only that path
        // would let the next publish take a standby that lacks it for one that holds it.
        for path in differingFiles + differingFolders.map({ $0 + "/" }) {
            guard LineRecords.fits(path) else { return nil }
            text.append(line: [differsPrefix + path])
        }
        for state in states {
            guard LineRecords.fits(state.path) else { return nil }
            state.append(lineTo: &text)
        }
        let record = URL(fileURLWithPath: recordPath(for: location))
        let temporary = URL(fileURLWithPath: temporaryRecordPath(for: location)).lastPathComponent
        guard (try? AtomicFile.write(Data(text), to: record, temporaryName: temporary)) != nil,
              let stamp = FileStamp(path: record.path) else { return nil }
        let tree = StandbyTree(
            path: path(for: location), differingFiles: Set(differingFiles), differingFolders: Set(differingFolders),
            states: Dictionary(states.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first }))
        return RecordedStandby(tree: tree, record: stamp)
    }

    /// What the standby holds, from the live tree it differs from in `differingFiles` and `differingFolders`.
    func folders(live: Set<String>) -> Set<String> {
        live.symmetricDifference(differingFolders)
    }
}

/// A standby tree as the publish that switched it out recorded it, for a caller that keeps it until the next publish
/// (`serve`, which owns its output between its builds): taken again without an `lstat` of each of its folders (some 28,000
/// at ten times the data) while its record is the file that publish wrote. Any other publish deletes or rewrites it.
package struct RecordedStandby: Sendable {
    let tree: StandbyTree
    let record: FileStamp
}

/// Puts files into the standby tree without writing into any file it holds: each is made under a temporary
/// name in the standby's root and renamed over its path.
struct StandbyWriter: Sendable {
    let root: String
    private let counter = Counter()

    init(root: String) {
        self.root = root
    }

    /// Makes `folder` (whose parent exists), replacing a file of the same name.
    func makeFolder(_ folder: String) throws {
        let path = root + "/" + folder
        if mkdir(path, 0o755) == 0 { return }
        guard errno == EEXIST else { throw FileSystemCalls.error("create the folder", path) }
        if let info = try FileSystemCalls.status(path), FolderWalk.kind(of: info) == .folder { return }
        try FileSystemCalls.removeTree(path)
        try FileSystemCalls.makeDirectory(path)
    }

    /// Writes a new or changed file.
    func place(_ file: SiteFile, state: PublishPlan.State, livePath: String) throws {
        let temporary = temporaryName()
        try StagingWriter.place(file, state: state, at: temporary, publishedFile: livePath + "/" + file.path)
        try replace(file.path, with: temporary)
    }

    /// Links the live tree's file at `path` in place of the standby's: the last publish changed it, this one did not.
    /// False when the filesystem refused the link and the file was copied.
    func link(_ path: String, livePath: String) throws -> Bool {
        let temporary = temporaryName()
        let linked = try FileSystemCalls.linkOrCopy(livePath + "/" + path, to: temporary, preservingTimes: true)
        try replace(path, with: temporary)
        return linked
    }

    private func temporaryName() -> String {
        root + "/.rmwiki-new-" + String(counter.next())
    }

    /// Renames `temporary` over `path`, first removing a folder that stands there (the site changed its shape).
    private func replace(_ path: String, with temporary: String) throws {
        let target = root + "/" + path
        if rename(temporary, target) == 0 { return }
        guard errno == EISDIR || errno == ENOTEMPTY || errno == EEXIST else {
            throw FileSystemCalls.error("replace", target)
        }
        try FileSystemCalls.removeTree(target)
        if rename(temporary, target) != 0 { throw FileSystemCalls.error("replace", target) }
    }

    /// Removes what the standby holds at `path`, file or folder; nothing there is not an error.
    func remove(_ path: String) throws {
        try FileSystemCalls.removeTree(root + "/" + path)
    }

    /// Unique temporary names within one publish.
    private final class Counter: Sendable {
        private let value = Atomic<Int>(0)
        func next() -> Int { value.add(1, ordering: .relaxed).newValue }
    }
}
