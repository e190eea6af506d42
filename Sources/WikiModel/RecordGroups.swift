import Foundation
import RickAndMortyAPI

/// What the records fall into besides their links: the dimensions of the locations, the groups of each
/// `PageFamily` (species, types…) of the characters, and the seasons of the episodes. Each group with a page has a slug for its URL, the same
/// in every language (made from the data's own value, so `/species/human/` and `/fr/species/human/` are one page
/// in two languages). Made in one pass over each kind, from the resolved `Dataset`, so a membership shown on a
/// group page and the link on a record's page come from the same place.
struct RecordGroups: Sendable {
    /// The locations whose `dimension` is this value, with the characters who live there (residents of those
    /// locations) and who come from there (natives); ids ascending.
    struct Dimension: Sendable, Equatable {
        let name: String
        let slug: String
        let locationIDs: [Int]
        let residentIDs: [Int]
        let nativeIDs: [Int]
    }

    /// The characters sharing a value of a `PageFamily`'s field (a species, a type), ids ascending.
    struct CharacterGroup: Sendable, Equatable {
        let name: String
        let slug: String
        let characterIDs: [Int]
    }

    /// A season's episodes in code order, everyone in its cast, and who of them is seen there first.
    struct Season: Sendable, Equatable {
        let number: Int
        let episodeIDs: [Int]
        /// Characters whose first episode (the lowest id, as their page's "First seen in") is in this season.
        let debutIDs: [Int]
        /// The rest of the cast: characters seen in an earlier season.
        let returningIDs: [Int]

        var castCount: Int { debutIDs.count + returningIDs.count }
    }

    /// The busiest first (most residents, then most locations), ties by name.
    let dimensions: [Dimension]
    let seasons: [Season]
    /// Each family's groups with at least its `minimumMembers`, the most common first, ties by name.
    private let families: [PageFamily: [CharacterGroup]]

    private let dimensionIndex: [String: Int]
    private let familyIndex: [PageFamily: [String: Int]]
    private let seasonIndex: [Int: Int]

    init(_ dataset: Dataset) {
        // Dimensions: "unknown" and blank values say nothing about where a place is, so they get no page.
        var locationsByDimension: [String: [Int]] = [:]
        for location in dataset.locations where Self.isKnownDimension(location.dimension) {
            locationsByDimension[location.dimension, default: []].append(location.id)
        }
        let dimensionGroups = locationsByDimension.map { name, locationIDs in
            // A character is a resident of one location, but a one-sided link can make them two: one card each.
            let residents = Set(locationIDs.flatMap(dataset.residentIDs(ofLocation:))).sorted()
            let natives = Set(locationIDs.flatMap(dataset.nativeIDs(ofLocation:))).sorted()
            return (name: name, locationIDs: locationIDs, residents: residents, natives: natives)
        }.sorted {
            ($1.residents.count, $1.locationIDs.count, $0.name) < ($0.residents.count, $0.locationIDs.count, $1.name)
        }
        let dimensionSlugs = Slug.unique(dimensionGroups.map(\.name))
        dimensions = zip(dimensionGroups, dimensionSlugs).map { group, slug in
            Dimension(name: group.name, slug: slug, locationIDs: group.locationIDs,
                      residentIDs: group.residents, nativeIDs: group.natives)
        }

        families = Dictionary(uniqueKeysWithValues: PageFamily.all.map { family in
            var members: [String: [Int]] = [:]
            for character in dataset.characters {
                let value = family.value(character)
                if !value.allSatisfy(\.isWhitespace) { members[value, default: []].append(character.id) }
            }
            return (family, Self.groups(members.filter { $0.value.count >= family.minimumMembers }))
        })

        // Seasons from the episode codes; an episode whose code names no season belongs to none.
        var episodesBySeason: [Int: [EpisodeRecord]] = [:]
        var seasonOfEpisode: [Int: Int] = [:]
        for episode in dataset.episodes {
            guard let code = EpisodeCode(episode.episode) else { continue }
            episodesBySeason[code.season, default: []].append(episode)
            seasonOfEpisode[episode.id] = code.season
        }
        var debutsBySeason: [Int: [Int]] = [:]
        for character in dataset.characters {
            if let first = dataset.episodeIDs(ofCharacter: character.id).first, let season = seasonOfEpisode[first] {
                debutsBySeason[season, default: []].append(character.id)
            }
        }
        seasons = episodesBySeason.keys.sorted().map { number in
            let episodes = (episodesBySeason[number] ?? []).sorted {
                (EpisodeCode($0.episode)?.number ?? 0, $0.id) < (EpisodeCode($1.episode)?.number ?? 0, $1.id)
            }
            let cast = Set(episodes.flatMap { dataset.characterIDs(inEpisode: $0.id) })
            let debuts = debutsBySeason[number] ?? []
            return Season(
                number: number, episodeIDs: episodes.map(\.id), debutIDs: debuts,
                returningIDs: cast.subtracting(debuts).sorted())
        }

        dimensionIndex = Self.index(dimensions.map(\.name))
        familyIndex = families.mapValues { Self.index($0.map(\.name)) }
        seasonIndex = Self.index(seasons.map(\.number))
    }

