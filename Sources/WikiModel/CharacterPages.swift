import Mustache
import RickAndMortyAPI

struct CharacterIndexPage: PageModel, Encodable, Equatable {
    static let kind = PageKind.characters

    let cards: [CharacterCard]
    let pager: Pager?
    /// The same list in each order, this one marked.
    let orders: [OrderLink]
    /// The A–Z jump bar; empty in the other orders.
    let letters: [LetterLink]
    let hasLetters: Bool
    /// Every page one click away (see `PagePicker`); nil when there is one page.
    let picker: PagePicker?
    /// A few places to jump to, below the cards; the locations index has every one.
    let places: Places
    /// One entry per gender colour, for the legend.
    let genderLegend: [Badge]
    let random: RandomCharacter?
}

/// The "places to visit" strip: the busiest few locations and a link to all of them. It replaces a strip of
/// every location above every characters page (126 links repeated on 42 pages, 134 Tab presses to the cards).
struct Places: Encodable, Sendable, Equatable {
    let cards: [LocationCard]
    let all: RecordLink
}

/// Characters as a ranked list of rows (small picture, name, `count`): the cards' values, drawn small.
struct CharacterRows: Encodable, Sendable, Equatable {
    let rows: [CharacterCard]
}

struct CharacterPage: PageModel, Encodable, Equatable {
    static let kind = PageKind.character

    let name: String
    /// What tells the character apart from namesakes, shown under the name.
    let note: String?
    let image: ImageReference
    let gender: Badge
    let info: [InfoRow]
    /// The character's episodes, by season, each season folded (see `SiteModel.openSeasons`).
    let seasons: [EpisodeIndexPage.Season]
    let hasEpisodes: Bool
    /// "Seen most often with": the characters sharing the most episodes with this one, each with the count,
    /// and only those sharing more than one: one episode together says nothing the episode's cast does not.
    /// A ranked list of small rows rather than cards: it is on many character pages.
    let coStars: CharacterRows
    let hasCoStars: Bool
    /// For a character of one episode, that episode's cast said once ("One episode only, with 23 other
    /// characters:" and a link to the episode) instead of 23 rows of "1 episode together".
    let castNote: CastNote?
    let hasCoStarSection: Bool
    /// The characters before and after this one in the API's order.
    let previous: RecordLink?
    let next: RecordLink?
    /// What fans wrote about the character (`content/characters/<id>.md`), and the pages linking here.
    let prose: Prose?
    let mentions: Mentions?
}

/// The sentence and the link that stand for a one-episode character's co-stars.
struct CastNote: Encodable, Sendable, Equatable {
    let text: String
    let episode: RecordLink
}

extension SiteModel {
    /// How many characters "Seen most often with" shows.
    static let coStarCount = 12
    /// How many episodes two characters must share to be shown as co-stars.
    static let coStarMinimumEpisodes = 2

    static func isBlank(_ value: String) -> Bool { value.allSatisfy(\.isWhitespace) }

    /// Page `number` of the characters index in one order (`CharacterOrder`), 20 a page: a maker each, which reads
    /// that page's characters of the order, not the whole order, so a renamed character runs the pages it leaves and
    /// joins.
    func characterIndexPage(order: CharacterOrder, page number: Int) throws -> [SitePage] {
        let strip = try placesStrip()
        let legend = try CharacterVocabulary.genders.map { gender throws in
            try CharacterVocabulary.gender(gender, strings)
        }
        let (shownCharacters, total) = orderPage(order, page: number)
        let letters = order == .alphabetical ? try alphabeticalLetters() : []
        let orders = try CharacterOrder.allCases.map { other throws in
            OrderLink(label: try strings(other.labelKey), url: link(.characters(page: 1, order: other)),
                      isCurrent: other == order)
        }
        let route = { (page: Int) in Route.characters(page: page, order: order) }
        return [try indexPage(
            shownCharacters[...], number: number, of: Self.pageCount(total), count: total, route: route, keys: order.keys
        ) { slice, _, pager in
            let shown = try slice.map { character throws in
                var card = try card(character)
                if order == .mostEpisodes {
                    card.count = try strings.plural(
                        "character_episode_count", count: self.episodeIDs(ofCharacter: character.id).count)
                }
                return card
            }
            return CharacterIndexPage(
                cards: cards(eager: shown), pager: pager, orders: orders, letters: letters,
                hasLetters: !letters.isEmpty,
                picker: try pager.map { pager throws in
                    try PagePicker.make(current: pager.current, total: pager.total, url: { link(route($0)) }, strings: strings)
                },
                places: strip, genderLegend: legend, random: randomRead)
        }]
    }

