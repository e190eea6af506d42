import Foundation
import Mustache
import RickAndMortyAPI
import SiteOutput
import WikiModel

/// Turns the dataset into every file of the site, in memory: pages, search index, sitemap, robots.txt,
/// the theme's static files and the avatars. Nothing here touches the output folder.
public struct SiteRenderer: Sendable {
    public let theme: Theme
    public let configuration: SiteConfiguration

    public init(theme: Theme, configuration: SiteConfiguration) {
        self.theme = theme
        self.configuration = configuration
    }

    public func render(
        dataset: Dataset, avatars: [Int: AvatarImage], history: ChangeHistory = ChangeHistory()
    ) async throws -> [SiteFile] {
        let renderer = PageRenderer(
            templates: theme.templates, configuration: configuration, strings: theme.strings,
            generator: "rmwiki \(WikiVersion.current)")
        let model: SiteModel
        let pages: [SitePage]
        do {
            model = try SiteModel(
                dataset: dataset, avatarExtensions: avatars.mapValues(\.fileExtension),
                configuration: configuration, strings: theme.strings, history: history)
            pages = try model.pages()
        } catch let error as MissingStringError {
            throw WikiBuildError.missingString(error.description)
        }
        let charts = try ChartDrawing(strings: theme.strings)
        let extras = try charts.extras(for: pages)
        var files = try await Self.renderPages(pages, renderer: renderer, extras: extras)

        files.append(SiteFile(path: "search/index.json", bytes: SearchIndexJSON.encode(try model.searchIndex())))
        let urls = pages.filter { $0.route != .notFound }.map { MustacheValue.string(configuration.absoluteLink($0.route.relativeURL)) }
        files.append(SiteFile(path: "sitemap.xml", bytes: try renderer.render(template: "sitemap", values: ["urls": .array(urls)])))
        files.append(SiteFile(path: "feed.xml", bytes: try renderer.render(
            template: "feed", values: ["feed": try MustacheValue(encoding: try model.feed())])))
        files.append(SiteFile(path: "robots.txt", bytes: try renderer.render(
            template: "robots", values: ["sitemapURL": .string(configuration.absoluteLink("sitemap.xml"))])))
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

    /// Pages are independent, so they render in parallel: one task per core, each taking every n-th page.
    static func renderPages(
        _ pages: [SitePage], renderer: PageRenderer, extras: [Route: [String: MustacheValue]]
    ) async throws -> [SiteFile] {
        let workers = max(1, min(ProcessInfo.processInfo.activeProcessorCount, pages.count))
        return try await withThrowingTaskGroup(of: [(Int, SiteFile)].self) { group in
            for worker in 0..<workers {
                group.addTask {
                    var rendered: [(Int, SiteFile)] = []
                    for index in stride(from: worker, to: pages.count, by: workers) {
                        try Task.checkCancellation()
                        let page = pages[index]
                        let bytes = try renderer.render(page, extras: extras[page.route] ?? [:])
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
