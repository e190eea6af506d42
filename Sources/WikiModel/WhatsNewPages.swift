import RickAndMortyAPI

/// One page of the "What's new" timeline: rebuilds and the API's additions by day, newest first, each with
/// its counts and first changes.
struct WhatsNewPage: PageModel, Encodable, Equatable {
    static let kind = PageKind.whatsNew

    struct Item: Encodable, Sendable, Equatable {
        let kind: String
        let change: String
        let changeClass: String
        let record: RecordLink
    }

    struct Group: Encodable, Sendable, Equatable {
        /// Unique on the page, for the heading's `id`.
        let id: String
        let title: String
        /// The group's own pages, which list every change.
        let url: String
        let counts: [String]
        let items: [Item]
        /// The link text to the group's pages when `items` does not show every change.
        let more: String?
    }

    let hasGroups: Bool
    let groups: [Group]
    /// Nil when the timeline fits on one page.
    let pager: Pager?
    let feedURL: String
    /// The newest dated articles, on the first page only: fans' writing is news too.
    let articles: [ArticleIndexPage.Entry]
    let hasArticles: Bool
}

/// Every change of one rebuild or one day of the API's additions, a page at a time.
struct WhatsNewGroupPage: PageModel, Encodable, Equatable {
    static let kind = PageKind.whatsNewGroup

    let counts: [String]
    let items: [WhatsNewPage.Item]
    /// Nil when the group fits on one page.
    let pager: Pager?
    let timelineURL: String
}

extension SiteModel {
    /// The first changes of each group the timeline shows, `whatsNewGroupsPerPage` groups a page: 20 groups of
    /// 5 were 10 screens of a phone.
    static let groupPreviewSize = 3
    static let whatsNewGroupsPerPage = 10
    /// Changes per page of one group: a rebuild may bring hundreds.
    static let changesPerGroupPage = 100
    /// The feed's newest groups, and the changes each entry names.
    static let feedEntryLimit = 20
    static let feedNamesPerEntry = 10

    /// A removed record has no page: its name is plain text, even when a record with its id came back later. Read
    /// record by record, as the entry's name is: a group's pages read the records they name, not every record.
    func route(of entry: ChangeHistory.Entry) -> Route? {
        guard entry.change != .removed else { return nil }
        return switch entry.kind {
        case .character: character(entry.id) == nil ? nil : .character(entry.id)
        case .location: location(entry.id) == nil ? nil : .location(entry.id)
        case .episode: episode(entry.id) == nil ? nil : .episode(entry.id)
        }
    }

    /// The name the change was recorded under, with the character's note when it has namesakes today; a record
    /// recorded under the data's name today takes this language's when it has one.
    func name(of entry: ChangeHistory.Entry) throws -> String {
        let record: ResolvedContent.Target = switch entry.kind {
        case .character: .character(entry.id)
        case .location: .location(entry.id)
        case .episode: .episode(entry.id)
        }
        let renamed = entry.change != .removed && originalDataName(of: record) == entry.name
        let name = renamed ? dataName(of: record) ?? entry.name
            : entry.name.allSatisfy(\.isWhitespace) ? try strings("value_unnamed") : entry.name
        guard entry.kind == .character, let shownNote = note(ofCharacter: entry.id), character(entry.id)?.name == name else {
            return name
        }
        return "\(name) · \(shownNote)"
    }

    /// "Rebuild of November 21, 2026", "Added to the API on November 4, 2017" or "Added to the wiki on September 4,
    /// 2022" (a local record: the API never added it).
    func title(of group: ChangeGroup) throws -> String {
        let date = try CalendarDate(iso8601: group.updated)?.formatted(strings) ?? group.updated
        let key = switch group.source {
        case .rebuild: "whatsnew_rebuild_title"
        case .api: "whatsnew_api_title"
        case .local: "whatsnew_local_title"
        }
        return try strings.format(key, ["date": date])
    }

    /// "New characters: 333", one per kind and change the group has, characters first.
    func counts(of group: ChangeGroup) throws -> [String] {
        var tally: [String: Int] = [:]
        for entry in group.entries { tally["\(entry.change.rawValue)_\(entry.kind.rawValue)", default: 0] += 1 }
        var counts: [String] = []
        for kind in ResourceKind.allCases {
            for change in ChangeHistory.Entry.Change.allCases {
                guard let number = tally["\(change.rawValue)_\(kind.rawValue)"] else { continue }
                counts.append(try strings.format("whatsnew_count_\(change.rawValue)_\(kind.rawValue)", ["count": count(number)]))
            }
        }
        return counts
    }

    func item(_ entry: ChangeHistory.Entry) throws -> WhatsNewPage.Item {
        WhatsNewPage.Item(
            kind: try strings("kind_\(entry.kind.rawValue)"),
            change: try strings("change_\(entry.change.rawValue)"),
            changeClass: "change-\(entry.change.rawValue)",
            record: RecordLink(name: try name(of: entry), url: route(of: entry).map(link)))
    }

