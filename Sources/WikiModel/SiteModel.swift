import Mustache
import Primitives
import RickAndMortyAPI

/// Turns the resolved dataset into page models: pure values, no I/O, the same output for the same input.
package struct SiteModel: Sendable {
    static let pageSize = 20
    /// Avatars are 300×300 in the API; placeholders are drawn at the same size.
    static let avatarSize = 300

    /// The records: a page maker reads them through `dataset` (all of them) or the accessors of `What a page maker
    /// reads` below (one record, card or relation), so that what it read is noted (see `MakerReads`).
    private let records: Dataset
    let configuration: SiteConfiguration
    let strings: StringTable
    /// The image file extension of each character whose avatar is available; others get a placeholder.
    let avatarExtensions: [Int: String]
    /// The smaller copies made of each avatar, smallest first.
    let avatarCopies: [Int: [AvatarCopy]]
    /// What fans wrote (the content folder), links resolved.
    private(set) var content: ResolvedContent
    /// The ids the templates give a page's own parts (`main`, `contents-heading`…): an article's headings take others.
    let pageIDs: Set<String>
    /// Every language the site is generated in, this model's among them.
    let languages: [SiteLanguage]
    /// The name the data gives each record this language names otherwise (the content folder's `title`): its page
    /// shows it beside, and search finds the record by it too.
    private let originals: [ResolvedContent.Target: String]
    /// What tells namesakes apart, by character id (see `NameNotes`).
    private let notes: [Int: String]
    /// Every character's name: a location called like a character (Gaia) says its type in its title.
    private let allCharacterNames: Set<String>
    /// The characters who first appear in each episode (see `Dataset.debutIDsByEpisode`), found once.
    private let debuts: [Int: [Int]]
    /// The dimensions, species, types and seasons with a page of their own.
    private let recordGroups: RecordGroups
    /// What's new, group by group (see `ChangeGroup.timeline`): made once, as half a dozen pages and files of every
    /// build show it, each language's.
    private let timeline: [ChangeGroup]
    /// Each record's card or row, made once: a character appears on up to a hundred pages.
    private var characterCards: [Int: CharacterCard] = [:]
    private var locationCards: [Int: LocationCard] = [:]
    private var episodeSummaries: [Int: EpisodeSummary] = [:]
    /// The few places the home page and the characters pages offer to jump to (see `placesToVisit`).
    private var busiestPlaces: [LocationCard] = []
    /// Made once: the statistics page shows every chart and the home page the first.
    private var statisticsMade = StatisticsPage(charts: [])
    /// The home page and every characters page offer it: made once.
    private var random: RandomCharacter?
    /// `random/`'s character, picked once (see `characterOfTheDay`).
    private var dayCharacterID: Int?
    /// The characters the home page features (see `featuredIDs`), ranked once.
    private var featured: [Int] = []
    /// Each order of the characters, sorted when first asked (by a page of the index, or for the digests), once.
    private let orders: SortedOrders
    private let letters = Memo<Result<[LetterLink], any Error>>()
    /// The names each record's fields and card are noted under (`MakerReads.record`, `MakerReads.card`), made once: a
    /// page notes every record and card it shows, and making the name each time was a fortieth of a full build.
    private let readNames: [ResolvedContent.Target: (record: String, card: String)]
    private var searchIndexMade = SearchIndex(
        statuses: [], femaleStatuses: [], genders: [], species: [], entries: [], locations: [], episodes: [])

    package init(
        dataset: Dataset, avatarExtensions: [Int: String], avatarCopies: [Int: [AvatarCopy]] = [:],
        configuration: SiteConfiguration, strings: StringTable, history: ChangeHistory = ChangeHistory(),
        languages: [SiteLanguage] = [], content: ResolvedContent = .empty, pageIDs: Set<String> = [],
        alphabeticalHint: [Int] = []
    ) throws {
        orders = SortedOrders(hint: alphabeticalHint)
        self.content = content
        self.pageIDs = pageIDs
        let names = content.recordNames(language: strings.locale)
        originals = names.reduce(into: [:]) { original, named in
            if let name = dataset.name(of: named.key), name != named.value, !name.allSatisfy(\.isWhitespace) { original[named.key] = name }
        }
        records = dataset.renaming(names, blanksAs: try strings("value_unnamed"))
        let targets = records.characters.map { ResolvedContent.Target.character($0.id) }
            + records.locations.map { .location($0.id) } + records.episodes.map { .episode($0.id) }
        readNames = Dictionary(targets.map { target in
            (target, (MakerReads.record(target, language: strings.locale), MakerReads.card(target, language: strings.locale)))
        }, uniquingKeysWith: { first, _ in first })
        notes = try NameNotes.make(records, strings: strings)
        allCharacterNames = Set(records.characters.map(\.name))
        debuts = records.debutIDsByEpisode()
        recordGroups = RecordGroups(records)
        timeline = ChangeGroup.timeline(history: history, dataset: records)
        self.languages = languages
        self.avatarExtensions = avatarExtensions
        self.avatarCopies = avatarCopies
        self.configuration = configuration
        self.strings = strings
        for character in records.characters { characterCards[character.id] = try makeCard(character) }
        for location in records.locations { locationCards[location.id] = try makeCard(location) }
        busiestPlaces = try placesToVisit()
        for episode in records.episodes { episodeSummaries[episode.id] = try makeSummary(episode) }
        searchIndexMade = try makeSearchIndex()
        statisticsMade = try makeStatistics()
        let ids = records.characters.map(\.id).sorted()
        random = makeRandomCharacter(ids: ids)
        // The day is the timeline's newest (what the build is dated by, never the wall clock, so the same inputs pick
        // the same); FNV-1a over it, the same everywhere, unlike Swift's seeded `Hasher`.
        let day = timeline.first?.updated.prefix(10) ?? ""
        dayCharacterID = ids.isEmpty ? nil : ids[Int(FNV1a(day.utf8).value % UInt64(ids.count))]
        featured = records.characters.map { (-records.episodeIDs(ofCharacter: $0.id).count, $0.id) }
            .sorted { $0 < $1 }
            .prefix(Self.featuredCount)
            .map(\.1)
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
        avatarPattern.filled(id: characterID, side: nil, fileExtension: fileExtension)
    }

    /// Where a smaller copy of a character's picture is published: `images/characters/1-44.jpg`.
    package static func avatarCopyPath(characterID: Int, copy: AvatarCopy) -> String {
        avatarCopyPattern.filled(id: characterID, side: copy.side, fileExtension: copy.fileExtension)
    }

    private static let avatarPattern = NamePattern(avatarName, after: avatarFolder)
    private static let avatarCopyPattern = NamePattern(avatarCopyName, after: avatarFolder)

    /// A name after a folder, split once at its placeholders: filled for every avatar and copy of every build (3,304
    /// copies' paths), where scanning the name each time was most of a no-change pictures phase.
    private struct NamePattern {
        enum Piece {
            case text(String)
            case id, side, fileExtension
        }

        let pieces: [Piece]

        /// `{id}`, `{side}` and `{ext}` are placeholders; any other text, braces included, stays as written.
        init(_ name: String, after folder: String) {
            var pieces: [Piece] = [.text(folder)]
            var rest = Substring(name)
            while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
                let piece: Piece? = switch rest[rest.index(after: open)..<close] {
                case "id": .id
                case "side": .side
                case "ext": .fileExtension
                default: nil
                }
                guard let piece else {
                    pieces.append(.text(String(rest[...close])))
                    rest = rest[rest.index(after: close)...]
                    continue
                }
                pieces.append(.text(String(rest[..<open])))
                pieces.append(piece)
                rest = rest[rest.index(after: close)...]
            }
            pieces.append(.text(String(rest)))
            self.pieces = pieces
        }

        /// The values given in place of their placeholders; a placeholder given none stays.
        func filled(id: Int?, side: Int?, fileExtension: String?) -> String {
            var result = ""
            result.reserveCapacity(48)
            for piece in pieces {
                switch piece {
                case .text(let text): result += text
                case .id: result += id.map { String($0) } ?? "{id}"
                case .side: result += side.map { String($0) } ?? "{side}"
                case .fileExtension: result += fileExtension ?? "{ext}"
                }
            }
            return result
        }
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
            try indexPage(
                records.dropFirst((number - 1) * pageSize).prefix(pageSize), number: number, of: total, count: records.count,
                route: route, keys: keys, content: content)
        }
    }

    /// Page `number` of `total` of such an index of `count` records, showing `slice`.
    func indexPage<Record, Content: PageModel>(
        _ slice: ArraySlice<Record>, number: Int, of total: Int, count records: Int, route: (Int) -> Route, keys: String,
        content: (ArraySlice<Record>, Int, Pager?) throws -> Content
    ) throws -> SitePage {
        let pager = total == 1 ? nil : try Pager.make(current: number, total: total, url: { link(route($0)) }, strings: strings)
        let title = number == 1
            ? try strings("\(keys)_title")
            : try strings.format("\(keys)_title_page", ["page": String(number)])
        return try page(
            route(number), title: title, heading: try strings("\(keys)_title"),
            description: try strings.format("\(keys)_description", [
                "count": count(records), "page": String(number), "total": String(total),
            ]),
            content: try content(slice, number, pager))
    }
}

