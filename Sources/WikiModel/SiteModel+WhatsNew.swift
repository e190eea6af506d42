import RickAndMortyAPI

extension SiteModel {
    func route(of entry: ChangeHistory.Entry) -> Route? {
        switch entry.kind {
        case .character: dataset.character(entry.id) == nil ? nil : .character(entry.id)
        case .location: dataset.location(entry.id) == nil ? nil : .location(entry.id)
        case .episode: dataset.episode(entry.id) == nil ? nil : .episode(entry.id)
        }
    }

    func name(of entry: ChangeHistory.Entry) throws -> String {
        entry.name.allSatisfy(\.isWhitespace) ? try strings("value_unnamed") : entry.name
    }

    func whatsNewPage() throws -> SitePage {
        var builds: [WhatsNewPage.Build] = []
        for entry in history.entries {
            let item = WhatsNewPage.Item(
                kind: try strings("kind_\(entry.kind.rawValue)"),
                change: try strings("change_\(entry.change.rawValue)"),
                changeClass: "change-\(entry.change.rawValue)",
                record: RecordLink(name: try name(of: entry), url: route(of: entry).map(link)))
            if let last = builds.last, last.dateISO == entry.date {
                builds[builds.count - 1] = WhatsNewPage.Build(date: last.date, dateISO: last.dateISO, items: last.items + [item])
            } else {
                let day = CalendarDate(iso8601: entry.date)
                builds.append(WhatsNewPage.Build(
                    date: try day?.formatted(strings) ?? entry.date, dateISO: entry.date, items: [item]))
            }
        }
        return try page(
            .whatsNew, template: "whats-new", title: try strings("whatsnew_title"),
            description: try strings("whatsnew_description"),
            content: .whatsNew(WhatsNewPage(
                hasBuilds: !builds.isEmpty, builds: builds, feedURL: configuration.link("feed.xml"))))
    }

    public func feed() throws -> Feed {
        let authority = "tag:rmwiki.invalid,2017:\(strings.locale)/"
        let entries = try history.entries.map { entry in
            let title = try strings.format("feed_entry_\(entry.change.rawValue)_\(entry.kind.rawValue)", ["name": try name(of: entry)])
            return Feed.Entry(
                id: "\(authority)\(entry.kind.rawValue)/\(entry.id)/\(entry.date)", title: title, updated: entry.date,
                url: route(of: entry).map { configuration.absoluteLink($0.relativeURL) }, summary: title)
        }
        // Without history, the day of the newest record: stable from build to build, and a valid date-time
        // whatever the records' own timestamps look like.
        let newestRecord = (dataset.characters.map(\.created) + dataset.locations.map(\.created) + dataset.episodes.map(\.created))
            .compactMap { CalendarDate(iso8601: $0) }.max().map { $0.isoDay + "T00:00:00Z" } ?? "2017-11-04T00:00:00Z"
        return Feed(
            id: configuration.origin.map { _ in configuration.absoluteLink("feed.xml") } ?? "\(authority)feed",
            title: try strings.format("feed_title", ["site": try strings("site_name")]),
            updated: history.entries.first?.date ?? newestRecord,
            selfURL: configuration.absoluteLink("feed.xml"),
            pageURL: configuration.absoluteLink(Route.whatsNew.relativeURL),
            entries: entries)
    }
}
