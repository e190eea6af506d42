import Foundation
import LoopbackAPI
@testable import RickAndMortyAPI
import Testing

/// Progress is a live line on a terminal, a few plain lines in a log, and nothing when quiet.
@Suite(.ownThread) struct ProgressReporterTests {
    func refresh(with style: ProgressReporter.Style, faults: [LoopbackFaultRule] = []) async throws -> LineCollector {
        let output = LineCollector()
        try await Fixture.withServer { server, base in
            await server.setFaults(faults)
            let reporter = ProgressReporter(style: style) { output.write($0) }
            _ = try await Fixture.service(Fixture.client(base)).refresh(progress: reporter)
        }
        return output
    }

    @Test func plainLinesAreFewAndComplete() async throws {
        let output = try await refresh(with: .plainLines)
        let lines = output.text.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(!output.text.contains("\r"))
        // A loaded machine can time a request out and retry it; retry lines are capped separately (3 a phase).
        let retries = lines.filter { $0.contains("retrying") }
        #expect(lines.count - retries.count <= 10)
        #expect(retries.count <= 6)
        #expect(lines.first == "Records: started")
        #expect(lines.contains { $0.hasPrefix("Records: 5/5 requests") && $0.hasSuffix(", done") })
        #expect(lines.contains("Avatars: started"))
        #expect(lines.contains { $0.hasPrefix("Avatars: 45/45 requests, 45 images") && $0.hasSuffix(", done") })
    }

    @Test func retriesAreLoggedAFewTimesThenOnlyCounted() async throws {
        let output = try await refresh(
            with: .plainLines, faults: [LoopbackFaultRule(.pathPrefix("/api/character/avatar/"), .status(500), times: 6)])
        let retryLines = output.text.split(separator: "\n").filter { $0.contains("retrying") }
        #expect(retryLines.count == 3)
        #expect(retryLines.last?.contains("further retries are counted, not logged") == true)
        #expect(output.text.contains("6 retries"))
    }

    @Test func theLiveLineRedrawsInPlace() async throws {
        let output = try await refresh(with: .liveLine)
        #expect(output.text.contains("\r\u{1B}[2KAvatars: 45/45 requests, 45 images"))
        #expect(output.text.hasSuffix("\n"))
    }

    /// At most one redraw per 100 ms (and the last): the bound comes from the time the loop really took, so a
    /// loaded machine that stalls the loop allows more redraws instead of failing the test.
    @Test func liveRedrawsAreThrottled() {
        let output = LineCollector()
        let reporter = ProgressReporter(style: .liveLine) { output.write($0) }
        let requests = 20_000
        let clock = ContinuousClock()
        let elapsed = clock.measure {
            reporter.beginPhase("Avatars", expectedRequests: requests)
            for _ in 0..<requests { reporter.requestFinished(bytes: 1, isImage: true) }
        }
        let allowed = 3 + Int(elapsed / .milliseconds(100))
        #expect(output.writes <= allowed, "\(output.writes) writes in \(elapsed)")
        #expect(output.writes < requests / 10, "not one redraw per request")
        #expect(output.text.contains("Avatars: \(requests)/\(requests) requests"), "the last request always draws")
    }

    @Test func quietIsSilent() async throws {
        let output = try await refresh(with: .silent)
        #expect(output.text.isEmpty)
        #expect(ProgressReporter.standard(quiet: true).style == .silent)
    }

    @Test func throttlingIsShownWithTheNewPace() async throws {
        let output = try await refresh(
            with: .plainLines,
            faults: [LoopbackFaultRule(.path("/api/character/avatar/45.jpeg"), .tooManyRequests(retryAfter: "0"), times: 1)])
        let lines = output.text.split(separator: "\n")
        let throttled = lines.filter { $0.contains("throttled by the API") }
        #expect(throttled.count == 1)
        // The client's four in flight halve to two.
        // Pictures are fetched beside the record pages, so the line names whichever phase was current.
        #expect(throttled.first.map {
            $0.hasPrefix("Avatars: throttled by the API: now ") || $0.hasPrefix("Records: throttled by the API: now ")
        } == true)
        #expect(throttled.first?.hasSuffix(" requests/s, 2 in flight at most") == true, "\(throttled)")
        #expect(lines.last?.contains(", throttled: ") == true)
        #expect(!output.text.contains("avatar/45.jpeg"), "throttling is no failure: no retry line")
    }

    @Test func throttleLinesAreFewAndRatesReadable() {
        let output = LineCollector()
        let reporter = ProgressReporter(style: .plainLines) { output.write($0) }
        reporter.beginPhase("Avatars", expectedRequests: 10)
        for rate in [8.24, 7.9, 40.4, 39.0, 35.0] { reporter.throttled(rate, inFlight: 3) }
        let lines = output.text.split(separator: "\n").filter { $0.contains("throttled") }
        #expect(lines == [
            "Avatars: throttled by the API: now 8.2 requests/s, 3 in flight at most",
            "Avatars: throttled by the API: now 7.9 requests/s, 3 in flight at most",
            "Avatars: throttled by the API: now 40 requests/s, 3 in flight at most (further changes show in the status lines)",
        ])
        #expect(reporter.tally == ProgressReporter.Tally(phase: "Avatars", done: 0, expected: 10))
    }
}
