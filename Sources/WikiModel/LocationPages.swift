import RickAndMortyAPI

public struct LocationIndexPage: PageModel, Codable, Equatable {
    public static let kind = PageKind.locations

    public let cards: [LocationCard]
    public let pager: Pager
}

public struct LocationPage: PageModel, Codable, Equatable {
    public static let kind = PageKind.location

    public let name: String
    public let type: String
    public let dimension: String
    public let residentCount: String
    public let residents: [CharacterCard]
    public let hasResidents: Bool
}

extension SiteModel {
    func locationIndexPages() throws -> [SitePage] {
        try indexPages(dataset.locations, route: Route.locations, keys: "locations") { slice, pager in
            LocationIndexPage(cards: try slice.map { location throws in try card(location) }, pager: pager)
        }
    }

    func locationPage(_ location: LocationRecord) throws -> SitePage {
        let residents = try cards(dataset.residentIDs(ofLocation: location.id))
        let none = try strings("value_none")
        let content = LocationPage(
            name: location.name,
            type: location.type.isEmpty ? none : strings.term("location_type", location.type),
            dimension: location.dimension.isEmpty ? none : location.dimension,
            residentCount: count(residents.count),
            residents: residents, hasResidents: !residents.isEmpty)
        return try page(
            .location(location.id), title: location.name,
            description: try strings.format("location_description", [
                "name": location.name, "type": content.type, "dimension": content.dimension,
                "count": count(residents.count),
            ]),
            content: content)
    }
}