// MARK: What a page maker reads

/// Every read of the records goes through here and is noted for the maker that runs (see `MakerReads`): the whole
/// of them through `dataset` and the values made of them all, one record, card or relation through the others. A
/// maker that read only records, cards and relations whose digests (`readDigests`) are the last build's made the
/// same pages, so a change to one record runs only the makers that read it.
extension SiteModel {
    /// Every record and relation: a maker that reads this runs whenever the data changes.
    var dataset: Dataset { Self.readAll(records) }
    var originalNames: [ResolvedContent.Target: String] { Self.readAll(originals) }
    var nameNotes: [Int: String] { Self.readAll(notes) }
    var groups: RecordGroups { Self.readAll(recordGroups) }
    var changeGroups: [ChangeGroup] { Self.readAll(timeline) }
    var index: SearchIndex { Self.readAll(searchIndexMade) }

    private static func readAll<Value>(_ value: Value) -> Value {
        MakerReads.noteAllRecords()
        return value
    }

    /// The record a maker is made for.
    func read(_ character: CharacterRecord) -> CharacterRecord {
        noteRecord(.character(character.id))
        return character
    }

    func read(_ location: LocationRecord) -> LocationRecord {
        noteRecord(.location(location.id))
        return location
    }

    func read(_ episode: EpisodeRecord) -> EpisodeRecord {
        noteRecord(.episode(episode.id))
        return episode
    }

