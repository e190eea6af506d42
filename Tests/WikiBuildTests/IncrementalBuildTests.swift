import Foundation
import Primitives
@testable import RickAndMortyAPI
@testable import SiteOutput
import TestSupport
import Testing
@testable import WikiBuild
@testable import WikiModel

/// A build renders only the pages whose key changed since the last build (`PageRecords`); the site it leaves must be
/// the one a clean full build makes, byte for byte, whatever changed.
@Suite(.hangGuard) struct IncrementalBuildTests {
    /// The demo's records and content in a folder of the test's own, with a copy of the project's templates that the
    /// edits change too. Besides the demo's characters, 70 born and living at location 1: its pages and its dimension's
    /// are several, a maker each, which the demo's are not.
    struct World {
        let folder: URL
        let templates: URL
        var snapshot = DemoDataset.snapshot.adding(
            (700..<770).map { SmallWorld.character($0, "Crowd \($0)", origin: 1, location: 1, episodes: [1]) })
        var files: [String: String] = Dictionary(uniqueKeysWithValues: DemoContent.texts.map { ($0.path, $0.text) })
        let avatars = DemoDataset.avatars()
        let said = WarningLog()
        /// Kept across the series' builds into its site, as `serve` keeps it; clean builds get none.
        let memory = SiteBuild.Memory()

        init() throws {
            folder = try SharedFixtures.temporaryDirectory("rmwiki-incremental")
            templates = folder.appendingPathComponent("Templates")
            try FileManager.default.copyItem(at: ProjectTheme.templates, to: templates)
        }

        func build(into output: URL, full: Bool = false) async throws -> SiteBuild.Report {
            var settings = SiteBuild.Settings(
                templates: templates, publicFolder: ProjectTheme.publicFolder, output: output,
                cache: folder.appendingPathComponent("cache"), configuration: try SiteConfiguration(baseURL: "/"))
            settings.content = .files(files.sorted { $0.key < $1.key }.map {
                ContentFolder.File(path: $0.key, bytes: Array($0.value.utf8), stamp: nil)
            })
            settings.now = Date(timeIntervalSince1970: 1_800_000_000)
            settings.renderAll = full
            settings.memory = output.lastPathComponent == "site" ? memory : nil
            let log = SiteBuild.Log(say: said.append, warn: { _ in })
            return try await SiteBuild(
                settings: settings, data: .records(snapshot, avatars: avatars, history: SmallWorld.history)).run(log: log)
        }

        /// The "rendered …" line of the last build.
        var renderedLine: String { said.all.last { $0.hasPrefix("rendered ") } ?? "" }
    }

