import Mustache
import RickAndMortyAPI

/// A value shown with a colour: the label as the reader sees it and the CSS class that colours it.
struct Badge: Encodable, Sendable, Equatable {
    let label: String
    let cssClass: String
}

/// An `<img>`: every picture has alt text and intrinsic size (no layout shift). Pictures load lazily, except
/// what the first screen shows: a character page's picture (`fetchpriority="high"`) and the first row of cards.
struct ImageReference: Encodable, Sendable, Equatable {
    let src: String
    let alt: String
    let width: Int
    let height: Int
    var loading = "lazy"
    var fetchPriority: String?
    /// The copies for a face in a row and the original, with their widths (`…/1-44.jpg 44w, …, …/1.jpeg 300w`),
    /// so the browser fetches the smallest that is sharp at the size shown; nil when there are no copies (the
    /// placeholder, an avatar that could not be decoded). The row's template says the size it shows (`sizes`).
    var srcset: String?
    /// The same for a card: its copy (`SiteModel.cardImageSide`) and the original, shown at `cardSizes`.
    var cardSrcset: String?
    var cardSizes: String?
    /// A lazy picture waits until it comes into view (`Public/assets/pocket.js`); an eager one is asked for at once.
    var later = true
}

/// A smaller copy of an avatar, made at build time for the size a page shows it at.
package struct AvatarCopy: Encodable, Sendable, Equatable {
    /// The shorter side asked for: it names the file.
    package let side: Int
    package let width: Int
    package let height: Int
    package let fileExtension: String

    package init(side: Int, width: Int, height: Int, fileExtension: String) {
        self.side = side
        self.width = width
        self.height = height
        self.fileExtension = fileExtension
    }
}

/// A character as a card: picture, name (with its note when namesakes exist), status badge, border
/// coloured by gender.
struct CharacterCard: Encodable, Sendable, Equatable {
    let id: Int
    let name: String
    /// What tells this character apart from others of the same name ("Soulless Puppet"); nil when the name is its own.
    let note: String?
    let url: String
    var image: ImageReference { didSet { value = nil } }
    let status: Badge
    let gender: Badge
    let species: String
    /// A number the list is about, under the card ("12 episodes together"); nil on most lists.
    var count: String? { didSet { value = nil } }
    /// The name and note as the card lays them out (`KeptRun`).
    let nameRuns: [KeptRun]
    let noteRuns: [KeptRun]?
    /// The card's template value, made with the card and kept while its picture and count are as made: a card is shown
    /// on many pages (the indexes, a place's residents, an episode's cast, each character's co-stars), and making its
    /// value each time was a twentieth of a full build.
    private var value: MustacheValue?

    private enum CodingKeys: String, CodingKey {
        case id, name, note, url, image, status, gender, species, count, nameRuns, noteRuns
    }

    init(id: Int, name: String, note: String?, url: String, image: ImageReference, status: Badge, gender: Badge,
         species: String, count: String? = nil, nameRuns: [KeptRun], noteRuns: [KeptRun]?) {
        (self.id, self.name, self.note, self.url, self.image) = (id, name, note, url, image)
        (self.status, self.gender, self.species, self.count, self.nameRuns, self.noteRuns) = (status, gender, species, count, nameRuns, noteRuns)
        value = made
    }

    /// What the card says, whatever value it keeps.
    static func == (left: CharacterCard, right: CharacterCard) -> Bool {
        (left.id, left.name, left.note, left.url, left.image) == (right.id, right.name, right.note, right.url, right.image)
            && (left.status, left.gender, left.species, left.count) == (right.status, right.gender, right.species, right.count)
            && (left.nameRuns, left.noteRuns) == (right.nameRuns, right.noteRuns)
    }
}

/// Characters as a page lists them: cards while the list is short, compact rows with 44-px faces once it is
/// longer than a page of cards (`SiteModel.pageSize`), so that a long list on a phone is a few screens, not
/// twenty, and costs the faces it shows (a card's picture on a 3× screen is the 300-px original).
struct CharacterList: Encodable, Sendable, Equatable {
    /// The list as cards, or as rows: one of the two is empty.
    let cards: [CharacterCard]
    let rows: [CharacterCard]
    let asRows: Bool

