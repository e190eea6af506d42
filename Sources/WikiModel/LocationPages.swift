import Mustache
import RickAndMortyAPI

struct LocationIndexPage: PageModel, Codable, Equatable {
    static let kind = PageKind.locations

    let cards: [LocationCard]
    let pager: Pager
}

/// A location with the two kinds of people it has: residents (last seen here) and natives (whose origin is
/// here). 32 locations have no resident, and 28 of those are still someone's origin.
struct LocationPage: PageModel, Codable, Equatable {
    static let kind = PageKind.location

    let name: String
    let type: String
    let dimension: String
    /// The dimension's page; nil for an unknown dimension.
    let dimensionURL: String?
    let residentCount: String
    let nativeCount: String
    let residents: CharacterList
    let hasResidents: Bool
    let natives: CharacterList
    let hasNatives: Bool
    /// Neither residents nor natives: one sentence says so instead of two empty sections.
    let isEmpty: Bool
    let prose: Prose?
    let mentions: Mentions?
}

extension SiteModel {
    func locationIndexPages() throws -> [SitePage] {
        try indexPages(dataset.locations, route: Route.locations, keys: "locations") { slice, pager in
            LocationIndexPage(cards: try slice.map { location throws in try card(location) }, pager: pager)
        }
    }

    func locationPage(_ location: LocationRecord) throws -> SitePage {
        let residents = try cards(dataset.residentIDs(ofLocation: location.id))
        let natives = try cards(dataset.nativeIDs(ofLocation: location.id))
        let none = try strings("value_none")
        let card = try card(location)
        let content = LocationPage(
            name: location.name, type: try locationType(location), dimension: try locationDimension(location),
            dimensionURL: dimensionLink(location.dimension),
            residentCount: count(residents.count), nativeCount: count(natives.count),
            residents: characterList(residents, eager: true), hasResidents: !residents.isEmpty,
            natives: characterList(natives, eager: residents.isEmpty), hasNatives: !natives.isEmpty,
            isEmpty: residents.isEmpty && natives.isEmpty,
            prose: try prose(.location(location.id)), mentions: try mentions(of: .location(location.id)))
        // "Citadel of Ricks: Space station, dimension unknown" rather than "Space station in unknown".
        let knownType = !location.type.isEmpty && !location.type.isUnknownValue
        let knownDimension = !location.dimension.isEmpty && !location.dimension.isUnknownValue
        let place = try strings.format(knownDimension ? "location_place" : "location_place_unknown_dimension", [
            "type": knownType ? card.type : try strings("location_place_unknown_type"),
            "dimension": knownDimension ? dimensionName(location.dimension) : none,
        ])
        // "Gaia" is a character and a planet: the planet's title says what it is.
        let title = characterNames.contains(location.name) ? "\(location.name) · \(card.type)" : location.name
        return try page(
            .location(location.id), title: title, heading: location.name,
            description: try content.prose?.summary ?? strings.format("location_description", [
                "name": location.name, "place": place,
                "residents": card.residentCount, "natives": card.nativeCount,
            ]),
            content: content)
    }
}

extension LocationPage: MustacheConvertible {
    var mustacheValue: MustacheValue {
        .object([
            "name": .string(name), "type": .string(type), "dimension": .string(dimension),
            "dimensionURL": MustacheValue(dimensionURL), "residentCount": .string(residentCount),
            "nativeCount": .string(nativeCount), "residents": residents.mustacheValue, "hasResidents": .bool(hasResidents),
            "natives": natives.mustacheValue, "hasNatives": .bool(hasNatives), "isEmpty": .bool(isEmpty),
            "prose": MustacheValue(prose), "mentions": MustacheValue(mentions),
        ])
    }
}
