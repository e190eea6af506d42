import Foundation
@testable import RickAndMortyAPI
@testable import SiteOutput
import TestSupport
import Testing
@testable import WikiBuild
@testable import WikiModel

/// The files that make the wiki installable and readable offline: a manifest per language, the service worker
/// at the site root, each language's offline list. The worker names what it stores by content hash, so the same
/// inputs give the same `sw.js` byte for byte (a browser then installs nothing new), and a renamed character
/// changes it and that page's entry alone.
@Suite struct PocketFilesTests {
    static func read(_ output: URL, _ path: String) throws -> [UInt8] {
        Array(try Data(contentsOf: output.appendingPathComponent(path)))
    }

    static func offlineList(_ output: URL, _ prefix: String) throws -> [String: String] {
        let object = try JSONSerialization.jsonObject(with: Data(try read(output, prefix + "offline/files.json"))) as? [String: Any]
        var hashes: [String: String] = [:]
        for case let entry as [Any] in object?["pages"] as? [Any] ?? [] {
            if let path = entry.first as? String, let hash = entry.last as? String { hashes[path] = hash }
        }
        return hashes
    }

    @Test func sameInputsGiveTheSameWorkerAndARenameChangesIt() async throws {
        let first = try await SiteFixture.build(DemoDataset.snapshot, avatars: DemoDataset.avatars())
        let second = try await SiteFixture.build(DemoDataset.snapshot, avatars: DemoDataset.avatars())
        defer {
            try? FileManager.default.removeItem(at: first.output.deletingLastPathComponent())
            try? FileManager.default.removeItem(at: second.output.deletingLastPathComponent())
        }
        let worker = try Self.read(first.output, "sw.js")
        #expect(try Self.read(second.output, "sw.js") == worker, "two full renders of the same inputs")
        for prefix in ["", "fr/"] {
            #expect(try Self.read(second.output, prefix + "offline/files.json") == Self.read(first.output, prefix + "offline/files.json"))
        }

        let again = try await SiteFixture.build(DemoDataset.snapshot, avatars: DemoDataset.avatars(), into: first.output)
        #expect(again.summary.added.isEmpty && again.summary.updated.isEmpty, "a rebuild with no change writes nothing")
        #expect(try Self.read(first.output, "sw.js") == worker)

        var renamed = DemoDataset.snapshot
        let index = try #require(renamed.characters.firstIndex { $0.id == 2 })
        renamed.characters[index].name = "Morty the Renamed"
        let rebuilt = try await SiteFixture.build(renamed, avatars: DemoDataset.avatars(), into: first.output)
        #expect(rebuilt.summary.updated.contains("sw.js"))
        #expect(try Self.read(first.output, "sw.js") != worker)
        let before = try Self.offlineList(second.output, "")
        let after = try Self.offlineList(first.output, "")
        #expect(before["characters/2/"] != nil && before["characters/2/"] != after["characters/2/"], "the renamed page's hash")
        #expect(before["episodes/"] != nil && before["episodes/"] == after["episodes/"], "a page that does not show the name keeps its hash")
        #expect(Set(before.keys) == Set(after.keys))
    }

    @Test("the offline list names each avatar once, its original, never its smaller copies")
    func offlinePicturesAreTheOriginals() async throws {
        // JPEG avatars, which get smaller copies (the demo's are SVGs, published as they are).
        var avatars = DemoDataset.avatars()
        for id in [1, 2] { avatars[id] = AvatarImage(source: .bytes(AvatarCopyTests.jpeg(UInt8(id * 60))), fileExtension: "jpeg") }
        let site = try await SiteFixture.build(DemoDataset.snapshot, avatars: avatars)
        defer { try? FileManager.default.removeItem(at: site.output.deletingLastPathComponent()) }
        let object = try JSONSerialization.jsonObject(with: Data(try Self.read(site.output, "offline/files.json"))) as? [String: Any]
        let pictures = (object?["pictures"] as? [[Any]] ?? []).compactMap { $0.first as? String }
        let published = try FileManager.default.contentsOfDirectory(atPath: site.output.appendingPathComponent("images/characters").path)
        let originals = published.filter { !$0.contains("-") }.map { "images/characters/" + $0 }
        #expect(!originals.isEmpty && published.count > originals.count, "the demo has avatars and their copies")
        #expect(pictures.sorted() == originals.sorted())
    }

