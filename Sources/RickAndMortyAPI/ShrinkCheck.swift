/// Refuses a fetch in which a collection vanished, or shrank by more than `maximumDropPercent`, against the
/// cached snapshot and against the published site's record counts (`published`, from its build state): an API
/// answering `count: 0` for a while (a broken deploy, an empty database behind a healthy front) would otherwise
/// take hundreds of pages off the site in one nightly build, even from a cold cache. The real API only ever
/// grows; a user who knows a shrink is real says so with `--allow-shrink`.
package struct ShrinkCheck: Sendable, Equatable {
    package static let maximumDropPercent = 10

    var allowShrink: Bool

    package init(allowShrink: Bool = false) {
        self.allowShrink = allowShrink
    }

    func check(_ new: Snapshot, against cached: Snapshot?, published: CollectionCounts? = nil) throws {
        guard !allowShrink else { return }
        let served = CollectionCounts(new)
        if let cached {
            let before = CollectionCounts(cached)
            for kind in ResourceKind.allCases where Self.isSuspicious(from: before[kind], to: served[kind]) {
                throw APIError.collectionShrank(resource: kind, cached: before[kind], served: served[kind])
            }
        }
        if let published {
            for kind in ResourceKind.allCases where Self.isSuspicious(from: published[kind], to: served[kind]) {
                throw APIError.publishedCollectionShrank(resource: kind, published: published[kind], served: served[kind])
            }
        }
    }

    static func isSuspicious(from before: Int, to after: Int) -> Bool {
        guard after < before else { return false }
        return after == 0 || (before - after) * 100 > before * maximumDropPercent
    }
}

/// How many records each collection holds: what the shrink check compares, and what a build records of the
/// site it published.
package struct CollectionCounts: Sendable, Equatable {
    var characters: Int
    var locations: Int
    var episodes: Int

    subscript(kind: ResourceKind) -> Int {
        switch kind {
        case .character: characters
        case .location: locations
        case .episode: episodes
        }
    }
}

extension CollectionCounts {
    package init(_ snapshot: Snapshot) {
        self.init(characters: snapshot.characters.count, locations: snapshot.locations.count, episodes: snapshot.episodes.count)
    }

    /// "826 126 51": the counts as a build's state file keeps them.
    package var text: String { "\(characters) \(locations) \(episodes)" }

    /// The counts `text` wrote; nil for anything else.
    package init?(text: some StringProtocol) {
        let numbers = text.split(separator: " ", omittingEmptySubsequences: false).map { Int($0) }
        guard numbers.count == 3, let characters = numbers[0], let locations = numbers[1], let episodes = numbers[2],
              min(characters, locations, episodes) >= 0
        else { return nil }
        self.init(characters: characters, locations: locations, episodes: episodes)
    }
}
