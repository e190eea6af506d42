import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The only writer of site files: publishes a complete site atomically and incrementally.
///
/// A publish compares the new files with the published tree first. If nothing differs it writes
/// nothing at all. Otherwise it builds a staging folder beside the output — unchanged files are
/// hard-linked from the published tree (same inode and mtime, so rsync and CDNs see no change),
/// new and changed files are written fresh — and switches it into place with one atomic rename
/// (see `AtomicSwitch`). Published inodes are never written to, so until that rename the output is
/// exactly the previous build; after it, exactly the new one. Callers should hold a `BuildLock`.
package struct SitePublisher: Sendable {
    package let outputDirectory: URL

    package init(outputDirectory: URL) {
        self.outputDirectory = outputDirectory
    }

    /// Makes the output hold exactly `files`. With `dryRun` it only reports what would change and
    /// touches nothing on disk (no staging folder, no cleanup).
    package func publish(_ files: [SiteFile], dryRun: Bool = false) throws -> PublishSummary {
        let location = try OutputLocation(outputDirectory)
        let sorted = try SitePathRules.validated(files)
        let published = try PublishedTree.read(at: location.path)
        let plan = try PublishPlan(files: sorted, published: published, outputPath: location.path)
        if dryRun { return plan.summary }

        try FileSystemCalls.makeDirectories(location.parent)
        try StagingFolder.removeStale(in: location.parent, outputName: location.name)
        if !plan.needsSwitch { return plan.summary }

        let marked = try Self.markAsOurs(location)
        let staging: StagingFolder
        do {
            staging = try StagingFolder.create(in: location.parent, outputName: location.name)
        } catch {
            if marked { unlink(OutputGuard.markerPath(for: location)) }
            throw error
        }
        do {
            try StagingWriter.fill(staging.path, with: plan, publishedPath: location.path)
            if let current = try FileSystemCalls.status(location.path) {
                // Keep permissions someone set on the output folder (e.g. for the web server).
                if chmod(staging.path, current.st_mode & 0o7777) != 0 {
                    throw FileSystemCalls.error("set the permissions of", staging.path)
                }
                try AtomicSwitch.exchange(staging.path, location.path)
                // The staging name now holds the old tree; a failed delete is retried by the next build.
                try? published.remove(at: staging.path)
            } else {
                try AtomicSwitch.move(staging.path, to: location.path)
            }
        } catch {
            staging.discard()
            // The folder still holds what it held, which may not be ours.
            if marked { unlink(OutputGuard.markerPath(for: location)) }
            throw error
        }
        staging.unlock()
        return plan.summary
    }

    /// Written before the first switch, so that `OutputGuard` lets later builds replace this folder; true
    /// when this call wrote it.
    private static func markAsOurs(_ location: OutputLocation) throws -> Bool {
        let path = OutputGuard.markerPath(for: location)
        if access(path, F_OK) == 0 { return false }
        let text = "rmwiki publishes \(location.name) here: every build replaces that whole folder with the site.\n"
        guard FileManager.default.createFile(atPath: path, contents: Data(text.utf8)) else {
            throw FileSystemCalls.error("write", path)
        }
        return true
    }
}