    var all: [CharacterCard] { asRows ? rows : cards }
}

/// A location as a card in the index and in the "places to visit" strips.
struct LocationCard: Encodable, Sendable, Equatable {
    let id: Int
    let name: String
    let url: String
    let type: String
    let dimension: String
    let residentCount: String
    let nativeCount: String
    /// The name and dimension as the card lays them out (`KeptRun`).
    let nameRuns: [KeptRun]
    let dimensionRuns: [KeptRun]
}

/// An episode as a row: code, name, air date (readable and machine-readable), cast size.
struct EpisodeSummary: Encodable, Sendable, Equatable {
    let id: Int
    let code: String
    let name: String
    let url: String
    let airDate: String
    let airDateISO: String?
    let castSize: String
}

/// A name that links to its record's page; `url` is nil when the record does not exist, and the
/// templates then show the name as plain text rather than a broken link.
struct RecordLink: Encodable, Sendable, Equatable {
    let name: String
    let url: String?
    /// The name's language when it is a text shown untranslated on a page of another language (an article's title).
    var lang: String? = nil
}

/// One line of a character's info section, its look taken from its `InfoField`.
struct InfoRow: Encodable, Sendable, Equatable {
    let key: String
    let label: String
    let icon: String
    let color: String
    let value: String
    let url: String?
    let datetime: String?
    let badgeClass: String?
    /// The value's language when it is not the page's (the data's name beside this language's).
    var lang: String? = nil
}

/// The facts a character page shows, in order. Label, icon and colour of each are defined here once;
/// templates only place them (`#icon-<icon>` symbols, `--palette-<color>` colours). `created` is when the
/// record entered the API, not a fact of the story, and is labelled so.
enum InfoField: String, CaseIterable, Sendable {
    case status, species, gender, origin, location, firstSeen, lastSeen, type, episodeCount, created, originalName

    /// The key of the label in the string table and of the row's colour class.
    var key: String {
        switch self {
        case .firstSeen: "first-seen"
        case .lastSeen: "last-seen"
        case .episodeCount: "episode-count"
        case .originalName: "original-name"
        default: rawValue
        }
    }

    /// The symbol in `Public/assets/icons.svg`.
    var icon: String {
        switch self {
        case .status: "pulse"
        case .species: "dna"
        case .type: "tag"
        case .gender: "person"
        case .origin: "planet"
        case .location: "pin"
        case .firstSeen: "play"
        case .lastSeen: "stop"
        case .episodeCount: "film"
        case .created: "calendar"
        case .originalName: "person"
        }
    }

    /// A palette colour of the stylesheet (`--palette-<name>`), tuned there for light and dark mode.
    var color: String {
        switch self {
        case .status: "green"
        case .species: "teal"
        case .type: "slate"
        case .gender: "pink"
        case .origin: "blue"
        case .location: "indigo"
        case .firstSeen: "amber"
        case .lastSeen: "orange"
        case .episodeCount: "violet"
        case .created: "slate"
        case .originalName: "slate"
        }
    }

    func label(_ strings: StringTable) throws -> String { try strings(labelKey) }

    /// The label's entry in the string table: written out, as this runs for every row of every character page.
    private var labelKey: String {
        switch self {
        case .status: "info_status"
        case .species: "info_species"
        case .gender: "info_gender"
        case .origin: "info_origin"
        case .location: "info_location"
        case .firstSeen: "info_first_seen"
        case .lastSeen: "info_last_seen"
        case .type: "info_type"
        case .episodeCount: "info_episode_count"
        case .created: "info_created"
        case .originalName: "info_original_name"
        }
    }
}

extension SiteModel {
    /// Shown for a character without an avatar; a file of `Public/`.
    package static let placeholderAvatarPath = "assets/no-avatar.svg"

