import Synchronization
import Dispatch
#if canImport(Glibc)
import Glibc
#endif

/// SIGINT (Ctrl-C) and SIGTERM as a stream, so `serve` can stop its server and exit 0 instead of dying.
enum ServeSignals {
    static let numbers = [SIGINT, SIGTERM]

    /// While the stream is alive the signals only yield to it. Once it ends (the consumer stopped reading),
    /// the default actions are back, so a second Ctrl-C during a stuck shutdown still ends the process.
    static func stream() -> AsyncStream<Void> {
        let (stream, continuation) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
        // Dispatch sources are thread-safe but not marked Sendable; the lock only carries them across.
        let sources = Mutex(numbers.map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { continuation.yield() }
            source.resume()
            return source
        })
        continuation.onTermination = { _ in
            sources.withLock { $0.forEach { $0.cancel() } }
            for number in numbers { signal(number, SIG_DFL) }
        }
        return stream
    }
}
