import Dispatch
import Primitives
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// Linux's inotify over the watched folders: it says *that* something under them changed, the moment it does, so
/// `serve --watch` looks at once instead of at its next poll (400 ms apart, then another to see the change settle:
/// most of a second between a save and the reload). Whether anything really changed is still the stamps' answer
/// (`ServeWatcher`): an event is only a reason to look, so a missed or spurious one costs a poll's delay or one
/// comparison, never a wrong build. Nil where inotify is missing (not Linux, or out of instances): polling alone.
///
/// Every folder under a root is watched (hidden ones aside, as the stamps leave them out), a folder made later as
/// soon as it appears, and each root's parent folder too, so making, removing or replacing a root (the content
/// folder, the cache's `current` link) is seen.
final class FolderEvents: Sendable {
    #if canImport(Glibc)
    private let descriptor: Int32
    /// Dispatch sources are thread-safe but not marked Sendable; the lock only carries it across.
    private let source: Mutex<DispatchSourceRead?>
    #endif
    private let state = Mutex(State())

    private struct State {
        /// Events read so far (a batch of them counts once).
        var count = 0
        /// Watch descriptor → the folder it watches, to watch the subfolders made in it.
        var folders: [Int32: String] = [:]
        /// Watch descriptor → the only names whose events count in that folder (a root's parent: the root's name), so
        /// that a log written beside the content folder is not taken for an edit.
        var names: [Int32: Set<String>] = [:]
        var waiters: [Int: CheckedContinuation<Void, Never>] = [:]
        var cancelled: Set<Int> = []
        var nextWaiter = 0
    }

    /// `recursive`: folders watched with everything under them; `single`: folders watched alone for the events of
    /// some of their entries (a root's parent, for the root's name).
    init?(recursive: [String], single: [String: Set<String>]) {
        #if canImport(Glibc)
        descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard descriptor >= 0 else { return nil }
        source = Mutex(DispatchSource.makeReadSource(fileDescriptor: descriptor, queue: DispatchQueue(label: "rmwiki.folder-events")))
        for (folder, names) in single.sorted(by: { $0.key < $1.key }) where !recursive.contains(folder) {
            watch(folder, only: names)
        }
        for folder in recursive { watchTree(folder) }
        source.withLock { source in
            source?.setEventHandler { [weak self] in self?.readEvents() }
            source?.setCancelHandler { [descriptor] in close(descriptor) }
            source?.resume()
        }
        #else
        return nil
        #endif
    }

    deinit { stop() }

    /// Stops watching; waiters still waiting wait for their timeout.
    func stop() {
        #if canImport(Glibc)
        source.withLock { source in
            source?.cancel()
            source = nil
        }
        #endif
    }

    /// How many batches of events were read so far.
    var count: Int { state.withLock(\.count) }

    /// Returns once events past `seen` were read, or `timeout` went by, or the task is cancelled; the count then.
    func wait(after seen: Int, upTo timeout: Duration) async -> Int {
        await withTaskGroup(of: Void.self) { group in
            group.addTask { await self.arrival(after: seen) }
            group.addTask { try? await Task.sleep(for: timeout) }
            await group.next()
            group.cancelAll()
        }
        return count
    }

    private func arrival(after seen: Int) async {
        let id = state.withLock { state in
            defer { state.nextWaiter += 1 }
            return state.nextWaiter
        }
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let now = state.withLock { state in
                    guard state.count <= seen, !state.cancelled.contains(id) else { return true }
                    state.waiters[id] = continuation
                    return false
                }
                if now { continuation.resume() }
            }
        } onCancel: {
            let waiter = state.withLock { state in
                state.cancelled.insert(id)
                return state.waiters.removeValue(forKey: id)
            }
            waiter?.resume()
        }
        state.withLock { _ = $0.cancelled.remove(id) }
    }

    #if canImport(Glibc)
    private static let mask = UInt32(IN_CREATE | IN_DELETE | IN_MODIFY | IN_ATTRIB | IN_MOVED_FROM | IN_MOVED_TO
        | IN_CLOSE_WRITE | IN_DELETE_SELF | IN_MOVE_SELF)

    private func watch(_ folder: String, only names: Set<String>? = nil) {
        let descriptor = inotify_add_watch(self.descriptor, folder, Self.mask)
        guard descriptor >= 0 else { return }
        state.withLock { state in
            state.folders[descriptor] = folder
            state.names[descriptor] = names
        }
    }

    private func watchTree(_ folder: String) {
        watch(folder)
        for entry in FolderWalk.entries(under: folder, skippingHidden: true) where entry.kind == .folder {
            watch(folder + "/" + entry.path)
        }
    }

    /// Reads every event waiting, watches the folders they made, then wakes the waiters once.
    private func readEvents() {
        let capacity = 64 * 1024
        var buffer = [UInt8](repeating: 0, count: capacity)
        var made: [String] = []
        var counted = false
        while true {
            let length = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, capacity) }
            guard length > 0 else { break }
            buffer.withUnsafeBytes { bytes in
                var offset = 0
                let header = MemoryLayout<inotify_event>.size
                while offset + header <= length {
                    let event = bytes.loadUnaligned(fromByteOffset: offset, as: inotify_event.self)
                    let nameBytes = bytes[(offset + header)..<min(length, offset + header + Int(event.len))]
                    let name = String(decoding: nameBytes.prefix { $0 != 0 }, as: UTF8.self)
                    offset += header + Int(event.len)
                    if event.mask & UInt32(IN_IGNORED) != 0 {
                        state.withLock { state in
                            state.folders[event.wd] = nil
                            state.names[event.wd] = nil
                        }
                        continue
                    }
                    if let names = state.withLock({ $0.names[event.wd] }), !names.contains(name) { continue }
                    counted = true
                    if event.mask & UInt32(IN_ISDIR) != 0, event.mask & UInt32(IN_CREATE | IN_MOVED_TO) != 0,
                       !name.hasPrefix("."), let parent = state.withLock({ $0.folders[event.wd] }) {
                        made.append(parent + "/" + name)
                    }
                }
            }
        }
        made.forEach(watchTree)
        guard counted else { return }
        let waiters = state.withLock { state in
            state.count += 1
            defer { state.waiters = [:] }
            return Array(state.waiters.values)
        }
        waiters.forEach { $0.resume() }
    }
    #endif
}
