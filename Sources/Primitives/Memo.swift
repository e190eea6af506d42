import Synchronization

/// A value made at its first use and kept: for an immutable value to hold what is derived from it and asked for by some
/// uses only (copies of the value share it, being a class). Made once, under the lock, whoever asks first.
package final class Memo<Value: Sendable>: Sendable {
    private let stored = Mutex<Value?>(nil)

    package init() {}

    package func value(_ make: () -> Value) -> Value {
        stored.withLock { stored in
            if let stored { return stored }
            let made = make()
            stored = made
            return made
        }
    }
}