    func character(_ id: Int) -> CharacterRecord? {
        noteRecord(.character(id))
        return records.character(id)
    }

    func location(_ id: Int) -> LocationRecord? {
        noteRecord(.location(id))
        return records.location(id)
    }

    func episode(_ id: Int) -> EpisodeRecord? {
        noteRecord(.episode(id))
        return records.episode(id)
    }

    /// A record's relations are part of its digest: a character's episodes, origin, location and neighbours in the
    /// API's order; a location's residents and natives; an episode's cast and neighbours.
    func episodeIDs(ofCharacter id: Int) -> [Int] {
        noteRecord(.character(id))
        return records.episodeIDs(ofCharacter: id)
    }

    func characterIDs(inEpisode id: Int) -> [Int] {
        noteRecord(.episode(id))
        return records.characterIDs(inEpisode: id)
    }

    func residentIDs(ofLocation id: Int) -> [Int] {
        noteRecord(.location(id))
        return records.residentIDs(ofLocation: id)
    }

    func nativeIDs(ofLocation id: Int) -> [Int] {
        noteRecord(.location(id))
        return records.nativeIDs(ofLocation: id)
    }

    func originID(ofCharacter id: Int) -> Int? {
        noteRecord(.character(id))
        return records.originIDByCharacter[id]
    }

