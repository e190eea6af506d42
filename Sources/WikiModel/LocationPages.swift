import Mustache
import RickAndMortyAPI

struct LocationIndexPage: PageModel, Encodable, Equatable {
    static let kind = PageKind.locations

    let cards: [LocationCard]
    let pager: Pager?
}

/// A location with the two kinds of people it has: residents (last seen here) and natives (whose origin is
/// here). 32 locations have no resident, and 28 of those are still someone's origin. A location of more than
/// `locationPeoplePerPage` people (Earth (Replacement Dimension): 230 residents, 155 natives) lists them a page
/// at a time over both lists, as a dimension does, the counts on every page leading to where each list starts.
struct LocationPage: PageModel, Encodable, Equatable {
    static let kind = PageKind.location

    let name: String
    /// The name the data gives, when this language names the location otherwise.
    let originalName: RecordLink?
    let type: String
    let dimension: String
    /// The dimension's page; nil for an unknown dimension.
    let dimensionURL: String?
    let residentCount: String
    let nativeCount: String
    /// Where each list starts; nil when it is empty.
    let residentsURL: String?
    let nativesURL: String?
    /// This page's part of the people: the residents, then the natives.
    let residents: CharacterList
    let hasResidents: Bool
    let natives: CharacterList
    let hasNatives: Bool
    /// Whether the page has a section for each: its part of the list, or (on the first page) the sentence
    /// saying nobody lives here, or comes from here.
    let showsResidents: Bool
    let showsNatives: Bool
    /// Neither residents nor natives: one sentence says so instead of two empty sections.
    let isEmpty: Bool
    let pager: Pager?
    let prose: Prose?
    let mentions: Mentions?
}

extension SiteModel {
    func locationIndexPages() throws -> [SitePage] {
        try indexPages(allLocations, route: Route.locations, keys: "locations") { slice, _, pager in
            LocationIndexPage(cards: try slice.map { location throws in try card(location) }, pager: pager)
        }
    }

    /// How many people a location's page lists (rows of faces, three pages of cards' worth): the Citadel's 108
    /// are two pages, about 4 screens each at 390 px.
    static let locationPeoplePerPage = 60

    /// The location's pages, or only page `only`.
    func locationPages(_ location: LocationRecord, only: Int? = nil) throws -> [SitePage] {
        let residentIDs = self.residentIDs(ofLocation: location.id)
        let nativeIDs = self.nativeIDs(ofLocation: location.id)
        let people = residentIDs + nativeIDs
        let total = Self.pageCount(people.count, pageSize: Self.locationPeoplePerPage)
        let none = try strings("value_none")
        let card = try card(location)
        let prose = try prose(.location(location.id))
        let numbers = only.map { [$0] } ?? Array(1...total)
        let mentions = numbers.contains(1) ? try mentions(of: .location(location.id)) : nil
        // "Citadel of Ricks: Space station, dimension unknown" rather than "Space station in unknown".
        let knownType = !location.type.isEmpty && !location.type.isUnknownValue
        let knownDimension = !location.dimension.isEmpty && !location.dimension.isUnknownValue
        let place = try strings.format(knownDimension ? "location_place" : "location_place_unknown_dimension", [
            "type": knownType ? card.type : try strings("location_place_unknown_type"),
            "dimension": knownDimension ? dimensionName(location.dimension) : none,
        ])
        // "Gaia" is a character and a planet: the planet's title says what it is.
        let title = isCharacterName(location.name) ? "\(location.name) · \(card.type)" : location.name
        let description = try prose?.summary ?? strings.format("location_description", [
            "name": location.name, "place": place, "residents": card.residentCount, "natives": card.nativeCount,
        ])
        let route = { (page: Int) in Route.location(location.id, page: page) }
        let residentsURL = residentIDs.isEmpty ? nil : link(route(1)) + "#residents-heading"
        let nativesURL = nativeIDs.isEmpty ? nil
            : link(route(residentIDs.count / Self.locationPeoplePerPage + 1)) + "#natives-heading"
        return try numbers.map { number in
            let start = min(people.count, (number - 1) * Self.locationPeoplePerPage)
            let positions = start..<min(people.count, start + Self.locationPeoplePerPage)
            let residents = try cards(Array(people[positions.clamped(to: 0..<residentIDs.count)]))
            let natives = try cards(Array(people[positions.clamped(to: residentIDs.count..<people.count)]))
            let content = LocationPage(
                name: location.name, originalName: originalName(of: .location(location.id)),
                type: try locationType(location), dimension: try locationDimension(location),
                dimensionURL: dimensionLink(location.dimension),
                residentCount: count(residentIDs.count), nativeCount: count(nativeIDs.count),
                residentsURL: residentsURL, nativesURL: nativesURL,
                residents: characterList(residents, eager: true), hasResidents: !residents.isEmpty,
                natives: characterList(natives, eager: residents.isEmpty), hasNatives: !natives.isEmpty,
                showsResidents: !residents.isEmpty || (number == 1 && residentIDs.isEmpty),
                showsNatives: !natives.isEmpty || (number == 1 && nativeIDs.isEmpty),
                isEmpty: people.isEmpty,
                pager: total == 1 ? nil : try Pager.make(current: number, total: total, url: { link(route($0)) }, strings: strings),
                prose: number == 1 ? prose : nil, mentions: number == 1 ? mentions : nil)
            func paged(_ text: String) throws -> String {
                number == 1 ? text : try strings.format("group_title_page", ["title": text, "page": String(number)])
            }
            return try page(route(number), title: paged(title), heading: location.name, description: paged(description),
                            content: content)
        }
    }
}

extension LocationPage: MustacheConvertible {
    var mustacheValue: MustacheValue {
        .object([
            "name": .string(name), "originalName": MustacheValue(originalName), "type": .string(type), "dimension": .string(dimension),
            "dimensionURL": MustacheValue(dimensionURL), "residentCount": .string(residentCount),
            "nativeCount": .string(nativeCount), "residentsURL": MustacheValue(residentsURL),
            "nativesURL": MustacheValue(nativesURL), "residents": residents.mustacheValue, "hasResidents": .bool(hasResidents),
            "natives": natives.mustacheValue, "hasNatives": .bool(hasNatives), "isEmpty": .bool(isEmpty),
            "showsResidents": .bool(showsResidents), "showsNatives": .bool(showsNatives), "pager": MustacheValue(pager),
            "prose": MustacheValue(prose), "mentions": MustacheValue(mentions),
        ])
    }
}
