import Foundation
import LoopbackAPI
@testable import RickAndMortyAPI
import Testing
import TestSupport

/// A failure suggests only what can help with its cause: a lower --concurrency helps none but broken connections.
@Suite struct FailureAdviceTests {
    @Test(arguments: [
        (APIError.FailureCause.serverError, "the API is failing: try again later"),
        (.timedOut, "did not answer in time: check the network, or try again later"),
        (.cannotConnect, "cannot reach the API: check the network and the --api URL"),
        (.connectionLost, "check the network, or try again with a lower --concurrency"),
        (.damagedBody, "incomplete or malformed answers: try again later"),
    ])
    func eachCauseHasItsOwnAdvice(cause: APIError.FailureCause, advice: String) {
        let text = APIError.gaveUp(url: "https://api.example/a", status: nil, attempts: 5, lastProblem: "x", cause: cause)
            .description
        #expect(text.contains(advice), "\(text)")
        #expect(text.contains("--concurrency") == (cause == .connectionLost))
    }

    @Test func runningOutOfTimeSaysHowFarTheFetchGotAndWhatToDo() {
        let throttled = APIError.timeLimitExceeded(
            limit: .seconds(5400), progress: ProgressReporter.Tally(phase: "Avatars", done: 612, expected: 1829),
            throttledTo: 8.24)
        #expect(throttled.description == "the fetch did not finish within --max-time 90m (Avatars: 612 of 1,829 requests "
            + "done, throttled by the API to 8.2 requests/s); the cache is unchanged: run it again with a longer "
            + "--max-time, or later")
        let early = APIError.timeLimitExceeded(
            limit: .seconds(45), progress: ProgressReporter.Tally(phase: "", done: 0, expected: 0), throttledTo: nil)
        #expect(early.description.hasPrefix("the fetch did not finish within --max-time 45s (before its first request); "))
    }

    @Test func aRefusedConnectionPointsAtTheAPIURL() async throws {
        let error = try await RefusingPort.with(path: "/api") { base in
            await #expect(throws: APIError.self) { try await Fixture.client(base, attempts: 2).fetchSnapshot() }
        }
        guard case let .gaveUp(_, status, _, _, cause) = error else {
            Issue.record("expected gaveUp, got \(String(describing: error))")
            return
        }
        #expect(status == nil && cause == .cannotConnect)
        #expect(try #require(error).description.contains("check the network and the --api URL"))
    }

    @Test func aRedirectLoopFailsAtOnceAndPointsAtTheAPIURL() async throws {
        try await Fixture.withServer { server, base in
            await server.setFaults([
                LoopbackFaultRule(.path("/api/episode?page=1"), .redirect(to: "/api/episode?page=1"))
            ])
            let output = LineCollector()
            let progress = ProgressReporter(style: .plainLines) { output.write($0) }
            let error = await #expect(throws: APIError.self) {
                try await Fixture.client(base).fetchSnapshot(progress: progress)
            }
            let url = "\(base.absoluteString)/episode?page=1"
            #expect(error == .redirectLoop(chain: [url, url]))
            let text = try #require(error).description
            #expect(text.contains("check the --api URL") && !text.contains("--concurrency"))
            // Another page may time out and be retried on a loaded machine; this one is not.
            #expect(!output.text.contains("retrying \(url) "), "\(output.text)")
        }
    }

    /// With no network GraphQL used to blame a busy API and suggest a lower --concurrency; it now says what REST says.
    @Test func graphQLWithoutANetworkSaysWhatRESTSays() async throws {
        let error = try await RefusingPort.with(path: "/api") { base in
            await #expect(throws: GraphQLFetchError.self) {
                try await Fixture.service(try Fixture.graphQLClient(base, attempts: 2)).refresh()
            }
        }
        let text = try #require(error).description
        #expect(text.contains("cannot reach the API: check the network and the --graphql (or --api) URL"), "\(text)")
        #expect(!text.contains("--concurrency") && !text.contains("rate-limiting"), "\(text)")
    }

    /// A user name and password in `--api` are sent, never printed: not in progress lines, not in the error.
    @Test func credentialsInTheAPIURLAreNeverPrinted() async throws {
        try await Fixture.withServer { server, base in
            let secret = try #require(URL(string: base.absoluteString.replacingOccurrences(of: "http://", with: "http://fan:s3cret@")))
            await server.setFaults([LoopbackFaultRule(.path("/api/episode?page=1"), .status(500))])
            let output = LineCollector()
            let progress = ProgressReporter(style: .plainLines) { output.write($0) }
            let error = await #expect(throws: APIError.self) {
                try await Fixture.client(secret, attempts: 3).fetchSnapshot(progress: progress)
            }
            let text = try #require(error).description
            #expect(text.contains("GET \(base.absoluteString)/episode?page=1 failed"), "\(text)")
            #expect(output.text.contains("retrying \(base.absoluteString)/episode?page=1"), "\(output.text)")
            #expect(!text.contains("s3cret") && !output.text.contains("s3cret") && !output.text.contains("fan:"))
        }
    }

    @Test(arguments: [
        ("http://user:pa:ss@host:8080/api/x?page=1", "http://host:8080/api/x?page=1"),
        ("https://a%40b:p@rickandmortyapi.com/api", "https://rickandmortyapi.com/api"),
        ("https://rickandmortyapi.com/api/character?x=a@b", "https://rickandmortyapi.com/api/character?x=a@b"),
        ("not a url", "not a url"),
    ])
    func urlsArePrintedWithoutCredentials(url: String, printed: String) {
        #expect(URLText.display(url) == printed)
    }
}
