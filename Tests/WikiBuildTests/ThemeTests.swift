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
            templates: ["page": Array("<link href=\"{{site.root}}assets/a.css\">\né <img src='{{site.root}}b.svg#x'> {{site.root}}".utf8)],
            folder: "T")
        #expect(references.map { "\($0.origin) \($0.path)" } == ["T/page.mustache:1:13 assets/a.css", "T/page.mustache:2:13 b.svg"])
    }

    @Test func literalIDsAreTheValuesWrittenOutInTheTemplates() {
        let ids = Theme.literalIDs(in: [
            #"<h2 id="main">x</h2><p id="group-{{id}}"></p><a id=""></a><b id="é-1">"#,
            #"<i id="open id="closed">  <div id="last"#,
        ].map { Array($0.utf8) })
        #expect(ids == ["main", "é-1", "closed"], "a value runs to its quote, within the text up to the next id")
    }

    /// The browser suites check a page's accessibility fully in the light scheme and only its colours in the
    /// dark one (`axeFindings(coloursOnly:)`): that holds while the dark scheme sets colours and nothing that
    /// moves, shows or hides anything, and no script asks which scheme is on.
    @Test func theDarkSchemeChangesColoursOnly() throws {
        let colourProperties: Set = ["color", "background", "background-color", "border-color", "outline-color", "fill", "stroke", "box-shadow"]
        var stylesheets = 0
        for case let path as String in FileManager.default.enumerator(atPath: ProjectTheme.publicFolder.path) ?? .init()
        where path.hasSuffix(".css") || path.hasSuffix(".js") {
            let text = try String(contentsOf: ProjectTheme.publicFolder.appendingPathComponent(path), encoding: .utf8)
            if path.hasSuffix(".js") { #expect(!text.contains("prefers-color-scheme"), "\(path) reads the colour scheme") }
            guard path.hasSuffix(".css") else { continue }
            stylesheets += 1
            for block in Self.darkBlocks(of: text) {
                for declaration in block.split(separator: ";") {
                    let parts = declaration.split(separator: ":", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
                    guard let property = parts.first, !property.isEmpty else { continue }
                    // A custom property holds a colour (or a shadow in one) where the light scheme's holds one.
                    let value = parts.count > 1 ? parts[1] : ""
                    let isColour = ["#", "rgb(", "hsl("].contains { value.contains($0) }
                    #expect(colourProperties.contains(property) || (property.hasPrefix("--") && isColour),
                            "\(path): the dark scheme sets \(property): \(value), which is not a colour")
                }
            }
        }
        #expect(stylesheets > 0)
        #expect(Self.darkBlocks(of: "@media (prefers-color-scheme: dark) { a { color: red; } b { display: none } }")
            == [" color: red; ", " display: none "])
    }

    /// The declarations of each rule inside each `@media (prefers-color-scheme: dark)` block.
    static func darkBlocks(of css: String) -> [Substring] {
        var bodies: [Substring] = []
        var rest = css[...]
        while let start = rest.range(of: "@media (prefers-color-scheme: dark)") {
            rest = rest[start.upperBound...]
            guard let open = rest.firstIndex(of: "{") else { break }
            var depth = 0, index = open, bodyStart = open
            while index < rest.endIndex {
                switch rest[index] {
                case "{": depth += 1; bodyStart = rest.index(after: index)
                case "}":
                    if depth == 2 { bodies.append(rest[bodyStart..<index]) }
                    depth -= 1
                default: break
                }
                index = rest.index(after: index)
                if depth == 0 { break }
            }
            rest = rest[index...]
        }
        return bodies
    }
}
