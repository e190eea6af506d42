import Foundation
import SiteOutput
import Synchronization

/// Times `SitePublisher` on a site shaped like the real wiki (~1,100 pages plus the avatars as
/// `.copy` files), for `rmwiki-bench`. Run it from a release build; figures are medians.
struct PublishBenchmark: Sendable {
    struct Measurement: Sendable {
        var scenario: String
        /// Milliseconds per run, in run order.
        var runs: [Double]
        var summary: PublishSummary

        var median: Double {
            let sorted = runs.sorted()
            return sorted.isEmpty ? 0 : sorted[sorted.count / 2]
        }

        var line: String {
            let padded = scenario.padding(toLength: 24, withPad: " ", startingAt: 0)
            return "\(padded) \(String(format: "%8.2f", median)) ms median of \(runs.count)  (\(summary.line))"
        }
    }

    var pageCount: Int
    /// Real avatars to copy into the benchmark's cache; nil makes 826 synthetic 36 KB images.
    var avatarsFolder: URL?
    var runs: Int

    init(pageCount: Int = 1_100, avatarsFolder: URL? = nil, runs: Int = 9) {
        self.pageCount = pageCount
        self.avatarsFolder = avatarsFolder
        self.runs = runs
    }

    func run() throws -> [Measurement] {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("rmwiki-publish-bench-\(getpid())")
        try? FileManager.default.removeItem(at: root)
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        let site = try pages(version: 0) + avatars(cache: root.appendingPathComponent("cache"))
        let output = SitePublisher(outputDirectory: root.appendingPathComponent("site"))

        let first = try measure("first publish") { run in
            try SitePublisher(outputDirectory: root.appendingPathComponent("first-\(run)")).publish(site)
        }
        _ = try output.publish(site)
        let noChange = try measure("no-change republish") { _ in try output.publish(site) }
        let dryRun = try measure("no-change dry run") { _ in try output.publish(site, dryRun: true) }
        let oneChange = try measure("one page changed") { run in
            var changed = site
            changed[0] = SiteFile(path: changed[0].path, text: "<html>edit \(run)</html>")
            return try output.publish(changed)
        }
        // As a build publishes when the output is as it left it: the standby tree is updated and switched in. The
        // states the next publish is given are read after each (as the build's state step does), inside the timing.
        var listing: PublishedListing?
        let standby = try measure("one page, standby tree") { run in
            var changed = site
            changed[0] = SiteFile(path: changed[0].path, text: "<html>standby edit \(run)</html>")
            let session = try output.session(lastPublished: listing)
            let summary = try session.publish(changed)
            listing = session.publishedStates().map(PublishedListing.init(states:))
            return summary
        }
        return [first, noChange, dryRun, oneChange, standby]
    }

    private func measure(_ scenario: String, _ body: (Int) throws -> PublishSummary) throws -> Measurement {
        let clock = ContinuousClock()
        var measurement = Measurement(scenario: scenario, runs: [], summary: PublishSummary())
        for run in 0..<runs {
            let start = clock.now
            measurement.summary = try body(run)
            let elapsed = (clock.now - start).components
            measurement.runs.append(Double(elapsed.seconds) * 1_000 + Double(elapsed.attoseconds) / 1e15)
        }
        return measurement
    }

    /// Pages of 4–12 KB, in character/location/episode folders like the wiki's.
    private func pages(version: Int) -> [SiteFile] {
        let paragraph = String(repeating: "Wubba lubba dub dub. ", count: 40)
        return (0..<pageCount).map { index in
            let folder = ["characters", "locations", "episodes"][index % 3]
            let body = String(repeating: paragraph, count: 1 + index % 3)
            return SiteFile(path: "\(folder)/\(index)/index.html", text: "<html><h1>\(index) v\(version)</h1>\(body)</html>")
        }
    }

    /// Copies the avatars into a private cache (the real build links from its image cache too).
    private func avatars(cache: URL) throws -> [SiteFile] {
        try FileManager.default.createDirectory(at: cache, withIntermediateDirectories: true)
        let names: [String]
        if let avatarsFolder {
            names = try FileManager.default.contentsOfDirectory(atPath: avatarsFolder.path).sorted()
            for name in names {
                try FileManager.default.copyItem(at: avatarsFolder.appendingPathComponent(name), to: cache.appendingPathComponent(name))
            }
        } else {
            names = (1...826).map { "\($0).jpeg" }
            for (index, name) in names.enumerated() {
                try Data(repeating: UInt8(index % 256), count: 36_000).write(to: cache.appendingPathComponent(name))
            }
        }
        return names.map { SiteFile(path: "avatars/\($0)", content: .copy(sourcePath: cache.appendingPathComponent($0).path)) }
    }
}

extension SitePublisher {
    /// A whole site through one session, its files added from every core, as the build's renderer adds them.
    fileprivate func publish(_ files: [SiteFile], dryRun: Bool = false) throws -> PublishSummary {
        try session(dryRun: dryRun).publish(files)
    }
}

extension PublishSession {
    /// The files added from every core, then finished (or abandoned on a failure).
    fileprivate func publish(_ files: [SiteFile]) throws -> PublishSummary {
        let session = self
        let failure = Mutex<(any Error)?>(nil)
        DispatchQueue.concurrentPerform(iterations: files.count) { index in
            do { try session.add(files[index]) } catch { failure.withLock { $0 = $0 ?? error } }
        }
        do {
            if let error = failure.withLock({ $0 }) { throw error }
            let summary = try session.finish()
            session.recordStandby()
            return summary
        } catch {
            session.abandon()
            throw error
        }
    }
}