    /// One series of edits from a fixed seed, so every run is the same (the suite is deterministic);
    /// `RMWIKI_SEED=<seed>` runs another series (to explore), and a failure prints its seed.
    @Test("random edits to articles, prose, local records, the records, strings and templates: each incremental build equals a clean full build")
    func incrementalEqualsFull() async throws {
        let seed = ProcessInfo.processInfo.environment["RMWIKI_SEED"].flatMap { UInt64($0) } ?? 0x5EED_2026_1127
        print("IncrementalBuildTests seed \(seed)")
        var random = SeededRandom(seed: seed)
        var world = try World()
        defer { try? FileManager.default.removeItem(at: world.folder) }
        let site = world.folder.appendingPathComponent("site")
        // The same edits built as the nightly build does, without `serve`'s memory.
        let nightly = world.folder.appendingPathComponent("nightly")
        _ = try await world.build(into: site)
        _ = try await world.build(into: nightly)
        var keptSome = false
        var skippedMakers = false
        var standbySwitchedIn = false
        // Every kind of edit once, in a random order, then two more of any kind.
        let edits = Edit.allCases.shuffled(using: &random) + (0..<2).map { _ in Edit.allCases.randomElement(using: &random) ?? .article }
        let standby = world.folder.appendingPathComponent(".site.standby")
        for (step, edit) in edits.enumerated() {
            let (label, textsOnly, recordsOnly) = try world.apply(edit, step: step, random: &random)
            let (liveBefore, standbyBefore) = (FileStamp(path: site.path)?.inode, FileStamp(path: standby.path)?.inode)
            let report = try await world.build(into: site)
            let line = world.renderedLine
            keptSome = keptSome || line.contains(" of ")
            // An edit to texts that were there or to records runs only the page makers that read them; any other, every
            // maker.
            let someValuesBuilt = line.contains("(the values of ")
            #expect(someValuesBuilt == textsOnly || recordsOnly, "seed \(seed), step \(step) (\(label)): \(line)")
            // Then, as in `serve`, each language's page model is the last build's with the new texts.
            #expect(report.modelsKept == textsOnly, "seed \(seed), step \(step) (\(label))")
            // And the publish carries the last site: only the pages of the makers that ran are planned again.
            #expect(report.siteCarried == someValuesBuilt, "seed \(seed), step \(step) (\(label)): \(line)")
            skippedMakers = skippedMakers || someValuesBuilt
            // Every page is recorded with its maker, so the next text edit need not run it: a maker whose record was
            // dropped (say, for a text it read that nobody wrote) would run again on every edit.
            let words = line.split(separator: " ")
            let pages = words.firstIndex { $0.hasPrefix("pages") }.flatMap { Int(words[$0 - 1]) }
            let records = BuildState.load(for: site).flatMap { PageRecords.load(for: site, state: $0.inputs) }
            #expect(records.map { ($0.pages.count, Set($0.pages.values.map(\.maker)).isSubset(of: $0.makers.keys)) } ?? (0, false)
                        == (pages ?? -1, true), "seed \(seed), step \(step) (\(label)): \(line)")
            // With the A–Z order each language sorts from next time.
            #expect(records?.alphabeticalHints.isEmpty == false, "seed \(seed), step \(step) (\(label))")
            // Once a publish switched a site out, each publish updates that standby tree (the site before last) and
            // switches it in.
            if report.summary.hasChanges {
                #expect(FileStamp(path: standby.path)?.inode == liveBefore, "step \(step): the old site is the standby")
                if let standbyBefore {
                    #expect(FileStamp(path: site.path)?.inode == standbyBefore, "step \(step): the standby switched in")
                    standbySwitchedIn = true
                }
            }
            _ = try await world.build(into: nightly)
            let clean = world.folder.appendingPathComponent("clean-\(step)")
            _ = try await world.build(into: clean)
            let cleanRecords = BuildState.load(for: clean).flatMap { PageRecords.load(for: clean, state: $0.inputs) }
            // Each site's page records, whose lines of makers not run and of their pages were written again as the last
            // file had them (renumbered when the read names changed), are the file its records make afresh; and each
            // maker's reads and page count are those the clean build, which ran every maker, recorded.
            for (name, output) in [("serve", site), ("nightly", nightly)] {
                guard let state = BuildState.load(for: output)?.inputs, let records = PageRecords.load(for: output, state: state)
                else {
                    Issue.record("seed \(seed), step \(step), \(name): no page records")
                    continue
                }
                let differingMakers = Set(records.makers.keys).union(cleanRecords?.makers.keys ?? [:].keys)
                    .filter { records.makers[$0] != cleanRecords?.makers[$0] }.sorted()
                #expect(differingMakers.isEmpty, "seed \(seed), step \(step), \(name) (\(label)): \(differingMakers.prefix(3))")
                let fresh = PageRecords(
                    base: records.base, inputs: records.inputs,
                    pages: records.pages.mapValues { page in
                        var made = page
                        made.line = nil
                        return made
                    },
                    reads: records.reads, makers: records.makers, siteWide: records.siteWide,
                    alphabeticalHints: records.alphabeticalHints)
                let file = try Data(contentsOf: PageRecords.location(for: output))
                #expect(Data(await fresh.lines(state: state)) == file, "seed \(seed), step \(step), \(name) (\(label))")
            }
            let full = try SiteTreeSnapshot(of: clean)
            for (name, output) in [("serve", site), ("nightly", nightly)] {
                let incremental = try SiteTreeSnapshot(of: output)
                let differing = Set(incremental.files.keys).union(full.files.keys)
                    .filter { incremental.files[$0]?.bytes != full.files[$0]?.bytes }.sorted()
                // The paths that differ, not the trees: a failure's message stays readable.
                let same = incremental.hasSameContent(as: full)
                #expect(same, "seed \(seed), step \(step), \(name) (\(label); \(line)): \(differing.prefix(5))")
            }
            try FileManager.default.removeItem(at: clean)
        }
        #expect(keptSome, "seed \(seed): some build left pages as they were")
        #expect(skippedMakers, "seed \(seed): some build ran only the makers of the pages an edit touched")
        #expect(standbySwitchedIn, "seed \(seed): some publish went through the standby")
    }

    @Test("a build of its own (no serve memory) records the standby tree it switches out, and the next switches it in")
    func buildsOfTheirOwnGoThroughTheStandby() async throws {
        var world = try World()
        defer { try? FileManager.default.removeItem(at: world.folder) }
        let site = world.folder.appendingPathComponent("nightly")
        let standby = world.folder.appendingPathComponent(".nightly.standby")
        _ = try await world.build(into: site)
        for step in 0..<2 {
            world.files["articles/portal-travel.md", default: ""] += "\nEdit \(step).\n"
            let (live, standbyBefore) = (FileStamp(path: site.path)?.inode, FileStamp(path: standby.path)?.inode)
            #expect(try await world.build(into: site).summary.hasChanges)
            #expect(FileStamp(path: standby.path)?.inode == live, "step \(step): the site switched out is the standby")
            #expect(FileManager.default.fileExists(atPath: world.folder.appendingPathComponent(".nightly.standby-state").path),
                    "step \(step): its record written")
            if let standbyBefore { #expect(FileStamp(path: site.path)?.inode == standbyBefore, "the standby switched in") }
        }
    }

    @Test("--full renders every page, even when nothing changed, and the site stays as it was")
    func fullRendersEveryPage() async throws {
        let world = try World()
        defer { try? FileManager.default.removeItem(at: world.folder) }
        let site = world.folder.appendingPathComponent("site")
        _ = try await world.build(into: site)
        let before = try SiteTreeSnapshot(of: site)
        #expect(try await world.build(into: site).skipped)
        let full = try await world.build(into: site, full: true)
        #expect(!full.skipped && world.renderedLine.hasPrefix("rendered ") && world.renderedLine.hasSuffix(" pages: --full"),
                "\(world.renderedLine)")
        #expect(!full.summary.hasChanges)
        #expect(try SiteTreeSnapshot(of: site) == before, "nothing rewritten")
    }

    enum Edit: CaseIterable {
        case article, newArticle, prose, localRecord, recordRenamed, recordAddedOrRemoved, recordChanged, strings, template
    }
}

