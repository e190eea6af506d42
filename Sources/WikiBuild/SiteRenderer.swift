import Foundation
import Mustache
import RickAndMortyAPI
import SiteOutput
import Synchronization
import WikiModel

/// Turns the dataset into every file of the site: the pages of every language, their search indexes and
/// feeds, one sitemap with each page's alternates, robots.txt, the theme's static files and the avatars
/// (shared by all languages). Each file goes to `emit` as soon as it is rendered and is not kept, so memory
/// grows with the data model, not with the site; nothing here touches the output folder itself.
struct SiteRenderer: Sendable {
    let theme: Theme
    let configuration: SiteConfiguration

    /// Returns the path of every file emitted.
    func render(
        dataset: Dataset, avatars: [Int: AvatarImage], copies: AvatarCopyMaker.Made = .init(),
        history: ChangeHistory = ChangeHistory(), content: ResolvedContent = .empty,
        emit publish: @escaping @Sendable (SiteFile) throws -> Void
    ) async throws -> [String] {
        // Every page's size and hash, for the service worker and the offline lists (`PocketFiles`).
        let ledger = PocketFiles.Ledger()
        let emit: @Sendable (SiteFile) throws -> Void = { file in
            ledger.note(file)
            try publish(file)
        }
        let languages = try theme.languages.map { language in
            try theme.strings {
                SiteLanguage(
                    code: language.code, name: try language.strings("language_name"),
                    configuration: configuration.localized(folder: language.folder),
                    notFound: NotFoundText(title: try language.strings("notfound_title"), home: try language.strings("notfound_home")))
            }
        }
        var paths: [String] = []
        func add(_ file: SiteFile) throws {
            paths.append(file.path)
            try emit(file)
        }
        let renderers = zip(theme.languages, languages).map { language, site in
            PageRenderer(
                templates: theme.templates, configuration: site.configuration, strings: language.strings,
                generator: "rmwiki \(WikiVersion.current)")
        }
        // Languages render side by side, so one language's page models are built while the other's pages go
        // through the templates; the parts are joined in language order, so the output is the same.
        let avatarExtensions = avatars.mapValues(\.fileExtension)
        let parts = try await withThrowingTaskGroup(of: (Int, RenderedPart).self) { group in
            for (index, (language, site)) in zip(theme.languages, languages).enumerated() {
                group.addTask {
                    (index, try await Self.render(
                        theme: theme, language: language, site: site, languages: languages, dataset: dataset,
                        avatarExtensions: avatarExtensions, avatarCopies: copies.copies, history: history,
                        content: content, renderer: renderers[index], emit: emit))
                }
            }
            // The avatars (shared by all languages) are linked meanwhile.
            group.addTask {
                var part = RenderedPart()
                for (id, avatar) in avatars.sorted(by: { $0.key < $1.key }) where dataset.character(id) != nil {
                    let path = SiteModel.avatarPath(characterID: id, fileExtension: avatar.fileExtension)
                    switch avatar.source {
                    case .file(let source): try emit(SiteFile(path: path, content: .copy(sourcePath: source)))
                    case .bytes(let bytes): try emit(SiteFile(path: path, bytes: bytes))
                    }
                    part.paths.append(path)
                }
                for file in copies.files {
                    try emit(file)
                    part.paths.append(file.path)
                }
                // The content folder's pictures, shared by every language like the avatars.
                for (path, source) in content.images.sorted(by: { $0.key < $1.key }) {
                    let file = SiteFile(path: SiteContent.imagePath(path), content: .copy(sourcePath: source))
                    try emit(file)
                    part.paths.append(file.path)
                }
                return (languages.count, part)
            }
            var parts = [RenderedPart?](repeating: nil, count: languages.count + 1)
            for try await (index, part) in group { parts[index] = part }
            return parts.compactMap { $0 }
        }
        var sitemap: [MustacheValue] = []
        for part in parts {
            paths += part.paths
            sitemap += part.sitemap
        }
        let rootRenderer = renderers.first
        if let renderer = rootRenderer {
            try add(SiteFile(path: "sitemap.xml", bytes: try renderer.render(template: "sitemap", values: ["urls": .array(sitemap)])))
            // The Sitemap line must be an absolute URL: without a host in --base-url there is none to give.
            let sitemapURL = configuration.origin.map { _ in MustacheValue.string(configuration.absoluteSharedLink("sitemap.xml")) }
            try add(SiteFile(path: "robots.txt", bytes: try renderer.render(
                template: "robots", values: ["sitemapURL": sitemapURL ?? .null])))
        }
        for asset in theme.assets { try add(asset) }
        let pocket = PocketFiles(theme: theme, configuration: configuration)
        let pocketLanguages = zip(zip(theme.languages, languages), zip(renderers, parts)).map { pair, rendering in
            PocketFiles.Language(
                code: pair.0.code, prefix: pair.0.folder.isEmpty ? "" : pair.0.folder + "/",
                configuration: pair.1.configuration, renderer: rendering.0, paths: rendering.1.paths)
        }
        // "Save for offline" stores the originals only: offline, the worker answers for a smaller copy with its
        // original (twice the files made Chromium's stored lookups too slow, and the copies add a quarter).
        let copyPaths = Set(copies.files.map(\.path))
        let pictures = (parts.last?.paths ?? []).filter { !copyPaths.contains($0) }
        for file in try pocket.files(languages: pocketLanguages, pictures: pictures, ledger: ledger) {
            try add(file)
        }
        return paths
    }

