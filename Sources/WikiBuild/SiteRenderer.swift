import Foundation
import Mustache
import RickAndMortyAPI
import SiteOutput
import WikiModel

/// Turns the dataset into every file of the site: the pages of every language, their search indexes and
/// feeds, one sitemap with each page's alternates, robots.txt, the theme's static files and the avatars
/// (shared by all languages). Each file goes to `emit` as soon as it is rendered and is not kept, so memory
/// grows with the data model, not with the site; nothing here touches the output folder itself.
package struct SiteRenderer: Sendable {
    package let theme: Theme
    package let configuration: SiteConfiguration

    package init(theme: Theme, configuration: SiteConfiguration) {
        self.theme = theme
        self.configuration = configuration
    }

    /// Returns the path of every file emitted.
    package func render(
        dataset: Dataset, avatars: [Int: AvatarImage], history: ChangeHistory = ChangeHistory(),
        emit: @escaping @Sendable (SiteFile) throws -> Void
    ) async throws -> [String] {
        let languages = try theme.languages.map { language in
            SiteLanguage(
                code: language.code, name: try Self.strings { try language.strings("language_name") },
                configuration: configuration.localized(folder: language.folder))
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
        let parts = try await withThrowingTaskGroup(of: (Int, LanguagePart).self) { group in
            for (index, (language, site)) in zip(theme.languages, languages).enumerated() {
                group.addTask {
                    (index, try await Self.render(
                        language: language, site: site, languages: languages, dataset: dataset,
                        avatarExtensions: avatarExtensions, history: history, renderer: renderers[index], emit: emit))
                }
            }
            // The avatars (shared by all languages) are linked meanwhile.
            group.addTask {
                var part = LanguagePart()
                for (id, avatar) in avatars.sorted(by: { $0.key < $1.key }) where dataset.character(id) != nil {
                    let path = SiteModel.avatarPath(characterID: id, fileExtension: avatar.fileExtension)
                    switch avatar.source {
                    case .file(let source): try emit(SiteFile(path: path, content: .copy(sourcePath: source)))
                    case .bytes(let bytes): try emit(SiteFile(path: path, bytes: bytes))
                    }
                    part.paths.append(path)
                }
                return (languages.count, part)
            }
            var parts = [LanguagePart?](repeating: nil, count: languages.count + 1)
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
        return paths
    }

    /// What one language adds to the site besides its files: their paths, and its sitemap entries in page order.
    struct LanguagePart: Sendable {
        var paths: [String] = []
        var sitemap: [MustacheValue] = []
    }

    /// One language's pages, search index and feed. Page models are made one kind at a time and dropped once
    /// rendered, so the models of every page are never held together.
    static func render(
        language: ThemeLanguage, site: SiteLanguage, languages: [SiteLanguage], dataset: Dataset,
        avatarExtensions: [Int: String], history: ChangeHistory, renderer: PageRenderer,
        emit: @escaping @Sendable (SiteFile) throws -> Void
    ) async throws -> LanguagePart {
        let model = try strings {
            try SiteModel(
                dataset: dataset, avatarExtensions: avatarExtensions, configuration: site.configuration,
                strings: language.strings, history: history, languages: languages)
        }
        let prefix = language.folder.isEmpty ? "" : language.folder + "/"
        var part = LanguagePart()
        for kind in PageKind.allCases {
            let pages = try strings { try model.pages(of: kind) }
            part.paths += try await renderPages(pages, prefix: prefix, renderer: renderer, emit: emit)
            for page in pages where page.route != .notFound {
                part.sitemap.append(.object([
                    "loc": .string(site.configuration.absoluteLink(page.route.relativeURL)),
                    "alternates": .array(languages.count > 1 ? page.languages.map(\.mustacheValue) : []),
                ]))
            }
        }
        for file in [
            SiteFile(path: prefix + "search/index.json", bytes: SearchIndexJSON.encode(model.searchIndex())),
            SiteFile(path: prefix + "feed.xml", bytes: try renderer.render(
                template: "feed", values: ["feed": try MustacheValue(encoding: try strings { try model.feed() })])),
        ] {
            part.paths.append(file.path)
            try emit(file)
        }
        return part
    }

    /// Runs model code, turning a missing string into the build error that names key and locale.
    static func strings<T>(_ work: () throws -> T) throws -> T {
        do {
            return try work()
        } catch let error as MissingStringError {
            throw WikiBuildError.missingString(error.description)
        }
    }

    /// Pages are independent, so they render in parallel: one task per core, each taking every n-th page and
    /// handing it on at once. Returns the pages' paths in page order.
    static func renderPages(
        _ pages: [SitePage], prefix: String, renderer: PageRenderer, emit: @escaping @Sendable (SiteFile) throws -> Void
    ) async throws -> [String] {
        let workers = max(1, min(ProcessInfo.processInfo.activeProcessorCount, pages.count))
        try await withThrowingTaskGroup(of: Void.self) { group in
            for worker in 0..<workers {
                group.addTask {
                    for index in stride(from: worker, to: pages.count, by: workers) {
                        try Task.checkCancellation()
                        let page = pages[index]
                        try emit(SiteFile(path: prefix + page.route.filePath, bytes: try renderer.render(page)))
                    }
                }
            }
            try await group.waitForAll()
        }
        return pages.map { prefix + $0.route.filePath }
    }
}
