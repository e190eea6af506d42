import Foundation
import TestSupport
import Testing

extension BoundedProcessTests {
    /// Bodies that never end, however they are framed (chunked, until the connection closes, a gzip bomb whose
    /// decoded bytes are what count): a real `rmwiki fetch` stops reading at the cap, and its peak memory stays far
    /// below what the server sends. Pages and GraphQL answers fail the fetch with the cap's message; pictures are
    /// left out with a warning.
    @Suite(.enabled(
        if: RMWikiExecutable.path != nil && RMWikiExecutable.benchPath != nil, Comment(rawValue: RMWikiExecutable.missingMessage)))
    struct EndlessBodyTests {
        /// The issue's bound; a fetch holds at most a few capped bodies at once.
        static let peakLimitKiB = 300 << 10

        enum Target: String, CaseIterable, CustomStringConvertible {
            case page, picture, graphQL
            var description: String { rawValue }
        }

        @Test(arguments: Target.allCases, EndlessBodyServer.Framing.allCases)
        func anEndlessBodyStopsAtItsCap(target: Target, framing: EndlessBodyServer.Framing) async throws {
            let work = try BuildWorkspace("rmwiki-endless")
            defer { work.remove() }
            let server = try EndlessBodyServer(pages: Self.pages) { path in
                switch target {
                case .page where path == "/api/character?page=1": (framing, "application/json")
                case .picture where path.hasPrefix("/api/character/avatar/"): (framing, "image/jpeg")
                case .graphQL where path == "/graphql": (framing, "application/json")
                default: nil
                }
            }
            defer { server.stop() }
            var arguments = ["fetch", "--api", server.base.absoluteString, "--cache", work.cache.path, "--quiet"]
            if target == .graphQL {
                arguments += ["--source", "graphql", "--graphql", "http://127.0.0.1:\(server.port)/graphql"]
            }
            let run = try await work.runMeasured(arguments)
            print("endless \(framing) \(target): exit \(run.code), peak \(run.peakKiB >> 10) MiB")
            #expect(run.peakKiB < Self.peakLimitKiB, "peak \(run.peakKiB >> 10) MiB")
            // A client that goes on reading what it refused (a cancel curl never sees) reads to the server's limit.
            #expect(server.bodiesSentToTheLimit == 0)
            switch target {
            case .page:
                #expect(run.code == 3, "\(run.err)")
                #expect(run.err.contains("/api/character?page=1 sent more than 8 MiB"), "\(run.err)")
            case .graphQL:
                #expect(run.code == 3, "\(run.err)")
                #expect(run.err.contains("/graphql sent more than 8 MiB"), "\(run.err)")
            case .picture:
                #expect(run.code == 0, "\(run.err)")
                #expect(run.err.contains("warning: no picture for characters 1, 2 (more than 4 MiB"), "\(run.err)")
            }
        }

        /// One page of each collection, two characters whose pictures are on the same server.
        static func pages(port: Int) -> [String: String] {
            let base = "http://127.0.0.1:\(port)/api"
            func character(_ id: Int) -> String {
                #"{"id":\#(id),"name":"Rick \#(id)","status":"Alive","species":"Human","type":"","gender":"Male","#
                    + #""origin":{"name":"unknown","url":""},"location":{"name":"Earth","url":"\#(base)/location/1"},"#
                    + #""image":"\#(base)/character/avatar/\#(id).jpeg","episode":["\#(base)/episode/1"],"#
                    + #""url":"\#(base)/character/\#(id)","created":"2017-11-04T18:48:46.250Z"}"#
            }
            let location = #"{"id":1,"name":"Earth","type":"Planet","dimension":"C-137","residents":["\#(base)/character/1"],"#
                + #""url":"\#(base)/location/1","created":"2017-11-10T12:42:04.162Z"}"#
            let episode = #"{"id":1,"name":"Pilot","air_date":"December 2, 2013","episode":"S01E01","#
                + #""characters":["\#(base)/character/1","\#(base)/character/2"],"url":"\#(base)/episode/1","#
                + #""created":"2017-11-10T12:56:33.798Z"}"#
            func page(_ count: Int, _ results: [String]) -> String {
                #"{"info":{"count":\#(count),"pages":1,"next":null,"prev":null},"results":[\#(results.joined(separator: ","))]}"#
            }
            return [
                "/api/character?page=1": page(2, [character(1), character(2)]),
                "/api/location?page=1": page(1, [location]),
                "/api/episode?page=1": page(1, [episode]),
            ]
        }
    }
}
