import RickAndMortyAPI

extension Dataset {
    /// The characters who share the most episodes with one character, with how many, most first (ties by id),
    /// from the resolved casts (a link stated by either side counts). Each episode's cast is walked once per member,
    /// so building every character page costs Σ cast² over the episodes: about 40,000 steps for the API's 51.
    package func coStars(of id: Int, limit: Int) -> [(id: Int, episodes: Int)] {
        var shared: [Int: Int] = [:]
        for episode in episodeIDs(ofCharacter: id) {
            for other in characterIDs(inEpisode: episode) where other != id { shared[other, default: 0] += 1 }
        }
        return shared.sorted { ($1.value, $0.key) < ($0.value, $1.key) }.prefix(limit).map { ($0.key, $0.value) }
    }
}
