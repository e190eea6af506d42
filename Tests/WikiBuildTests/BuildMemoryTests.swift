import Foundation
import Primitives
@testable import RickAndMortyAPI
@testable import SiteOutput
import TestSupport
import Testing
import WikiModel
@testable import WikiBuild

/// What `serve` keeps between builds (`SiteBuild.Memory`); its page models are checked by `IncrementalBuildTests`'
/// series, which builds with one as `serve` does.
@Suite struct BuildMemoryTests {
    @Test("the theme is read again only when a file under its folders changed, or changed too recently to be sure")
    func themeKeptUntilAFileChanges() throws {
        let folder = try SharedFixtures.temporaryDirectory("rmwiki-memory")
        defer { try? FileManager.default.removeItem(at: folder) }
        let templates = folder.appendingPathComponent("Templates")
        let publicFolder = folder.appendingPathComponent("Public")
        try FileManager.default.copyItem(at: ProjectTheme.templates, to: templates)
        try FileManager.default.createDirectory(at: publicFolder, withIntermediateDirectories: true)
        try Data("body {}".utf8).write(to: publicFolder.appendingPathComponent("site.css"))
        let hourAgo = Date().addingTimeInterval(-3600)
        func age(_ url: URL) throws { try FileManager.default.setAttributes([.modificationDate: hourAgo], ofItemAtPath: url.path) }
        for root in [templates, publicFolder] {
            for entry in FolderWalk.entries(under: root.path, skippingHidden: false) { try age(root.appendingPathComponent(entry.path)) }
        }
        let memory = SiteBuild.Memory()
        var loads = 0
        func theme() throws -> Theme {
            try memory.theme(folders: [templates, publicFolder]) {
                loads += 1
                return try Theme(templatesDirectory: templates, publicDirectory: publicFolder)
            }
        }
        _ = try theme()
        _ = try theme()
        #expect(loads == 1, "nothing changed: the theme read first")
        try Data(".swp".utf8).write(to: templates.appendingPathComponent(".home.mustache.swp"))
        _ = try theme()
        #expect(loads == 1, "a hidden file is not the theme's")
        let home = templates.appendingPathComponent("home.mustache")
        try Data((try String(contentsOf: home, encoding: .utf8) + "\n").utf8).write(to: home)
        try age(home)
        let edited = try theme()
        #expect(loads == 2, "an edited template, however old its time")
        #expect(try theme().fingerprint == edited.fingerprint && loads == 2)
        try Data("body { color: red }".utf8).write(to: publicFolder.appendingPathComponent("site.css"))
        _ = try theme()
        _ = try theme()
        #expect(loads == 4, "a file changed just now is read again until its time is settled")
        try Data("b {}".utf8).write(to: publicFolder.appendingPathComponent("new.css"))
        try age(publicFolder.appendingPathComponent("new.css"))
        try age(publicFolder.appendingPathComponent("site.css"))
        _ = try theme()
        _ = try theme()
        #expect(loads == 5, "a file added, then nothing")
    }

    @Test("serve takes its last build's state as saved, the output untouched, until another build saves one or a top folder changes")
    func lastBuildKeptWhileTheStateIsItsOwn() throws {
        let folder = try SharedFixtures.temporaryDirectory("rmwiki-memory")
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent("site")
        for path in ["index.html", "characters/1/index.html", "characters/2/index.html", "episodes/1/index.html"] {
            let file = output.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(path.utf8).write(to: file)
        }
        let files = ["index.html", "characters/1/index.html", "characters/2/index.html", "episodes/1/index.html"]
        let folders = ["characters", "characters/1", "characters/2", "episodes", "episodes/1"]
        func saved() throws -> BuildState {
            let states = try #require(PublishedFileState.read(files: files, folders: folders, in: output))
            let state = BuildState(inputs: "inputs", collections: nil, files: states)
            #expect(BuildState.write(state.lines, for: output))
            return state
        }
        let memory = SiteBuild.Memory()
        #expect(memory.lastBuild(for: output) == nil, "nothing kept yet")
        memory.keep(try saved(), savedFor: output)
        #expect(memory.lastBuild(for: output)?.outputUntouched == true)
        #expect(memory.lastBuild(for: output)?.state == BuildState.load(for: output))
        // Deeper than its top folders the output is not looked at: between its builds it is the preview's.
        try Data("by hand".utf8).write(to: output.appendingPathComponent("characters/1/index.html"))
        #expect(memory.lastBuild(for: output)?.outputUntouched == true)
        #expect(!BuildState.LastBuild.read(for: output).outputUntouched, "a build looks at every file")
        try FileManager.default.removeItem(at: output.appendingPathComponent("episodes"))
        #expect(memory.lastBuild(for: output) == nil, "a section removed")
        try FileManager.default.createDirectory(at: output.appendingPathComponent("episodes/1"), withIntermediateDirectories: true)
        try Data("episodes/1/index.html".utf8).write(to: output.appendingPathComponent("episodes/1/index.html"))
        memory.keep(try saved(), savedFor: output)
        #expect(memory.lastBuild(for: output) != nil)
        // Another build into the same output (`rmwiki build` beside the preview) saves its own state.
        _ = try saved()
        #expect(memory.lastBuild(for: output) == nil, "a state another build saved")
        memory.keep(nil, savedFor: output)
        #expect(memory.lastBuild(for: output) == nil, "a state that could not be saved")
    }

