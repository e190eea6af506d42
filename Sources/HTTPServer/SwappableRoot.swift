import Foundation
import Synchronization

/// A folder that can be replaced while a server runs: a preview server builds into a fresh folder and
/// switches to it, so no request ever sees a half-written site.
public final class SwappableRoot: Sendable {
    private let current: Mutex<URL>

    public init(_ url: URL) {
        current = Mutex(url)
    }

    public var url: URL { current.withLock { $0 } }

    public func swap(to url: URL) {
        current.withLock { $0 = url }
    }
}