    func locationID(ofCharacter id: Int) -> Int? {
        noteRecord(.character(id))
        return records.locationIDByCharacter[id]
    }

    func isDatedLocally(_ kind: ResourceKind, _ id: Int) -> Bool {
        switch kind {
        case .character: noteRecord(.character(id))
        case .location: noteRecord(.location(id))
        case .episode: noteRecord(.episode(id))
        }
        return records.isDatedLocally(kind, id)
    }

    /// The records before and after, which the page names.
    func neighbours(ofCharacter id: Int) -> (previous: CharacterRecord?, next: CharacterRecord?) {
        noteRecord(.character(id))
        let found = records.neighbours(ofCharacter: id)
        for other in [found.previous, found.next].compactMap({ $0 }) { noteRecord(.character(other.id)) }
        return found
    }

    func neighbours(ofEpisode id: Int) -> (previous: EpisodeRecord?, next: EpisodeRecord?) {
        noteRecord(.episode(id))
        let found = records.neighbours(ofEpisode: id)
        for other in [found.previous, found.next].compactMap({ $0 }) { noteRecord(.episode(other.id)) }
        return found
    }

    /// Read from the character's episodes and their casts.
    func coStars(of id: Int, limit: Int, minimum: Int) -> [(id: Int, episodes: Int)] {
        for episode in episodeIDs(ofCharacter: id) { noteRecord(.episode(episode)) }
        return records.coStars(of: id, limit: limit, minimum: minimum)
    }

    func card(_ character: CharacterRecord) throws -> CharacterCard {
        noteCard(.character(character.id))
        return try characterCards[character.id] ?? makeCard(character)
    }

    /// The card of the character of that id, its record and card noted as read; nil (noting nothing) for a card not made.
    func characterCard(_ id: Int) -> CharacterCard? {
        guard let card = characterCards[id] else { return nil }
        noteRecord(.character(id))
        noteCard(.character(id))
        return card
    }

    func card(_ location: LocationRecord) throws -> LocationCard {
        noteCard(.location(location.id))
        return try locationCards[location.id] ?? makeCard(location)
    }

    func summary(_ episode: EpisodeRecord) throws -> EpisodeSummary {
        noteCard(.episode(episode.id))
        return try episodeSummaries[episode.id] ?? makeSummary(episode)
    }

    /// What tells the character apart from namesakes: part of its card.
    func note(ofCharacter id: Int) -> String? {
        noteCard(.character(id))
        return notes[id]
    }

    /// The record's name, as this language shows it.
    func dataName(of target: ResolvedContent.Target) -> String? {
        noteRecord(target)
        return records.name(of: target)
    }

    /// The record's name in the data, when the content names it otherwise in this language.
    func originalDataName(of target: ResolvedContent.Target) -> String? {
        noteRecord(target)
        return originals[target]
    }

    /// The family's group of `value`, if it has a page: which groups have pages, and their names and slugs, are one
    /// read (`groupsName`); their members are not in it.
    func group(of family: PageFamily, named value: String) -> RecordGroups.CharacterGroup? {
        MakerReads.noteRecordPart(MakerReads.groups(language: strings.locale))
        return recordGroups.group(of: family, named: value)
    }

    /// The group a maker is made for: its name, slug and members.
    func read(_ group: RecordGroups.CharacterGroup, of family: PageFamily) -> RecordGroups.CharacterGroup {
        MakerReads.noteRecordPart(MakerReads.group(family.folder + "/" + group.slug, language: strings.locale))
        return group
    }

    /// A day's or a rebuild's changes: the group's entries (its digest, `groupDigests`); the records they name are read
    /// one by one (`name(of:)`, `route(of:)`).
    func read(_ changes: ChangeGroup) -> ChangeGroup {
        MakerReads.noteRecordPart(MakerReads.group(Self.changeGroupName(changes), language: strings.locale))
        return changes
    }

    private static func changeGroupName(_ group: ChangeGroup) -> String { "whats-new/" + group.slug }

