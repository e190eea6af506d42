import Foundation
import LoopbackAPI
@testable import RickAndMortyAPI
@testable import SiteOutput
import TestSupport
import Testing

extension NightlyProcessTests {
    /// What a broken or hostile API does to a real `rmwiki build` or `fetch`: refusals exit 3 with one line that
    /// says what to do, and leave the published site and the committed cache exactly as they were.
    @Suite(.enabled(if: RMWikiExecutable.path != nil, Comment(rawValue: RMWikiExecutable.missingMessage)))
    struct HostileAPIProcessTests {
        /// The committed cache, byte for byte (not `downloads/`, which keeps checked pictures for the next try).
        static func committedCache(_ work: BuildWorkspace) -> [String: Data] {
            var files: [String: Data] = [:]
            let manager = FileManager.default
            guard let walker = manager.enumerator(atPath: work.cache.path) else { return files }
            while let relative = walker.nextObject() as? String {
                guard !relative.hasPrefix("downloads") else { continue }
                files[relative] = manager.contents(atPath: work.cache.appendingPathComponent(relative).path) ?? Data()
            }
            return files
        }

        @Test func anEmptiedCollectionIsRefusedUnlessTheShrinkIsExpected() async throws {
            let work = try BuildWorkspace("rmwiki-shrink")
            defer { work.remove() }
            try await LoopbackSession.with(LoopbackAPIServer(snapshot: HostileWorld.snapshot, avatars: HostileWorld.avatars)) { server, base in
                #expect(try await work.run(work.buildArguments(api: base)).code == 0)
                let published = try SiteTreeSnapshot(of: work.output)
                let cache = Self.committedCache(work)

                let empty = #"{"info":{"count":0,"pages":0,"next":null,"prev":null},"results":[]}"#
                await server.setFaults([
                    LoopbackFaultRule(.path("/api/location?page=1"), .replaceBody(Array(empty.utf8), contentType: "application/json"))
                ])
                for arguments in [work.buildArguments(api: base), ["fetch", "--api", base.absoluteString, "--cache", work.cache.path, "--quiet"]] {
                    let refused = try await work.run(arguments)
                    #expect(refused.code == 3, "\(refused.err)")
                    #expect(refused.err.contains("the API serves 0 locations where the cache has 4"), "\(refused.err)")
                    #expect(refused.err.contains("--allow-shrink"))
                    #expect(refused.err.split(separator: "\n").count == 1)
                    #expect(try SiteTreeSnapshot(of: work.output) == published)
                    #expect(Self.committedCache(work) == cache)
                }

                // A cold cache has nothing to compare with but the published site's build state.
                try FileManager.default.removeItem(at: work.cache)
                let cold = try await work.run(work.buildArguments(api: base))
                #expect(cold.code == 3, "\(cold.err)")
                #expect(cold.err.contains("the API serves 0 locations where the published site has 4"), "\(cold.err)")
                #expect(try SiteTreeSnapshot(of: work.output) == published)

                let accepted = try await work.run(work.buildArguments(api: base, extra: ["--allow-shrink"]))
                #expect(accepted.code == 0, "\(accepted.err)")
                #expect(!FileManager.default.fileExists(atPath: work.output.appendingPathComponent("locations/1/index.html").path))
            }
        }

        @Test func htmlWhereJSONWasExpectedSaysSoAndPointsAtTheAPIOption() async throws {
            let work = try BuildWorkspace("rmwiki-html")
            defer { work.remove() }
            try await LoopbackSession.with(LoopbackAPIServer(snapshot: HostileWorld.snapshot, avatars: HostileWorld.avatars)) { server, base in
                await server.setFaults([LoopbackFaultRule(
                    .pathPrefix("/api/episode"), .replaceBody(Array("<html><body>Hello</body></html>".utf8), contentType: "text/html"))])
                let result = try await work.run(["fetch", "--api", base.absoluteString, "--cache", work.cache.path, "--quiet"])
                #expect(result.code == 3)
                #expect(result.err.contains("answered text/html where JSON was expected; check that --api points at"), "\(result.err)")
            }
        }

        /// A picture on another host is not fetched, even with `--quiet` a warning says which and how to allow it,
        /// and the build succeeds with that character shown without a picture.
        @Test func aPictureOnAnotherHostIsAWarningNotARequest() async throws {
            let work = try BuildWorkspace("rmwiki-image-host")
            defer { work.remove() }
            let other = LoopbackAPIServer(snapshot: HostileWorld.snapshot, avatars: HostileWorld.avatars)
            try await LoopbackSession.with(other) { other, otherBase in
                var snapshot = HostileWorld.snapshot
                snapshot.characters[1].image = "\(otherBase.absoluteString)/character/avatar/2.jpeg"
                try await LoopbackSession.with(LoopbackAPIServer(snapshot: snapshot, avatars: HostileWorld.avatars)) { _, base in
                    let result = try await work.run(work.buildArguments(api: base))
                    #expect(result.code == 0, "\(result.err)")
                    #expect(result.err.contains("warning: the picture on 127.0.0.1:\(otherBase.port ?? 0), which is not the API's host"))
                    #expect(result.err.contains("--image-host 127.0.0.1:\(otherBase.port ?? 0)"))
                    #expect(await other.counters().requests == 0)
                    #expect(!FileManager.default.fileExists(atPath: work.output.appendingPathComponent("images/characters/2.jpeg").path))

                    let allowed = try await work.run(work.buildArguments(api: base, extra: ["--image-host", "127.0.0.1:\(otherBase.port ?? 0)"]))
                    // The warnings left are for HostileWorld's 12,600-character name, its characters with no
                    // picture served (404), its pictures of a few bytes, which cannot be decoded to make smaller
                    // copies, and its words French has no entry for; none names the other host.
                    let warnings = allowed.err.split(separator: "\n")
                    #expect(allowed.code == 0, "\(allowed.err)")
                    #expect(warnings.allSatisfy {
                        $0.contains("strings longer than") || $0.contains("(HTTP 404, e.g.") || $0.contains("cannot be made smaller")
                            || $0.contains("has no fr translation")
                    }, "\(allowed.err)")
                    #expect(warnings.allSatisfy { $0.count < 600 }, "a warning quotes at most 60 characters of a word")
                    #expect(!allowed.err.contains("which is not the API's host"))
                    #expect(await other.counters().imagesServed == 1)
                }
            }
        }

        @Test func aMalformedImageHostIsAUsageError() async throws {
            let work = try BuildWorkspace("rmwiki-image-host-usage")
            defer { work.remove() }
            let result = try await work.run(["fetch", "--image-host", "https://cdn.example/x", "--cache", work.cache.path])
            #expect(result.code == 2)
            #expect(result.err.contains("--image-host needs host names"), "\(result.err)")
        }
    }
}
