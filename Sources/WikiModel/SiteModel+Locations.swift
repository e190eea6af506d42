import RickAndMortyAPI

extension SiteModel {
    func locationIndexPages() throws -> [SitePage] {
        let total = Self.pageCount(dataset.locations.count)
        return try (1...total).map { number throws in
            let slice = dataset.locations.dropFirst((number - 1) * Self.pageSize).prefix(Self.pageSize)
            let content = LocationIndexPage(
                cards: try slice.map { location throws in try card(location) },
                pager: try Pager.make(
                    current: number, total: total, url: { link(.locations(page: $0)) }, strings: strings))
            let title = number == 1
                ? try strings("locations_title")
                : try strings.format("locations_title_page", ["page": String(number)])
            return try page(
                .locations(page: number), template: "locations", title: title,
                heading: try strings("locations_title"),
                description: try strings.format("locations_description", [
                    "count": count(dataset.locations.count), "page": String(number), "total": String(total),
                ]),
                content: .locationIndex(content))
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
