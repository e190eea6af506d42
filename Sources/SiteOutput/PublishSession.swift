import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One publish, fed a file at a time from any number of threads (the renderer's workers).
///
/// Each file is planned as it arrives: compared with the published one, and if it is new or changed,
/// written into the staging folder at once, so its bytes can be dropped. The staging folder is made at the
/// first changed file: a build that changes nothing writes nothing. `finish` hard-links the unchanged files
/// from the published tree and switches the staging folder in with one rename, exactly as a publish of the
/// whole list would; until then the published tree is untouched.
package final class PublishSession: Sendable {
    private let location: OutputLocation
    private let published: PublishedTree
    private let dryRun: Bool
    /// Runs just before the switch: the output may have changed hands since the build checked it (a fetch can
    /// take an hour), so the build checks it again here (see `OutputGuard`).
    private let beforeSwitch: @Sendable () throws -> Void
    private let progress = Mutex(Progress())

    private struct Progress {
        var plan = PublishPlan()
        var staging: StagingFolder?
        /// True when this publish wrote the marker that claims the output (removed again on failure).
        var marked = false
        /// Folders already made in the staging folder.
        var made: Set<String> = []
    }

    init(outputDirectory: URL, dryRun: Bool, beforeSwitch: @escaping @Sendable () throws -> Void) throws {
        location = try OutputLocation(outputDirectory)
        published = try PublishedTree.read(at: location.path)
        self.dryRun = dryRun
        self.beforeSwitch = beforeSwitch
        if !dryRun { try StagingFolder.removeStale(in: location.parent, outputName: location.name) }
    }

    /// Plans `file` and, when it is new or changed, writes it into the staging folder.
    package func add(_ file: SiteFile) throws {
        try SitePathRules.validate(file.path)
        try progress.withLock { try $0.plan.claim(file.path) }
        let state = try PublishPlan.state(of: file, published: published, outputPath: location.path)
        progress.withLock { $0.plan.record(state, for: file.path) }
        guard state != .unchanged, !dryRun else { return }
        let staging = try progress.withLock { progress in
            let staging = try stagingFolder(&progress)
            try makeFolders(SitePathRules.parentFolders(of: file.path), in: staging, &progress)
            return staging
        }
        try StagingWriter.place(file, state: state, in: staging, publishedPath: location.path)
    }

    /// Plans `path` as unchanged without its bytes, for a caller that knows the published file is the one it would
    /// write (a page whose inputs did not change since the build that published it). False, with nothing planned,
    /// when the published tree holds no file there: the caller then renders it.
    package func keep(_ path: String) throws -> Bool {
        guard published.files[path] == .regularFile else { return false }
        try SitePathRules.validate(path)
        try progress.withLock { progress in
            try progress.plan.claim(path)
            progress.plan.record(.unchanged, for: path)
        }
        return true
    }

    /// Completes the staging folder and switches it in, unless nothing changed (or this is a dry run).
    package func finish() throws -> PublishSummary {
        let (plan, staged) = progress.withLock { ($0.plan, $0.staging) }
        let summary = plan.summary(against: published)
        if dryRun || !plan.needsSwitch(summary, published: published) { return summary }
        // Only removals (or folders) changed: the staging folder is made now.
        let staging = try staged?.path ?? progress.withLock { try stagingFolder(&$0) }
        let folders = progress.withLock { Set(plan.folders.keys).subtracting($0.made) }
        for level in FolderLevels(folders).shallowestFirst {
            try ConcurrentWork.forEach(level.count) { index in
                try FileSystemCalls.makeDirectory(staging + "/" + level[index])
            }
        }
        let unchanged = summary.unchanged
        try ConcurrentWork.forEach(unchanged.count) { index in
            try FileSystemCalls.linkOrCopy(
                location.path + "/" + unchanged[index], to: staging + "/" + unchanged[index], preservingTimes: true)
        }
        try beforeSwitch()
        // Marked only now, after that check, which a marker written earlier would have passed.
        try progress.withLock { $0.marked = try SitePublisher.markAsOurs(location) }
        if let current = try FileSystemCalls.status(location.path) {
            // Keep permissions someone set on the output folder (e.g. for the web server).
            if chmod(staging, current.st_mode & 0o7777) != 0 {
                throw FileSystemCalls.error("set the permissions of", staging)
            }
            try AtomicSwitch.exchange(staging, location.path)
            // The staging name now holds the old tree; a failed delete is retried by the next build.
            try? published.remove(at: staging)
        } else {
            try AtomicSwitch.move(staging, to: location.path)
        }
        progress.withLock { $0.staging?.unlock() }
        return summary
    }

    /// After `finish`, what the output holds, exactly and only: the files and folders of the new site.
    package var publishedEntries: (files: [String], folders: [String]) {
        progress.withLock { (Array($0.plan.states.keys), Array($0.plan.folders.keys)) }
    }

    /// After a failure: deletes the staging folder and the marker this publish wrote; the output is as it was.
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

    /// Parents before children; each folder once.
    private func makeFolders(_ folders: [String], in staging: String, _ progress: inout Progress) throws {
        for folder in folders where !progress.made.contains(folder) {
            try FileSystemCalls.makeDirectory(staging + "/" + folder)
            progress.made.insert(folder)
        }
    }
}
