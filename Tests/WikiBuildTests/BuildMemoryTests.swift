import Foundation
import Primitives
import RickAndMortyAPI
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
