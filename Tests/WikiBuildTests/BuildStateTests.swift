import Foundation
#if canImport(Glibc)
import Glibc
#endif
import LoopbackAPI
@testable import RickAndMortyAPI
@testable import SiteOutput
import TestSupport
import Testing
@testable import WikiModel
@testable import WikiBuild

@Suite("Build state")
struct BuildStateTests {
    @Test("the state reads back exactly as written, nanosecond times and spaces in paths included")
    func roundTrip() {
        let state = BuildState(inputs: "5e02075b20be8446", collections: CollectionCounts(characters: 826, locations: 126, episodes: 51), files: [
            PublishedFileState(path: "404.html", size: 2838, modified: 1_795_370_773_942_409_157, inode: 325_041),
            PublishedFileState(path: "a folder/with spaces.html", size: 0, modified: -1_000, inode: UInt64(Int64.max)),
        ])
        #expect(BuildState(lines: state.lines) == state)
    }

    @Test("a state written before the record counts were kept still reads, without counts")
    func olderStateWithoutCounts() {
        let state = BuildState(lines: Array("5e02075b20be8446\n2838 1795370773942409157 325041 404.html\n".utf8))
        #expect(state?.collections == nil)
        #expect(state?.files.map(\.path) == ["404.html"])
    }

    @Test("a fetch into a cold cache compares with the published site's counts: a vanished collection is refused and the site kept, unless shrinking is allowed")
    func coldCacheComparesWithThePublishedSite() async throws {
        let folder = try SharedFixtures.temporaryDirectory("build-state-cold")
        defer { try? FileManager.default.removeItem(at: folder) }
        let cache = folder.appendingPathComponent("cache")
        let output = folder.appendingPathComponent("site")
        let settings = SiteBuild.Settings(
            templates: ProjectTheme.templates, publicFolder: ProjectTheme.publicFolder,
            output: output, cache: cache, configuration: try SiteConfiguration())
        try await LoopbackSession.with(LoopbackAPIServer(snapshot: SmallWorld.snapshot)) { server, base in
            func build(allowShrink: Bool = false) async throws -> SiteBuild.Report {
                let service = DataService(
                    client: APIClient(baseURL: base), cache: DataCache(directory: cache),
                    shrinkCheck: ShrinkCheck(allowShrink: allowShrink))
                return try await SiteBuild(settings: settings, data: .refresh(
                    service, maxTime: .seconds(600), progress: ProgressReporter(style: .silent),
                    at: Date(timeIntervalSince1970: 1_800_000_000))).run()
            }
            _ = try await build()
            #expect(BuildState.load(for: output)?.collections == CollectionCounts(characters: 3, locations: 2, episodes: 3))
            let published = try SiteTreeSnapshot(of: output)
            for location in SmallWorld.snapshot.locations { await server.remove(.location, id: location.id) }
            try FileManager.default.removeItem(at: cache)
            let error = await #expect(throws: APIError.self) { try await build() }
            #expect(error == .publishedCollectionShrank(resource: .location, published: 2, served: 0))
            #expect(try SiteTreeSnapshot(of: output) == published)
            #expect(!DataCache(directory: cache).current.hasSnapshot, "nothing committed")
            #expect(try await !build(allowShrink: true).skipped)
            #expect(BuildState.load(for: output)?.collections == CollectionCounts(characters: 3, locations: 0, episodes: 3))
        }
    }

    @Test("a damaged state is no state (one full build), never a different one", arguments: [
        "abc", "abc\n12 34 56\n", "abc\n12 x 56 a.html\n", "abc\n12 34 56 a.html", "abc\n99999999999999999999 1 2 a.html\n",
    ])
    func damaged(text: String) {
        #expect(BuildState(lines: Array(text.utf8)) == nil)
    }

