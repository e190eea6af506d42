import Foundation
import LoopbackAPI
@testable import RickAndMortyAPI
import TestSupport
import Testing
@testable import RMWikiCLI

/// `--source graphql` from the command line: the options, and a site byte-identical to the REST-built one.
@Suite struct GraphQLSourceTests {
    static func options(_ arguments: [String]) throws -> SiteOptions {
        try SiteOptions(ParsedArguments(arguments, spec: BuildCommand.spec), command: "build")
    }

    @Test func restIsTheDefaultAndTheGraphQLEndpointComesFromTheAPIOrFromGraphQL() throws {
        #expect(try Self.options([]).recordSource == .rest)
        #expect(try Self.options(["--source", "rest"]).recordSource == .rest)
        let derived = try Self.options(["--source", "graphql"]).recordSource
        #expect(derived == .graphQL(endpoint: try #require(URL(string: "https://rickandmortyapi.com/graphql"))))
        let mirror = try Self.options(["--source", "graphql", "--api", "http://127.0.0.1:9/rm/api/"]).recordSource
        #expect(mirror == .graphQL(endpoint: try #require(URL(string: "http://127.0.0.1:9/rm/graphql"))))
        let given = try Self.options(["--source", "graphql", "--api", "https://x.org/v1", "--graphql", "https://y.org/gql"])
        #expect(given.recordSource == .graphQL(endpoint: try #require(URL(string: "https://y.org/gql"))))
        #expect(given.api.absoluteString == "https://x.org/v1")
        let fetch = try ParsedArguments(["--source", "graphql", "--graphql", "https://y.org/gql"], spec: FetchCommand.spec)
        #expect(fetch[.source] == "graphql")
    }

    @Test(arguments: [
        (["build", "--source", "soap"], "--source is rest or graphql, not soap"),
        (["build", "--graphql", "https://y.org/gql"], "--graphql names the endpoint for --source graphql"),
        (["fetch", "--source", "graphql", "--api", "https://x.org/v1"], "give it with --graphql URL"),
        (["build", "--source", "graphql", "--graphql", "not a url"], "--graphql needs an http(s) URL"),
        (["build", "--demo", "--source", "graphql"], "--demo uses the embedded dataset"),
    ])
    func badSourceOptionsAreUsageErrors(arguments: [String], message: String) async {
        let result = await ConsoleRecorder.run(arguments)
        #expect(result.code == ExitCode.usage.rawValue)
        #expect(result.err.contains(message), "\(result.err)")
        #expect(result.err.split(separator: "\n").count == 1, "one clear line")
    }

    /// Over the real data's first 100 characters (5 pages each way, every location and episode, references to
    /// characters left out): that the whole dataset's GraphQL snapshot is the REST one byte for byte is
    /// `GraphQLFetchTests`' to prove; this proves the command's wiring without two in-process builds of all 826.
    @Test(.tags(.fullData), .skippable(.fullData), .enabled(if: SharedFixtures.hasAPIData, Comment(rawValue: SharedFixtures.missingAPIDataMessage)))
    func aSiteBuiltOverGraphQLIsTheRESTSiteByteForByteAndAFailedOneChangesNothing() async throws {
        let work = try SharedFixtures.temporaryDirectory("rmwiki-graphql")
        defer { try? FileManager.default.removeItem(at: work) }
        let now = Date(timeIntervalSince1970: 1_760_000_000)
        try await LoopbackSession.with(try SharedSlice(characters: 100).server()) { server, base in
            func arguments(_ name: String, _ extra: [String]) -> [String] {
                ["--api", base.absoluteString, "--cache", work.appendingPathComponent("\(name)-cache").path,
                 "--output", work.appendingPathComponent("\(name)-site").path,
                 "--templates", ProjectTheme.templates.path, "--public", ProjectTheme.publicFolder.path, "--quiet"] + extra
            }
            for (name, extra) in [("rest", []), ("graphql", ["--source", "graphql"])] {
                _ = try await Self.options(arguments(name, extra)).siteBuild(console: ConsoleRecorder().console, now: now).run()
            }
            let restSite = DirectoryDigest.contents(of: work.appendingPathComponent("rest-site"))
            let graphQLSite = DirectoryDigest.contents(of: work.appendingPathComponent("graphql-site"))
            #expect(restSite.count > 1000, "\(restSite.count) files")
            #expect(restSite == graphQLSite, "\(Set(restSite.keys).symmetricDifference(graphQLSite.keys).prefix(5))")
            // A slice's locations and episodes still name the characters left out: REST keeps those links as the API
            // sends them, GraphQL (which resolves each) cannot, and the site drops them either way. The characters
            // are the same records.
            let snapshots = try ["rest", "graphql"].map {
                try DataCache(directory: work.appendingPathComponent("\($0)-cache")).current.loadSnapshot()
            }
            #expect(snapshots[0]?.characters.count == 100)
            #expect(snapshots[0]?.characters == snapshots[1]?.characters)

            // A GraphQL failure is a data error on one line; neither the site nor the cache changes.
            let cache = DirectoryDigest.contents(of: work.appendingPathComponent("graphql-cache"))
            await server.setFaults([LoopbackFaultRule(.path("/graphql"), .status(400))])
            let result = await ConsoleRecorder.run(["build"] + arguments("graphql", ["--source", "graphql"]))
            #expect(result.code == ExitCode.dataError.rawValue)
            #expect(result.err.hasPrefix("rmwiki: build failed: GraphQL query counts was rejected (HTTP 400) at (request)"), "\(result.err)")
            #expect(DirectoryDigest.contents(of: work.appendingPathComponent("graphql-site")) == graphQLSite)
            #expect(DirectoryDigest.contents(of: work.appendingPathComponent("graphql-cache")) == cache)
        }
    }
}
