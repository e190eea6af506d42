import Foundation
import Mustache
import Primitives
import SiteOutput
import Synchronization
import WikiModel

/// What the site needs to be installed and read offline, made from the files the build emitted: a web app
/// manifest per language, the list each language is saved for offline from (`offline/files.json`: every page
/// with its size and content hash, every picture with its size), and the service worker (`sw.js`, always at
/// the site root: an installed worker looks for its successor there). The worker names what it stores by
/// content hash, so a rebuild that changes nothing gives a byte-identical `sw.js`.
struct PocketFiles: Sendable {
    /// The size and content hash of every page and search index as it is emitted, and the size of every picture.
    final class Ledger: Sendable {
        struct Entry: Sendable {
            let size: Int
            /// Nil for pictures: most are linked from the cache, not read (a rebuild that changes one changes its size).
            let hash: String?
        }

        /// A copied file's size is looked up only when asked: the offline lists ask for the avatars' originals, never
        /// for their ~3,300 smaller copies, whose `stat` every build paid for nothing.
        enum Noted: Sendable {
            case entry(Entry)
            case copy(source: String)
        }

        private let entries = Mutex<[String: Noted]>([:])
        /// What the last build of `serve` noted, for the files a publish that carries the last site leaves as they are.
        private let carried: [String: Noted]
        /// The pages of makers that did not run, as the last build recorded them: not noted one by one (see `keep`).
        private let kept: [String: PageRecords.Page]

        /// A ledger that answers for the files this build does not note as `carried` (the last build's notes, see
        /// `notes`) does, and for `earlier`'s pages: a caller asks only for paths the build emitted or kept (see
        /// `PageReuse.skip`).
        init(earlier: PageRecords? = nil, carried: [String: Noted] = [:]) {
            kept = earlier?.pages ?? [:]
            self.carried = carried
        }

        /// Every file's note, this build's over the carried ones, for the next build to carry.
        var notes: [String: Noted] {
            carried.merging(entries.withLock { $0 }) { _, noted in noted }
        }

        /// The paths this build noted.
        var notedPaths: [String] { entries.withLock { Array($0.keys) } }

        func note(_ file: SiteFile) {
            let noted = Self.noted(file)
            entries.withLock { $0[file.path] = noted }
        }

        /// `note` for many files under one lock.
        func note(_ files: [SiteFile]) {
            let noted = files.map(Self.noted)
            entries.withLock { entries in
                for (file, noted) in zip(files, noted) { entries[file.path] = noted }
            }
        }

        private static func noted(_ file: SiteFile) -> Noted {
            switch file.content {
            case .bytes(let bytes) where file.path.hasSuffix(".html") || file.path.hasSuffix(".json"):
                .entry(Entry(size: bytes.count, hash: PocketFiles.contentHash(bytes)))
            case .bytes(let bytes):
                // A picture made in memory (an avatar's smaller copy, say) is tracked by size like a linked one.
                .entry(Entry(size: bytes.count, hash: nil))
            case .copy(let source):
                .copy(source: source)
            }
        }

        /// Files left as published, whose sizes and hashes the last build noted.
        func note(_ kept: [(path: String, entry: Entry)]) {
            entries.withLock { entries in
                for (path, entry) in kept { entries[path] = .entry(entry) }
            }
        }

        subscript(path: String) -> Entry? { self[[path]][0] }

        /// The entries of `paths`, in their order, under one lock: the offline lists ask for every page of a language.
        /// A copied file's size, once looked up, is kept: each language's list asks for the same pictures.
        subscript(paths: [String]) -> [Entry?] {
            entries.withLock { noted in
                paths.map { path in
                    switch noted[path] ?? carried[path] {
                    case .entry(let entry):
                        return entry
                    case .copy(let source):
                        let entry = Entry(size: Int(FileStamp(path: source)?.size ?? 0), hash: nil)
                        noted[path] = .entry(entry)
                        return entry
                    case nil:
                        return kept[path].map { Entry(size: $0.size, hash: $0.hash) }
                    }
                }
            }
        }
    }

    /// One language's part of the site: where it lives and the paths it emitted.
    struct Language: Sendable {
        let code: String
        let prefix: String
        let configuration: SiteConfiguration
        let renderer: PageRenderer
        let paths: [String]
    }

    /// A content hash for change detection (not security): every page of the site goes through it (about 36 MB
    /// for the real data), so eight bytes a step.
    static func contentHash(_ bytes: [UInt8]) -> String {
        var digest = FNV1a()
        digest.addWords(bytes)
        return digest.hex
    }

    /// How many visited pages and pictures the worker keeps besides what was saved on purpose: about 4 MB
    /// of pages and 6 MB of pictures at the real data's sizes.
    static let visitedPageLimit = 200
    static let visitedPictureLimit = 300

    let theme: Theme
    let configuration: SiteConfiguration

