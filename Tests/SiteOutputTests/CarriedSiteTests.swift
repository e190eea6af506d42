import Foundation
@testable import SiteOutput
import TestSupport
import Testing

/// A publish of `serve` may start from the site its last publish left (`PublishPlan.init(carrying:)`): it plans only
/// what it releases and what it makes again. The published site must be each new site exactly, whatever was left alone.
@Suite("A publish that carries the last site")
struct CarriedSiteTests {
    @Test("a series of publishes, each carrying the last: what is left alone stays, what is released goes unless made again")
    func seriesOfCarriedPublishes() throws {
        // A fixed series, so every run is the same; `RMWIKI_SEED=<seed>` explores another.
        let seed = ProcessInfo.processInfo.environment["RMWIKI_SEED"].flatMap { UInt64($0) } ?? 0x5EED_C0DE
        var random = SeededRandom(seed: seed)
        let workspace = try Workspace()
        defer { workspace.remove() }
        var last: PublishedListing?
        var carried: CarriedSite?
        var standby: RecordedStandby?
        var lastTexts: [String: String] = [:]
        var (leftSome, removedSome, releasedAll) = (false, false, false)
        for step in 0..<40 {
            // One site in three keeps the last one's files, some with new bytes: its folders are the published ones.
            let site = step % 3 == 2 ? lastTexts.sorted { $0.key < $1.key }.map { path, text in
                SiteFile(path: path, text: Bool.random(using: &random) ? text : "\(path) of step \(step)")
            } : Workspace.randomSite(&random, step: step)
            let texts = Dictionary(uniqueKeysWithValues: site.map { file in
                guard case .bytes(let bytes) = file.content else { return (file.path, "") }
                return (file.path, String(decoding: bytes, as: UTF8.self))
            })
            let before = try workspace.snapshot()
            let session = try workspace.publisher.session(lastPublished: last, carried: carried, standby: standby)
            // A build that knows what it leaves: a file of the last site with the same bytes may be left alone; any other
            // of the last site's files is released. One in four builds cannot tell, and releases them all.
            let carrying = carried != nil && Int.random(in: 0..<4, using: &random) > 0
            var left = Set<String>()
            if carrying {
                left = Set(site.filter { lastTexts[$0.path] == texts[$0.path] && Bool.random(using: &random) }.map(\.path))
                let released = lastTexts.keys.filter { !left.contains($0) }.shuffled(using: &random)
                // Released in two parts, one after some files are planned: the renderer's languages release theirs as
                // they go.
                let half = released.count / 2
                session.release(Array(released[..<half]))
                for file in site.sorted(by: { $0.path < $1.path }).prefix(2) where !left.contains(file.path) {
                    try session.add(file)
                }
                session.release(Array(released[half...]))
                for file in site.sorted(by: { $0.path < $1.path }).dropFirst(2) where !left.contains(file.path) {
                    try session.add(file)
                }
            } else {
                if carried != nil {
                    try session.releaseAll()
                    releasedAll = true
                }
                for file in site.sorted(by: { $0.path < $1.path }) { try session.add(file) }
            }
            let summary = try session.finish()
            standby = session.recordStandby() ?? standby
            let states = try #require(session.publishedStates())
            let now = try workspace.snapshot()
            #expect(states == PublishedFileState.read(files: Array(now.files.keys), folders: Array(now.folders), in: workspace.output),
                    "seed \(seed), step \(step)")
            let expected = try Workspace()
            defer { expected.remove() }
            _ = try expected.publisher.publish(site)
            #expect(now.hasSameContent(as: try expected.snapshot()), "seed \(seed), step \(step): \(summary.line)")
            // The summary says what changed, as a publish that planned every file says it.
            let gone = Set(lastTexts.keys).subtracting(texts.keys)
            #expect(summary.removed == gone.sorted(), "seed \(seed), step \(step)")
            #expect(summary.added == Set(texts.keys).subtracting(lastTexts.keys).sorted(), "seed \(seed), step \(step)")
            #expect(summary.updated == texts.keys.filter { lastTexts[$0] != nil && lastTexts[$0] != texts[$0] }.sorted(),
                    "seed \(seed), step \(step)")
            for path in left { #expect(now.files[path]?.inode == before.files[path]?.inode, "step \(step): \(path) rewritten") }
            leftSome = leftSome || !left.isEmpty
            removedSome = removedSome || (carrying && !gone.isEmpty)
            (last, carried, lastTexts) = (PublishedListing(states: states), session.carriedSite(), texts)
        }
        #expect(leftSome && removedSome && releasedAll, "seed \(seed): the series left files, removed some, released all")
        #expect(try workspace.rootEntries() == ["site"])
    }

    @Test("a file planned where a carried folder stands is refused unless every file inside is released, and the reverse")
    func clashesWithCarriedEntries() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let session = try workspace.publisher.session()
        for file in [SiteFile(path: "a/b.html", text: "b"), SiteFile(path: "c", text: "c")] { try session.add(file) }
        _ = try session.finish()
        let listing = PublishedListing(states: try #require(session.publishedStates()))
        let site = try #require(session.carriedSite())

        // Nothing released: "a" is still a folder and "c" a file of the new site.
        let kept = try workspace.publisher.session(lastPublished: listing, carried: site)
        try kept.add(SiteFile(path: "a", text: "a"))
        #expect(throws: SiteOutputError.self) { try kept.finish() }
        kept.abandon()
        let under = try workspace.publisher.session(lastPublished: listing, carried: site)
        try under.add(SiteFile(path: "c/d.html", text: "d"))
        #expect(throws: SiteOutputError.self) { try under.finish() }
        under.abandon()

        // Released, the file and the folder trade places.
        let traded = try workspace.publisher.session(lastPublished: listing, carried: site)
        traded.release(["a/b.html", "c"])
        try traded.add(SiteFile(path: "a", text: "a"))
        try traded.add(SiteFile(path: "c/d.html", text: "d"))
        let summary = try traded.finish()
        #expect(summary.removed == ["a/b.html", "c"])
        #expect(summary.added == ["a", "c/d.html"])
        #expect(try workspace.text("a") == "a")
        #expect(try workspace.text("c/d.html") == "d")
    }
}