    func image(of character: CharacterRecord) throws -> ImageReference {
        let src = avatarExtensions[character.id].map {
            configuration.sharedLink(Self.avatarPath(characterID: character.id, fileExtension: $0))
        } ?? configuration.sharedLink(Self.placeholderAvatarPath)
        var reference = ImageReference(
            src: src, alt: try strings.format("image_alt", ["name": character.name]),
            width: Self.avatarSize, height: Self.avatarSize)
        if let copies = avatarCopies[character.id], !copies.isEmpty, avatarExtensions[character.id] != nil {
            reference.srcset = candidates(character.id, copies, original: src) { $0.side < Self.cardImageSide }
            reference.cardSrcset = candidates(character.id, copies, original: src) { $0.side == Self.cardImageSide }
            if reference.cardSrcset != nil { reference.cardSizes = Self.cardImageSizes }
        }
        return reference
    }

    /// A `srcset`: the copies `taken` ("/images/characters/1-88.jpg 88w, …"), then the original; nil when none is
    /// taken. Appended into one string: a string per candidate, joined, was most of making every card (1,652 a build).
    private func candidates(
        _ id: Int, _ copies: [AvatarCopy], original: String, taken: (AvatarCopy) -> Bool
    ) -> String? {
        var text = ""
        for copy in copies where taken(copy) {
            if text.isEmpty { text.reserveCapacity((copies.count + 1) * (original.utf8.count + 8)) }
            text += configuration.sharedLink(Self.avatarCopyPath(characterID: id, copy: copy))
            text += " "
            text += String(copy.width)
            text += "w, "
        }
        guard !text.isEmpty else { return nil }
        text += original
        text += " "
        text += String(Self.avatarSize)
        text += "w"
        return text
    }

    /// How many cards a grid loads eagerly: the two rows a phone's first screen shows (two columns at 390 × 844).
    /// A phone is where a picture too many costs most; on a wider screen the rest of the first row is lazy but
    /// in view, so the browser asks for it at the first layout anyway.
    static let eagerCards = 4

    /// The cards of a grid, the first screen's pictures loading eagerly.
    func cards(eager cards: [CharacterCard]) -> [CharacterCard] {
        var cards = cards
        for index in cards.indices.prefix(Self.eagerCards) {
            cards[index].image.loading = "eager"
            cards[index].image.later = false
        }
        return cards
    }

    /// `cards` as a list: rows when there are more than a page of them; a short list's first screen of cards
    /// loads eagerly when `eager` (the list is the first thing the page shows).
    func characterList(_ cards: [CharacterCard], eager: Bool) -> CharacterList {
        if cards.count > Self.pageSize { return CharacterList(cards: [], rows: cards, asRows: true) }
        return CharacterList(cards: eager ? self.cards(eager: cards) : cards, rows: [], asRows: false)
    }

    /// "Birdperson · Soulless Puppet" for a character with namesakes, the plain name otherwise: what titles,
    /// descriptions and the feed call it.
    func fullName(_ character: CharacterRecord) -> String {
        note(ofCharacter: character.id).map { "\(character.name) · \($0)" } ?? character.name
    }

    func makeCard(_ character: CharacterRecord) throws -> CharacterCard {
        let note = note(ofCharacter: character.id)
        return CharacterCard(
            id: character.id, name: character.name, note: note, url: link(.character(character.id)),
            image: try image(of: character),
            status: try CharacterVocabulary.status(character.status, gender: character.gender, strings),
            gender: try CharacterVocabulary.gender(character.gender, strings),
            species: try cardSpecies(character.species),
            nameRuns: KeptRun.runs(character.name), noteRuns: note.map(KeptRun.runs))
    }

    /// A species where no label says what it is (a card, a search result): "Unknown species", since a bare
    /// "Inconnue · Masculin" reads as a wrong agreement in French.
    func cardSpecies(_ species: String) throws -> String {
        species.isUnknownValue ? try strings("character_card_species_unknown") : strings.term("species", species)
    }