    /// Up to this many episodes a character's seasons all start open: folding them would hide little.
    static let unfoldedEpisodes = 10

    /// A character's seasons as its page folds them: all open for a character of few episodes, otherwise only
    /// the first (where the character comes in), the others one tap away with their counts shown.
    static func openSeasons(_ seasons: [EpisodeIndexPage.Season]) -> [EpisodeIndexPage.Season] {
        let all = seasons.reduce(0) { $0 + $1.episodes.count } <= unfoldedEpisodes
        return seasons.enumerated().map { index, season in
            var season = season
            season.isOpen = all || index == 0
            return season
        }
    }

    func placesStrip() throws -> Places {
        let (cards, count) = placesRead
        return Places(cards: cards, all: RecordLink(
            name: try strings.plural("places_all", count: count), url: link(.locations(page: 1))))
    }

    func characterPage(_ character: CharacterRecord) throws -> SitePage {
        let episodes = self.episodeIDs(ofCharacter: character.id).compactMap(self.episode)
        let coStars = try coStarCards(of: character)
        let castNote = try castNote(of: character, episodes: episodes)
        let neighbours = self.neighbours(ofCharacter: character.id)
        func neighbourLink(_ other: CharacterRecord?) -> RecordLink? {
            other.map { RecordLink(name: fullName($0), url: link(.character($0.id))) }
        }
        let facts = try characterFacts(character, episodes: episodes)
        let prose = try prose(.character(character.id))
        // The picture is what the page opens on: fetched first, never lazily.
        var image = try card(character).image
        image.loading = "eager"
        image.later = false
        image.fetchPriority = "high"
        let content = CharacterPage(
            name: character.name, note: note(ofCharacter: character.id), image: image, gender: facts.gender, info: facts.rows,
            seasons: Self.openSeasons(try seasonGroups(episodes)), hasEpisodes: !episodes.isEmpty,
            coStars: CharacterRows(rows: coStars), hasCoStars: !coStars.isEmpty,
            castNote: castNote, hasCoStarSection: !coStars.isEmpty || castNote != nil,
            previous: neighbourLink(neighbours.previous), next: neighbourLink(neighbours.next),
            prose: prose, mentions: try mentions(of: .character(character.id)))
        let none = try strings("value_none")
        return try page(
            .character(character.id), title: fullName(character), heading: character.name,
            description: try prose?.summary ?? strings.format("character_description", [
                "name": fullName(character),
                "species": character.species.isEmpty ? none : strings.term("species", character.species),
                "status": facts.status.label, "location": facts.location.name,
                "episodes": try strings.plural("character_episode_count", count: episodes.count),
            ]),
            ogType: "profile",
            ogImage: avatarExtensions[character.id].map {
                configuration.absoluteSharedLink(Self.avatarPath(characterID: character.id, fileExtension: $0))
            },
            content: content)
    }

    /// The characters seen most often beside this one, each card saying in how many episodes.
    private func coStarCards(of character: CharacterRecord) throws -> [CharacterCard] {
        try self.coStars(of: character.id, limit: Self.coStarCount, minimum: Self.coStarMinimumEpisodes)
            .compactMap { coStar throws in
                try self.character(coStar.id).map { other throws in
                    var card = try card(other)
                    card.count = try strings.plural("costar_episodes_count", count: coStar.episodes)
                    return card
                }
            }
    }

    /// A character of one episode has no co-stars to speak of: the page says how many others that episode has.
    private func castNote(of character: CharacterRecord, episodes: [EpisodeRecord]) throws -> CastNote? {
        guard episodes.count == 1, let only = episodes.first else { return nil }
        let others = self.characterIDs(inEpisode: only.id).filter { $0 != character.id }.count
        guard others > 0 else { return nil }
        return CastNote(
            text: try strings.plural("character_cast_note", count: others),
            episode: RecordLink(name: "\(only.episode) · \(only.name)", url: link(.episode(only.id))))
    }

    /// A character's facts as the page shows them, and the words the description reuses.
    private struct CharacterFacts {
        var rows: [InfoRow]
        var status: Badge
        var gender: Badge
        var location: RecordLink
    }

