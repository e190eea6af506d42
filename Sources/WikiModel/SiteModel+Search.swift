import RickAndMortyAPI

extension SiteModel {
    /// The quick chips above the search field.
    static let quickQueries = ["Rick", "Morty"]

    /// The index the search page loads, made once per model (the page and `index.json` share it).
    public func searchIndex() -> SearchIndex { index }

    func makeSearchIndex() throws -> SearchIndex {
        var statuses: [Badge] = []
        var genders: [Badge] = []
        var species: [String] = []
        func slot<T: Equatable>(_ value: T, in list: inout [T]) -> Int {
            if let index = list.firstIndex(of: value) { return index }
            list.append(value)
            return list.count - 1
        }
        // Vocabulary first, in its fixed order, so the filters list them the same way on every build.
        for status in CharacterVocabulary.statuses { _ = slot(try CharacterVocabulary.status(status, strings), in: &statuses) }
        for gender in CharacterVocabulary.genders { _ = slot(try CharacterVocabulary.gender(gender, strings), in: &genders) }
        for name in speciesByFrequency() { _ = slot(name, in: &species) }
        let entries = try dataset.characters.map { character throws in
            SearchIndex.Entry(
                id: character.id, name: character.name,
                status: slot(try CharacterVocabulary.status(character.status, strings), in: &statuses),
                gender: slot(try CharacterVocabulary.gender(character.gender, strings), in: &genders),
                species: slot(character.species, in: &species),
                image: try card(character).image.src)
        }
        return SearchIndex(
            statuses: statuses, genders: genders, species: species.map { strings.term("species", $0) }, entries: entries)
    }

    /// Species from the most to the least common, ties by name: the filter's most useful order.
    func speciesByFrequency() -> [String] {
        var counts: [String: Int] = [:]
        for character in dataset.characters { counts[character.species, default: 0] += 1 }
        return counts.sorted { ($1.value, $0.key) < ($0.value, $1.key) }.map(\.key)
    }

    func searchPage() throws -> SitePage {
        let content = SearchPage(
            indexURL: configuration.link("search/index.json"),
            statuses: index.statuses.enumerated().map { .init(value: String($0), label: $1.label) },
            genders: index.genders.enumerated().map { .init(value: String($0), label: $1.label) },
            species: index.species.enumerated().map { .init(value: String($0), label: $1.isEmpty ? "—" : $1) },
            quickQueries: Self.quickQueries)
        return try page(
            .search, template: "search", title: try strings("search_title"),
            description: try strings.format("search_description", ["count": count(dataset.characters.count)]),
            content: .search(content))
    }
}
