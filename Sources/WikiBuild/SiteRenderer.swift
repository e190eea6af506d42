import Foundation
import Primitives
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

    /// What the site is made of.
    struct Input: Sendable {
        var dataset: Dataset
        var avatars: [Int: AvatarImage]
        var copies = AvatarCopyMaker.Made()
        var history = ChangeHistory()
        var content = ResolvedContent.empty
        /// Each language's model of the last build, by language code, when this build's records, pictures, base and
        /// content shape are that build's (only texts changed): kept, with the new texts. Empty: made anew.
        var models: [String: LanguageModel] = [:]
        /// The avatars and their copies are the ones the last build published, and the output is as it left it: they
        /// are kept as published, not compared one by one (two `stat`s each, some 4,150 files).
        var picturesPublished = false
        /// The sitemap and robots.txt a build of `serve` made, kept with what they were made of (see `SiteWide`).
        var siteWide: SiteWide?
        /// Each language's A–Z order of the last build, by language code, to sort from (`SiteModel.alphabeticalHint`).
        var alphabeticalHints: [String: [Int]] = [:]
        /// Each language's offline list of the last build, when the publish carries that build's site: patched with the
        /// files this build notes (see `PocketFiles.OfflineList`).
        var offlineLists: [String: PocketFiles.OfflineList] = [:]
    }

    /// The sitemap and robots.txt, with their key: a digest of the theme, the site's address and each language's pages. A
    /// build that finds the same key takes the files: every page's entry is an object with its alternates, some 3,100 a
    /// build.
    struct SiteWide: Sendable {
        let key: String
        let files: [SiteFile]
    }

    /// A language's page model and its search index, which `serve` keeps between builds (`SiteBuild.Memory`).
    struct LanguageModel: Sendable {
        var model: SiteModel
        var searchIndex: [UInt8]
        /// `SiteModel.readDigests`.
        var readDigests: [String: String]
        /// The words of the data the language's table lacks (`UntranslatedWord.find`): the model's records and table.
        var untranslated: [UntranslatedWord]
        /// How its pages were laid out (nil when every maker ran to count the pages that show an untranslated word).
        var layout: PageLayout?
    }

    /// What was emitted: every file's path, and the data's words a language's table lacks with the number of that
    /// language's pages that show each.
    struct Rendered: Sendable {
        var paths: [String]
        /// Of those, the avatars and their copies, the avatars alone, and the files that are neither those nor pages.
        var pictures: [String]
        var originals: [String]
        var others: [String]
        var untranslated: [(language: String, word: UntranslatedWord, pages: Int)]
        /// Each language's model, by language code.
        var models: [String: LanguageModel]
        var siteWide: SiteWide?
        /// Each language's offline list, by language code.
        var offlineLists: [String: PocketFiles.OfflineList]
    }

    /// `reuse` says which makers need not run and which pages may stay as the last build published them (it notes
    /// their sizes and hashes in `ledger`); `ledger` notes every file's size and hash.
    func render(
        _ input: Input, reuse: PageReuse, ledger: PocketFiles.Ledger,
        emit publish: @escaping @Sendable (SiteFile) throws -> Void
    ) async throws -> Rendered {
        // Every page's size and hash, for the service worker and the offline lists (`PocketFiles`).
        let emit: @Sendable (SiteFile) throws -> Void = { file in
            ledger.note(file)
            try publish(file)
        }
        let languages = try siteLanguages()
        let renderers = zip(theme.languages, languages).map { language, site in
            PageRenderer(
                templates: theme.templates, configuration: site.configuration, strings: language.strings,
                generator: "rmwiki \(WikiVersion.current)")
        }
        let parts = try await renderParts(input, languages: languages, renderers: renderers, emit: emit, reuse: reuse)
        var paths = parts.flatMap(\.paths)
        var others = parts.flatMap(\.others)
        // The sitemap is made beside the offline lists, which need nothing of it.
        let (sitemap, firstRenderer) = (Array(zip(languages, parts.map(\.sitemap))), renderers.first)
        async let siteWide = siteWideFiles(
            sitemap: sitemap, languages: languages, renderer: firstRenderer, kept: input.siteWide, reuse: reuse)
        let pocket = PocketFiles(theme: theme, configuration: configuration)
        let pocketLanguages = zip(zip(theme.languages, languages), zip(renderers, parts)).map { pair, rendering in
            PocketFiles.Language(
                code: pair.0.code, prefix: pair.0.folder.isEmpty ? "" : pair.0.folder + "/",
                configuration: pair.1.configuration, renderer: rendering.0, paths: rendering.1.paths)
        }
        let (pocketFiles, offlineLists) = try pocket.files(
            languages: pocketLanguages, pictures: offlinePictures(parts.last), ledger: ledger, kept: input.offlineLists)
        let (madeSiteWide, keptSiteWide) = try await siteWide
        paths += keptSiteWide
        others += keptSiteWide
        for file in (madeSiteWide?.files ?? []) + theme.assets + pocketFiles {
            paths.append(file.path)
            others.append(file.path)
            try emit(file)
        }
        let untranslated = zip(theme.languages, parts).flatMap { language, part in
            part.untranslated.map { (language: language.code, word: $0.key, pages: $0.value) }
        }
        let models = zip(theme.languages, parts).compactMap { language, part in part.model.map { (language.code, $0) } }
        return Rendered(
            paths: paths, pictures: parts.last?.pictures ?? [], originals: parts.last?.originals ?? [], others: others,
            untranslated: untranslated, models: Dictionary(models) { first, _ in first }, siteWide: madeSiteWide,
            offlineLists: offlineLists)
    }

    /// Each language's name, folder and 404 texts, which every language's pages name.
    private func siteLanguages() throws -> [SiteLanguage] {
        try theme.languages.map { language in
            try theme.strings {
                try SiteLanguage(code: language.code, strings: language.strings, site: configuration, folder: language.folder)
            }
        }
    }

    /// Languages render side by side, so one language's page models are built while the other's pages go
    /// through the templates; the parts are joined in language order, then the shared pictures, so the output is
    /// the same whatever finished first.
    private func renderParts(
        _ input: Input, languages: [SiteLanguage], renderers: [PageRenderer],
        emit: @escaping @Sendable (SiteFile) throws -> Void, reuse: PageReuse
    ) async throws -> [RenderedPart] {
        let avatarExtensions = input.avatars.mapValues(\.fileExtension)
        let theme = theme
        return try await withThrowingTaskGroup(of: (Int, RenderedPart).self) { group in
            for (index, (language, site)) in zip(theme.languages, languages).enumerated() {
                group.addTask {
                    (index, try await Self.render(
                        theme: theme, language: language, site: site, languages: languages, dataset: input.dataset,
                        avatarExtensions: avatarExtensions, avatarCopies: input.copies.copies, history: input.history,
                        content: input.content, earlier: input.models[language.code],
                        alphabeticalHint: input.alphabeticalHints[language.code] ?? [], renderer: renderers[index], emit: emit,
                        reuse: reuse))
                }
            }
            group.addTask { (languages.count, try Self.sharedPictures(input, reuse: reuse, emit: emit)) }
            var parts = [RenderedPart?](repeating: nil, count: languages.count + 1)
            for try await (index, part) in group { parts[index] = part }
            return parts.compactMap { $0 }
        }
    }

    /// The avatars, their copies and the content folder's pictures, which every language shares.
    private static func sharedPictures(
        _ input: Input, reuse: PageReuse, emit: @Sendable (SiteFile) throws -> Void
    ) throws -> RenderedPart {
        // The content's pictures are compared always: a fan may replace one in place.
        let images = input.content.images.sorted(by: { $0.key < $1.key }).map { path, source in
            SiteFile(path: SiteContent.imagePath(path), content: .copy(sourcePath: source))
        }
        for file in images { try emit(file) }
        var part = RenderedPart(others: images.map(\.path))
        // Over the last build's records (its models kept), with its pictures published as they are: the last site's
        // avatars and copies, carried, not listed again (some 41,000 files at ten times the data).
        if input.picturesPublished, !input.models.isEmpty, let carried = reuse.carriedPictures {
            (part.pictures, part.originals) = (carried.pictures, carried.originals)
        } else {
            (part.pictures, part.originals) = try avatarFiles(input, reuse: reuse, emit: emit)
        }
        part.paths = part.pictures + part.others
        return part
    }

    /// The pictures the offline lists name, of the shared pictures' part: the avatars and the content's pictures, not the
    /// avatars' smaller copies. "Save for offline" stores the originals only: offline, the worker answers for a smaller
    /// copy with its original (twice the files made Chromium's stored lookups too slow, and the copies add a quarter).
    private func offlinePictures(_ pictures: RenderedPart?) -> [String] {
        (pictures?.originals ?? []) + (pictures?.others ?? [])
    }

    /// The avatars and their copies, emitted unless `reuse` keeps them as published; their paths, and the avatars'.
    private static func avatarFiles(
        _ input: Input, reuse: PageReuse, emit: @Sendable (SiteFile) throws -> Void
    ) throws -> (pictures: [String], originals: [String]) {
        var avatars: [SiteFile] = []
        for (id, avatar) in input.avatars.sorted(by: { $0.key < $1.key }) where input.dataset.character(id) != nil {
            let path = SiteModel.avatarPath(characterID: id, fileExtension: avatar.fileExtension)
            switch avatar.source {
            case .file(let source): avatars.append(SiteFile(path: path, content: .copy(sourcePath: source)))
            case .bytes(let bytes): avatars.append(SiteFile(path: path, bytes: bytes))
            }
        }
        let originals = avatars.map(\.path)
        avatars += input.copies.files
        if try !reuse.keep(pictures: avatars, published: input.picturesPublished) {
            for file in avatars { try emit(file) }
        }
        return (avatars.map(\.path), originals)
    }

    /// One sitemap for every language, with each page's alternates, and robots.txt pointing at it. `sitemap` holds each
    /// language's pages by their URL relative to its folder. Returns the files made (`serve`'s `kept` ones when their key
    /// is the same), or none and their paths when `reuse` leaves the last build's as published, made of the same (every
    /// build of its own made them again: 6,300 entries with their alternates, a twentieth of a record change's CPU).
    private func siteWideFiles(
        sitemap: [(SiteLanguage, [String])], languages: [SiteLanguage], renderer: PageRenderer?, kept: SiteWide?,
        reuse: PageReuse
    ) throws -> (made: SiteWide?, kept: [String]) {
        guard let renderer else { return (nil, []) }
        var digest = InputFingerprint()
        for part in [theme.fingerprint.hex, configuration.basePath, configuration.origin ?? ""] { digest.add(part) }
        for (site, relativeURLs) in sitemap {
            digest.add("\u{0}" + site.code)
            for relativeURL in relativeURLs { digest.add(relativeURL) }
        }
        let key = digest.hex
        reuse.note(siteWide: key)
        if let kept, kept.key == key { return (kept, []) }
        let paths = ["sitemap.xml", "robots.txt"]
        if try reuse.keep(siteWide: key, paths: paths) { return (nil, paths) }
        let urls: [MustacheValue] = sitemap.flatMap { site, relativeURLs in
            relativeURLs.map { relativeURL in
                .object([
                    "loc": .string(site.configuration.absoluteLink(relativeURL)),
                    "alternates": .array(languages.count > 1
                        ? SiteLanguage.links(languages, relativeURL: relativeURL, current: site.code).map(\.mustacheValue) : []),
                ])
            }
        }
        // The Sitemap line must be an absolute URL: without a host in --base-url there is none to give.
        let sitemapURL = configuration.origin.map { _ in MustacheValue.string(configuration.absoluteSharedLink("sitemap.xml")) }
        return (SiteWide(key: key, files: [
            SiteFile(path: paths[0], bytes: try renderer.render(template: "sitemap", values: ["urls": .array(urls)])),
            SiteFile(path: paths[1], bytes: try renderer.render(template: "robots", values: ["sitemapURL": sitemapURL ?? .null])),
        ]), [])
    }

    /// What a part of the site (a language, one maker's pages, or the pictures every language shares) adds besides
    /// its files: their paths, and its sitemap entries in page order.
    struct RenderedPart: Sendable {
        var paths: [String] = []
        /// The pages the sitemap lists, by their URL relative to the language's folder.
        var sitemap: [String] = []
        /// The words this language's table lacks, each with how many of its pages show it.
        var untranslated: [UntranslatedWord: Int] = [:]
        /// A language's model.
        var model: LanguageModel?
        /// The avatars and their copies, and the avatars alone (the shared pictures' part).
        var pictures: [String] = []
        var originals: [String] = []
        /// The files that are neither pages nor avatars: a language's search index, recent changes and feed, the
        /// content's pictures.
        var others: [String] = []
        /// A language's pages as laid out (see `PageLayout`).
        var layout: PageLayout?
    }

    /// One language's pages, search index and feed. Page models are built as they are rendered and dropped
    /// once written, so the models of every page are never held together.
    static func render(
        theme: Theme, language: ThemeLanguage, site: SiteLanguage, languages: [SiteLanguage], dataset: Dataset,
        avatarExtensions: [Int: String], avatarCopies: [Int: [AvatarCopy]], history: ChangeHistory,
        content: ResolvedContent = .empty, earlier: LanguageModel? = nil, alphabeticalHint: [Int] = [], renderer: PageRenderer,
        emit: @escaping @Sendable (SiteFile) throws -> Void, reuse: PageReuse
    ) async throws -> RenderedPart {
        let model = try earlier.map { $0.model.replacing(content: content) } ?? theme.strings {
            try SiteModel(
                dataset: dataset, avatarExtensions: avatarExtensions, avatarCopies: avatarCopies,
                configuration: site.configuration,
                strings: language.strings, history: history, languages: languages, content: content,
                pageIDs: theme.pageIDs, alphabeticalHint: alphabeticalHint)
        }
        // The index shows the records, pictures and titles only: a kept model's is the last build's, as are its digests.
        let searchIndex = earlier?.searchIndex ?? model.searchIndexJSON()
        let kept = earlier?.readDigests ?? reuse.keptDigests(language: language.strings.locale)
        let readDigests = try kept ?? theme.strings { try model.readDigests() }
        reuse.compare(readDigests, language: language.strings.locale, kept: kept != nil)
        let prefix = language.folder.isEmpty ? "" : language.folder + "/"
        let untranslated = earlier?.untranslated ?? UntranslatedWord.find(in: dataset, strings: language.strings)
        // A kept model has the last build's makers: laid out as they were, only those that read what changed run.
        let changed = if let layout = earlier?.layout, untranslated.isEmpty {
            try await renderChanged(layout, model: model, theme: theme, language: language.code, prefix: prefix,
                                    renderer: renderer, emit: emit, reuse: reuse)
        } else { nil as RenderedPart? }
        var part = if let changed { changed } else {
            try await renderPages(
                PageKind.allCases.flatMap(model.pageMakers(of:)), theme: theme, language: language.code, prefix: prefix,
                renderer: renderer, untranslated: untranslated, emit: emit, reuse: reuse)
        }
        for file in [
            SiteFile(path: prefix + "search/index.json", bytes: searchIndex),
            SiteFile(path: prefix + SiteModel.recentChangesPath, bytes: try theme.strings { try model.recentChangesJSON() }),
            SiteFile(path: prefix + "feed.xml", bytes: try renderer.render(
                template: "feed", values: ["feed": try MustacheValue(encoding: try theme.strings { try model.feed() })])),
        ] {
            part.paths.append(file.path)
            part.others.append(file.path)
            try emit(file)
        }
        part.model = LanguageModel(model: model, searchIndex: searchIndex, readDigests: readDigests, untranslated: untranslated,
                                   layout: part.layout)
        return part
    }

    /// Makers are independent, so they run in parallel: one task per core, each taking the next maker, building
    /// its pages and handing each on as soon as it is rendered, unless `reuse` leaves it as published (its key is the
    /// last build's) or does not run its maker at all (it read nothing that changed: its pages are the last build's).
    /// Returns the pages' paths and sitemap entries (the 404 page has none) in maker order, so the output does not
    /// depend on which task took what. A language whose table lacks words of the data runs every maker, to count
    /// the pages that show each.
    static func renderPages(
        _ makers: [PageMaker], theme: Theme, language: String, prefix: String, renderer: PageRenderer,
        untranslated: [UntranslatedWord] = [], emit: @escaping @Sendable (SiteFile) throws -> Void, reuse: PageReuse
    ) async throws -> RenderedPart {
        let names = makers.map { language + "#" + $0.key }
        let skipped = try reuse.skip(names, runAll: !untranslated.isEmpty)
        var done = skipped.map { index, pages in
            var part = RenderedPart()
            for page in pages {
                part.paths.append(page.path)
                if page.inSitemap { part.sitemap.append(relativeURL(page.path, prefix: prefix)) }
            }
            return (index, part)
        }
        let running = names.indices.filter { skipped[$0] == nil }
        done += try await run(running.map { ($0, names[$0], makers[$0]) }, theme: theme, prefix: prefix, renderer: renderer,
                              untranslated: untranslated, emit: emit, reuse: reuse)
        // In maker order, each part in its slot: sorting the parts moved some 13,000 of them about.
        var slots = [RenderedPart?](repeating: nil, count: names.count)
        for (index, finished) in done { slots[index] = finished }
        var layout = PageLayout()
        var part = RenderedPart()
        for (name, finished) in zip(names, slots) {
            layout.append(name, paths: finished?.paths ?? [], sitemap: finished?.sitemap ?? [])
            if let finished, !finished.untranslated.isEmpty { part.untranslated.merge(finished.untranslated, uniquingKeysWith: +) }
        }
        (part.paths, part.sitemap) = (layout.paths, layout.sitemap)
        // A layout that counted untranslated words ran every maker: it is not kept (the next build counts them again).
        part.layout = untranslated.isEmpty ? layout : nil
        return part
    }

    /// The pages of a language whose makers are those of `layout` (its model is the last build's, with new texts): the
    /// makers that read what changed run, and every other maker's pages are taken from the layout, as published. Nil,
    /// having run none, when `reuse` cannot tell which need not run, or a maker of the layout is not the model's.
    static func renderChanged(
        _ layout: PageLayout, model: SiteModel, theme: Theme, language: String, prefix: String, renderer: PageRenderer,
        emit: @escaping @Sendable (SiteFile) throws -> Void, reuse: PageReuse
    ) async throws -> RenderedPart? {
        guard let running = reuse.makersToRun(layout.names) else { return nil }
        // Only the kinds of the makers that run are made into makers.
        var makers: [String: PageMaker] = [:]
        let kinds = Set(running.map { index in
            layout.names[index].drop { $0 != "#" }.dropFirst().prefix { $0 != ":" }
        })
        for kind in kinds.compactMap({ PageKind(rawValue: String($0)) }) {
            for maker in model.pageMakers(of: kind) { makers[language + "#" + maker.key] = maker }
        }
        let jobs = running.compactMap { index in makers[layout.names[index]].map { (index, layout.names[index], $0) } }
        guard jobs.count == running.count else { return nil }
        reuse.runOnly(running, of: layout)
        let done = try await run(jobs, theme: theme, prefix: prefix, renderer: renderer, untranslated: [], emit: emit, reuse: reuse)
        let made = layout.replacing(Dictionary(done.map { ($0.0, ($0.1.paths, $0.1.sitemap)) }) { first, _ in first })
        var part = RenderedPart(paths: made.paths, sitemap: made.sitemap)
        part.layout = made
        return part
    }

    /// Runs `makers` (each with its place in the language's makers and its name) in parallel: one task per core, each
    /// taking the next maker. Returns each one's part with its place, in no order.
    private static func run(
        _ makers: [(index: Int, name: String, maker: PageMaker)], theme: Theme, prefix: String, renderer: PageRenderer,
        untranslated: [UntranslatedWord], emit: @escaping @Sendable (SiteFile) throws -> Void, reuse: PageReuse
    ) async throws -> [(Int, RenderedPart)] {
        let queue = WorkQueue(count: makers.count)
        let workers = max(1, min(ProcessInfo.processInfo.activeProcessorCount, makers.count))
        return try await withThrowingTaskGroup(of: [(Int, RenderedPart)].self) { group in
            for _ in 0..<workers {
                group.addTask {
                    var done: [(Int, RenderedPart)] = []
                    while let next = queue.next() {
                        try Task.checkCancellation()
                        let (index, name, maker) = makers[next]
                        let reads = MakerReads()
                        let part = try MakerReads.$current.withValue(reads) {
                            try renderMaker(maker, maker: name, theme: theme, prefix: prefix, renderer: renderer,
                                            untranslated: untranslated, emit: emit, reuse: reuse)
                        }
                        reuse.ran(maker: name, read: reads.read, pageCount: part.paths.count)
                        done.append((index, part))
                    }
                    return done
                }
            }
            var done: [(Int, RenderedPart)] = []
            for try await finished in group { done += finished }
            return done
        }
    }

    /// One maker's pages, each built, given its key and rendered unless `reuse` leaves it as published.
    private static func renderMaker(
        _ make: PageMaker, maker: String, theme: Theme, prefix: String, renderer: PageRenderer, untranslated: [UntranslatedWord],
        emit: @Sendable (SiteFile) throws -> Void, reuse: PageReuse
    ) throws -> RenderedPart {
        var part = RenderedPart()
        for (ordinal, page) in try theme.strings({ try make() }).enumerated() {
            let path = prefix + page.route.filePath
            let content = try page.content.templateValue()
            let values = renderer.values(of: page, content: content)
            let inSitemap = ![Route.notFound, .offline, .random].contains(page.route)
            let key = PageKey.of(template: page.template, values: .object(values))
            if try !reuse.keep(path, key: key, maker: maker, ordinal: ordinal, inSitemap: inSitemap) {
                let bytes = try renderer.render(page, values: values)
                try theme.checkNotBlank(bytes, path: path, template: page.template)
                try emit(SiteFile(path: path, bytes: bytes))
            }
            part.paths.append(path)
            if !untranslated.isEmpty {
                for word in Self.shown(untranslated, in: content) { part.untranslated[word, default: 0] += 1 }
            }
            if inSitemap { part.sitemap.append(page.route.relativeURL) }
        }
        return part
    }

    /// The URL a page's path is published under, relative to its language's folder: `articles/portal-guns/`.
    private static func relativeURL(_ path: String, prefix: String) -> String {
        String(path.dropFirst(prefix.count).dropLast(Route.home.filePath.count))
    }
}

extension SiteRenderer {
    /// The `words` a page shows as values of their own (a species on a card, a type in a row): read from the page's
    /// values, not its text, so a name that contains a word does not count. Only asked of a language whose table
    /// lacks a word of the data.
    static func shown(_ words: [UntranslatedWord], in content: MustacheValue) -> [UntranslatedWord] {
        var strings = Set<String>()
        func collect(_ value: MustacheValue) {
            switch value {
            case .string(let text): strings.insert(text)
            case .array(let items): items.forEach(collect)
            case .object(let members): members.values.forEach(collect)
            default: break
            }
        }
        collect(content)
        return words.filter { strings.contains($0.value) }
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
