/// Refuses a fetch in which a collection vanished, or shrank by more than `maximumDropPercent`, against the
/// cached snapshot: an API answering `count: 0` for a while (a broken deploy, an empty database behind a
/// healthy front) would otherwise take hundreds of pages off the site in one nightly build. The real API
/// only ever grows; a user who knows a shrink is real says so with `--allow-shrink`.
package struct ShrinkCheck: Sendable, Equatable {
    package static let maximumDropPercent = 10

    package var allowShrink: Bool

    package init(allowShrink: Bool = false) {
        self.allowShrink = allowShrink
    }

    func check(_ new: Snapshot, against cached: Snapshot?) throws {
        guard !allowShrink, let cached else { return }
        for (kind, before, after) in [
            (ResourceKind.character, cached.characters.count, new.characters.count),
            (.location, cached.locations.count, new.locations.count),
            (.episode, cached.episodes.count, new.episodes.count),
        ] where Self.isSuspicious(from: before, to: after) {
            throw APIError.collectionShrank(resource: kind, cached: before, served: after)
        }
    }

    package static func isSuspicious(from before: Int, to after: Int) -> Bool {
        guard after < before else { return false }
        return after == 0 || (before - after) * 100 > before * maximumDropPercent
    }
}