    /// The timeline's groups, for What's new's pages, which show of each its date, counts and first entries (their
    /// records' names are read one by one, `name(of:)`): a change to a record none of them names leaves the pages as
    /// they were.
    var timelineGroups: [ChangeGroup] {
        MakerReads.noteRecordPart(MakerReads.timeline(language: strings.locale))
        for group in timeline {
            MakerReads.noteRecordPart(MakerReads.groupSummary(Self.changeGroupName(group), language: strings.locale))
        }
        return timeline
    }

    func read(_ dimension: RecordGroups.Dimension) -> RecordGroups.Dimension {
        MakerReads.noteRecordPart(MakerReads.group("dimension/" + dimension.slug, language: strings.locale))
        return dimension
    }

    func read(_ season: RecordGroups.Season) -> RecordGroups.Season {
        MakerReads.noteRecordPart(MakerReads.group("season/\(season.number)", language: strings.locale))
        return season
    }

    /// Which seasons have pages (a season's page links to the one before and after).
    var seasonGroups: [RecordGroups.Season] {
        MakerReads.noteRecordPart(MakerReads.groups(language: strings.locale))
        return recordGroups.seasons
    }

    /// Page `number` of the characters in `order` (`pageSize` a page), and how many characters there are: what that page
    /// of the index lists, read as one (`@en order alphabetical page 3`: its ids and the count).
    func orderPage(_ order: CharacterOrder, page number: Int) -> (characters: [CharacterRecord], count: Int) {
        MakerReads.noteRecordPart(MakerReads.orderPage(order, page: number, language: strings.locale))
        let ids = sorted(order)
        return (ids.dropFirst((number - 1) * Self.pageSize).prefix(Self.pageSize).compactMap(records.character), ids.count)
    }

    /// The A–Z jump bar: the first page of each letter.
    func alphabeticalLetters() throws -> [LetterLink] {
        MakerReads.noteRecordPart(MakerReads.orderLetters(language: strings.locale))
        return try letterBar()
    }

    /// The A–Z jump bar, made once: every page of the A–Z index shows it (made for each, it was a fiftieth of a full
    /// build).
    private func letterBar() throws -> [LetterLink] {
        try letters.value { Result { try letterLinks(sorted(.alphabetical).compactMap(records.character)) } }.get()
    }

    /// The A–Z order, by id, for the next model of this language to sort from (`init`'s `alphabeticalHint`).
    package var alphabeticalHint: [Int] { orders.alphabeticalHint }

    /// The places strip under every characters page: the busiest places' cards, and how many places there are.
    var placesRead: (cards: [LocationCard], count: Int) {
        MakerReads.noteRecordPart(MakerReads.places(language: strings.locale))
        return (busiestPlaces, records.locations.count)
    }

    var randomRead: RandomCharacter? {
        MakerReads.noteRecordPart(MakerReads.random(language: strings.locale))
        return random
    }

    private func sorted(_ order: CharacterOrder) -> [Int] {
        orders.ids(order) { characterIDs(in: order, of: records, notes: notes, hint: orders.hint) }
    }

    func seasonGroup(_ number: Int) -> RecordGroups.Season? {
        MakerReads.noteRecordPart(MakerReads.groups(language: strings.locale))
        return recordGroups.season(number)
    }

    var searchFilters: (statuses: [Badge], genders: [Badge]) {
        MakerReads.noteRecordPart(MakerReads.searchFilters(language: strings.locale))
        return (searchIndexMade.statuses, searchIndexMade.genders)
    }

    var speciesFilter: [String] {
        MakerReads.noteRecordPart(MakerReads.species(language: strings.locale))
        return searchIndexMade.species
    }

    /// How many characters, locations and episodes there are.
    var recordCounts: (characters: Int, locations: Int, episodes: Int) {
        MakerReads.noteRecordPart(MakerReads.counts(language: strings.locale))
        return (records.characters.count, records.locations.count, records.episodes.count)
    }

    /// Every location, in the API's order, for an index of them all: which there are and each one's record.
    var allLocations: [LocationRecord] {
        MakerReads.noteRecordPart(MakerReads.list(.location, language: strings.locale))
        for location in records.locations { noteRecord(.location(location.id)) }
        return records.locations
    }

