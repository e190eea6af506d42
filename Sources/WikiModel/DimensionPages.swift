import Mustache
import RickAndMortyAPI

/// Every dimension the locations name, the busiest first.
struct DimensionIndexPage: PageModel, Encodable, Equatable {
    static let kind = PageKind.dimensions

    let lead: String
    let dimensions: [GroupEntry]
}

/// A dimension: its locations with their residents and natives counts (on the first page), then everyone
/// living there and everyone who comes from there as cards, a page at a time over both lists (as a season
/// pages its debuts and returning characters), so a page holds at most a page of cards however large the
/// dimension. A character who both lives there and comes from there is in both lists.
struct DimensionPage: PageModel, Encodable, Equatable {
    static let kind = PageKind.dimension

    let name: String
    let indexURL: String
    let locationCount: String
    let residentCount: String
    let nativeCount: String
    /// Where the natives' list starts (the page after the residents, at its heading), so "Natives 46" answers
    /// "who comes from here" in one tap; nil when there are none.
    let nativesURL: String?
    /// Where the residents' list starts (the first page, at its heading); nil when there are none.
    let residentsURL: String?
    /// The dimension's locations, on its first page only: later pages link back to it.
    let locations: [LocationCard]
    let firstPage: RecordLink?
    /// This page's part of the people: the residents, then the natives.
    let residents: [CharacterCard]
    let hasResidents: Bool
    let natives: [CharacterCard]
    let hasNatives: Bool
    let hasPeople: Bool
    let pager: Pager?
}

extension SiteModel {
    func dimensionIndexPage() throws -> SitePage {
        let dimensions = listedDimensions
        let entries = try dimensions.map { dimension throws in
            GroupEntry(
                name: dimensionName(dimension.name), url: link(.dimension(dimension.slug, page: 1)),
                detail: try dimensionCounts(dimension).joined(separator: " · "))
        }
        return try page(
            .dimensions, title: try strings("dimensions_title"),
            description: try strings.plural("dimensions_description", count: dimensions.count),
            content: DimensionIndexPage(
                lead: try strings.plural("dimensions_lead", count: dimensions.count), dimensions: entries))
    }

    /// "3 locations", "52 residents", "40 natives".
    func dimensionCounts(_ dimension: RecordGroups.Dimension) throws -> [String] {
        [
            try strings.plural("dimension_locations_count", count: dimension.locationIDs.count),
            try strings.plural("location_residents_count", count: dimension.residentIDs.count),
            try strings.plural("location_natives_count", count: dimension.nativeIDs.count),
        ]
    }

    /// The dimension's pages, or only page `only`.
    func dimensionPages(_ dimension: RecordGroups.Dimension, only: Int? = nil) throws -> [SitePage] {
        let counts = try dimensionCounts(dimension).joined(separator: ", ")
        let name = dimensionName(dimension.name)
        // The busiest locations first, as on the index; the first page lists them, the others link to it. A dimension's
        // locations are the data's (`RecordGroups`), so every one has a card.
        let listsLocations = (only ?? 1) == 1
        let locations = listsLocations ? try dimension.locationIDs
            .map { ($0, residentIDs(ofLocation: $0).count) }
            .sorted { ($1.1, $0.0) < ($0.1, $1.0) }
            .compactMap { id, _ throws in try location(id).map(card) } : []
        let locationCount = listsLocations ? locations.count : dimension.locationIDs.count
        let people = dimension.residentIDs + dimension.nativeIDs
        let nativesURL = dimension.nativeIDs.isEmpty ? nil
            : link(.dimension(dimension.slug, page: dimension.residentIDs.count / Self.pageSize + 1)) + "#natives-heading"
        let residentsURL = dimension.residentIDs.isEmpty ? nil : link(.dimension(dimension.slug, page: 1)) + "#residents-heading"
        return try pagedGroup(
            listing: people.count, only: only, route: { .dimension(dimension.slug, page: $0) }, heading: name,
            title: { try groupTitle("dimension_title", name: name, page: $0, kind: strings("dimension_word")) },
            descriptionKey: "dimension_description", descriptionValues: ["name": name, "counts": counts]
        ) { positions, pager in
            let first = positions.lowerBound == 0
            let residentPositions = positions.clamped(to: 0..<dimension.residentIDs.count)
            let nativePositions = positions.clamped(to: dimension.residentIDs.count..<people.count)
            let residents = try cards(Array(people[residentPositions]))
            let natives = try cards(Array(people[nativePositions]))
            // A long list of locations pushes the first page's cards below the first screen.
            let eager = !first || locationCount <= Self.eagerLocations
            return DimensionPage(
                name: name, indexURL: link(.dimensions),
                locationCount: count(dimension.locationIDs.count), residentCount: count(dimension.residentIDs.count),
                nativeCount: count(dimension.nativeIDs.count), nativesURL: nativesURL, residentsURL: residentsURL,
                locations: first ? locations : [],
                firstPage: first ? nil : RecordLink(
                    name: try strings.plural("dimension_locations_all", count: locationCount, ["name": name]),
                    url: link(.dimension(dimension.slug, page: 1))),
                residents: eager ? cards(eager: residents) : residents, hasResidents: !residents.isEmpty,
                natives: eager && residents.isEmpty ? cards(eager: natives) : natives, hasNatives: !natives.isEmpty,
                hasPeople: !people.isEmpty, pager: pager)
        }
    }

    /// How many locations a dimension's first page lists above its residents and still shows them on the first screen.
    static let eagerLocations = 4

    /// The link from a location to its dimension's page; nil for a dimension without one ("unknown").
    func dimensionLink(_ name: String) -> String? {
        dimensionGroup(named: name).map { link(.dimension($0.slug, page: 1)) }
    }
}

extension DimensionPage: MustacheConvertible {
    var mustacheValue: MustacheValue {
        .object([
            "name": .string(name), "indexURL": .string(indexURL), "locationCount": .string(locationCount),
            "residentCount": .string(residentCount), "nativeCount": .string(nativeCount),
            "nativesURL": MustacheValue(nativesURL), "residentsURL": MustacheValue(residentsURL),
            "locations": MustacheValue(locations), "firstPage": MustacheValue(firstPage),
            "residents": MustacheValue(residents), "hasResidents": .bool(hasResidents),
            "natives": MustacheValue(natives), "hasNatives": .bool(hasNatives), "hasPeople": .bool(hasPeople),
            "pager": MustacheValue(pager),
        ])
    }
}