    @Test("the cache's records are read again only for another generation or another snapshot file, or one written just now")
    func recordsKeptWhileTheGenerationIsTheSame() throws {
        let folder = try SharedFixtures.temporaryDirectory("rmwiki-memory")
        defer { try? FileManager.default.removeItem(at: folder) }
        let generations = ["g1", "g2"].map { CacheGeneration(folder: folder.appendingPathComponent($0)) }
        let hourAgo = Date().addingTimeInterval(-3600)
        func write(_ text: String, in generation: CacheGeneration, aged: Bool = true) throws {
            try FileManager.default.createDirectory(at: generation.folder, withIntermediateDirectories: true)
            // Replaced by a rename, as a commit writes: a new file.
            let temporary = generation.folder.appendingPathComponent("new")
            try Data(text.utf8).write(to: temporary)
            if aged { try FileManager.default.setAttributes([.modificationDate: hourAgo], ofItemAtPath: temporary.path) }
            #expect(rename(temporary.path, generation.snapshotFile.path) == 0)
        }
        let memory = SiteBuild.Memory()
        var reads = 0
        func records(_ generation: CacheGeneration) throws -> String {
            let (_, digest) = try memory.records(of: generation) {
                reads += 1
                let bytes = try Data(contentsOf: generation.snapshotFile)
                return CachedRecords(snapshot: Snapshot(characters: [], locations: [], episodes: []), avatars: [:],
                                     history: ChangeHistory(), files: [.init(path: generation.snapshotFile.path, bytes: bytes)])
            }
            return digest
        }
        try write("one", in: generations[0])
        let first = try records(generations[0])
        #expect(try records(generations[0]) == first && reads == 1, "the same generation: read once")
        try write("two", in: generations[1])
        #expect(try records(generations[1]) != first && reads == 2, "another generation")
        try write("three", in: generations[1])
        _ = try records(generations[1])
        #expect(reads == 3, "another snapshot file in it")
        try write("four", in: generations[1], aged: false)
        _ = try records(generations[1])
        _ = try records(generations[1])
        #expect(reads == 5, "a file written just now is read every time, until its time is settled")
    }

    @Test("the dataset is kept for a build whose inputs differ from its own in texts alone")
    func datasetKeptWhileOnlyTextsChange() {
        let memory = SiteBuild.Memory()
        let inputs = ["the data": "d1", "the pictures": "p1", "articles/a.md": "a1", "data/characters.json": "l1"]
        #expect(memory.dataset(for: inputs) == nil, "nothing kept yet")
        memory.keep(Dataset(Snapshot(characters: [], locations: [], episodes: []), datedLocally: [:]), inputs: inputs)
        func kept(_ change: (inout [String: String]) -> Void) -> Bool {
            var changed = inputs
            change(&changed)
            return memory.dataset(for: changed) != nil
        }
        #expect(kept { _ in })
        #expect(kept { $0["articles/a.md"] = "a2" }, "a text edited")
        #expect(kept { $0["characters/1.fr.md"] = "c1" }, "a text added")
        #expect(kept { $0["articles/a.md"] = nil }, "a text removed")
        #expect(!kept { $0["the data"] = "d2" }, "the records")
        #expect(!kept { $0["the pictures"] = "p2" }, "the pictures")
        #expect(!kept { $0["data/characters.json"] = "l2" }, "a local record")
        #expect(!kept { $0["data/locations.json"] = "l3" }, "a local record added")
        #expect(!kept { $0["images/portal.png"] = "i1" }, "a picture of the content")
        #expect(!kept { $0[BuildState.InputDigests.baseName] = "b2" }, "the templates or settings")
    }
}
