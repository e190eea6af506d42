import Foundation

/// The thread every handler task of one server runs on.
///
/// Handlers used to run on Swift's shared concurrency pool, which has one thread per core. Anything else
/// in the process that keeps those threads busy (a site build in `serve --watch`, or on a 2-core CI
/// machine two test fixtures decoding the full dataset) then held finished requests unanswered: in the
/// test suite a loopback server's handlers were seen waiting up to 9 s to start, long enough for the
/// client's 10 s request timeout to expire with the answer ready. On a thread of its own the server
/// answers at the speed of its own work, whatever the rest of the process does. Handlers only suspend
/// or do short work, so one thread is enough; default actors called from handlers run here too.
final class HandlerExecutor: TaskExecutor, @unchecked Sendable {
    private let condition = NSCondition()
    // Guarded by `condition`.
    private var jobs: [UnownedJob] = []
    private var stopping = false
    private var stopped = false

    init(name: String) {
        let thread = Thread { [self] in run() }
        thread.name = name
        thread.start()
    }

    func enqueue(_ job: consuming ExecutorJob) {
        condition.lock()
        if stopped {
            condition.unlock()
            // A job that arrives after the thread ended (a task that outlived the server) still runs.
            globalConcurrentExecutor.enqueue(job)
            return
        }
        jobs.append(UnownedJob(job))
        condition.signal()
        condition.unlock()
    }

    /// The thread ends once the jobs already queued have run.
    func shutdown() {
        condition.lock()
        stopping = true
        condition.signal()
        condition.unlock()
    }

    private func run() {
        while true {
            condition.lock()
            while jobs.isEmpty && !stopping { condition.wait() }
            if jobs.isEmpty {
                stopped = true
                condition.unlock()
                return
            }
            let batch = jobs
            jobs.removeAll(keepingCapacity: true)
            condition.unlock()
            for job in batch { job.runSynchronously(on: asUnownedTaskExecutor()) }
        }
    }
}
