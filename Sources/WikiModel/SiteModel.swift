import RickAndMortyAPI

/// Turns the resolved dataset into page models: pure values, no I/O, the same output for the same input.
package struct SiteModel: Sendable {
    static let pageSize = 20
    /// Avatars are 300×300 in the API; placeholders are drawn at the same size.
    static let avatarSize = 300

    let dataset: Dataset
    let configuration: SiteConfiguration
    let strings: StringTable
    /// The image file extension of each character whose avatar is available; others get a placeholder.
    let avatarExtensions: [Int: String]
    /// The smaller copies made of each avatar, smallest first.
    let avatarCopies: [Int: [AvatarCopy]]
    let history: ChangeHistory
    /// What fans wrote (the content folder), links resolved.
    private(set) var content: ResolvedContent
    /// The ids the templates give a page's own parts (`main`, `contents-heading`…): an article's headings take others.
    let pageIDs: Set<String>
    /// Every language the site is generated in, this model's among them.
    let languages: [SiteLanguage]
    /// The name the data gives each record this language names otherwise (the content folder's `title`): its page
    /// shows it beside, and search finds the record by it too.
    let originalNames: [ResolvedContent.Target: String]
    /// What tells namesakes apart, by character id (see `NameNotes`).
    let nameNotes: [Int: String]
    /// Every character's name: a location called like a character (Gaia) says its type in its title.
    let characterNames: Set<String>
    /// The characters who first appear in each episode (see `Dataset.debutIDsByEpisode`), found once.
    let debutIDsByEpisode: [Int: [Int]]
    /// The dimensions, species, types and seasons with a page of their own.
    let groups: RecordGroups
    /// What's new, group by group (see `ChangeGroup.timeline`): made once, as half a dozen pages and files of every
    /// build show it, each language's.
    let changeGroups: [ChangeGroup]
    /// Each record's card or row, made once: a character appears on up to a hundred pages.
    private(set) var characterCards: [Int: CharacterCard] = [:]
    private(set) var locationCards: [Int: LocationCard] = [:]
    private(set) var episodeSummaries: [Int: EpisodeSummary] = [:]
    /// The few places the home page and the characters pages offer to jump to (see `placesToVisit`).
    private(set) var places: [LocationCard] = []
    /// Made once: the statistics page shows every chart and the home page the first.
    private(set) var statisticsContent = StatisticsPage(charts: [])
    /// The home page and every characters page offer it: made once.
    private(set) var randomCharacter: RandomCharacter?
    private(set) var index = SearchIndex(
        statuses: [], femaleStatuses: [], genders: [], species: [], entries: [], locations: [], episodes: [])

    package init(
        dataset: Dataset, avatarExtensions: [Int: String], avatarCopies: [Int: [AvatarCopy]] = [:],
        configuration: SiteConfiguration, strings: StringTable, history: ChangeHistory = ChangeHistory(),
        languages: [SiteLanguage] = [], content: ResolvedContent = .empty, pageIDs: Set<String> = []
    ) throws {
        self.content = content
        self.pageIDs = pageIDs
        let names = content.recordNames(language: strings.locale)
        originalNames = names.reduce(into: [:]) { original, named in
            if let name = dataset.name(of: named.key), name != named.value, !name.allSatisfy(\.isWhitespace) { original[named.key] = name }
        }
        self.dataset = dataset.renaming(names, blanksAs: try strings("value_unnamed"))
        nameNotes = try NameNotes.make(self.dataset, strings: strings)
        characterNames = Set(self.dataset.characters.map(\.name))
        debutIDsByEpisode = self.dataset.debutIDsByEpisode()
        groups = RecordGroups(self.dataset)
        self.history = history
        changeGroups = ChangeGroup.timeline(history: history, dataset: self.dataset)
        self.languages = languages
        self.avatarExtensions = avatarExtensions
        self.avatarCopies = avatarCopies
        self.configuration = configuration
        self.strings = strings
        for character in self.dataset.characters { characterCards[character.id] = try makeCard(character) }
        for location in self.dataset.locations { locationCards[location.id] = try makeCard(location) }
        places = try placesToVisit()
        for episode in self.dataset.episodes { episodeSummaries[episode.id] = try makeSummary(episode) }
        index = try makeSearchIndex()
        statisticsContent = try makeStatistics()
        randomCharacter = makeRandomCharacter()
    }

    /// This model over `content`, whose shape (which texts there are in which languages, their titles, the content's
    /// pictures) is the one this model was made with: everything made in `init` reads the content only through that
    /// shape, so it is kept, and the texts are the new ones. What `serve` does after an edit of a text, instead of making
    /// every card, the search index and the statistics again.
    package func replacing(content: ResolvedContent) -> SiteModel {
        var model = self
        model.content = content
        return model
    }

    /// The folder of characters' pictures and their copies, relative to the output folder.
    package static let avatarFolder = "images/characters/"

    /// The width of a card's picture on a 1× screen, rounded up (`.card-grid`, `Public/assets/site.css`), as
    /// Chromium draws it: 153 CSS pixels on a 360-px phone, 168 at 390, 166 to 180 at 600 to 1,920 px (220 between
    /// 480 and 550, where the copy is drawn a little larger). Cards on screens of 2× or more take the original.
    package static let cardImageSide = 200
    /// What a card's picture is drawn at, for `sizes`: half the screen less the margins on a phone, else at most 12rem.
    static let cardImageSizes = "(max-width: 30rem) calc(50vw - 1.3rem), 12rem"

    /// The names of a character's picture and of its smaller copies in `avatarFolder`, `{id}`, `{side}` and
    /// `{ext}` standing for the character's id, the copy's shorter side and the file's extension. The service
    /// worker is given them too (offline, it answers for a copy with its original), so they are written here only.
    package static let avatarName = "{id}.{ext}"
    package static let avatarCopyName = "{id}-{side}.{ext}"

    /// Where a character's picture is published, relative to the output folder.
    package static func avatarPath(characterID: Int, fileExtension: String) -> String {
        fill(avatarName, after: avatarFolder, id: characterID, side: nil, fileExtension: fileExtension)
    }

    /// Where a smaller copy of a character's picture is published: `images/characters/1-44.jpg`.
    package static func avatarCopyPath(characterID: Int, copy: AvatarCopy) -> String {
        fill(avatarCopyName, after: avatarFolder, id: characterID, side: copy.side, fileExtension: copy.fileExtension)
    }

    /// `prefix`, then `name` with the values given in place of their placeholders; the others stay. The bytes are
    /// scanned, not Characters, into one string grown once: by Character this was a fifth of a no-change pictures
    /// phase (3,304 copies' paths a build).
    private static func fill(_ name: String, after prefix: String, id: Int?, side: Int?, fileExtension: String?) -> String {
        var result = prefix
        result.reserveCapacity(prefix.utf8.count + name.utf8.count + 24)
        let bytes = name.utf8
        var start = bytes.startIndex
        var rest = bytes[...]
        while let open = rest.firstIndex(of: UInt8(ascii: "{")), let close = rest[open...].firstIndex(of: UInt8(ascii: "}")) {
            result += name[start..<open]
            let key = name[bytes.index(after: open)..<close]
            if key == "id", let id { result += String(id) } else if key == "side", let side { result += String(side) }
            else if key == "ext", let fileExtension { result += fileExtension } else { result += name[open...close] }
            start = bytes.index(after: close)
            rest = bytes[start...]
        }
        result += name[start...]
        return result
    }

    func link(_ route: Route) -> String { configuration.link(route.relativeURL) }

    /// The sections the navigation shows. Without articles theirs would be an empty page, so a site without
    /// content looks as it did.
    var sections: [SiteSection] {
        SiteSection.allCases.filter { $0 != .articles || !content.articleSlugs.isEmpty }
    }

    /// `any`, not `some`: `SitePage` keeps the content as `any PageModel`, and generic, this was compiled once per
    /// page kind (24 copies, a twelfth of the module's machine code).
    func page(
        _ route: Route, title: String, heading: String? = nil, description: String,
        ogType: String = "website", ogImage: String? = nil, content: any PageModel
    ) throws -> SitePage {
        precondition(route.kind == type(of: content).kind, "\(route) shows a \(type(of: content).kind) model")
        let siteName = try strings("site_name")
        let shown = heading ?? title
        let short = PageMeta.shortened(shown)
        let meta = PageMeta(
            title: title == siteName ? siteName : "\(title) · \(siteName)",
            heading: shown, shownHeading: short ?? shown, fullHeading: short.map { _ in shown },
            description: description,
            canonicalURL: configuration.absoluteLink(route == .notFound ? "" : route.relativeURL),
            ogType: ogType,
            ogImage: ogImage)
        let navigation = try sections.map { section throws in
            NavigationItem(label: try strings("nav_\(section.rawValue)"), url: link(section.route),
                           isCurrent: route.section == section)
        }
        let languages = SiteLanguage.links(self.languages, relativeURL: route.relativeURL, current: strings.locale)
        return SitePage(
            route: route, meta: meta, navigation: navigation, languages: languages, content: content)
    }

    func count(_ value: Int) -> String { strings.number(value) }

    /// How many places the strips offer.
    static let placeCount = 8

    /// The busiest places (most residents and natives together, ties by id): a fixed handful to jump to, so a
    /// page that shows them grows with nothing; the locations index has the rest.
    func placesToVisit() throws -> [LocationCard] {
        func weight(_ location: LocationRecord) -> Int {
            dataset.residentIDs(ofLocation: location.id).count + dataset.nativeIDs(ofLocation: location.id).count
        }
        return try dataset.locations
            .map { ($0, weight($0)) }
            .sorted { ($1.1, $0.0.id) < ($0.1, $1.0.id) }
            .prefix(Self.placeCount)
            .map { location, _ throws in try card(location) }
    }

    static func pageCount(_ items: Int, pageSize: Int = SiteModel.pageSize) -> Int { max(1, (items + pageSize - 1) / pageSize) }

    /// The pages of a paginated index, `pageSize` records each; `keys` names the strings `<keys>_title`,
    /// `<keys>_title_page` and `<keys>_description`. `content` gets the page's records, its number and a pager
    /// when there is more than one page (a list that fits one page shows no "page 1 of 1").
    func indexPages<Record, Content: PageModel>(
        _ records: [Record], route: (Int) -> Route, keys: String, pageSize: Int = SiteModel.pageSize,
        content: (ArraySlice<Record>, Int, Pager?) throws -> Content
    ) throws -> [SitePage] {
        let total = Self.pageCount(records.count, pageSize: pageSize)
        return try (1...total).map { number in
            let slice = records.dropFirst((number - 1) * pageSize).prefix(pageSize)
            let pager = total == 1 ? nil : try Pager.make(current: number, total: total, url: { link(route($0)) }, strings: strings)
            let title = number == 1
                ? try strings("\(keys)_title")
                : try strings.format("\(keys)_title_page", ["page": String(number)])
            return try page(
                route(number), title: title, heading: try strings("\(keys)_title"),
                description: try strings.format("\(keys)_description", [
                    "count": count(records.count), "page": String(number), "total": String(total),
                ]),
                content: try content(slice, number, pager))
        }
    }
}
