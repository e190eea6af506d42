import Foundation
import Mustache
import RickAndMortyAPI
import SiteOutput
import WikiModel

/// Turns the dataset into every file of the site, in memory: the pages of every language, their search
/// indexes and feeds, one sitemap with each page's alternates, robots.txt, the theme's static files and the
/// avatars (shared by all languages). Nothing here touches the output folder.
package struct SiteRenderer: Sendable {
    package let theme: Theme
    package let configuration: SiteConfiguration

    package init(theme: Theme, configuration: SiteConfiguration) {
        self.theme = theme
        self.configuration = configuration
    }

    package func render(
        dataset: Dataset, avatars: [Int: AvatarImage], history: ChangeHistory = ChangeHistory()
    ) async throws -> [SiteFile] {
        let languages = try theme.languages.map { language in
            SiteLanguage(
                code: language.code, name: try Self.strings { try language.strings("language_name") },
                configuration: configuration.localized(folder: language.folder))
        }
        var files: [SiteFile] = []
        var sitemap: [MustacheValue] = []
        var rootRenderer: PageRenderer?
        for (language, site) in zip(theme.languages, languages) {
            let renderer = PageRenderer(
                templates: theme.templates, configuration: site.configuration, strings: language.strings,
                generator: "rmwiki \(WikiVersion.current)")
            rootRenderer = rootRenderer ?? renderer
            let (model, pages) = try Self.strings {
                let model = try SiteModel(
                    dataset: dataset, avatarExtensions: avatars.mapValues(\.fileExtension),
                    configuration: site.configuration, strings: language.strings, history: history, languages: languages)
                return (model, try model.pages())
            }
            let prefix = language.folder.isEmpty ? "" : language.folder + "/"
            for file in try await Self.renderPages(pages, renderer: renderer) {
                files.append(SiteFile(path: prefix + file.path, content: file.content))
            }
            files.append(SiteFile(
                path: prefix + "search/index.json", bytes: SearchIndexJSON.encode(model.searchIndex())))
            files.append(SiteFile(path: prefix + "feed.xml", bytes: try renderer.render(
                template: "feed", values: ["feed": try MustacheValue(encoding: try Self.strings { try model.feed() })])))
            for page in pages where page.route != .notFound {
                sitemap.append(.object([
                    "loc": .string(site.configuration.absoluteLink(page.route.relativeURL)),
                    "alternates": languages.count > 1 ? try MustacheValue(encoding: page.languages) : .array([]),
                ]))
            }
        }
        if let renderer = rootRenderer {
            files.append(SiteFile(path: "sitemap.xml", bytes: try renderer.render(template: "sitemap", values: ["urls": .array(sitemap)])))
            // The Sitemap line must be an absolute URL: without a host in --base-url there is none to give.
            let sitemapURL = configuration.origin.map { _ in MustacheValue.string(configuration.absoluteSharedLink("sitemap.xml")) }
            files.append(SiteFile(path: "robots.txt", bytes: try renderer.render(
                template: "robots", values: ["sitemapURL": sitemapURL ?? .null])))
        }
        files += theme.assets
        for (id, avatar) in avatars.sorted(by: { $0.key < $1.key }) where dataset.character(id) != nil {
            let path = SiteModel.avatarPath(characterID: id, fileExtension: avatar.fileExtension)
            switch avatar.source {
            case .file(let source): files.append(SiteFile(path: path, content: .copy(sourcePath: source)))
            case .bytes(let bytes): files.append(SiteFile(path: path, bytes: bytes))
            }
        }
        return files
    }

    /// Runs model code, turning a missing string into the build error that names key and locale.
    static func strings<T>(_ work: () throws -> T) throws -> T {
        do {
            return try work()
        } catch let error as MissingStringError {
            throw WikiBuildError.missingString(error.description)
        }
    }

    /// Pages are independent, so they render in parallel: one task per core, each taking every n-th page.
    static func renderPages(
        _ pages: [SitePage], renderer: PageRenderer
    ) async throws -> [SiteFile] {
        let workers = max(1, min(ProcessInfo.processInfo.activeProcessorCount, pages.count))
        return try await withThrowingTaskGroup(of: [(Int, SiteFile)].self) { group in
            for worker in 0..<workers {
                group.addTask {
                    var rendered: [(Int, SiteFile)] = []
                    for index in stride(from: worker, to: pages.count, by: workers) {
                        try Task.checkCancellation()
                        let page = pages[index]
                        let bytes = try renderer.render(page)
                        rendered.append((index, SiteFile(path: page.route.filePath, bytes: bytes)))
                    }
                    return rendered
                }
            }
            var all: [(Int, SiteFile)] = []
            for try await part in group { all += part }
            return all.sorted { $0.0 < $1.0 }.map(\.1)
        }
    }
}
