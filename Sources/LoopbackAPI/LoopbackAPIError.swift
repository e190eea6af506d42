/// Misuse of the loopback API server by a test or benchmark.
package enum LoopbackAPIError: Error, Sendable, Equatable, CustomStringConvertible {
    case unreadableData(path: String, detail: String)
    case noSuchRecord(kind: String, id: Int)
    case notStarted

    package var description: String {
        switch self {
        case let .unreadableData(path, detail):
            "loopback API: cannot read \(path) (\(detail)); pass the folder holding characters.json, "
                + "locations.json, episodes.json and avatars/"
        case let .noSuchRecord(kind, id):
            "loopback API: there is no \(kind) \(id) to change; add it with upsert first"
        case .notStarted:
            "loopback API: the server is not running; call start() first"
        }
    }
}
