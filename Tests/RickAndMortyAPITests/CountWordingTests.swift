import Testing
@testable import RickAndMortyAPI

/// A count of one takes the singular: "after 1 attempt", never "1 attempts" (issue 28.3).
@Suite struct CountWordingTests {
    @Test func failuresCountingOneSayItInTheSingular() {
        let gaveUp = APIError.gaveUp(url: "http://127.0.0.1/api/character", status: 500, attempts: 1, lastProblem: "HTTP 500", cause: .serverError)
        #expect(gaveUp.description.contains("failed after 1 attempt (last: HTTP 500"), "\(gaveUp)")
        let shrank = APIError.collectionShrank(resource: .character, cached: 826, served: 1)
        #expect(shrank.description.contains("the API serves 1 character where the cache has 826"), "\(shrank)")
        let late = APIError.timeLimitExceeded(limit: .seconds(2), progress: .init(phase: "characters", done: 0, expected: 1), throttledTo: nil)
        #expect(late.description.contains("characters: 0 of 1 request done"), "\(late)")
        #expect(BodyProblem.truncated(expected: 1, received: 0).description == "truncated body (0 of 1 byte)")
        #expect(BodyProblem.notAnImage(contentType: "image/png", byteCount: 1).description.hasSuffix(", 1 byte)"))
        #expect(APIError.mebibytes(1) == "1 byte")
    }

    @Test func manyStayPlural() {
        let gaveUp = APIError.gaveUp(url: "http://127.0.0.1/api/character", status: nil, attempts: 8, lastProblem: "reset", cause: .connectionLost)
        #expect(gaveUp.description.contains("failed after 8 attempts"), "\(gaveUp)")
        #expect(BodyProblem.truncated(expected: 10, received: 2).description == "truncated body (2 of 10 bytes)")
    }
}