    /// The timeline, `whatsNewGroupsPerPage` groups a page, each with its counts and first changes; every change is on its
    /// group's own pages (`groupPages`).
    func whatsNewPages() throws -> [SitePage] {
        let groups = timelineGroups
        let news = Array(try articleEntries().filter { $0.dateISO != nil }.prefix(Self.newArticleCount))
        return try indexPages(groups, route: Route.whatsNew, keys: "whatsnew", pageSize: Self.whatsNewGroupsPerPage) { slice, number, pager in
            WhatsNewPage(
                hasGroups: !groups.isEmpty,
                groups: try slice.map { group throws in
                    WhatsNewPage.Group(
                        id: group.slug, title: try title(of: group), url: link(.whatsNewGroup(group.slug, page: 1)),
                        counts: try counts(of: group), items: try group.entries.prefix(Self.groupPreviewSize).map(item),
                        more: group.entries.count > Self.groupPreviewSize
                            ? try strings.format("whatsnew_more", ["count": count(group.entries.count)]) : nil)
                },
                pager: pager, feedURL: configuration.link("feed.xml"),
                articles: number == 1 ? news : [], hasArticles: number == 1 && !news.isEmpty)
        }
    }

    func groupPages(_ group: ChangeGroup) throws -> [SitePage] {
        let title = try title(of: group)
        let counts = try counts(of: group)
        let total = max(1, (group.entries.count + Self.changesPerGroupPage - 1) / Self.changesPerGroupPage)
        return try (1...total).map { number in
            let slice = group.entries.dropFirst((number - 1) * Self.changesPerGroupPage).prefix(Self.changesPerGroupPage)
            let pager = try Pager.make(
                current: number, total: total, url: { link(.whatsNewGroup(group.slug, page: $0)) }, strings: strings)
            return try page(
                .whatsNewGroup(group.slug, page: number),
                title: number == 1 ? title
                    : try strings.format("whatsnew_group_title_page", ["title": title, "page": String(number)]),
                heading: title,
                description: try strings.format(
                    "whatsnew_group_description", ["title": title, "counts": counts.joined(separator: ", ")]),
                content: WhatsNewGroupPage(
                    counts: counts, items: try slice.map(item), pager: total > 1 ? pager : nil,
                    timelineURL: link(.whatsNew(page: 1))))
        }
    }

    /// One entry per group, the newest `feedEntryLimit`: its counts and the first changes by name, linking to
    /// the group's page. A large rebuild stays one entry of bounded size.
    package func feed() throws -> Feed {
        let authority = "tag:rmwiki.invalid,2017:\(strings.locale)/"
        let groups = changeGroups
        let changes = try groups.prefix(Self.feedEntryLimit).map { group in
            let names = try group.entries.prefix(Self.feedNamesPerEntry).map { entry in
                try strings.format("feed_entry_\(entry.change.rawValue)_\(entry.kind.rawValue)", ["name": try name(of: entry)])
            }
            var summary = try strings.format("feed_entry_summary", [
                "counts": try counts(of: group).joined(separator: ", "),
                "changes": names.joined(separator: try strings("feed_entry_separator")),
            ])
            let hidden = group.entries.count - names.count
            if hidden > 0 { summary += " " + (try strings.format("feed_entry_more", ["count": count(hidden)])) }
            return Feed.Entry(
                id: authority + group.slug, title: try title(of: group), updated: group.updated,
                url: configuration.absoluteLink(Route.whatsNewGroup(group.slug, page: 1).relativeURL), summary: summary)
        }
        // An article is an entry of its own, dated by its `date`: a new date (a rewrite) is a new entry.
        let articles = try articleEntries().compactMap { article -> Feed.Entry? in
            guard let day = article.dateISO else { return nil }
            return Feed.Entry(
                id: authority + "article-\(article.slug)-\(day)", title: article.title, updated: day + "T00:00:00Z",
                url: configuration.absoluteLink(Route.article(article.slug).relativeURL), summary: article.summary ?? article.title)
        }
        let entries = Array((changes + articles).sorted { $0.updated > $1.updated }.prefix(Self.feedEntryLimit))
        return Feed(
            id: configuration.origin.map { _ in configuration.absoluteLink("feed.xml") } ?? "\(authority)feed",
            title: try strings.format("feed_title", ["site": try strings("site_name")]),
            // Without any dated record or rebuild, a fixed date: the feed stays the same from build to build.
            updated: entries.first?.updated ?? "2017-11-04T00:00:00Z",
            selfURL: configuration.absoluteLink("feed.xml"),
            pageURL: configuration.absoluteLink(Route.whatsNew(page: 1).relativeURL),
            entries: entries)
    }
}