    var allEpisodes: [EpisodeRecord] {
        MakerReads.noteRecordPart(MakerReads.list(.episode, language: strings.locale))
        for episode in records.episodes { noteRecord(.episode(episode.id)) }
        return records.episodes
    }

    /// The characters the home page features, the most seen first, ties by id (their records and cards are read one by
    /// one). Ranked as (episodes, id) and the ids taken after: sorting the records themselves copied each and counted its
    /// episodes at every comparison.
    var featuredIDs: [Int] {
        MakerReads.noteRecordPart(MakerReads.featured(language: strings.locale))
        return featured
    }

    /// The statistics page's charts, made of every record once per model (the home page shows the first).
    func statistics() -> StatisticsPage {
        MakerReads.noteRecordPart(MakerReads.statistics(language: strings.locale))
        return statisticsMade
    }

    /// The character of the day on `random/`: one of every character, picked by the timeline's newest day.
    func characterOfTheDay() -> CharacterRecord? {
        MakerReads.noteRecordPart(MakerReads.dayCharacter(language: strings.locale))
        return dayCharacterID.flatMap(character)
    }

    /// The groups of a family, the dimensions or the seasons, for their index: which have pages (names, slugs) and
    /// each one's members, whose counts the index gives.
    func listedGroups(of family: PageFamily) -> [RecordGroups.CharacterGroup] {
        MakerReads.noteRecordPart(MakerReads.groups(language: strings.locale))
        return recordGroups.groups(of: family).map { read($0, of: family) }
    }

    var listedDimensions: [RecordGroups.Dimension] {
        MakerReads.noteRecordPart(MakerReads.groups(language: strings.locale))
        return recordGroups.dimensions.map { read($0) }
    }

    var listedSeasons: [RecordGroups.Season] {
        MakerReads.noteRecordPart(MakerReads.groups(language: strings.locale))
        return recordGroups.seasons.map { read($0) }
    }

    func dimensionGroup(named name: String) -> RecordGroups.Dimension? {
        MakerReads.noteRecordPart(MakerReads.groups(language: strings.locale))
        return recordGroups.dimension(named: name)
    }

    /// The characters first seen in the episode: of its cast, those whose first episode it is.
    func debutIDs(inEpisode id: Int) -> [Int] {
        for character in characterIDs(inEpisode: id) { noteRecord(.character(character)) }
        let debuts = debuts[id] ?? []
        for character in debuts { noteRecord(.character(character)) }
        return debuts
    }

    func isCharacterName(_ name: String) -> Bool {
        MakerReads.noteRecordPart(MakerReads.characterName(name, language: strings.locale))
        return allCharacterNames.contains(name)
    }

    private func noteRecord(_ target: ResolvedContent.Target) {
        MakerReads.noteRecordPart(readNames[target]?.record ?? MakerReads.record(target, language: strings.locale))
    }

    private func noteCard(_ target: ResolvedContent.Target) {
        MakerReads.noteRecordPart(readNames[target]?.card ?? MakerReads.card(target, language: strings.locale))
    }