    @Test("the check fingerprints the bytes the data step read: any change to them, and only that, changes it")
    func fingerprintFollowsTheBytesRead() throws {
        let theme = try Theme(templatesDirectory: ProjectTheme.templates, publicDirectory: ProjectTheme.publicFolder)
        func fingerprint(_ snapshot: String, history: String?) throws -> String {
            try BuildState.InputDigests(
                theme: theme, configuration: try SiteConfiguration(),
                data: .files([.init(path: "/cache/snapshot.json", bytes: Data(snapshot.utf8)),
                              .init(path: "/cache/history.json", bytes: history.map { Data($0.utf8) })]),
                avatars: [:], content: []).whole
        }
        let first = try fingerprint(#"{"characters": []}"#, history: nil)
        #expect(try fingerprint(#"{"characters": []}"#, history: nil) == first)
        #expect(try fingerprint(#"{"characters": [1]}"#, history: nil) != first)
        #expect(try fingerprint(#"{"characters": []}"#, history: "[]") != first)
    }

    @Test("a build that fetches fingerprints the cache files it committed, as an offline build does: after either, the other renders nothing when nothing changed")
    func fetchingAndOfflineBuildsAgree() async throws {
        let folder = try SharedFixtures.temporaryDirectory("build-state-fetch")
        defer { try? FileManager.default.removeItem(at: folder) }
        let cache = folder.appendingPathComponent("cache")
        let settings = SiteBuild.Settings(
            templates: ProjectTheme.templates, publicFolder: ProjectTheme.publicFolder,
            output: folder.appendingPathComponent("site"), cache: cache, configuration: try SiteConfiguration())
        try await LoopbackSession.with(LoopbackAPIServer(snapshot: SmallWorld.snapshot)) { _, base in
            let service = DataService(client: APIClient(baseURL: base), cache: DataCache(directory: cache))
            func fetching() async throws -> SiteBuild.Report {
                try await SiteBuild(settings: settings, data: .refresh(
                    service, maxTime: .seconds(600), progress: ProgressReporter(style: .silent),
                    at: Date(timeIntervalSince1970: 1_800_000_000))).run()
            }
            func offline() async throws -> SiteBuild.Report {
                try await SiteBuild(settings: settings, data: .cache(service)).run()
            }
            let first = try await fetching()
            let offlineAfter = try await offline()
            let fetchingAgain = try await fetching()
            #expect(!first.skipped)
            #expect(offlineAfter.skipped, "offline, from the cache the fetching build committed")
            #expect(fetchingAgain.skipped, "a fetch that finds nothing new")
        }
    }

    @Test("a rebuild of the same inputs into an untouched output renders nothing; any hand change to the output, or a new input, rebuilds it whole")
    func noChangeRebuildIsSkippedUntilTheOutputIsTouched() async throws {
        let folder = try SharedFixtures.temporaryDirectory("build-state")
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent("site")
        func build(_ snapshot: Snapshot = DemoDataset.snapshot) async throws -> SiteBuild.Report {
            let settings = SiteBuild.Settings(
                templates: ProjectTheme.templates, publicFolder: ProjectTheme.publicFolder, output: output,
                cache: folder.appendingPathComponent("cache"), configuration: try SiteConfiguration())
            return try await SiteBuild(settings: settings, data: .records(snapshot, avatars: DemoDataset.avatars(), history: ChangeHistory())).run()
        }
        /// The publish hands the state step what it left in the output; a walk of the output must find exactly that.
        func expectStateMatchesAScan(_ context: Comment) throws {
            let states = try #require(BuildState.load(for: output)).files
            #expect(try states == Self.walk(output), context)
            #expect(states.count > first.fileCount, "folders are recorded too")
        }
        let first = try await build()
        #expect(!first.skipped)
        try expectStateMatchesAScan("after a first build")
        /// Dates the output in the past, so the change that follows dates a folder or file anew however coarse the
        /// file system's clock; the build after that is a full one that changes nothing, so the dates stay and its
        /// state records them, and the next is skipped.
        func settle() async throws {
            try Backdating.dateEverything(in: output)
            #expect(try await !build().skipped)
            try expectStateMatchesAScan("after a build that changed nothing")
            let skipped = try await build()
            #expect(skipped.skipped && skipped.fileCount == first.fileCount)
            #expect(skipped.summary.unchanged.count == first.fileCount)
            #expect(skipped.timings.phases.map(\.name) == ["lock", "theme", "data", "merge", "check", "output"])
        }
        try await settle()
        let page = output.appendingPathComponent("characters/1/index.html")
        let original = try Data(contentsOf: page)
        try Data("edited by hand".utf8).write(to: page)
        let repaired = try await build()
        #expect(!repaired.skipped && repaired.summary.updated == ["characters/1/index.html"])
        #expect(try Data(contentsOf: page) == original)
        try expectStateMatchesAScan("after a build that switched in a new tree")

        try await settle()
        try Data("stray".utf8).write(to: output.appendingPathComponent("characters/1/notes.txt"))
        let cleaned = try await build()
        #expect(!cleaned.skipped && cleaned.summary.removed == ["characters/1/notes.txt"])

        try await settle()
        try FileManager.default.removeItem(at: page)
        let restored = try await build()
        #expect(!restored.skipped && restored.summary.added == ["characters/1/index.html"])

        try await settle()
        var renamed = DemoDataset.snapshot
        renamed.characters[0].name = "Renamed"
        #expect(try await !build(renamed).skipped)
    }

    /// Every entry of `output` as the build state records it, listed by FileManager's own walk.
    static func walk(_ output: URL) throws -> [PublishedFileState] {
        try (["."] + FileManager.default.subpathsOfDirectory(atPath: output.path)).map { subpath in
            var info = stat()
            #expect(lstat(output.path + "/" + subpath, &info) == 0)
            return PublishedFileState(
                path: info.st_mode & S_IFMT == S_IFDIR ? subpath + "/" : subpath, size: Int64(info.st_size),
                modified: Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec),
                inode: UInt64(info.st_ino))
        }.sorted { $0.path < $1.path }
    }
}

