import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
@testable import RickAndMortyAPI

struct DemoDatasetTests {
    let snapshot = DemoDataset.snapshot

    @Test func decodesFromTheAPIsJSONShape() throws {
        let json = try JSONEncoder().encode(snapshot)
        let text = String(decoding: json, as: UTF8.self)
        #expect(text.contains("\"air_date\""))
        #expect(try JSONDecoder().decode(Snapshot.self, from: json) == snapshot)
    }

    @Test func hasTheAuthoredSizeWithGaplessIDs() {
        #expect(snapshot.characters.map(\.id) == Array(1...20))
        #expect(snapshot.locations.map(\.id) == Array(1...5))
        #expect(snapshot.episodes.map(\.id) == Array(1...6))
        #expect(Set(snapshot.episodes.map { $0.episode.prefix(3) }) == ["S01", "S02"])
        #expect(snapshot.episodes.first?.name == "Pilot")
        #expect(snapshot.episodes.first?.airDate == "December 2, 2013")
    }

    @Test func recordURLsAreAbsoluteAndMatchTheirIDs() {
        for character in snapshot.characters {
            #expect(character.url == "https://rickandmortyapi.com/api/character/\(character.id)")
            #expect(character.image == "https://rickandmortyapi.com/api/character/avatar/\(character.id).jpeg")
        }
        for location in snapshot.locations {
            #expect(RecordReference.id(in: location.url, kind: .location) == location.id)
        }
        for episode in snapshot.episodes {
            #expect(RecordReference.id(in: episode.url, kind: .episode) == episode.id)
        }
    }

    @Test func everyEpisodeLinkIsStatedFromBothEnds() {
        let charactersByURL = Dictionary(uniqueKeysWithValues: snapshot.characters.map { ($0.url, $0) })
        let episodesByURL = Dictionary(uniqueKeysWithValues: snapshot.episodes.map { ($0.url, $0) })
        for character in snapshot.characters {
            #expect(!character.episode.isEmpty, "\(character.name) appears in no episode")
            for url in character.episode {
                #expect(episodesByURL[url]?.characters.contains(character.url) == true, "\(character.name) ↔ \(url)")
            }
        }
        for episode in snapshot.episodes {
            for url in episode.characters {
                #expect(charactersByURL[url]?.episode.contains(episode.url) == true, "\(episode.name) ↔ \(url)")
            }
        }
    }

    @Test func everyResidenceIsStatedFromBothEnds() {
        let charactersByURL = Dictionary(uniqueKeysWithValues: snapshot.characters.map { ($0.url, $0) })
        let locationsByURL = Dictionary(uniqueKeysWithValues: snapshot.locations.map { ($0.url, $0) })
        for character in snapshot.characters where !character.location.url.isEmpty {
            let location = locationsByURL[character.location.url]
            #expect(location?.name == character.location.name)
            #expect(location?.residents.contains(character.url) == true, "\(character.name) lives nowhere")
        }
        for character in snapshot.characters where !character.origin.url.isEmpty {
            #expect(locationsByURL[character.origin.url]?.name == character.origin.name)
        }
        for location in snapshot.locations {
            for url in location.residents {
                #expect(charactersByURL[url]?.location.url == location.url, "\(location.name) ↔ \(url)")
            }
        }
    }

    @Test func coversTheValuesPagesMustHandle() {
        let characters = snapshot.characters
        #expect(Set(characters.map(\.status)) == ["Alive", "Dead", "unknown"])
        #expect(Set(characters.map(\.gender)) == ["Female", "Male", "Genderless", "unknown"])
        #expect(characters.filter { !$0.type.isEmpty }.count >= 3)
        #expect(characters.contains { $0.origin == NamedReference(name: "unknown", url: "") })
        #expect(snapshot.locations.contains { $0.residents.isEmpty })
    }

    @Test func timestampsHaveTheAPIsFormat() throws {
        let pattern = try Regex(#"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$"#)
        let stamps = snapshot.characters.map(\.created) + snapshot.locations.map(\.created)
            + snapshot.episodes.map(\.created)
        for stamp in stamps {
            #expect(stamp.wholeMatch(of: pattern) != nil, "\(stamp)")
        }
    }

    @Test func everyCharacterHasASmallWellFormedSVGAvatar() throws {
        let avatars = DemoDataset.avatars()
        #expect(Set(avatars.keys) == Set(snapshot.characters.map(\.id)))
        for character in snapshot.characters {
            let avatar = try #require(avatars[character.id])
            #expect(avatar.fileExtension == "svg")
            guard case .bytes(let bytes) = avatar.source else {
                Issue.record("avatar \(character.id) is not drawn in memory")
                continue
            }
            #expect(bytes.count < 2048, "avatar \(character.id) is \(bytes.count) bytes")
            #expect(XMLParser(data: Data(bytes)).parse(), "avatar \(character.id) is not well-formed XML")
            let text = String(decoding: bytes, as: UTF8.self)
            #expect(text.contains(#"viewBox="0 0 300 300""#))
            #expect(text.contains("<title id=\"t\">\(character.name)</title>"))
        }
    }

    @Test func avatarsAreDeterministicAndVaried() {
        let first = DemoDataset.avatars()
        #expect(first == DemoDataset.avatars())
        let distinct = Set(first.values.map { avatar -> [UInt8] in
            if case .bytes(let bytes) = avatar.source { return bytes }
            return []
        })
        #expect(distinct.count == first.count)
    }

    @Test func avatarEscapesTheNameItEmbeds() throws {
        var hostile = try #require(snapshot.characters.first)
        hostile.name = #"<script>"Rick" & 'Morty'</script>"#
        let svg = DemoDatasetAvatar(character: hostile).svg
        #expect(!svg.contains("<script>"))
        #expect(svg.contains("&lt;script&gt;&quot;Rick&quot; &amp; &#39;Morty&#39;&lt;/script&gt;"))
        #expect(XMLParser(data: Data(svg.utf8)).parse())
    }

    @Test(arguments: [
        ("Rick Sanchez", "RS"), ("Dr. Xenon Bloom", "DB"), ("Beta-Seven", "BS"), ("Fart", "F"), ("?!", "?"),
        ("élan vital", "ÉV"),
    ])
    func initials(name: String, expected: String) {
        #expect(DemoDatasetAvatar.initials(of: name) == expected)
    }
}