    /// What a part of the site (a language, one maker's pages, or the pictures every language shares) adds besides
    /// its files: their paths, and its sitemap entries in page order.
    struct RenderedPart: Sendable {
        var paths: [String] = []
        var sitemap: [MustacheValue] = []
    }

    /// One language's pages, search index and feed. Page models are built as they are rendered and dropped
    /// once written, so the models of every page are never held together.
    static func render(
        theme: Theme, language: ThemeLanguage, site: SiteLanguage, languages: [SiteLanguage], dataset: Dataset,
        avatarExtensions: [Int: String], avatarCopies: [Int: [AvatarCopy]], history: ChangeHistory,
        content: ResolvedContent = .empty, renderer: PageRenderer,
        emit: @escaping @Sendable (SiteFile) throws -> Void
    ) async throws -> RenderedPart {
        let model = try theme.strings {
            try SiteModel(
                dataset: dataset, avatarExtensions: avatarExtensions, avatarCopies: avatarCopies,
                configuration: site.configuration,
                strings: language.strings, history: history, languages: languages, content: content,
                pageIDs: theme.pageIDs)
        }
        let prefix = language.folder.isEmpty ? "" : language.folder + "/"
        var part = try await renderPages(
            PageKind.allCases.flatMap(model.pageMakers(of:)), theme: theme, prefix: prefix, renderer: renderer, emit: emit
        ) { page in
            .object([
                "loc": .string(site.configuration.absoluteLink(page.route.relativeURL)),
                "alternates": .array(languages.count > 1 ? page.languages.map(\.mustacheValue) : []),
            ])
        }
        for file in [
            SiteFile(path: prefix + "search/index.json", bytes: SearchIndexJSON.encode(model.searchIndex())),
            SiteFile(path: prefix + "feed.xml", bytes: try renderer.render(
                template: "feed", values: ["feed": try MustacheValue(encoding: try theme.strings { try model.feed() })])),
        ] {
            part.paths.append(file.path)
            try emit(file)
        }
        return part
    }

    /// Makers are independent, so they run in parallel: one task per core, each taking the next maker, building
    /// its pages and handing each on as soon as it is rendered. Returns the pages' paths and sitemap entries
    /// (the 404 page has none) in maker order, so the output does not depend on which task took what.
    static func renderPages(
        _ makers: [PageMaker], theme: Theme, prefix: String, renderer: PageRenderer,
        emit: @escaping @Sendable (SiteFile) throws -> Void, sitemapEntry: @escaping @Sendable (SitePage) -> MustacheValue
    ) async throws -> RenderedPart {
        let queue = WorkQueue(count: makers.count)
        let workers = max(1, min(ProcessInfo.processInfo.activeProcessorCount, makers.count))
        let done = try await withThrowingTaskGroup(of: [(Int, RenderedPart)].self) { group in
            for _ in 0..<workers {
                group.addTask {
                    var done: [(Int, RenderedPart)] = []
                    while let index = queue.next() {
                        try Task.checkCancellation()
                        var part = RenderedPart()
                        for page in try theme.strings({ try makers[index]() }) {
                            let path = prefix + page.route.filePath
                            let bytes = try renderer.render(page)
                            try theme.checkNotBlank(bytes, path: path, template: page.template)
                            try emit(SiteFile(path: path, bytes: bytes))
                            part.paths.append(path)
                            if ![Route.notFound, .offline, .random].contains(page.route) { part.sitemap.append(sitemapEntry(page)) }
                        }
                        done.append((index, part))
                    }
                    return done
                }
            }
            var done: [(Int, RenderedPart)] = []
            for try await finished in group { done += finished }
            return done
        }
        var part = RenderedPart()
        for (_, finished) in done.sorted(by: { $0.0 < $1.0 }) {
            part.paths += finished.paths
            part.sitemap += finished.sitemap
        }
        return part
    }
}

/// Hands out the indexes 0..<count, each once, to whichever task asks first.
private final class WorkQueue: Sendable {
    private let count: Int
    private let taken = Atomic<Int>(0)

    init(count: Int) { self.count = count }

    func next() -> Int? {
        let index = taken.wrappingAdd(1, ordering: .relaxed).oldValue
        return index < count ? index : nil
    }
}
