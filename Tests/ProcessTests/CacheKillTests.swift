import Foundation
import LoopbackAPI
@testable import RickAndMortyAPI
import TestSupport
import Testing

extension InterruptedProcessTests {
    /// SIGKILL a real `rmwiki fetch` at many moments of a refresh that changes every picture: every time, the
    /// cache reads as entirely the old snapshot with its pictures or entirely the new one with its pictures, never
    /// new pictures beside the old snapshot; and the next fetch completes.
    @Suite(.tags(.fullData, .kill), .skippable(.fullData, .kill),
        .enabled(if: SharedFixtures.hasAPIData, Comment(rawValue: SharedFixtures.missingAPIDataMessage)),
        .enabled(if: RMWikiExecutable.path != nil, Comment(rawValue: RMWikiExecutable.missingMessage)))
    struct CacheKillTests {
        static let schedule: [Double] = [0, 0.1, 0.3, 0.5, 0.7, 0.8, 0.85, 0.9, 0.93, 0.96, 0.98, 1.0, 1.05]

        @Test func aKilledFetchLeavesTheCacheEntirelyOldOrEntirelyNew() async throws {
            let binary = try #require(RMWikiExecutable.path)
            let slice = try SharedSlice(characters: 60)
            let work = try BuildWorkspace("rmwiki-cache-kill")
            defer { work.remove() }
            let cache = DataCache(directory: work.cache)

            try await LoopbackSession.with(slice.server(options: .init(latency: .milliseconds(5)))) { server, base in
                let fetch = ["fetch", "--api", base.absoluteString, "--cache", work.cache.path, "--quiet"]
                // Picture `round * 1000 + id` of a round is the real avatar of character 1 + (id + round) % 60.
                func bytes(ofPicture picture: Int) -> [UInt8]? {
                    slice.avatars[1 + (picture % 1000 + picture / 1000) % 60]?.bytes
                }
                func change(round: Int) async throws {
                    for id in 1...60 {
                        let picture = round * 1000 + id
                        await server.setAvatar(LoopbackAvatar(bytes: try #require(bytes(ofPicture: picture))), forCharacter: picture)
                        try await server.updateCharacter(id: id) { record in
                            record.name = "\(record.name.split(separator: "#")[0])#\(round)"
                            record.image = base.absoluteString + "/character/avatar/\(picture).jpeg"
                        }
                    }
                }
                func expectWhole(_ allowed: [Snapshot], _ label: String) throws {
                    let generation = cache.current
                    let snapshot = try #require(try generation.loadSnapshot(), "\(label)")
                    #expect(allowed.contains(snapshot), "\(label): a snapshot that is neither the old nor the new one")
                    let avatars = generation.avatars(for: snapshot)
                    for character in snapshot.characters {
                        let picture = Int(character.image.split(separator: "/").last?.split(separator: ".").first ?? "") ?? 0
                        guard case .file(let path) = avatars[character.id]?.source else {
                            Issue.record("\(label): character \(character.id) has no picture")
                            continue
                        }
                        #expect(FileManager.default.contents(atPath: path).map(Array.init) == bytes(ofPicture: picture),
                                "\(label): character \(character.id) has a picture of another generation")
                    }
                }

                try await change(round: 1)
                let clock = ContinuousClock()
                let started = clock.now
                #expect(try await SpawnedProcess.run(binary, fetch, captureIn: work.logs).termination == .exited(0))
                var fetchTime = clock.now - started
                var old = await server.servedSnapshot()

                var outcomes: [String] = []
                for (index, fraction) in Self.schedule.enumerated() {
                    try await change(round: index + 2)
                    let new = await server.servedSnapshot()
                    let process = try SpawnedProcess(binary, fetch, captureIn: work.logs)
                    let began = clock.now
                    let (termination, ranOut) = await process.wait(killingAfter: fetchTime * fraction)
                    if !ranOut { fetchTime = min(fetchTime, clock.now - began) }
                    try expectWhole([old, new], "kill at \(fraction)")
                    outcomes.append("\(fraction): " + (try cache.current.loadSnapshot() == new ? "new" : "old") + " (\(termination))")

                    let next = try await SpawnedProcess.run(binary, fetch, captureIn: work.logs)
                    #expect(next.termination == .exited(0), "\(next.err)")
                    try expectWhole([new], "the fetch after the kill at \(fraction)")
                    old = new
                }
                print("CacheKillTests: fetch \(fetchTime); " + outcomes.joined(separator: "; "))
                #expect(try work.leftoversInCache().isEmpty)
            }
        }
    }
}
