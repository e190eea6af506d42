import Foundation
import Primitives

/// What `DataService.refresh` did: the new snapshot, what changed since the last one, the pictures now in
/// the cache, and what the fetch cost.
package struct RefreshReport: Sendable, Equatable {
    package var snapshot: Snapshot
    package var changes: SnapshotChanges
    package var avatars: [Int: AvatarImage]
    /// Pictures that could not be had: those characters show a placeholder.
    var failedAvatars: [AvatarFailure]
    /// Avatars on a host neither `--api` nor `--image-host` names: not requested, and those characters have no
    /// picture.
    var refusedAvatars: [AvatarDownload] = []
    /// Record pages and images together.
    package var statistics: FetchStatistics
    var duration: Duration
    /// The change history with this refresh's changes in front, as saved with the snapshot.
    package var history: ChangeHistory
    /// The committed cache files that hold `snapshot` and `history`, as on disk: a build fingerprints these bytes,
    /// as an offline build of the same cache does, instead of encoding the records again.
    package var files: [CachedRecords.File]

    /// The change summary and one line of cost, ready to print.
    package var summary: [String] {
        let stats = statistics
        var cost = CountText.of(stats.requests, "request") + " (\(stats.conditionalRequests) conditional, \(stats.notModified) not modified"
        if stats.retries > 0 { cost += ", " + CountText.of(stats.retries, "retry", "retries") }
        if stats.throttled > 0 { cost += ", \(stats.throttled) throttled" }
        cost += "), \(CountText.of(stats.imagesDownloaded, "image")) downloaded, \(ByteCount.format(stats.bytes)) in "
            + DurationText.compact(duration)
        return changes.summary + [cost]
    }

    /// What a user must see even with `--quiet`: pictures refused for their host, one line per host, and
    /// pictures that could not be had, one line per problem.
    package var warnings: [String] {
        refusedHostWarnings + failedPictureWarnings
    }

    private var failedPictureWarnings: [String] {
        Dictionary(grouping: failedAvatars, by: \.problem).sorted { $0.key < $1.key }.map { problem, failures in
            let ids = failures.map(\.download.characterID).sorted()
            let example = URLText.display(failures.min { $0.download.characterID < $1.download.characterID }?.download.url ?? "")
            return "warning: no picture for " + (ids.count == 1 ? "character " : "characters ") + APIClient.list(ids)
                + " (\(problem), e.g. \(example.printable)); " + (ids.count == 1 ? "it shows" : "they show")
                + " a placeholder, and the next fetch asks again"
        }
    }

    private var refusedHostWarnings: [String] {
        var byHost: [String: [AvatarDownload]] = [:]
        for avatar in refusedAvatars {
            let host = URL(string: avatar.url).flatMap(ImageHosts.hostAndPort)
            byHost[(host ?? URLText.display(avatar.url)).printable, default: []].append(avatar)
        }
        return byHost.sorted { $0.key < $1.key }.map { host, avatars in
            let ids = avatars.map(\.characterID).sorted()
            let example = URLText.display(avatars.min { $0.characterID < $1.characterID }?.url ?? host).printable
            let one = ids.count == 1
            return "warning: " + (one ? "the picture" : "pictures") + " on \(host), which is not the API's host, "
                + (one ? "was" : "were") + " not downloaded (\(CountText.noun(ids.count, "character")) \(APIClient.list(ids)), "
                + (one ? "" : "e.g. ") + "\(example)); " + (one ? "that character shows" : "those characters show")
                + " no picture. If \(host) is trusted, pass --image-host \(host)"
        }
    }
}
