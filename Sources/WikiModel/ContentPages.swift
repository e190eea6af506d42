import Markdown
import Mustache
import Pictures

/// A text fans wrote, rendered for one page: safe HTML (no raw HTML, no `javascript:` link), its wiki links
/// pointing into the page's language.
struct Prose: Encodable, Sendable, Equatable {
    let html: String
    /// The text's language when the page's own has no translation of it (`lang` on its wrapper), else nil.
    let lang: String?
    /// Said above a text shown in another language.
    let untranslated: String?
    let summary: String?
    /// The headings of a long text, to jump to; empty for a short one.
    let contents: [Heading]
    let hasContents: Bool

    struct Heading: Encodable, Sendable, Equatable {
        let text: String
        let anchor: String
        let level: Int
    }
}

/// The pages whose prose links to a record or article: "Mentioned in".
struct Mentions: Encodable, Sendable, Equatable {
    let links: [RecordLink]
}

struct ArticlePage: PageModel, Encodable, Equatable {
    static let kind = PageKind.article

    let title: String
    /// The title's language when it is taken from a text in another language (as `Prose.lang`), else nil.
    let titleLang: String?
    let date: String?
    let dateISO: String?
    let prose: Prose
    let mentions: Mentions?
}

struct ArticleIndexPage: PageModel, Encodable, Equatable {
    static let kind = PageKind.articles

    struct Entry: Encodable, Sendable, Equatable {
        let title: String
        let url: String
        let summary: String?
        let date: String?
        let dateISO: String?
        let slug: String
        /// The language of the title and summary when they are taken from a text in another language, else nil.
        let lang: String?
    }

    let articles: [Entry]
}

extension SiteModel {
    /// A text needs a table of contents from this many headings on.
    static let contentsHeadings = 3

    /// The language a text is taken from when the page's own has none: the site's first.
    var fallbackLanguage: String { languages.first?.code ?? strings.locale }

    /// The data's name of a record this language names otherwise ("Pilot" beside "Pilote"), with its `lang` when
    /// that is not the page's; nil when the page shows the data's name.
    func originalName(of record: ResolvedContent.Target) -> RecordLink? {
        originalDataName(of: record).map { RecordLink(name: $0, url: nil, lang: fallbackLanguage != strings.locale ? fallbackLanguage : nil) }
    }

    /// The text written about `key`, rendered for this language; nil when there is none.
    func prose(_ key: SiteContent.Key, headingIDs: Bool = false) throws -> Prose? {
        guard let text = content.text(key, language: strings.locale, fallback: fallbackLanguage) else { return nil }
        var markdown = text.markdown
        markdown.options.headingIDs = headingIDs
        markdown.options.reservedIDs = pageIDs
        // Wiki links point into this page's language; an article's title shown untranslated carries its `lang`.
        var wikiLinks: [MarkdownNode: ResolvedLink] = [:]
        for (node, link) in text.links {
            let lang = link.label == nil ? titleLanguage(of: link.target) : nil
            var label = link.label
            if link.isRecordName { label = self.dataName(of: link.target) ?? label }
            wikiLinks[node] = ResolvedLink(
                destination: self.link(link.target.route), text: try label ?? name(of: link.target),
                attributes: lang.map { [HTMLAttribute("lang", $0)] } ?? [])
        }
        // Pictures were checked to be `images/…` of the content folder (`ResolvedContent`); they are published once for
        // every language, under the site root, with their file's size so that the page keeps its place as they load.
        let pictures = configuration.sharedLink("images/content/")
        let sizes = content.imageSizes
        let resolver: MarkdownLinkResolver = { document, node in
            switch document.kind(node) {
            case .wikiLink: return wikiLinks[node]
            case .image:
                guard let path = ResolvedContent.picturePath(document.literal(node)) else { return nil }
                let size = sizes[path]
                return ResolvedLink(
                    destination: pictures + path,
                    attributes: size.map { [HTMLAttribute("width", String($0.width)), HTMLAttribute("height", String($0.height))] } ?? [])
            default: return nil
            }
        }
        // A page has one `h1`, its title: a text's own top headings become the page's second level. Void elements end
        // in `>` as the templates write them. Code and tables wider than a phone scroll sideways: they take the
        // keyboard's focus so that they can be scrolled without a pointer.
        let focusable = [HTMLAttribute("tabindex", "0")]
        let html = markdown.renderHTML(HTMLRendering(
            minimumHeadingLevel: 2, attributes: [.codeBlock: focusable, .table: focusable], selfClosingVoidElements: false,
            resolver: resolver))
        let headings = headingIDs ? markdown.headings(resolver: resolver).filter { $0.level <= 3 } : []
        let foreign = text.language != strings.locale
        return Prose(
            html: html, lang: foreign ? text.language : nil,
            untranslated: foreign ? try strings("content_untranslated") : nil,
            summary: text.document.summary ?? markdown.summary(resolver: resolver),
            contents: headings.count >= Self.contentsHeadings
                ? headings.map { Prose.Heading(text: $0.text, anchor: $0.id, level: $0.level) } : [],
            hasContents: headings.count >= Self.contentsHeadings)
    }