    /// The digest of every record, card and relation of this language's model by the name a maker's read is noted
    /// under, and of which groups have pages.
    package func readDigests() throws -> [String: String] {
        let language = strings.locale
        // Locals, so the closures below capture them and not the model (copied per record: a tenth of this).
        let (records, originals) = (records, originals)
        var digests: [String: String] = [:]
        digests.reserveCapacity(2 * (records.characters.count + records.locations.count + records.episodes.count) + 1)
        let readNames = readNames
        func add(_ target: ResolvedContent.Target, record: (inout ValueDigest) -> Void, card: MustacheValue) {
            var digest = ValueDigest()
            record(&digest)
            let names = readNames[target] ?? (MakerReads.record(target, language: language), MakerReads.card(target, language: language))
            digests[names.record] = digest.hex
            var shown = ValueDigest()
            digests[names.card] = shown.add(value: card) ? shown.hex : nil
        }
        for character in records.characters {
            let neighbours = records.neighbourIDs(ofCharacter: character.id)
            add(ResolvedContent.Target.character(character.id), record: { digest in
                Self.add(character, to: &digest)
                Self.add(ids: records.episodeIDs(ofCharacter: character.id), to: &digest)
                Self.add(ids: [records.originIDByCharacter[character.id] ?? -1, records.locationIDByCharacter[character.id] ?? -1,
                               neighbours.previous ?? -1, neighbours.next ?? -1], to: &digest)
                digest.add(records.isDatedLocally(.character, character.id) ? 1 : 0)
                digest.add(originals[.character(character.id)] ?? "")
            }, card: try card(character).mustacheValue)
        }
        for location in records.locations {
            let named = MakerReads.characterName(location.name, language: language)
            digests[named] = allCharacterNames.contains(location.name) ? "1" : "0"
            add(ResolvedContent.Target.location(location.id), record: { digest in
                for text in [location.name, location.type, location.dimension, location.url, location.created] + location.residents {
                    digest.add(text)
                }
                Self.add(ids: records.residentIDs(ofLocation: location.id), to: &digest)
                Self.add(ids: records.nativeIDs(ofLocation: location.id), to: &digest)
                digest.add(records.isDatedLocally(.location, location.id) ? 1 : 0)
                digest.add(originals[.location(location.id)] ?? "")
            }, card: try card(location).mustacheValue)
        }
        for episode in records.episodes {
            let neighbours = records.neighbourIDs(ofEpisode: episode.id)
            add(ResolvedContent.Target.episode(episode.id), record: { digest in
                for text in [episode.name, episode.airDate, episode.episode, episode.url, episode.created] + episode.characters {
                    digest.add(text)
                }
                Self.add(ids: records.characterIDs(inEpisode: episode.id), to: &digest)
                Self.add(ids: [neighbours.previous ?? -1, neighbours.next ?? -1], to: &digest)
                digest.add(records.isDatedLocally(.episode, episode.id) ? 1 : 0)
                digest.add(originals[.episode(episode.id)] ?? "")
            }, card: try summary(episode).mustacheValue)
        }
        groupDigests(into: &digests)
        try orderDigests(into: &digests)
        try listDigests(into: &digests)
        return digests
    }

    /// What the indexes of every record, the home and the search pages read instead of them all (see `MakerReads.counts`).
    private func listDigests(into digests: inout [String: String]) throws {
        let language = strings.locale
        var counts = ValueDigest()
        Self.add(ids: [records.characters.count, records.locations.count, records.episodes.count], to: &counts)
        digests[MakerReads.counts(language: language)] = counts.hex
        for (kind, ids) in [(ResourceKind.location, records.locations.map(\.id)), (.episode, records.episodes.map(\.id))] {
            var list = ValueDigest()
            Self.add(ids: ids, to: &list)
            digests[MakerReads.list(kind, language: language)] = list.hex
        }
        var featured = ValueDigest()
        Self.add(ids: self.featured, to: &featured)
        digests[MakerReads.featured(language: language)] = featured.hex
        var statistics = ValueDigest()
        digests[MakerReads.statistics(language: language)] = statistics.add(value: try statisticsMade.templateValue()) ? statistics.hex : nil
        var species = ValueDigest()
        species.add(UInt64(searchIndexMade.species.count))
        for name in searchIndexMade.species { species.add(name) }
        digests[MakerReads.species(language: language)] = species.hex
        digests[MakerReads.dayCharacter(language: language)] = dayCharacterID.map { String($0) } ?? "none"
    }

