import Foundation
import TestSupport
import Testing
@testable import WikiBuild

@Suite struct ThemeTests {
    func publicCopy() throws -> URL {
        let folder = try SharedFixtures.temporaryDirectory().appendingPathComponent("Public")
        try FileManager.default.copyItem(at: ProjectTheme.publicFolder, to: folder)
        return folder
    }

    @Test func aLinkInsidePublicIsPublishedUnderItsOwnName() throws {
        let folder = try publicCopy()
        try FileManager.default.createSymbolicLink(
            at: folder.appendingPathComponent("alias.css"), withDestinationURL: folder.appendingPathComponent("assets/site.css"))
        let theme = try Theme(templatesDirectory: ProjectTheme.templates, publicDirectory: folder)
        let alias = try #require(theme.assets.first { $0.path == "alias.css" })
        let original = try #require(theme.assets.first { $0.path == "assets/site.css" })
        #expect(alias.content == original.content)
    }

    @Test func aLinkOutOfPublicIsAnError() throws {
        let folder = try publicCopy()
        let outside = try SharedFixtures.temporaryDirectory().appendingPathComponent("secret.txt")
        try Data("secret".utf8).write(to: outside)
        try FileManager.default.createSymbolicLink(at: folder.appendingPathComponent("leak.txt"), withDestinationURL: outside)
        #expect {
            try Theme(templatesDirectory: ProjectTheme.templates, publicDirectory: folder)
        } throws: { error in
            String(describing: error).contains("leak.txt") && String(describing: error).contains("outside")
        }
    }

    @Test func hiddenFilesAndLinkedFoldersAreNotPublished() throws {
        let folder = try publicCopy()
        try Data("swap".utf8).write(to: folder.appendingPathComponent(".site.css.swp"))
        try FileManager.default.createDirectory(at: folder.appendingPathComponent(".cache"), withIntermediateDirectories: false)
        try Data("cached".utf8).write(to: folder.appendingPathComponent(".cache/page.html"))
        try FileManager.default.createSymbolicLink(
            at: folder.appendingPathComponent("mirror"), withDestinationURL: folder.appendingPathComponent("assets"))
        let theme = try Theme(templatesDirectory: ProjectTheme.templates, publicDirectory: folder)
        #expect(theme.assets.contains { $0.path == "assets/site.css" })
        #expect(!theme.assets.contains { $0.path.hasPrefix(".") || $0.path.hasPrefix("mirror") })
    }

    @Test func linksToSharedFilesAreFoundWithTheirPositions() {
        let references = AssetReference.scan(
            templates: ["page": "<link href=\"{{site.root}}assets/a.css\">\n  <img src='{{site.root}}b.svg#x'> {{site.root}}"],
            folder: "T")
        #expect(references.map { "\($0.origin) \($0.path)" } == ["T/page.mustache:1:13 assets/a.css", "T/page.mustache:2:13 b.svg"])
    }
}