    /// The cards of `ids`, noted as `character(_:)` and `card(_:)` note them, without copying each record on the way (a
    /// list of cards is on most pages).
    func cards(_ ids: [Int]) throws -> [CharacterCard] {
        try ids.compactMap { id throws in
            guard let made = characterCard(id) else { return try character(id).map(card) }
            return made
        }
    }

    /// A location's type as its page shows it, beside its label; `unknownKey` says an unknown one in the
    /// page's language (a card, without the label, names what is unknown: "Type inconnu").
    func locationType(_ location: LocationRecord, unknownKey: String = "location_type_unknown") throws -> String {
        if location.type.isEmpty { return try strings("value_none") }
        return location.type.isUnknownValue ? try strings(unknownKey) : strings.term("location_type", location.type)
    }

    func locationDimension(_ location: LocationRecord, unknownKey: String = "location_dimension_unknown") throws -> String {
        if location.dimension.isEmpty { return try strings("value_none") }
        return location.dimension.isUnknownValue ? try strings(unknownKey) : dimensionName(location.dimension)
    }

    /// A dimension's name as this language says it: a code name ("Dimension C-137") stays as it is, one said in
    /// words ("Replacement Dimension", "Unknown dimension") takes its `term_dimension_<name>` entry, else (a word
    /// the table lacks, which the build warns about) stays as the data gives it.
    func dimensionName(_ name: String) -> String { strings.term("dimension", name) }

    func makeCard(_ location: LocationRecord) throws -> LocationCard {
        let dimension = try locationDimension(location, unknownKey: "location_card_dimension_unknown")
        return LocationCard(
            id: location.id, name: location.name, url: link(.location(location.id)),
            type: try locationType(location, unknownKey: "location_card_type_unknown"), dimension: dimension,
            residentCount: try strings.plural("location_residents_count", count: self.residentIDs(ofLocation: location.id).count),
            nativeCount: try strings.plural("location_natives_count", count: self.nativeIDs(ofLocation: location.id).count),
            nameRuns: KeptRun.runs(location.name), dimensionRuns: KeptRun.runs(dimension))
    }

    func makeSummary(_ episode: EpisodeRecord) throws -> EpisodeSummary {
        let airDate = CalendarDate(airDate: episode.airDate)
        return EpisodeSummary(
            id: episode.id, code: episode.episode, name: episode.name, url: link(.episode(episode.id)),
            airDate: try airDate?.formatted(strings) ?? episode.airDate,
            airDateISO: airDate?.isoDay,
            castSize: try strings.plural("episode_cast_count", count: self.characterIDs(inEpisode: episode.id).count))
    }

    /// A character's origin or location: the location's own name when it resolves (the record is the
    /// authority; the reference may be stale or blank), the reference's name as plain text otherwise, and
    /// the API's "unknown" as `unknownKey` says it (French agrees: origine inconnue, lieu inconnu).
    func locationLink(_ reference: NamedReference, id: Int?, unknownKey: String) throws -> RecordLink {
        if let id, let location = self.location(id) {
            return RecordLink(name: location.name, url: link(.location(id)))
        }
        if reference.name.allSatisfy(\.isWhitespace) { return RecordLink(name: try strings("value_none"), url: nil) }
        return RecordLink(name: reference.name.isUnknownValue ? try strings(unknownKey) : reference.name, url: nil)
    }
}

extension Badge: MustacheConvertible {
    var mustacheValue: MustacheValue {
        .object(["label": .string(label), "cssClass": .string(cssClass)])
    }
}

extension ImageReference: MustacheConvertible {
    var mustacheValue: MustacheValue {
        .object([
            "src": .string(src), "alt": .string(alt), "width": .int(width), "height": .int(height),
            "loading": .string(loading), "fetchPriority": MustacheValue(fetchPriority),
            "srcset": MustacheValue(srcset), "cardSrcset": MustacheValue(cardSrcset),
            "cardSizes": MustacheValue(cardSizes), "later": .bool(later),
        ])
    }
}

