/// Turns the API's absolute record URLs into ids. Only the path tail counts (`…/character/12`),
/// so data fetched from a self-hosted instance (`--api`) resolves the same way.
package enum RecordReference {
    package static func id(in url: String, kind: ResourceKind) -> Int? {
        guard !url.isEmpty else { return nil }
        var parts = url.split(separator: "/", omittingEmptySubsequences: true)
        guard let last = parts.popLast(), let id = Int(last), id > 0,
              let segment = parts.last, segment == kind.rawValue
        else { return nil }
        return id
    }
}
