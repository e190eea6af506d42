import RickAndMortyAPI

/// What the loopback API needs of each record type: its resource, its not-found message as the real API words
/// it, and a copy with every absolute URL passed through a rewrite.
protocol LoopbackRecord: Codable, Sendable, Equatable, Identifiable where ID == Int {
    static var kind: ResourceKind { get }
    static var notFoundMessage: String { get }
    func rewritingURLs(_ rewrite: (String) -> String) -> Self
}

extension CharacterRecord: LoopbackRecord {
    static var kind: ResourceKind { .character }
    static var notFoundMessage: String { "Character not found" }

    func rewritingURLs(_ rewrite: (String) -> String) -> CharacterRecord {
        var copy = self
        copy.origin.url = rewrite(origin.url)
        copy.location.url = rewrite(location.url)
        copy.image = rewrite(image)
        copy.episode = episode.map(rewrite)
        copy.url = rewrite(url)
        return copy
    }
}

extension LocationRecord: LoopbackRecord {
    static var kind: ResourceKind { .location }
    static var notFoundMessage: String { "Location not found" }

    func rewritingURLs(_ rewrite: (String) -> String) -> LocationRecord {
        var copy = self
        copy.residents = residents.map(rewrite)
        copy.url = rewrite(url)
        return copy
    }
}

extension EpisodeRecord: LoopbackRecord {
    static var kind: ResourceKind { .episode }
    static var notFoundMessage: String { "Episode not found" }

    func rewritingURLs(_ rewrite: (String) -> String) -> EpisodeRecord {
        var copy = self
        copy.characters = characters.map(rewrite)
        copy.url = rewrite(url)
        return copy
    }
}