    /// Each page of the characters index in each order, the A–Z letters, the places strip and the random character.
    private func orderDigests(into digests: inout [String: String]) throws {
        let language = strings.locale
        for order in CharacterOrder.allCases {
            let ids = sorted(order)
            for number in 1...Self.pageCount(ids.count) {
                var digest = ValueDigest()
                Self.add(ids: [ids.count] + ids.dropFirst((number - 1) * Self.pageSize).prefix(Self.pageSize), to: &digest)
                digests[MakerReads.orderPage(order, page: number, language: language)] = digest.hex
            }
        }
        var letters = ValueDigest()
        for link in try letterBar() { letters.add(link.url ?? "-") }
        digests[MakerReads.orderLetters(language: language)] = letters.hex
        var places = ValueDigest()
        places.add(UInt64(records.locations.count))
        for card in busiestPlaces where !places.add(value: card.mustacheValue) { return }
        digests[MakerReads.places(language: language)] = places.hex
        var random = ValueDigest()
        for text in [self.random?.url, self.random?.ids, self.random?.pattern] { random.add(text ?? "-") }
        digests[MakerReads.random(language: language)] = random.hex
    }

    /// Which groups have pages, with their names and slugs; each group's members; the search filters.
    private func groupDigests(into digests: inout [String: String]) {
        let language = strings.locale
        var groups = ValueDigest()
        func members(_ name: String, _ texts: [String], _ lists: [[Int]]) {
            var digest = ValueDigest()
            for text in texts { digest.add(text) }
            for list in lists { Self.add(ids: list, to: &digest) }
            digests[MakerReads.group(name, language: language)] = digest.hex
        }
        for family in PageFamily.all {
            groups.add(family.folder)
            for group in recordGroups.groups(of: family) {
                groups.add(group.name)
                groups.add(group.slug)
                members(family.folder + "/" + group.slug, [group.name, group.slug], [group.characterIDs])
            }
        }
        for dimension in recordGroups.dimensions {
            groups.add(dimension.name)
            groups.add(dimension.slug)
            members("dimension/" + dimension.slug, [dimension.name, dimension.slug],
                    [dimension.locationIDs, dimension.residentIDs, dimension.nativeIDs])
        }
        for season in recordGroups.seasons {
            members("season/\(season.number)", [], [[season.number], season.episodeIDs, season.debutIDs, season.returningIDs])
        }
        for season in recordGroups.seasons { groups.add(UInt64(season.number)) }
        var order = ValueDigest()
        for group in timeline {
            order.add(group.slug)
            var digest = ValueDigest(), summary = ValueDigest()
            for text in [group.slug, group.updated, group.source.rawValue] {
                digest.add(text)
                summary.add(text)
            }
            summary.add(UInt64(group.entries.count))
            for (position, entry) in group.entries.enumerated() {
                for text in [entry.kind.rawValue, String(entry.id), entry.name, entry.change.rawValue] { digest.add(text) }
                // The counts read every entry's kind and change; the timeline names the first few.
                for text in [entry.kind.rawValue, entry.change.rawValue] { summary.add(text) }
                if position < Self.groupPreviewSize { for text in [String(entry.id), entry.name] { summary.add(text) } }
            }
            digests[MakerReads.group(Self.changeGroupName(group), language: language)] = digest.hex
            digests[MakerReads.groupSummary(Self.changeGroupName(group), language: language)] = summary.hex
        }
        digests[MakerReads.timeline(language: language)] = order.hex
        digests[MakerReads.groups(language: language)] = groups.hex
        var filters = ValueDigest()
        for badges in [searchIndexMade.statuses, searchIndexMade.genders] {
            filters.add(UInt64(badges.count))
            for badge in badges {
                filters.add(badge.label)
                filters.add(badge.cssClass)
            }
        }
        digests[MakerReads.searchFilters(language: language)] = filters.hex
    }

    /// Every field the API gives a character (the resource's URL and image included: a test counts them).
    static func add(_ character: CharacterRecord, to digest: inout ValueDigest) {
        for text in [character.name, character.status, character.species, character.type, character.gender,
                     character.origin.name, character.origin.url, character.location.name, character.location.url,
                     character.image, character.url, character.created] {
            digest.add(text)
        }
        digest.add(UInt64(character.episode.count))
        for url in character.episode { digest.add(url) }
    }

    private static func add(ids: [Int], to digest: inout ValueDigest) {
        digest.add(UInt64(ids.count))
        for id in ids { digest.add(UInt64(bitPattern: Int64(id))) }
    }
}
