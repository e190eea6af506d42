import Foundation
import TestSupport
import Testing

/// Namesakes told apart by a note a fan understands, over the real dataset in both languages: the best-known
/// of a name (most episodes, more than any namesake) has none, the others say what sets them apart in words
/// ("first seen in S04E08", "from Earth (C-137)"), never a bare episode code.
@Suite(.tags(.fullData, .process), .skippable(.fullData, .process),
       .enabled(if: RMWikiExecutable.path != nil, Comment(rawValue: RMWikiExecutable.missingMessage)),
       .enabled(if: SharedFixtures.hasAPIData, Comment(rawValue: SharedFixtures.missingAPIDataMessage)))
struct NamesakeNoteTests {
    /// Each character's note as the search index gives it (its seventh column), by id.
    static func notes(_ output: URL, _ prefix: String) throws -> [Int: String] {
        let index = try JSONSerialization.jsonObject(with: Data(contentsOf: output.appendingPathComponent(prefix + "search/index.json")))
        let rows = (index as? [String: Any])?["characters"] as? [[Any]] ?? []
        return Dictionary(uniqueKeysWithValues: rows.compactMap { row in
            guard row.count > 6, let id = row[0] as? Int, let note = row[6] as? String else { return nil }
            return (id, note)
        })
    }

    @Test func theBestKnownOfANameHasNoNoteAndTheOthersAreToldApartInWords() async throws {
        let output = try await FullSite.built().output
        var byName: [String: [(id: Int, episodes: Int)]] = [:]
        for character in try SharedSnapshot.raw("characters.json") {
            let id = StatisticsTests.tail(character["url"]) ?? 0
            byName[character["name"] as? String ?? "", default: []].append((id, (character["episode"] as? [Any])?.count ?? 0))
        }
        let namesakes = byName.values.filter { $0.count > 1 }
        #expect(namesakes.count == 46)
        for (prefix, firstSeen) in [("", "first seen in S"), ("fr/", "première apparition dans S")] {
            let notes = try Self.notes(output, prefix)
            var bestKnown = 0
            for group in namesakes {
                let ranked = group.sorted { $0.episodes > $1.episodes }
                let clear = ranked[0].episodes > ranked[1].episodes
                if clear { bestKnown += 1 }
                for (position, member) in ranked.enumerated() {
                    let note = notes[member.id] ?? ""
                    #expect(note.isEmpty == (clear && position == 0), "\(prefix): character \(member.id) has the note “\(note)”")
                }
            }
            #expect(bestKnown == 16, "\(prefix): Rick, Morty, Summer, Beth, Jerry, Birdperson… need no note")
            // A note names an episode in words, never as a bare code ("S04E08 #650").
            let bare = notes.values.filter { $0.range(of: #"^S\d+E\d+"#, options: .regularExpression) != nil }
            #expect(bare.isEmpty, "\(prefix): \(bare.prefix(5))")
            #expect(notes.values.contains { $0.hasPrefix(firstSeen) }, "\(prefix)")
            #expect(notes.values.filter { !$0.isEmpty }.count == 99, "\(prefix)")
        }
        let morty = try BuildFixture.text(output, "characters/2/index.html")
        #expect(morty.contains("<title>Morty Smith · Rick and Morty Wiki</title>"))
        let steve = try BuildFixture.text(output, "fr/characters/335/index.html")
        #expect(steve.contains("<title>Steve · première apparition dans S03E10 · Wiki Rick et Morty</title>"), "fr/characters/335")
    }
}
