/// How long each named phase of a build took, in order, for the one-line-per-phase log.
package struct PhaseTimings: Sendable {
    package private(set) var phases: [(name: String, duration: Duration)] = []
    private let clock = ContinuousClock()

    package init() {}

    package mutating func measure<T>(_ name: String, _ work: () async throws -> T) async rethrows -> T {
        let start = clock.now
        defer { phases.append((name, clock.now - start)) }
        return try await work()
    }

    package var total: Duration { phases.reduce(.zero) { $0 + $1.duration } }
}