    @Test func manifestsAndWorkerLiveUnderTheBaseURL() async throws {
        let (output, _) = try await SiteFixture.build(DemoDataset.snapshot, avatars: DemoDataset.avatars(), baseURL: "/fans/")
        defer { try? FileManager.default.removeItem(at: output.deletingLastPathComponent()) }
        for (prefix, language) in [("", "en"), ("fr/", "fr")] {
            let manifest = try #require(
                try JSONSerialization.jsonObject(with: Data(try Self.read(output, prefix + "manifest.webmanifest"))) as? [String: Any])
            #expect(manifest["start_url"] as? String == "/fans/" + prefix)
            #expect(manifest["scope"] as? String == "/fans/")
            #expect(manifest["lang"] as? String == language)
            #expect(manifest["display"] as? String == "standalone")
            for case let icon as [String: Any] in manifest["icons"] as? [Any] ?? [] {
                let source = try #require(icon["src"] as? String)
                #expect(source.hasPrefix("/fans/assets/icons/"))
                #expect(FileManager.default.fileExists(atPath: output.appendingPathComponent(String(source.dropFirst("/fans/".count))).path))
            }
            let home = try BuildFixture.text(output, prefix + "index.html")
            #expect(home.contains("<link rel=\"manifest\" href=\"/fans/\(prefix)manifest.webmanifest\">"))
            #expect(home.contains("<body id=\"top\" data-root=\"/fans/\" data-worker=\"/fans/sw.js\">"))
        }
        let worker = try BuildFixture.text(output, "sw.js")
        #expect(worker.contains("\"root\":\"/fans/\""))
        #expect(worker.contains("addEventListener(\"fetch\""))
    }

    @Test func withoutTheWorkerSwJsRemovesAnEarlierOne() async throws {
        let (output, _) = try await SiteFixture.build(DemoDataset.snapshot, avatars: DemoDataset.avatars(), serviceWorker: false)
        defer { try? FileManager.default.removeItem(at: output.deletingLastPathComponent()) }
        let worker = try BuildFixture.text(output, "sw.js")
        #expect(worker.contains("unregister()") && !worker.contains("addEventListener(\"fetch\""))
        #expect(!FileManager.default.fileExists(atPath: output.appendingPathComponent("offline").path), "no offline page")
        let home = try BuildFixture.text(output, "index.html")
        #expect(!home.contains("data-worker"), "pages register no worker")
        #expect(home.contains("manifest.webmanifest"), "still installable")
    }

    /// A copied picture's size is looked up when the offline lists ask for it, not when it is emitted (the avatars'
    /// smaller copies are never asked for): it is the source's size then, and a page keeps its size and hash.
    @Test func theLedgerGivesACopiedFileItsSourcesSizeWhenAsked() throws {
        let folder = try SharedFixtures.temporaryDirectory("ledger")
        let source = folder.appendingPathComponent("1.jpeg")
        try Data(repeating: 7, count: 1234).write(to: source)
        let ledger = PocketFiles.Ledger()
        ledger.note(SiteFile(path: "images/characters/1.jpeg", content: .copy(sourcePath: source.path)))
        ledger.note(SiteFile(path: "index.html", bytes: Array("<p>hi</p>".utf8)))
        #expect(ledger["images/characters/1.jpeg"]?.size == 1234)
        #expect(ledger["images/characters/1.jpeg"]?.hash == nil)
        #expect(ledger["index.html"]?.size == 9)
        #expect(ledger["index.html"]?.hash == PocketFiles.contentHash(Array("<p>hi</p>".utf8)))
        #expect(ledger["missing.html"] == nil)
    }
}