    /// The files, and each language's offline list for the next build of `serve` to patch (`kept`: the last build's, by
    /// language code).
    func files(
        languages: [Language], pictures: [String], ledger: Ledger, kept: [String: OfflineList] = [:]
    ) throws -> (files: [SiteFile], lists: [String: OfflineList]) {
        var files: [SiteFile] = []
        // Each file with its language's code ("" for the shared files): the worker stores a language's files once
        // a page of it is read.
        var precache: [(path: String, hash: String, language: String)] = theme.assets.map { asset in
            if case .bytes(let bytes) = asset.content { (asset.path, Self.contentHash(bytes), "") } else { (asset.path, "", "") }
        }
        var languageEntries: [[UInt8]] = []
        // Each language's list on a core of its own: some 4,000 entries each.
        let lists: [OfflineList] = configuration.serviceWorker ? ConcurrentWork.map(languages.count) { index in
            OfflineList(languages[index], pictures: pictures, ledger: ledger, last: kept[languages[index].code])
        } : []
        for (index, language) in languages.enumerated() {
            let manifest = try manifest(language)
            files.append(SiteFile(path: language.prefix + "manifest.webmanifest", bytes: manifest))
            precache.append((language.prefix + "manifest.webmanifest", Self.contentHash(manifest), language.code))
            guard configuration.serviceWorker else { continue }
            let list = lists[index].bytes
            let listPath = language.prefix + SiteModel.offlineFilesPath
            files.append(SiteFile(path: listPath, bytes: list))
            precache.append((listPath, Self.contentHash(list), language.code))
            precache += readingFiles(language, ledger: ledger)
            languageEntries.append(Self.workerEntry(language, listPath: listPath))
        }
        precache.sort { $0.path < $1.path }
        var version = FNV1a()
        var config: [UInt8] = Array("{\"root\":".utf8)
        JSONText.appendString(configuration.rootPath, to: &config)
        config += Array(",\"precache\":[".utf8)
        for (position, item) in precache.enumerated() {
            version.add(item.path.utf8)
            version.add(item.hash.utf8)
            if position > 0 { config += Array(",".utf8) }
            config += Array("[".utf8)
            JSONText.appendString(item.path, to: &config)
            config += Array(",".utf8)
            JSONText.appendString(item.hash, to: &config)
            config += Array(",".utf8)
            JSONText.appendString(item.language, to: &config)
            config += Array("]".utf8)
        }
        config += Array("],\"languages\":[".utf8)
        config += Array(languageEntries.joined(separator: Array(",".utf8)))
        config += Array("],\"avatars\":{\"folder\":".utf8)
        JSONText.appendString(SiteModel.avatarFolder, to: &config)
        config += Array(",\"original\":".utf8)
        JSONText.appendString(SiteModel.avatarName, to: &config)
        config += Array(",\"copy\":".utf8)
        JSONText.appendString(SiteModel.avatarCopyName, to: &config)
        config += Array(",\"extensions\":[".utf8)
        config += Array(AvatarCopyMaker.sourceExtensions.map { extensionName in
            var text: [UInt8] = []
            JSONText.appendString(extensionName, to: &text)
            return text
        }.joined(separator: Array(",".utf8)))
        config += Array("]},\"visitedPages\":\(Self.visitedPageLimit),\"visitedPictures\":\(Self.visitedPictureLimit),\"version\":".utf8)
        JSONText.appendString(version.hex, to: &config)
        config += Array("}".utf8)
        let made = Dictionary(zip(languages.map(\.code), lists)) { first, _ in first }
        guard let renderer = languages.first?.renderer else { return (files, made) }
        let worker = try renderer.render(template: "sw", values: [
            "worker": .object([
                "enabled": .bool(configuration.serviceWorker),
                "config": .string(String(decoding: config, as: UTF8.self)),
            ]),
        ])
        files.append(SiteFile(path: "sw.js", bytes: worker))
        return (files, made)
    }

    /// The worker's entry for a language: `{"code":"fr","prefix":"fr/","offline":"fr/offline/","files":"fr/offline/files.json"}`.
    private static func workerEntry(_ language: Language, listPath: String) -> [UInt8] {
        var entry: [UInt8] = []
        func string(_ text: String) { JSONText.appendString(text, to: &entry) }
        entry += Array("{\"code\":".utf8)
        string(language.code)
        entry += Array(",\"prefix\":".utf8)
        string(language.prefix)
        entry += Array(",\"offline\":".utf8)
        string(language.prefix + Route.offline.relativeURL)
        entry += Array(",\"files\":".utf8)
        string(listPath)
        entry += Array("}".utf8)
        return entry
    }

    /// What the worker stores for a language once one of its pages is read: its offline, home, search and "Your
    /// wiki" pages (a reader offline can always start somewhere, search and see their favourites), its search
    /// index (which also names the favourites and orders the episodes) and its recent changes (the welcome back).
    private func readingFiles(_ language: Language, ledger: Ledger) -> [(path: String, hash: String, language: String)] {
        let pages = [Route.offline, .home, .search, .yours].map { route in
            (language.prefix + route.relativeURL, ledger[language.prefix + route.filePath]?.hash ?? "", language.code)
        }
        let files = ["search/index.json", SiteModel.recentChangesPath].compactMap { path in
            ledger[language.prefix + path].map { (language.prefix + path, $0.hash ?? "", language.code) }
        }
        return pages + files
    }