extension IncrementalBuildTests.World {
    /// Applies `edit`; returns what it did, for a failure's message, and whether it only edited texts that were there, or
    /// only records (so that only some page makers need to run).
    mutating func apply(_ edit: IncrementalBuildTests.Edit, step: Int, random: inout SeededRandom)
        throws -> (String, textsOnly: Bool, recordsOnly: Bool)
    {
        let textsBefore = Set(files.keys.filter(ContentFolder.isText))
        let label = try change(edit, step: step, random: &random)
        let edited = Set(files.keys.filter(ContentFolder.isText))
        return (label, [.article, .prose].contains(edit) && edited == textsBefore,
                [.localRecord, .recordRenamed, .recordAddedOrRemoved, .recordChanged].contains(edit))
    }

    private mutating func change(_ edit: IncrementalBuildTests.Edit, step: Int, random: inout SeededRandom) throws -> String {
        switch edit {
        case .article:
            let path = files.keys.filter { $0.hasPrefix("articles/") }.sorted().randomElement(using: &random) ?? "articles/x.md"
            files[path, default: "Text.\n"] += "\nEdited in step \(step), with [[Rick Sanchez]].\n"
            return "edited \(path)"
        case .newArticle:
            let path = "articles/step-\(step).md"
            files[path] = "---\ntitle: Step \(step)\nsummary: Written in step \(step).\ndate: 2026-11-\(10 + step)\n---\nAbout [[Pilot]].\n"
            return "added \(path)"
        case .prose:
            let id = Int.random(in: 1...20, using: &random)
            let path = "characters/\(id)\(Bool.random(using: &random) ? "" : ".fr").md"
            files[path, default: ""] += "Prose of step \(step).\n"
            return "prose \(path)"
        case .localRecord:
            let path = "data/episodes.json"
            files[path] = files[path]?.replacingOccurrences(of: #""name": "Solaricks"#, with: #""name": "Solaricks \#(step)"#)
            return "renamed the local episode"
        case .recordRenamed:
            let texts = files.values.joined()
            let unnamed = snapshot.characters.indices.filter { !texts.contains(snapshot.characters[$0].name) }
            guard let index = unnamed.randomElement(using: &random) else { return "no record to rename" }
            snapshot.characters[index].name += " \(step)"
            return "renamed character \(snapshot.characters[index].id)"
        case .recordAddedOrRemoved:
            if let added = snapshot.characters.firstIndex(where: { $0.id > 900 }), Bool.random(using: &random) {
                let id = snapshot.characters.remove(at: added).id
                return "removed character \(id)"
            }
            let id = 901 + step
            snapshot.characters.append(SmallWorld.character(id, "Newcomer \(step)", origin: 1, episodes: [1]))
            return "added character \(id)"
        case .recordChanged:
            // What a fetch brings besides names: a new species (a group), a move (residents), a cast, a place's name.
            let characters = snapshot.characters.indices
            switch Int.random(in: 0..<5, using: &random) {
            case 0:
                guard let index = characters.randomElement(using: &random) else { return "no character" }
                let species = ["Human", "Alien", "Cronenberg \(step)"].filter { $0 != snapshot.characters[index].species }
                snapshot.characters[index].species = species.randomElement(using: &random) ?? "Robot"
                return "character \(snapshot.characters[index].id) is \(snapshot.characters[index].species)"
            case 1:
                guard let index = characters.randomElement(using: &random),
                      let place = snapshot.locations.filter({ $0.url != snapshot.characters[index].location.url })
                          .randomElement(using: &random) else { return "no character" }
                snapshot.characters[index].location = NamedReference(name: place.name, url: place.url)
                return "character \(snapshot.characters[index].id) moved to \(place.id)"
            case 2:
                guard let index = snapshot.episodes.indices.randomElement(using: &random),
                      !snapshot.episodes[index].characters.isEmpty else { return "no cast" }
                let left = snapshot.episodes[index].characters.removeLast()
                return "\(left) left the cast of episode \(snapshot.episodes[index].id)"
            case 3:
                // Not one a text links to: the build would refuse the broken link, as it should.
                let texts = files.values.joined()
                guard let index = snapshot.locations.indices.filter({ !texts.contains("[[" + snapshot.locations[$0].name) })
                    .randomElement(using: &random) else { return "no location" }
                snapshot.locations[index].name += " \(step)"
                return "renamed location \(snapshot.locations[index].id)"
            default:
                let texts = files.values.joined()
                guard let index = snapshot.episodes.indices.filter({ !texts.contains("[[" + snapshot.episodes[$0].name) })
                    .randomElement(using: &random) else { return "no episode" }
                snapshot.episodes[index].name += " \(step)"
                return "renamed episode \(snapshot.episodes[index].id)"
            }
        case .strings:
            let table = templates.appendingPathComponent("locales/\(Bool.random(using: &random) ? "en" : "fr").json")
            var text = try String(contentsOf: table, encoding: .utf8)
            guard let range = text.range(of: #"": ""#) else { return "no string" }
            text.replaceSubrange(range, with: #"": "\#(step) "#)
            try Data(text.utf8).write(to: table)
            return "changed a string of \(table.lastPathComponent)"
        case .template:
            let names = ["partials/character-card.mustache", "article.mustache", "layout.mustache", "episode.mustache"]
            let name = names.randomElement(using: &random) ?? "layout.mustache"
            let file = templates.appendingPathComponent(name)
            try Data((try String(contentsOf: file, encoding: .utf8) + "<!-- step \(step) -->\n").utf8).write(to: file)
            return "changed \(name)"
        }
    }
}

private extension Snapshot {
    func adding(_ characters: [CharacterRecord]) -> Snapshot {
        var snapshot = self
        snapshot.characters += characters
        return snapshot
    }
}
