import Foundation
import Mustache
import Primitives
import SiteOutput
import WikiModel

/// Everything that decides how the site looks, read from the project's folders once per build:
/// the templates (parsed up front, so a broken one fails before anything is written), the string
/// tables beside them, and the static files of `Public/`.
package struct Theme: Sendable {
    let templates: TemplateLibrary
    /// The configured languages, the root one first; every table has exactly the same keys.
    package let languages: [ThemeLanguage]
    /// `Public/` as site files. Read as bytes rather than linked: people edit these in place.
    package let assets: [SiteFile]
    /// Every byte of the templates folder (string tables included) and of `Public/`.
    let fingerprint: InputFingerprint
    /// The shared files the templates link to, checked against the site once it is rendered.
    let assetReferences: [AssetReference]
    let publicDirectory: String
    let templatesDirectory: String
    /// Every literal `id="…"` the templates write: a heading of an article may not take one (`MarkdownOptions`).
    let pageIDs: Set<String>
    /// The templates whose whole text is whitespace: the first suspects when a page renders empty.
    let blankTemplates: [String]

    /// The values of `id="…"` attributes holding no tag: ids a template computes (`group-{{id}}`) are its own to
    /// keep apart.
    static func literalIDs(in sources: some Sequence<[UInt8]>) -> Set<String> {
        var ids: Set<String> = []
        let marker = Array(#" id=""#.utf8)
        for text in sources {
            let starts = text.occurrences(of: marker)
            // Each value runs to its closing quote, within the text up to the next ` id="`.
            for (index, start) in starts.enumerated() {
                let part = text[(start + marker.count)..<(index + 1 < starts.count ? starts[index + 1] : text.endIndex)]
                guard let end = part.firstIndex(of: UInt8(ascii: "\"")) else { continue }
                let id = part[..<end]
                if !id.isEmpty, !id.contains(UInt8(ascii: "{")) { ids.insert(String(decoding: id, as: UTF8.self)) }
            }
        }
        return ids
    }

    package init(templatesDirectory: URL, publicDirectory: URL) throws {
        let fileManager = FileManager.default
        for (kind, folder) in [("templates", templatesDirectory), ("Public", publicDirectory)] {
            var isDirectory: ObjCBool = false
            guard fileManager.fileExists(atPath: folder.path, isDirectory: &isDirectory), isDirectory.boolValue else {
                throw WikiBuildError.missingFolder(kind: kind, path: folder.path)
            }
        }
        // The templates folder is read once: templates, string tables and the fingerprint all come from these bytes.
        var theme: [String: [UInt8]] = [:]
        for file in try Self.loadAssets(templatesDirectory) {
            if case .bytes(let bytes) = file.content { theme[file.path] = bytes }
        }
        // Scanned as bytes: as strings, the scans for links and ids were half of loading the theme.
        var sources: [String: [UInt8]] = [:]
        for (path, bytes) in theme where path.hasSuffix(".mustache") {
            sources[String(path.dropLast(".mustache".count))] = bytes
        }
        assetReferences = AssetReference.scan(templates: sources, folder: templatesDirectory.path)
        pageIDs = Self.literalIDs(in: sources.values)
        self.templatesDirectory = templatesDirectory.path
        blankTemplates = sources.filter { Self.isBlank($0.value) }.keys.sorted()
        self.publicDirectory = publicDirectory.path
        do {
            templates = try TemplateLibrary(sources: sources, strict: true)
        } catch let error as MustacheError {
            throw WikiBuildError.template(error.description)
        }
        func table(_ name: String) throws -> (bytes: [UInt8], path: String) {
            let path = templatesDirectory.appendingPathComponent("locales/" + name).path
            guard let bytes = theme["locales/" + name] else {
                throw WikiBuildError.unreadableFile(path: path, reason: "no such file")
            }
            return (bytes, path)
        }
        let configuration = try LocaleConfiguration.parse(try table("locales.json"))
        languages = try configuration.locales.map { entry in
            let file = try table("\(entry.code).json")
            return ThemeLanguage(strings: try Self.parseStrings(file, locale: entry.code), folder: entry.folder, tablePath: file.path)
        }
        try Self.checkSameKeys(languages)
        assets = try Self.loadAssets(publicDirectory)
        var fingerprint = InputFingerprint()
        for (path, bytes) in theme.sorted(by: { $0.key < $1.key }) {
            fingerprint.add(path)
            fingerprint.add(bytes)
        }
        for file in assets {
            fingerprint.add(file.path)
            if case .bytes(let bytes) = file.content { fingerprint.add(bytes) }
        }
        self.fingerprint = fingerprint
    }

    /// A key in one table and not in another is a build error naming both, so no page shows a hole. Every such key
    /// of every table is in the one error.
    static func checkSameKeys(_ languages: [ThemeLanguage]) throws {
        guard let reference = languages.first else { return }
        var gaps: [WikiBuildError.StringGap] = []
        for language in languages.dropFirst() {
            let missing = Set(reference.strings.entries.keys).subtracting(language.strings.entries.keys).sorted()
            if !missing.isEmpty {
                gaps.append(.init(keys: missing, locale: language.code, table: language.tablePath, presentIn: reference.code))
            }
            let extra = Set(language.strings.entries.keys).subtracting(reference.strings.entries.keys).sorted()
            if !extra.isEmpty {
                gaps.append(.init(keys: extra, locale: reference.code, table: reference.tablePath, presentIn: language.code))
            }
        }
        if !gaps.isEmpty { throw WikiBuildError.missingStrings(gaps) }
    }

    /// A page whose text is only whitespace is an error, never a published blank page (an emptied
    /// `layout.mustache` would otherwise blank the whole site). Names the page, its template and the blank ones.
    func checkNotBlank(_ bytes: [UInt8], path: String, template: String) throws {
        guard Self.isBlank(bytes) else { return }
        throw WikiBuildError.emptyPage(
            path: path, template: templatesDirectory + "/" + template + ".mustache",
            blankTemplates: blankTemplates.map { templatesDirectory + "/" + $0 + ".mustache" })
    }

    /// Spaces, tabs and line breaks alone: what shows as an empty page.
    static func isBlank(_ bytes: [UInt8]) -> Bool {
        bytes.allSatisfy { $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }
    }

    /// Runs model code, turning a missing string into the build error that names the key, the locale and
    /// the table file it belongs in (wherever `--templates` put it).
    func strings<T>(_ work: () throws -> T) throws -> T {
        do {
            return try work()
        } catch let error as MissingStringError {
            let table = languages.first { $0.code == error.locale }?.tablePath
            throw WikiBuildError.missingString(key: error.key, locale: error.locale, table: table, presentIn: nil)
        }
    }

    static func parseStrings(_ file: (bytes: [UInt8], path: String), locale: String) throws -> StringTable {
        let object: Any
        do {
            object = try JSONSerialization.jsonObject(with: Data(file.bytes))
        } catch {
            throw WikiBuildError.badStringTable(path: file.path, reason: "invalid JSON")
        }
        guard let table = object as? [String: Any] else {
            throw WikiBuildError.badStringTable(path: file.path, reason: "the top level is not an object")
        }
        var entries: [String: String] = [:]
        for (key, value) in table {
            guard let text = value as? String else {
                throw WikiBuildError.badStringTable(path: file.path, reason: "the value of '\(key)' is not a string")
            }
            entries[key] = text
        }
        return StringTable(locale: locale, entries: entries)
    }

    /// Every file under `folder` (hidden ones aside) as bytes, sorted by path. A symbolic link is published
    /// under its own name with its target's bytes when the target is a file inside the folder; one that
    /// points outside is an error, so a theme can never publish files from elsewhere on the machine.
    static func loadAssets(_ folder: URL) throws -> [SiteFile] {
        let root = folder.standardizedFileURL.resolvingSymlinksInPath()
        var files: [SiteFile] = []
        let prefix = root.path.hasSuffix("/") ? root.path : root.path + "/"
        for entry in FolderWalk.entries(under: root.path, skippingHidden: true) {
            let path = prefix + entry.path
            let target = URL(fileURLWithPath: path).resolvingSymlinksInPath()
            if entry.kind == .symlink {
                guard target.path.hasPrefix(prefix) else {
                    throw WikiBuildError.unreadableFile(
                        path: path, reason: "it links to \(target.path), outside \(folder.path); copy the file in instead")
                }
                guard (try? target.resourceValues(forKeys: [.isRegularFileKey]))?.isRegularFile == true else { continue }
            } else if entry.kind != .file {
                continue
            }
            do {
                files.append(SiteFile(path: entry.path, bytes: Array(try Data(contentsOf: target))))
            } catch {
                throw WikiBuildError.unreadableFile(path: path, reason: error.localizedDescription)
            }
        }
        return files.sorted { $0.path < $1.path }
    }
}

/// A language the theme is configured for: its string table and the folder its pages go in
/// (empty for the first language, which lives at the site's root).
package struct ThemeLanguage: Sendable {
    package let strings: StringTable
    let folder: String
    /// The table's file, for messages that ask the user to edit it.
    let tablePath: String

    var code: String { strings.locale }
}

/// The version `rmwiki --version` prints and pages name in their generator meta tag.
package enum WikiVersion {
    package static let current = "0.1.0"
}