    /// A language's offline list, `{"pages":[["characters/1/",12345,"hash"],…],"pictures":[["images/characters/1.jpeg",
    /// 23456],…]}` (paths relative to the site root, in the order the build emitted them), with a line per file: a build
    /// of `serve` that lists the same files makes again only the lines of those it noted (the pages it rendered), not
    /// every line (some 22,000 lookups a language at ten times the data).
    struct OfflineList: Sendable {
        let pages: [String]
        let pictures: [String]
        /// Each file's line, pages then pictures; empty for a file the ledger has no entry for (left out).
        private var lines: [[UInt8]]
        /// Where each file's line is: found by the first build that patches the list (a build of its own never does).
        private var places: [String: Int] = [:]
        private(set) var bytes: [UInt8] = []

        init(_ language: Language, pictures: [String], ledger: Ledger, last: OfflineList?) {
            let pages = language.paths.filter { $0.hasSuffix("index.html") }
            if let last, last.pages == pages, last.pictures == pictures {
                self = last
                if places.isEmpty { places = Dictionary(zip(pages + pictures, lines.indices)) { first, _ in first } }
                let noted = ledger.notedPaths.compactMap { path in places[path].map { (path, $0) } }
                for ((path, place), entry) in zip(noted, ledger[noted.map(\.0)]) {
                    lines[place] = Self.line(path, entry: entry, isPage: place < pages.count)
                }
            } else {
                self.pages = pages
                self.pictures = pictures
                lines = zip(pages, ledger[pages]).map { Self.line($0, entry: $1, isPage: true) }
                    + zip(pictures, ledger[pictures]).map { Self.line($0, entry: $1, isPage: false) }
            }
            bytes = joined()
        }

        private static func line(_ path: String, entry: Ledger.Entry?, isPage: Bool) -> [UInt8] {
            guard let entry else { return [] }
            var line: [UInt8] = [UInt8(ascii: "[")]
            JSONText.appendString(isPage ? String(path.dropLast("index.html".count)) : path, to: &line)
            line.append(UInt8(ascii: ","))
            line.append(contentsOf: String(entry.size).utf8)
            if isPage {
                line.append(UInt8(ascii: ","))
                JSONText.appendString(entry.hash ?? "", to: &line)
            }
            line.append(UInt8(ascii: "]"))
            return line
        }

        private func joined() -> [UInt8] {
            var out: [UInt8] = []
            out.reserveCapacity(lines.reduce(32) { $0 + $1.count + 2 })
            out.append(contentsOf: "{\"pages\":[".utf8)
            for (part, range) in [(0, 0..<pages.count), (1, pages.count..<lines.count)] {
                if part == 1 { out.append(contentsOf: "],\"pictures\":[".utf8) }
                var first = true
                for line in lines[range] where !line.isEmpty {
                    out.append(contentsOf: (first ? "\n" : ",\n").utf8)
                    out.append(contentsOf: line)
                    first = false
                }
            }
            out.append(contentsOf: "]}\n".utf8)
            return out
        }
    }

    /// The web app manifest: the language's home as start URL, the whole site as scope (a reader may switch
    /// languages inside the app), the light scheme's colours (pages set the dark ones with `theme-color`).
    func manifest(_ language: Language) throws -> [UInt8] {
        let strings = try theme.strings { () throws -> (name: String, short: String, description: String, search: String, random: String) in
            let table = theme.languages.first { $0.code == language.code }?.strings
            return (
                try table?("site_name") ?? "", try table?("app_short_name") ?? "",
                try table?("app_description") ?? "", try table?("header_search") ?? "", try table?("random_character") ?? "")
        }
        let root = configuration.rootPath
        let icon = root + "assets/icons/"
        let manifest: [String: Any] = [
            "id": language.configuration.basePath,
            "name": strings.name,
            "short_name": strings.short,
            "description": strings.description,
            "lang": language.code,
            "dir": "ltr",
            "start_url": language.configuration.basePath,
            "scope": root,
            "display": "standalone",
            // A long press on the installed app's icon.
            "shortcuts": [
                ["name": strings.search, "url": language.configuration.link(Route.search.relativeURL)],
                ["name": strings.random, "url": language.configuration.link(Route.random.relativeURL)],
            ],
            "theme_color": "#ffffff",
            "background_color": "#f7f8f5",
            "icons": [
                ["src": icon + "icon-192.png", "sizes": "192x192", "type": "image/png", "purpose": "any"],
                ["src": icon + "icon-512.png", "sizes": "512x512", "type": "image/png", "purpose": "any"],
                ["src": icon + "icon-maskable-512.png", "sizes": "512x512", "type": "image/png", "purpose": "maskable"],
            ],
        ]
        let data = try JSONSerialization.data(
            withJSONObject: manifest, options: [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes])
        return Array(data) + [0x0A]
    }
}