    /// A wiki link's text when it gives none: the record's name, the article's title in this language.
    private func name(of target: ResolvedContent.Target) throws -> String {
        switch target {
        case .character(let id): self.character(id).map(fullName) ?? String(id)
        case .location(let id): self.location(id)?.name ?? String(id)
        case .episode(let id): self.episode(id).map { "\($0.episode) · \($0.name)" } ?? String(id)
        case .article(let slug): articleTitle(slug)
        }
    }

    /// The language of an article title a link shows when it is not this page's; nil for a record, whose name is
    /// the data's.
    private func titleLanguage(of target: ResolvedContent.Target) -> String? {
        guard case .article(let slug) = target else { return nil }
        return foreignLanguage(of: heading(.article(slug)))
    }

    /// A text's language when it is not this page's (it is shown untranslated), for its `lang`; else nil.
    func foreignLanguage(of text: ResolvedContent.Heading?) -> String? {
        text.flatMap { $0.language == strings.locale ? nil : $0.language }
    }

    /// What this language's page shows of a text it names (see `ResolvedContent.heading`).
    func heading(_ key: SiteContent.Key) -> ResolvedContent.Heading? {
        content.heading(key, language: strings.locale, fallback: fallbackLanguage)
    }

    func articleTitle(_ slug: String) -> String {
        heading(.article(slug))?.title ?? slug
    }

    /// The pages whose prose, as shown in this language, links to `target`, by their titles; nil when none does.
    func mentions(of target: ResolvedContent.Target) throws -> Mentions? {
        let keys = content.mentions(of: target).filter { heading($0)?.targets.contains(target) ?? false }
        guard !keys.isEmpty else { return nil }
        let links = try keys.map { key throws in
            let route = ResolvedContent.route(of: key)
            let name: String = switch key {
            case .home: try strings("site_name")
            case .article(let slug): articleTitle(slug)
            case .character(let id): self.character(id).map(fullName) ?? String(id)
            case .location(let id): self.location(id)?.name ?? String(id)
            case .episode(let id): self.episode(id).map { "\($0.episode) · \($0.name)" } ?? String(id)
            }
            // A record's name is the data's, in no language of the texts; an article's title is its text's.
            let lang: String? = if case .article = key { foreignLanguage(of: heading(key)) } else { nil }
            return RecordLink(name: name, url: link(route), lang: lang)
        }
        return Mentions(links: links)
    }

    /// How many articles "What's new" shows.
    static let newArticleCount = 5

    /// Every article, newest first; undated ones after the dated, by title.
    func articleEntries() throws -> [ArticleIndexPage.Entry] {
        let entries = try content.articleSlugs.map { slug throws in
            let text = heading(.article(slug))
            let date = text?.date.flatMap(CalendarDate.init(iso8601:))
            return (ArticleIndexPage.Entry(
                title: articleTitle(slug), url: link(.article(slug)), summary: text?.summary,
                date: try date?.formatted(strings), dateISO: date?.isoDay, slug: slug, lang: foreignLanguage(of: text)), date)
        }
        // Newest first; undated articles after the dated ones, by title.
        return entries.sorted { left, right in
            switch (left.1, right.1) {
            case let (l?, r?) where l != r: l > r
            case (_?, nil): true
            case (nil, _?): false
            default: left.0.title < right.0.title
            }
        }.map(\.0)
    }

    func articleIndexPage() throws -> SitePage? {
        let slugs = content.articleSlugs
        guard !slugs.isEmpty else { return nil }
        let sorted = try articleEntries()
        return try page(
            .articles, title: try strings("articles_title"),
            description: try strings.plural("articles_description", count: slugs.count),
            content: ArticleIndexPage(articles: sorted))
    }

    func articlePage(_ slug: String) throws -> SitePage {
        let prose = try prose(.article(slug), headingIDs: true)
            ?? Prose(html: "", lang: nil, untranslated: nil, summary: nil, contents: [], hasContents: false)
        let date = heading(.article(slug))?.date.flatMap(CalendarDate.init(iso8601:))
        let title = articleTitle(slug)
        return try page(
            .article(slug), title: title, description: prose.summary ?? title, ogType: "article",
            content: ArticlePage(
                title: title, titleLang: prose.lang, date: try date?.formatted(strings), dateISO: date?.isoDay,
                prose: prose, mentions: try mentions(of: .article(slug))))
    }
}

extension Prose: MustacheConvertible {
    var mustacheValue: MustacheValue {
        .object([
            "html": .string(html), "lang": MustacheValue(lang), "untranslated": MustacheValue(untranslated),
            "summary": MustacheValue(summary), "contents": MustacheValue(contents), "hasContents": .bool(hasContents),
        ])
    }
}

extension Prose.Heading: MustacheConvertible {
    var mustacheValue: MustacheValue {
        .object(["text": .string(text), "anchor": .string(anchor), "level": .int(level)])
    }
}

extension Mentions: MustacheConvertible {
    var mustacheValue: MustacheValue { .object(["links": MustacheValue(links)]) }
}