    /// What a fan looks for first comes first, so it is on a phone's first screen: status, species, where they
    /// come from and were last seen, their first and last episode. A field the data leaves blank is left out
    /// rather than shown as "—".
    private func characterFacts(_ character: CharacterRecord, episodes: [EpisodeRecord]) throws -> CharacterFacts {
        let status = try CharacterVocabulary.status(character.status, gender: character.gender, strings)
        let gender = try CharacterVocabulary.gender(character.gender, strings)
        let none = try strings("value_none")
        func row(
            _ field: InfoField, _ value: String, url: String? = nil, datetime: String? = nil, badge: String? = nil,
            label: String? = nil
        ) throws -> InfoRow {
            InfoRow(key: field.key, label: try label ?? field.label(strings), icon: field.icon, color: field.color,
                    value: Self.isBlank(value) ? none : value, url: url, datetime: datetime, badgeClass: badge)
        }
        let origin = try locationLink(
            character.origin, id: self.originID(ofCharacter: character.id), unknownKey: "character_origin_unknown")
        let location = try locationLink(
            character.location, id: self.locationID(ofCharacter: character.id), unknownKey: "character_location_unknown")
        var info: [InfoRow] = []
        if !Self.isBlank(character.status) {
            info.append(try row(.status, status.label, url: try familyLink(.status, of: character) ?? searchLink(status: character.status), badge: status.cssClass))
        }
        if !Self.isBlank(character.species) {
            info.append(try row(.species, strings.term("species", character.species), url: familyLink(.species, of: character)))
        }
        if !Self.isBlank(character.gender) {
            info.append(try row(.gender, gender.label, url: try familyLink(.gender, of: character) ?? searchLink(gender: character.gender), badge: gender.cssClass))
        }
        if !Self.isBlank(character.origin.name) || origin.url != nil { info.append(try row(.origin, origin.name, url: origin.url)) }
        if !Self.isBlank(character.location.name) || location.url != nil {
            info.append(try row(.location, location.name, url: location.url))
        }
        if let first = episodes.first, let last = episodes.last {
            info.append(try row(.firstSeen, "\(first.episode) · \(first.name)", url: link(.episode(first.id))))
            if last.id != first.id {
                info.append(try row(.lastSeen, "\(last.episode) · \(last.name)", url: link(.episode(last.id))))
            }
        }
        if !Self.isBlank(character.type) { info.append(try row(.type, character.type, url: familyLink(.type, of: character))) }
        info.append(try row(.episodeCount, try strings.plural("character_episode_count", count: episodes.count),
                            url: episodes.isEmpty ? nil : "#episodes-heading"))
        if !Self.isBlank(character.created) {
            // A local record's day is when it entered the wiki: the API never added it.
            let created = CalendarDate(iso8601: character.created)
            let label = self.isDatedLocally(.character, character.id) ? try strings("info_created_locally") : nil
            info.append(try row(.created, try created?.formatted(strings) ?? character.created, datetime: created?.isoDay,
                                label: label))
        }
        if let original = originalName(of: .character(character.id)) {
            var row = try row(.originalName, original.name)
            row.lang = original.lang
            info.append(row)
        }
        return CharacterFacts(rows: info, status: status, gender: gender, location: location)
    }
}

extension CharacterPage: MustacheConvertible {
    var mustacheValue: MustacheValue {
        .object([
            "name": .string(name), "note": MustacheValue(note), "image": image.mustacheValue,
            "gender": gender.mustacheValue, "info": MustacheValue(info), "seasons": MustacheValue(seasons),
            "hasEpisodes": .bool(hasEpisodes), "coStars": coStars.mustacheValue, "hasCoStars": .bool(hasCoStars),
            "castNote": MustacheValue(castNote), "hasCoStarSection": .bool(hasCoStarSection),
            "previous": MustacheValue(previous), "next": MustacheValue(next),
            "prose": MustacheValue(prose), "mentions": MustacheValue(mentions),
        ])
    }
}

extension CastNote: MustacheConvertible {
    var mustacheValue: MustacheValue {
        .object(["text": .string(text), "episode": episode.mustacheValue])
    }
}

extension CharacterRows: MustacheConvertible {
    var mustacheValue: MustacheValue { .object(["rows": MustacheValue(rows)]) }
}

extension CharacterIndexPage: MustacheConvertible {
    var mustacheValue: MustacheValue {
        .object([
            "cards": MustacheValue(cards), "pager": MustacheValue(pager), "orders": MustacheValue(orders),
            "letters": MustacheValue(letters), "hasLetters": .bool(hasLetters), "picker": MustacheValue(picker),
            "places": places.mustacheValue, "genderLegend": MustacheValue(genderLegend), "random": MustacheValue(random),
        ])
    }
}

extension Places: MustacheConvertible {
    var mustacheValue: MustacheValue { .object(["cards": MustacheValue(cards), "all": all.mustacheValue]) }
}