extension BuildStateTests {
    /// Before, the pictures were named by path: every fetch's new generation changed them, and the build after it built
    /// every page's values (600 ms at the full data) for a record or two.
    @Test("a fetch's new generation, its pictures linked from the last, leaves the pictures' digest; a picture replaced changes it")
    func picturesAreKnownByTheirStampsNotTheirPaths() throws {
        let folder = try SharedFixtures.temporaryDirectory("rmwiki-pictures-digest")
        defer { try? FileManager.default.removeItem(at: folder) }
        let manager = FileManager.default
        for generation in ["generation-1", "generation-2"] {
            try manager.createDirectory(at: folder.appendingPathComponent(generation), withIntermediateDirectories: true)
        }
        func avatars(_ generation: String) -> [Int: AvatarImage] {
            [1: AvatarImage(source: .file(path: folder.path + "/\(generation)/1.jpeg"), fileExtension: "jpeg"),
             2: AvatarImage(source: .file(path: folder.path + "/\(generation)/2.jpeg"), fileExtension: "jpeg")]
        }
        for id in [1, 2] { try Data([UInt8](repeating: UInt8(id), count: 10)).write(to: folder.appendingPathComponent("generation-1/\(id).jpeg")) }
        for id in [1, 2] {
            try manager.linkItem(at: folder.appendingPathComponent("generation-1/\(id).jpeg"),
                                 to: folder.appendingPathComponent("generation-2/\(id).jpeg"))
        }
        let first = BuildState.InputDigests.digest(of: avatars("generation-1"))
        #expect(BuildState.InputDigests.digest(of: avatars("generation-2")) == first)

        // A new picture comes as a new file (a new inode).
        try manager.removeItem(at: folder.appendingPathComponent("generation-2/2.jpeg"))
        try Data([UInt8](repeating: 9, count: 10)).write(to: folder.appendingPathComponent("generation-2/2.jpeg"))
        #expect(BuildState.InputDigests.digest(of: avatars("generation-2")) != first)
        try manager.removeItem(at: folder.appendingPathComponent("generation-2/2.jpeg"))
        #expect(BuildState.InputDigests.digest(of: avatars("generation-2")) != first, "a missing picture")
    }
}

extension BuildStateTests {
    /// `serve` keeps the pictures' digest while the pictures are the same files by path. Proved with a picture of the
    /// content folder replaced under its name by one as long and as old (before, the digest was kept, and the
    /// replaced picture's avatar and copies stayed as published), and with the cache's pictures folder made anew.
    @Test("serve's kept pictures' digest is made again when a picture is replaced under its name or the cache's folder anew")
    func keptPicturesDigestWatchesWhatCanChangeUnderAPath() throws {
        let folder = try SharedFixtures.temporaryDirectory("rmwiki-kept-pictures-digest")
        defer { try? FileManager.default.removeItem(at: folder) }
        let manager = FileManager.default
        let cache = folder.appendingPathComponent("cache")
        let avatarsFolder = cache.appendingPathComponent("generation-1/avatars")
        let images = folder.appendingPathComponent("content/images")
        for made in [avatarsFolder, images] { try manager.createDirectory(at: made, withIntermediateDirectories: true) }
        let cached = avatarsFolder.appendingPathComponent("1.jpeg")
        let local = images.appendingPathComponent("x.png")
        try Data([UInt8](repeating: 1, count: 10)).write(to: cached)
        try Data([UInt8](repeating: 2, count: 10)).write(to: local)
        try Backdating.dateEverything(in: folder)
        let avatars = [1: AvatarImage(source: .file(path: cached.path), fileExtension: "jpeg"),
                       2: AvatarImage(source: .file(path: local.path), fileExtension: "png")]
        let memory = SiteBuild.Memory()
        let first = memory.picturesDigest(of: avatars, cache: cache)
        #expect(first == BuildState.InputDigests.digest(of: avatars))
        #expect(memory.picturesDigest(of: avatars, cache: cache) == first)

        // Replaced under its name: a new file (written before the old one goes, so a new inode), as long and as old.
        let replacement = images.appendingPathComponent("y.png")
        try Data([UInt8](repeating: 3, count: 10)).write(to: replacement)
        #expect(rename(replacement.path, local.path) == 0)
        try Backdating.dateEverything(in: images)
        let replaced = memory.picturesDigest(of: avatars, cache: cache)
        #expect(replaced != first && replaced == BuildState.InputDigests.digest(of: avatars))

        // The cache removed and fetched again: the same generation's name, a new folder.
        let moved = cache.appendingPathComponent("old")
        try manager.moveItem(at: cache.appendingPathComponent("generation-1"), to: moved)
        try manager.createDirectory(at: avatarsFolder, withIntermediateDirectories: true)
        try Data([UInt8](repeating: 4, count: 10)).write(to: cached)
        try Backdating.dateEverything(in: cache.appendingPathComponent("generation-1"))
        let refetched = memory.picturesDigest(of: avatars, cache: cache)
        #expect(refetched != replaced && refetched == BuildState.InputDigests.digest(of: avatars))
    }
}
