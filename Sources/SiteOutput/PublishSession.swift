import Foundation
import Primitives
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One publish, fed a file at a time from any number of threads (the renderer's workers).
///
/// Each file is planned as it arrives: compared with the published one, and if it is new or changed, written at once
/// (so its bytes can be dropped) into the tree that will be switched in. That tree is the standby tree (see
/// `StandbyTree`) when the caller knows the output is as the last publish left it and the standby is as recorded:
/// `finish` then brings the rest of it up to date (what the last publish changed, what this one removes) and switches
/// it in, at a cost that grows with the changes. Otherwise it is a staging folder, made at the first changed file,
/// into which `finish` hard-links every unchanged file; the tree switched out becomes the standby. A build that
/// changes nothing writes nothing. Until the switch, one atomic exchange, the published tree is untouched.
package final class PublishSession: Sendable {
    private let location: OutputLocation
    private let published: PublishedTree
    /// The tree this publish updates in place and switches in; nil: a staging folder is built.
    private let standby: StandbyTree?
    /// The states of the published entries, when the caller knew them (see `PublishedListing`).
    private let knownStates: [PublishedFileState]
    private let dryRun: Bool
    /// Runs just before the switch: the output may have changed hands since the build checked it (a fetch can
    /// take an hour), so the build checks it again here (see `OutputGuard`).
    private let beforeSwitch: @Sendable () throws -> Void
    private let progress: Mutex<Progress>
    /// Set when the filesystem refused a hard link between the two trees and a file was copied: the trees then share
    /// less than the standby's record assumes, so none is written and every state is read again.
    private let copiedInsteadOfLinked = Atomic<Bool>(false)

    private struct Progress {
        var plan: PublishPlan
        var staging: StagingFolder?
        /// Set at the standby's first change, once its record is gone.
        var standbyWriter: StandbyWriter?
        /// True when this publish wrote the marker that claims the output (removed again on failure).
        var marked = false
        /// Folders the tree being filled has.
        var made: Set<String> = []
        /// After a publish through the standby, what it touched.
        var touched: Touched?
        /// Set when a tree was exchanged with the published one.
        var switched = false
        /// After a switch, what the standby's record will say differs (see `recordStandby`).
        var standbyRecord: (differingFiles: [String], differingFolders: [String])?
    }

    /// `carried`: the site the last publish left (see `PublishPlan.init(carrying:)`), given with `lastPublished` only.
    init(outputDirectory: URL, dryRun: Bool, lastPublished: PublishedListing?, carried: CarriedSite?,
         standby recorded: RecordedStandby?, beforeSwitch: @escaping @Sendable () throws -> Void) throws {
        location = try OutputLocation(outputDirectory)
        let carried = lastPublished == nil || dryRun ? nil : carried
        published = try carried?.tree ?? lastPublished.map(PublishedTree.init) ?? PublishedTree.read(at: location.path)
        knownStates = lastPublished?.states ?? []
        self.dryRun = dryRun
        self.beforeSwitch = beforeSwitch
        if !dryRun {
            try StagingFolder.removeStale(in: location.parent, outputName: location.name)
            StandbyTree.removeLeftovers(for: location)
        }
        // A standby is worth only as much as the knowledge of the live tree it differs from.
        standby = dryRun || lastPublished == nil ? nil : StandbyTree.trusted(for: location, recorded: recorded)
        progress = Mutex(Progress(
            plan: carried.map(PublishPlan.init(carrying:)) ?? PublishPlan(files: published.files.count, folders: published.folders.count),
            made: standby?.folders(live: published.folders) ?? []))
    }

    /// Leaves the carried files at `paths` out of the new site unless they are planned again (see
    /// `PublishPlan.release`); nothing for a session that carries none.
    package func release(_ paths: [String]) {
        progress.withLock { $0.plan.release(paths) }
    }

    /// Releases every carried file (see `PublishPlan.releaseAll`).
    package func releaseAll() throws {
        try progress.withLock { try $0.plan.releaseAll() }
    }

    /// After `finish`, the site as published, for the next session into the same output to carry (see
    /// `PublishPlan.init(carrying:)`); nil after a dry run.
    package func carriedSite() -> CarriedSite? {
        dryRun ? nil : progress.withLock { $0.plan }.site
    }

    /// Plans `file` and, when it is new or changed, writes it into the tree to be switched in.
    package func add(_ file: SiteFile) throws {
        try SitePathRules.validate(file.path)
        try progress.withLock { try $0.plan.claim(file.path) }
        let state = try PublishPlan.state(of: file, published: published, outputPath: location.path)
        progress.withLock { $0.plan.record(state, for: file.path) }
        guard state != .unchanged, !dryRun else { return }
        let parents = SitePathRules.parentFolders(of: file.path)
        if let standby {
            let writer = try progress.withLock { progress in
                let writer = try standbyWriter(&progress, standby)
                try makeFolders(parents, &progress, writer.makeFolder)
                return writer
            }
            try writer.place(file, state: state, livePath: location.path)
            return
        }
        let staging = try progress.withLock { progress in
            let staging = try stagingFolder(&progress)
            try makeFolders(parents, &progress) { try FileSystemCalls.makeDirectory(staging + "/" + $0) }
            return staging
        }
        try StagingWriter.place(file, state: state, at: staging + "/" + file.path,
                                publishedFile: location.path + "/" + file.path)
    }

    /// Plans `paths` as unchanged without their bytes, for a caller that knows each published file is the one it would
    /// write (a page whose inputs did not change since the build that published it): all of them under one lock, or
    /// none (false) when the published tree lacks a file at one; the caller then renders them.
    package func keep(_ paths: [String]) throws -> Bool {
        guard paths.allSatisfy({ published.files[$0] == .file }) else { return false }
        for path in paths { try SitePathRules.validate(path) }
        // The folders are found before the lock: the renderer's workers keep most pages at the same time.
        let parents = paths.map(SitePathRules.parent(of:))
        try progress.withLock { progress in
            for (path, parent) in zip(paths, parents) { try progress.plan.claim(path, parent: parent) }
        }
        return true
    }

    /// Completes the tree to be switched in and switches it, unless nothing changed (or this is a dry run).
    package func finish() throws -> PublishSummary {
        let plan = try progress.withLock { progress in
            try progress.plan.settle(publishedFolders: published.folders)
            return progress.plan
        }
        let summary = plan.summary(against: published)
        if dryRun || !plan.needsSwitch(summary, published: published) { return summary }
        if let standby {
            let touched = try update(standby, plan: plan, summary: summary)
            guard try switchIn(standby.path) else { return summary }
            progress.withLock { ($0.touched, $0.switched) = (touched, true) }
        } else {
            let staging = try completeStaging(plan, summary: summary)
            // The old standby goes first: the tree switched out takes its name.
            try StandbyTree.removeOrSetAside(for: location)
            let exchanged = try switchIn(staging)
            defer { progress.withLock { $0.staging?.unlock() } }
            guard exchanged else { return summary }
            progress.withLock { $0.switched = true }
            if rename(staging, StandbyTree.path(for: location)) != 0 {
                // A failed delete is retried by the next build, which finds the staging folder unlocked.
                try? published.remove(at: staging)
                return summary
            }
        }
        if copiedInsteadOfLinked.load(ordering: .relaxed) { return summary }
        progress.withLock {
            $0.standbyRecord = (summary.added + summary.updated + summary.removed, plan.folderDifference(from: published.folders))
        }
        return summary
    }

    /// After `finish` switched a tree in, writes the record that lets the next publish update the tree switched out
    /// (see `StandbyTree`); without it the next publish builds a full staging tree. Apart from `finish` so that the
    /// preview's pages reload before it is written: nothing but the next publish reads it. Returns what it recorded.
    @discardableResult
    package func recordStandby() -> RecordedStandby? {
        guard let (differingFiles, differingFolders) = progress.withLock({ progress in
            defer { progress.standbyRecord = nil }
            return progress.standbyRecord
        }) else { return nil }
        return StandbyTree.record(
            for: location, folders: Array(published.folders), known: knownStates,
            differingFiles: differingFiles, differingFolders: differingFolders)
    }

    /// The staging folder with every file and folder of the new site: the unchanged files linked from the output.
    private func completeStaging(_ plan: PublishPlan, summary: PublishSummary) throws -> String {
        // Only removals (or folders) changed: the staging folder is made now.
        let staging = try progress.withLock { try stagingFolder(&$0) }
        let folders = progress.withLock { Set(plan.folders.keys).subtracting($0.made) }
        for level in FolderLevels(folders).shallowestFirst {
            try ConcurrentWork.forEach(level.count) { index in
                try FileSystemCalls.makeDirectory(staging + "/" + level[index])
            }
        }
        let unchanged = summary.unchanged
        try ConcurrentWork.forEach(unchanged.count) { index in
            if try !FileSystemCalls.linkOrCopy(
                location.path + "/" + unchanged[index], to: staging + "/" + unchanged[index], preservingTimes: true) {
                copiedInsteadOfLinked.store(true, ordering: .relaxed)
            }
        }
        return staging
    }

    /// Brings the standby tree to the new site: the changed files are in it already; what the last publish changed and
    /// this one did not is linked from the live tree, what the new site lacks is removed, its new folders made.
    /// Returns what it touched (see `Touched`).
    private func update(_ standby: StandbyTree, plan: PublishPlan, summary: PublishSummary) throws -> Touched {
        let (writer, made) = try progress.withLock { (try standbyWriter(&$0, standby), $0.made) }
        let planned = plan.states
        // A path that was a file and is now a folder of the new site stays: it holds the new files already.
        let gone = standby.differingFiles.union(summary.removed).filter { planned[$0] == nil && plan.folders[$0] == nil }.sorted()
        try ConcurrentWork.forEach(gone.count) { try writer.remove(gone[$0]) }
        // Looked up in the plan rather than made into sets: a large site has some 28,000 folders, and a publish through
        // the standby is meant to cost what changed. When the new site's folders are the live tree's (a carried plan that
        // made and lost none), the standby's differ from them in its recorded folders alone: only those are looked at.
        let newFolders = plan.folders
        let publishedFolders = published.folders
        let sameFolders = plan.keepsFolders
        let standbyOnly = sameFolders ? standby.differingFolders.filter { !publishedFolders.contains($0) && planned[$0] == nil }
            : made.filter { newFolders[$0] == nil && planned[$0] == nil }
        // A folder that is now a file of the new site was replaced by it already.
        for level in FolderLevels(standbyOnly).deepestFirst {
            try ConcurrentWork.forEach(level.count) { try writer.remove(level[$0]) }
        }
        let missing = sameFolders ? standby.differingFolders.filter { publishedFolders.contains($0) && !made.contains($0) }
            : newFolders.keys.filter { !made.contains($0) }
        for level in FolderLevels(missing).shallowestFirst {
            try ConcurrentWork.forEach(level.count) { try writer.makeFolder(level[$0]) }
        }
        let relinked = standby.differingFiles.filter { planned[$0]?.isKept == true }.sorted()
        try ConcurrentWork.forEach(relinked.count) {
            if try !writer.link(relinked[$0], livePath: location.path) { copiedInsteadOfLinked.store(true, ordering: .relaxed) }
        }
        let written = planned.compactMap { $0.value.isKept ? nil : $0.key } + relinked
        // The folders the new site and the standby as it was do not share; the standby's differ from the live tree's in
        // `differingFolders` alone (so, when the new site's folders are the live tree's, those are they).
        let inStandby = { (folder: String) in publishedFolders.contains(folder) != standby.differingFolders.contains(folder) }
        let changedFolders = sameFolders ? Array(standby.differingFolders) : newFolders.keys.filter { !inStandby($0) }
            + (published.folders.filter { newFolders[$0] == nil && inStandby($0) })
            + standby.differingFolders.filter { newFolders[$0] == nil && !published.folders.contains($0) }
        return Touched(files: Set(written),
                       folders: Set(changedFolders).union((written + gone + changedFolders).map(SitePathRules.parent)))
    }

    /// What a publish through the standby wrote, made or removed, whose states must be read again: the files it wrote
    /// or linked, the folders it made or removed, and the folders holding any of them ("" for the tree's root, whose
    /// temporary names make it changed anyway).
    private struct Touched {
        var files: Set<String>
        var folders: Set<String>
    }

    /// Checks the output once more, marks it as rmwiki's and puts `tree` in its place; true when a published tree
    /// was exchanged (it is now at `tree`), false for the first publish.
    private func switchIn(_ tree: String) throws -> Bool {
        try beforeSwitch()
        // Marked only now, after that check, which a marker written earlier would have passed.
        try progress.withLock { $0.marked = try SitePublisher.markAsOurs(location) }
        guard let current = try FileSystemCalls.status(location.path) else {
            try AtomicSwitch.move(tree, to: location.path)
            return false
        }
        // Keep permissions someone set on the output folder (e.g. for the web server).
        if chmod(tree, current.st_mode & 0o7777) != 0 {
            throw FileSystemCalls.error("set the permissions of", tree)
        }
        try AtomicSwitch.exchange(tree, location.path)
        return true
    }

    /// After `finish`, the state of every entry of the output, as `PublishedFileState.read(files:folders:in:)` reads
    /// them; nil when one is missing. A file this publish did not write is given the state the caller knew, not read:
    /// it is the same inode (linked into a staging tree, shared with the standby, or nothing switched). So a file edited
    /// by hand where the caller did not look (`serve`, which owns its output between its builds) keeps a state that no
    /// longer matches, and the next build that looks at every file renders all, as it should. Folders are read, but
    /// those of a standby the publish did not touch: they are as its record said (checked when the publish began).
    package func publishedStates() -> [PublishedFileState]? {
        let (plan, touched, switched) = progress.withLock { ($0.plan, $0.touched, $0.switched) }
        // Nothing switched in: the output is the one the caller knew.
        if !switched, !knownStates.isEmpty { return knownStates }
        guard switched, !knownStates.isEmpty, !copiedInsteadOfLinked.load(ordering: .relaxed) else {
            return PublishedFileState.read(files: Array(plan.states.keys), folders: Array(plan.folders.keys),
                                           in: URL(fileURLWithPath: location.path))
        }
        let written: (String) -> Bool = touched.map { touched in { touched.files.contains($0) } } ?? { plan.states[$0]?.isKept != true }
        // The files not written keep their known states, taken in the known order (by path): a dictionary of the 7,300
        // known states and a sort of them all were a third of a record change's state step.
        var keptFiles: [PublishedFileState] = []
        keptFiles.reserveCapacity(knownStates.count)
        var inOrder = true
        for state in knownStates where !state.isFolder && plan.states[state.path] != nil && !written(state.path) {
            if let last = keptFiles.last, !(last.path < state.path) { inOrder = false }
            keptFiles.append(state)
        }
        var fresh = [PublishedFileState.outputFolder]
        fresh += plan.states.keys.filter(written)
        // A planned file neither written nor known (the known states lack it): its state is read, as every file's is then.
        guard inOrder, keptFiles.count + fresh.count - 1 == plan.states.count else {
            return PublishedFileState.read(files: Array(plan.states.keys), folders: Array(plan.folders.keys),
                                           in: URL(fileURLWithPath: location.path))
        }
        let standby = self.standby
        var others: [PublishedFileState] = []
        for folder in plan.folders.keys {
            if let touched, let standby, !touched.folders.contains(folder), let state = standby.states[folder + "/"] {
                others.append(state)
            } else {
                fresh.append(folder + "/")
            }
        }
        guard let read = PublishedFileState.read(fresh, in: location.path) else { return nil }
        others += read
        others.sort { $0.path < $1.path }
        return PublishedFileState.merged(keptFiles, others)
    }

    /// After a failure: deletes the staging folder and the marker this publish wrote; the output is as it was. A standby
    /// tree this publish began to update stays without its record, so the next publish does not use it.
    package func abandon() {
        progress.withLock { progress in
            progress.staging?.discard()
            progress.staging = nil
            // The folder still holds what it held, which may not be ours.
            if progress.marked { unlink(OutputGuard.markerPath(for: location)) }
            progress.marked = false
        }
    }

    private func stagingFolder(_ progress: inout Progress) throws -> String {
        if let staging = progress.staging { return staging.path }
        try FileSystemCalls.makeDirectories(location.parent)
        let staging = try StagingFolder.create(in: location.parent, outputName: location.name)
        progress.staging = staging
        return staging.path
    }

    /// The standby's writer; the first call deletes the standby's record, before anything in it changes.
    private func standbyWriter(_ progress: inout Progress, _ standby: StandbyTree) throws -> StandbyWriter {
        if let writer = progress.standbyWriter { return writer }
        try StandbyTree.distrust(for: location)
        let writer = StandbyWriter(root: standby.path)
        progress.standbyWriter = writer
        return writer
    }

    /// Parents before children; each folder once.
    private func makeFolders(_ folders: [String], _ progress: inout Progress, _ make: (String) throws -> Void) throws {
        for folder in folders where !progress.made.contains(folder) {
            try make(folder)
            progress.made.insert(folder)
        }
    }
}

extension PublishedTree {
    /// The tree a caller knows, all its files regular (as the publish left them).
    init(_ listing: PublishedListing) {
        let (files, folders) = listing.entries
        self.files = Dictionary(uniqueKeysWithValues: files.map { ($0, .file) })
        self.folders = Set(folders)
    }
}

/// The output's files and folders as the last publish left them, for a caller that checked they still are (the build
/// state does, one `lstat` each): the publish then lists no folder of the output, and may use the standby tree.
package struct PublishedListing: Sendable {
    /// What the caller found each entry's state to be, the output's own included: the standby's record after the switch
    /// is made of them rather than read again.
    var states: [PublishedFileState]

    /// The entries of `states`, as `PublishedFileState.read(files:folders:in:)` returned them after the last publish.
    package init(states: [PublishedFileState]) {
        self.states = states
    }

    /// Its files and folders, found when a publish needs them (one that carries the last site does not).
    var entries: (files: [String], folders: [String]) {
        PublishedFileState.files(andFoldersOf: states.map(\.path).filter { $0 != PublishedFileState.outputFolder })
    }
}
