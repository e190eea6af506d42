/// Stands in for `Task.sleep` between retries: tests see the waits the client asked for without waiting.
actor DelayRecorder {
    private(set) var delays: [Duration] = []

    func record(_ delay: Duration) {
        delays.append(delay)
    }
}