    static func isKnownDimension(_ value: String) -> Bool {
        !value.allSatisfy(\.isWhitespace) && value.lowercased() != "unknown"
    }

    func dimension(named name: String) -> Dimension? { dimensionIndex[name].map { dimensions[$0] } }
    func groups(of family: PageFamily) -> [CharacterGroup] { families[family] ?? [] }
    func group(of family: PageFamily, named name: String) -> CharacterGroup? {
        familyIndex[family]?[name].map { groups(of: family)[$0] }
    }
    func season(_ number: Int) -> Season? { seasonIndex[number].map { seasons[$0] } }

    private static func groups(_ members: [String: [Int]]) -> [CharacterGroup] {
        let ordered = members.sorted { ($1.value.count, $0.key) < ($0.value.count, $1.key) }
        return zip(ordered, Slug.unique(ordered.map(\.key))).map { group, slug in
            CharacterGroup(name: group.key, slug: slug, characterIDs: group.value)
        }
    }

    private static func index<Key: Hashable>(_ keys: [Key]) -> [Key: Int] {
        Dictionary(keys.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
    }
}

/// A value as a URL segment: lowercase ASCII letters and digits, any run of other characters one hyphen
/// (`Mythological Creature` → `mythological-creature`, `Dimension J19ζ7` → `dimension-j19-7`). Accents are
/// dropped first (`Créature` → `creature`). A slug stops at a word boundary by `maximumLength`: a file name
/// has 255 bytes at most, and a value may be thousands of characters long.
enum Slug {
    static let maximumLength = 60

    static func make(_ value: String) -> String {
        let folded = value.folding(options: [.diacriticInsensitive, .caseInsensitive, .widthInsensitive], locale: nil)
        var slug = ""
        var pendingHyphen = false
        for scalar in folded.unicodeScalars {
            if scalar.isASCII, scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) {
                if pendingHyphen, !slug.isEmpty { slug.append("-") }
                pendingHyphen = false
                slug.unicodeScalars.append(scalar)
            } else {
                pendingHyphen = true
            }
        }
        if slug.count > maximumLength {
            // The slug is ASCII: characters are bytes. Cut before the last word that does not fit whole.
            let head = slug.prefix(maximumLength + 1)
            slug = String(head.lastIndex(of: "-").map { head[..<$0] } ?? head.prefix(maximumLength))
        }
        return slug.isEmpty ? "x" : slug
    }

    /// One slug per value, in the order given, none repeated: values that meet in one slug ("Cat-Person" and
    /// "Cat Person") take `-2`, `-3`, … in the order of their names, so a slug does not depend on the counts.
    static func unique(_ values: [String]) -> [String] {
        var slugs = values.map(make)
        var byBase: [String: [Int]] = [:]
        for (position, slug) in slugs.enumerated() { byBase[slug, default: []].append(position) }
        var taken = Set(slugs)
        for (base, positions) in byBase.sorted(by: { $0.key < $1.key }) where positions.count > 1 {
            var suffix = 2
            for position in positions.sorted(by: { values[$0] < values[$1] }).dropFirst() {
                while taken.contains("\(base)-\(suffix)") { suffix += 1 }
                slugs[position] = "\(base)-\(suffix)"
                taken.insert(slugs[position])
                suffix += 1
            }
        }
        return slugs
    }
}
