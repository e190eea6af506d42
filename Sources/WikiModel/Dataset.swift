import Primitives
import RickAndMortyAPI

/// The snapshot as a resolved graph: every URL reference is an id, and every link is known from both ends.
///
/// The API serves a few links from one side only (character 125 lists episodes 18 and 21 which do not
/// list it; episode 10 lists character 663 which does not list it; character 125 lives at location 35,
/// whose residents omit it). The rule, decided here once for every page: **a link stated by either side
/// holds for both**. Each side's list is the union of what it states and what points at it, in id order,
/// so a character page and an episode page can never disagree. References to records that do not exist
/// are dropped from the id lists (pages show such a name as plain text instead of a broken link).
package struct Dataset: Sendable {
    let characters: [CharacterRecord]
    let locations: [LocationRecord]
    let episodes: [EpisodeRecord]

    /// Episode ids each character appears in, ascending.
    let episodeIDsByCharacter: [Int: [Int]]
    /// Character ids appearing in each episode, ascending.
    let characterIDsByEpisode: [Int: [Int]]
    /// Character ids whose last known location is each location, ascending.
    let residentIDsByLocation: [Int: [Int]]
    /// Character ids whose origin is each location ("natives"), ascending: a place nobody lives in now is
    /// still where someone comes from (Bird World is Birdperson's).
    let nativeIDsByLocation: [Int: [Int]]
    /// Resolved origin and location of each character, when they name an existing location.
    let originIDByCharacter: [Int: Int]
    let locationIDByCharacter: [Int: Int]

    /// The records whose `created` a local file of the content folder gives (`LocalRecords`): they entered the
    /// wiki that day, not the API, and pages and What's new say so.
    let datedLocally: [ResourceKind: Set<Int>]

    private let characterIndex: [Int: Int]
    private let locationIndex: [Int: Int]
    private let episodeIndex: [Int: Int]
    /// The records' names as wiki links find them, made at the first use and kept with the dataset (see `RecordNames`).
    private let names = Memo<WikiLinkResolver.RecordNames>()

    var recordNames: WikiLinkResolver.RecordNames { names.value { WikiLinkResolver.RecordNames(self) } }

    func isDatedLocally(_ kind: ResourceKind, _ id: Int) -> Bool { datedLocally[kind]?.contains(id) ?? false }

    package init(_ snapshot: Snapshot, datedLocally: [ResourceKind: Set<Int>] = [:]) {
        self.datedLocally = datedLocally
        // A repeated id (a hand-edited cache) keeps its first record: one page per id, never two on one path.
        characters = Self.firstOfEachID(snapshot.characters)
        locations = Self.firstOfEachID(snapshot.locations)
        episodes = Self.firstOfEachID(snapshot.episodes)
        characterIndex = Dictionary(characters.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
        locationIndex = Dictionary(locations.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
        episodeIndex = Dictionary(episodes.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })

        var episodesOf: [Int: Set<Int>] = [:]
        var castOf: [Int: Set<Int>] = [:]
        var residentsOf: [Int: Set<Int>] = [:]
        var origins: [Int: Int] = [:]
        var whereabouts: [Int: Int] = [:]

        for character in characters {
            for url in character.episode {
                guard let episodeID = RecordReference.id(in: url, kind: .episode), episodeIndex[episodeID] != nil
                else { continue }
                episodesOf[character.id, default: []].insert(episodeID)
                castOf[episodeID, default: []].insert(character.id)
            }
            if let originID = RecordReference.id(in: character.origin.url, kind: .location), locationIndex[originID] != nil {
                origins[character.id] = originID
            }
            if let locationID = RecordReference.id(in: character.location.url, kind: .location),
               locationIndex[locationID] != nil {
                whereabouts[character.id] = locationID
                residentsOf[locationID, default: []].insert(character.id)
            }
        }
        for episode in episodes {
            for url in episode.characters {
                guard let characterID = RecordReference.id(in: url, kind: .character), characterIndex[characterID] != nil
                else { continue }
                castOf[episode.id, default: []].insert(characterID)
                episodesOf[characterID, default: []].insert(episode.id)
            }
        }
        for location in locations {
            for url in location.residents {
                guard let characterID = RecordReference.id(in: url, kind: .character), characterIndex[characterID] != nil
                else { continue }
                residentsOf[location.id, default: []].insert(characterID)
                // A resident whose own record names no existing location is placed here; a record that names
                // another location keeps its own word (the character's record is the more specific source).
                if whereabouts[characterID] == nil { whereabouts[characterID] = location.id }
            }
        }

        episodeIDsByCharacter = episodesOf.mapValues { $0.sorted() }
        characterIDsByEpisode = castOf.mapValues { $0.sorted() }
        residentIDsByLocation = residentsOf.mapValues { $0.sorted() }
        originIDByCharacter = origins
        // Characters are visited in id order, so each list is already ascending.
        nativeIDsByLocation = characters.reduce(into: [:]) { natives, character in
            if let origin = origins[character.id] { natives[origin, default: []].append(character.id) }
        }
        locationIDByCharacter = whereabouts
    }

    /// The same graph with the records of `names` called so (a language's names, from the content folder) and
    /// every blank name (empty or only spaces) replaced by `placeholder`, so no page shows an empty heading or
    /// link. The graph itself is unchanged: it is derived again, once, only when a name changes.
    func renaming(_ names: [ResolvedContent.Target: String], blanksAs placeholder: String) -> Dataset {
        func blank(_ name: String) -> Bool { name.allSatisfy(\.isWhitespace) }
        guard !names.isEmpty || characters.contains(where: { blank($0.name) })
            || locations.contains(where: { blank($0.name) }) || episodes.contains(where: { blank($0.name) })
        else { return self }
        func renamed(_ name: String, _ record: ResolvedContent.Target) -> String {
            let name = names[record] ?? name
            return blank(name) ? placeholder : name
        }
        var snapshot = Snapshot(characters: characters, locations: locations, episodes: episodes)
        for index in snapshot.characters.indices {
            snapshot.characters[index].name = renamed(snapshot.characters[index].name, .character(snapshot.characters[index].id))
        }
        for index in snapshot.locations.indices {
            snapshot.locations[index].name = renamed(snapshot.locations[index].name, .location(snapshot.locations[index].id))
        }
        for index in snapshot.episodes.indices {
            snapshot.episodes[index].name = renamed(snapshot.episodes[index].name, .episode(snapshot.episodes[index].id))
        }
        return Dataset(snapshot, datedLocally: datedLocally)
    }

    static func firstOfEachID<Record: Identifiable>(_ records: [Record]) -> [Record] where Record.ID == Int {
        // The API's order is already by id, each once: taken as it is, not copied by a filter and a sort.
        if zip(records, records.dropFirst()).allSatisfy({ $0.id < $1.id }) { return records }
        var seen = Set<Int>()
        return records.filter { seen.insert($0.id).inserted }.sorted { $0.id < $1.id }
    }

    package func character(_ id: Int) -> CharacterRecord? { characterIndex[id].map { characters[$0] } }

    /// Where the record of that id is among `characters` (or `episodes`), nil for none.
    func characterPlace(_ id: Int) -> Int? { characterIndex[id] }
    func episodePlace(_ id: Int) -> Int? { episodeIndex[id] }
    func location(_ id: Int) -> LocationRecord? { locationIndex[id].map { locations[$0] } }
    func episode(_ id: Int) -> EpisodeRecord? { episodeIndex[id].map { episodes[$0] } }

    /// A record's name; nil for an article or a record the data lacks.
    func name(of record: ResolvedContent.Target) -> String? {
        switch record {
        case .character(let id): character(id)?.name
        case .location(let id): location(id)?.name
        case .episode(let id): episode(id)?.name
        case .article: nil
        }
    }

    func episodeIDs(ofCharacter id: Int) -> [Int] { episodeIDsByCharacter[id] ?? [] }
    func characterIDs(inEpisode id: Int) -> [Int] { characterIDsByEpisode[id] ?? [] }
    func residentIDs(ofLocation id: Int) -> [Int] { residentIDsByLocation[id] ?? [] }
    func nativeIDs(ofLocation id: Int) -> [Int] { nativeIDsByLocation[id] ?? [] }
}