extension CharacterCard: MustacheConvertible {
    var mustacheValue: MustacheValue { value ?? made }

    fileprivate var made: MustacheValue {
        .object([
            "id": .int(id), "name": .string(name), "note": MustacheValue(note),
            "nameRuns": MustacheValue(nameRuns), "noteRuns": noteRuns.map { MustacheValue($0) } ?? .null,
            "url": .string(url), "image": image.mustacheValue,
            "status": status.mustacheValue, "gender": gender.mustacheValue, "species": .string(species),
            "count": MustacheValue(count),
        ])
    }
}

extension CharacterList: MustacheConvertible {
    var mustacheValue: MustacheValue {
        .object(["cards": MustacheValue(cards), "rows": MustacheValue(rows), "asRows": .bool(asRows)])
    }
}

extension LocationCard: MustacheConvertible {
    var mustacheValue: MustacheValue {
        .object([
            "id": .int(id), "name": .string(name), "url": .string(url), "type": .string(type),
            "dimension": .string(dimension), "residentCount": .string(residentCount), "nativeCount": .string(nativeCount),
            "nameRuns": MustacheValue(nameRuns), "dimensionRuns": MustacheValue(dimensionRuns),
        ])
    }
}

extension EpisodeSummary: MustacheConvertible {
    var mustacheValue: MustacheValue {
        .object([
            "id": .int(id), "code": .string(code), "name": .string(name), "url": .string(url),
            "airDate": .string(airDate), "airDateISO": MustacheValue(airDateISO),
            "castSize": .string(castSize),
        ])
    }
}

extension RecordLink: MustacheConvertible {
    var mustacheValue: MustacheValue {
        .object(["name": .string(name), "url": MustacheValue(url), "lang": MustacheValue(lang)])
    }
}

extension InfoRow: MustacheConvertible {
    var mustacheValue: MustacheValue {
        .object([
            "key": .string(key), "label": .string(label), "icon": .string(icon), "color": .string(color),
            "value": .string(value), "url": MustacheValue(url),
            "datetime": MustacheValue(datetime), "badgeClass": MustacheValue(badgeClass), "lang": MustacheValue(lang),
        ])
    }
}

/// A run of a card's text, `keep` when a line must not break inside it (`.keep`, no wrapping): a browser breaks a
/// line after a hyphen before a digit, so "Earth (C-137)" in a narrow card read "Earth (C-" and "137)". Such a word
/// (a hyphen then a digit, at most `longest` characters, so a hostile long one still wraps) is kept whole; the
/// templates escape every run as any value.
struct KeptRun: Encodable, Sendable, Equatable {
    let text: String
    let keep: Bool

    static let longest = 24

    static func runs(_ text: String) -> [KeptRun] {
        // A byte search: Foundation's `contains` goes through a locale-aware search (a card's name, each build).
        guard text.utf8.contains(UInt8(ascii: "-")) else { return [KeptRun(text: text, keep: false)] }
        var runs: [KeptRun] = []
        var plain = ""
        var rest = Substring(text)
        while !rest.isEmpty {
            let space = rest.prefix { $0.isWhitespace }
            plain += space
            rest = rest.dropFirst(space.count)
            let word = rest.prefix { !$0.isWhitespace }
            rest = rest.dropFirst(word.count)
            if word.count <= longest, zip(word, word.dropFirst()).contains(where: { $0 == "-" && $1.isNumber }) {
                if !plain.isEmpty { runs.append(KeptRun(text: plain, keep: false)) }
                plain = ""
                runs.append(KeptRun(text: String(word), keep: true))
            } else {
                plain += word
            }
        }
        if !plain.isEmpty || runs.isEmpty { runs.append(KeptRun(text: plain, keep: false)) }
        return runs
    }
}

extension KeptRun: MustacheConvertible {
    var mustacheValue: MustacheValue { .object(["text": .string(text), "keep": .bool(keep)]) }
}
