/// Why the cache folder could not be read or written, in one line that says what to do next.
package enum DataCacheError: Error, Sendable, Equatable, CustomStringConvertible {
    case noSnapshot(directory: String)
    case unreadable(path: String, detail: String)
    case writeFailed(path: String, detail: String)
    case busy(directory: String)

    package var description: String {
        switch self {
        case let .noSnapshot(directory):
            "no cached data in \(directory): run `rmwiki fetch` with network access first (or pass the --cache folder a fetch wrote)"
        case let .unreadable(path, detail):
            "cannot read \(path) (\(detail)): delete it and run `rmwiki fetch` again"
        case let .writeFailed(path, detail):
            "cannot write \(path) (\(detail)): check the permissions and free space of the cache folder"
        case let .busy(directory):
            "another fetch is updating \(directory): wait for it to finish, or use another --cache folder"
        }
    }
}
