import Foundation
@testable import SiteOutput
import TestSupport
import Testing

/// A temporary folder holding one output folder (`site`) and whatever a test puts beside it.
struct Workspace {
    let root: URL
    let output: URL

    init() throws {
        root = try SharedFixtures.temporaryDirectory("site-output")
        output = root.appendingPathComponent("site", isDirectory: true)
    }

    var publisher: SitePublisher { SitePublisher(outputDirectory: output) }

    func remove() {
        try? FileManager.default.removeItem(at: root)
    }

    func snapshot() throws -> SiteTreeSnapshot {
        try SiteTreeSnapshot(of: output)
    }

    /// Names in the workspace root, e.g. to check no staging folder is left beside the output.
    /// What is beside the output, except what rmwiki keeps there between publishes: the marks that say a folder was
    /// published by rmwiki, and the standby tree with its record.
    func rootEntries() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: root.path)
            .filter { !$0.hasSuffix(".rmwiki-site") && !$0.hasSuffix(".standby") && !$0.hasSuffix(".standby-state") }.sorted()
    }

    var standby: URL { root.appendingPathComponent(".site.standby", isDirectory: true) }
    var standbyRecord: URL { root.appendingPathComponent(".site.standby-state") }

    func isMarkedAsPublished() -> Bool {
        FileManager.default.fileExists(atPath: root.appendingPathComponent(".\(output.lastPathComponent).rmwiki-site").path)
    }

    func text(_ path: String) throws -> String {
        try String(contentsOf: output.appendingPathComponent(path), encoding: .utf8)
    }

    /// Writes a file outside the site, e.g. a cached avatar used as a `.copy` source.
    @discardableResult
    func writeSource(_ name: String, _ text: String) throws -> String {
        let url = root.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    func inode(_ path: String) throws -> UInt64 {
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        return (attributes[.systemFileNumber] as? NSNumber)?.uint64Value ?? 0
    }

    /// A site over a few paths, some of which are a file in one site and a folder in another ("a" and "a/b").
    static func randomSite(_ random: inout SeededRandom, step: Int) -> [SiteFile] {
        let pool = ["index.html", "a", "a/b", "a/c/d.html", "b/1/index.html", "b/2/index.html", "b/3/index.html",
                    "c.css", "c/x.html", "d/e/f/g.html", "d/e/h.html"]
        var files: [String: SiteFile] = [:]
        for path in pool.shuffled(using: &random) where Bool.random(using: &random) {
            // Refuse a path that clashes with one taken (a file where another needs a folder).
            let clashes = files.keys.contains { $0.hasPrefix(path + "/") || path.hasPrefix($0 + "/") }
            if clashes { continue }
            // Most files keep their bytes from one site to the next; some change.
            let text = Int.random(in: 0..<4, using: &random) == 0 ? "\(path) of step \(step)" : "\(path)"
            files[path] = SiteFile(path: path, text: text)
        }
        return Array(files.values)
    }

    /// A small site with nested folders.
    static let sampleFiles: [SiteFile] = [
        SiteFile(path: "index.html", text: "<h1>Wiki</h1>"),
        SiteFile(path: "characters/1/index.html", text: "Rick"),
        SiteFile(path: "characters/2/index.html", text: "Morty"),
        SiteFile(path: "locations/1/index.html", text: "Earth"),
        SiteFile(path: "style.css", text: "body{}"),
    ]
}

extension SitePublisher {
    /// A publish as a build makes it when the output is as the last publish left it (`last`, that publish's listing):
    /// the standby tree may be used. Returns the summary and this publish's listing, for the next, made of the states
    /// the session says the output's entries have (checked against one `lstat` each).
    func publish(_ files: [SiteFile], after last: PublishedListing?,
                 beforeSwitch: @escaping @Sendable () throws -> Void = {}) throws -> (PublishSummary, PublishedListing) {
        var none: RecordedStandby?
        return try publish(files, after: last, standby: &none, beforeSwitch: beforeSwitch)
    }

    /// The same, as `serve` publishes: given the standby as the last publish recorded it (`standby`), which becomes what
    /// this one records (unchanged when it records nothing).
    func publish(_ files: [SiteFile], after last: PublishedListing?, standby: inout RecordedStandby?,
                 beforeSwitch: @escaping @Sendable () throws -> Void = {}) throws -> (PublishSummary, PublishedListing) {
        let session = try session(lastPublished: last, standby: standby, beforeSwitch: beforeSwitch)
        do {
            for file in files.sorted(by: { $0.path < $1.path }) { try session.add(file) }
            let summary = try session.finish()
            standby = session.recordStandby() ?? standby
            let states = try #require(session.publishedStates())
            let published = try SiteTreeSnapshot(of: outputDirectory)
            #expect(states == PublishedFileState.read(
                files: Array(published.files.keys), folders: Array(published.folders), in: outputDirectory))
            return (summary, PublishedListing(states: states))
        } catch {
            session.abandon()
            throw error
        }
    }

    /// A whole site through one session, in path order, so that which mistake is reported first never varies.
    func publish(_ files: [SiteFile], dryRun: Bool = false) throws -> PublishSummary {
        let session = try session(dryRun: dryRun)
        do {
            for file in files.sorted(by: { $0.path < $1.path }) { try session.add(file) }
            let summary = try session.finish()
            session.recordStandby()
            return summary
        } catch {
            session.abandon()
            throw error
        }
    }
}
