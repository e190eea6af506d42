import RickAndMortyAPI

extension SiteModel {
    func locationIndexPages() throws -> [SitePage] {
        try indexPages(dataset.locations, route: Route.locations, template: "locations") { slice, pager in
            .locationIndex(LocationIndexPage(cards: try slice.map { location throws in try card(location) }, pager: pager))
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
            .location(location.id), template: "location", title: location.name,
            description: try strings.format("location_description", [
                "name": location.name, "type": content.type, "dimension": content.dimension,
                "count": count(residents.count),
            ]),
            content: .location(content))
    }
}
