import Foundation
import Testing

/// Runs each test of a suite on a serial queue of its own instead of Swift's shared concurrency pool.
///
/// The pool has one thread per core, and the parallel suites fill both on a 2-core machine with work that does
/// not suspend for seconds (in-process site builds, decoding the full dataset). A test that only starts
/// processes and checks what they left then waited for a pool thread at every `await`: `CacheKillTests` ran
/// 8.8 s alone and 54 s beside `WikiBuildTests`, and its kill "at 0 %" came after the fetch had finished.
/// On a thread of its own such a test waits only for the processes it runs. Child tasks and the default actors
/// it calls run there too (task executor preference), so this suits tests whose own work is light. The browser
/// suites too: their own work is DevTools messages, and behind the in-process builds their walks began 40 s into a
/// clean clone's test phase, which then ended with Chromium alone on the cores.
package struct OwnThreadTrait: SuiteTrait, TestTrait, TestScoping {
    package var isRecursive: Bool { true }

    package func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        guard testCase != nil else { return try await function() }
        try await withTaskExecutorPreference(QueueExecutor(label: test.name)) { try await function() }
    }
}

extension Trait where Self == OwnThreadTrait {
    /// Each test on a serial queue of its own; see `OwnThreadTrait`.
    package static var ownThread: Self { OwnThreadTrait() }
}

/// A task executor draining onto one serial dispatch queue, whose thread comes from the system's pool of
/// threads for queues, not from the concurrency pool.
private final class QueueExecutor: TaskExecutor {
    private let queue: DispatchQueue

    init(label: String) {
        queue = DispatchQueue(label: label)
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        queue.async { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
    }
}
