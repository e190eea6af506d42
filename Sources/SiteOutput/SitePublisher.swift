import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The only writer of site files: publishes a complete site atomically and incrementally.
///
/// A publish compares the new files with the published tree first. If nothing differs it writes
/// nothing at all. Otherwise it fills a tree beside the output — the standby tree, the site before the last
/// switch, brought up to date in place (see `StandbyTree`), or else a staging folder in which unchanged files are
/// hard-linked from the published tree (same inode and mtime, so rsync and CDNs see no change) — writing new
/// and changed files fresh, and switches it into place with one atomic rename (see `AtomicSwitch`).
/// Published inodes are never written to, so until that rename the output is exactly the previous build;
/// after it, exactly the new one. Callers should hold a `BuildLock`.
package struct SitePublisher: Sendable {
    let outputDirectory: URL

    package init(outputDirectory: URL) {
        self.outputDirectory = outputDirectory
    }

    /// A publish fed a file at a time (see `PublishSession`): end it with `finish`, or `abandon` it after a failure.
    /// `beforeSwitch` runs just before the switch; what it throws abandons the publish. `lastPublished`, when the caller
    /// knows the output is exactly as the last publish left it, spares listing it and lets the standby tree be used;
    /// `carried`, what the last publish's `carriedSite` returned when the caller knows that publish left `lastPublished`,
    /// starts the plan from that site; `standby`, what the last publish's `recordStandby` returned, spares looking at the
    /// standby's folders.
    package func session(
        dryRun: Bool = false, lastPublished: PublishedListing? = nil, carried: CarriedSite? = nil,
        standby: RecordedStandby? = nil, beforeSwitch: @escaping @Sendable () throws -> Void = {}
    ) throws -> PublishSession {
        try PublishSession(outputDirectory: outputDirectory, dryRun: dryRun, lastPublished: lastPublished, carried: carried,
                           standby: standby, beforeSwitch: beforeSwitch)
    }

    /// Written just before the first switch, so that `OutputGuard` lets later builds replace this folder; true
    /// when this call wrote it.
    static func markAsOurs(_ location: OutputLocation) throws -> Bool {
        let path = OutputGuard.markerPath(for: location)
        if access(path, F_OK) == 0 { return false }
        let text = "rmwiki publishes \(location.name) here: every build replaces that whole folder with the site.\n"
        guard FileManager.default.createFile(atPath: path, contents: Data(text.utf8)) else {
            throw FileSystemCalls.error("write", path)
        }
        return true
    }
}
