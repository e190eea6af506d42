import Foundation
@testable import RickAndMortyAPI
@testable import WikiModel
import Testing
import TestSupport

/// The resolved graph and its rule for one-sided links: a link stated by either side holds for both.
@Suite struct DatasetTests {
    /// A record's id is the URL's last segment, under its kind's: slashes in a row count as one, a trailing one too.
    @Test func anIDIsTheLastSegmentOfItsKind() {
        let expected: [(String, Int?)] = [
            ("https://rickandmortyapi.com/api/character/5", 5), ("https://rickandmortyapi.com/api/character/5/", 5),
            ("character//12//", 12), ("//character/7", 7), ("character/+5", 5), ("character/05", 5), ("character/0", nil),
            ("character/-5", nil), ("character/5x", nil), ("location/5", nil), ("5", nil), ("", nil), ("/", nil),
            ("character/", nil), ("api/character/5/episode", nil), ("charactér/5", nil), ("character/5\u{301}", nil),
        ]
        for (url, id) in expected {
            #expect(RecordReference.id(in: url, kind: .character) == id, "\(url)")
        }
    }

    @Test(.tags(.fullData), .skippable(.fullData), .enabled(if: SharedFixtures.hasAPIData, Comment(rawValue: SharedFixtures.missingAPIDataMessage)))
    func theFourKnownOneSidedLinksOfTheRealDataHoldBothWays() throws {
        let snapshot = try SharedSnapshot.load()
        let dataset = Dataset(snapshot)
        let ids = { (urls: [String], kind: ResourceKind) in urls.compactMap { RecordReference.id(in: $0, kind: kind) } }

        // The data states each of these from one side only…
        let character125 = try #require(dataset.character(125))
        #expect(ids(character125.episode, .episode).contains(18))
        #expect(ids(character125.episode, .episode).contains(21))
        #expect(!ids(try #require(dataset.episode(18)).characters, .character).contains(125))
        #expect(!ids(try #require(dataset.episode(21)).characters, .character).contains(125))
        #expect(ids(try #require(dataset.episode(10)).characters, .character).contains(663))
        #expect(!ids(try #require(dataset.character(663)).episode, .episode).contains(10))
        #expect(RecordReference.id(in: character125.location.url, kind: .location) == 35)
        #expect(!ids(try #require(dataset.location(35)).residents, .character).contains(125))

        // …and the graph holds each for both.
        #expect(dataset.characterIDs(inEpisode: 18).contains(125))
        #expect(dataset.characterIDs(inEpisode: 21).contains(125))
        #expect(dataset.episodeIDs(ofCharacter: 125).contains(18))
        #expect(dataset.episodeIDs(ofCharacter: 125).contains(21))
        #expect(dataset.episodeIDs(ofCharacter: 663).contains(10))
        #expect(dataset.characterIDs(inEpisode: 10).contains(663))
        #expect(dataset.residentIDs(ofLocation: 35).contains(125))
        #expect(dataset.locationIDByCharacter[125] == 35)
    }

    @Test(.tags(.fullData), .skippable(.fullData), .enabled(if: SharedFixtures.hasAPIData, Comment(rawValue: SharedFixtures.missingAPIDataMessage)))
    func everyLinkOfTheRealDataIsSymmetricAndSorted() throws {
        let snapshot = try SharedSnapshot.load()
        let dataset = Dataset(snapshot)
        for character in dataset.characters {
            let episodes = dataset.episodeIDs(ofCharacter: character.id)
            #expect(episodes == episodes.sorted() && !episodes.isEmpty)
            for episode in episodes {
                #expect(dataset.characterIDs(inEpisode: episode).contains(character.id))
            }
            if let location = dataset.locationIDByCharacter[character.id] {
                #expect(dataset.residentIDs(ofLocation: location).contains(character.id))
            }
        }
        for episode in dataset.episodes {
            for character in dataset.characterIDs(inEpisode: episode.id) {
                #expect(dataset.episodeIDs(ofCharacter: character).contains(episode.id))
            }
        }
        // Only the four known links needed the rule: everything else the data states from both sides.
        let stated = snapshot.episodes.reduce(0) { $0 + $1.characters.count }
        let resolved = dataset.characterIDsByEpisode.values.reduce(0) { $0 + $1.count }
        #expect(resolved == stated + 2)
    }

    @Test func referencesToMissingRecordsAndEmptyURLsAreDropped() {
        var snapshot = GeneratedSnapshot.make(characters: 3, locations: 1, episodes: 1)
        snapshot.characters[0].episode.append("\(GeneratedSnapshot.source)/episode/99")
        snapshot.characters[1].origin = NamedReference(name: "unknown", url: "")
        snapshot.characters[2].location = NamedReference(name: "Nowhere", url: "\(GeneratedSnapshot.source)/location/42")
        snapshot.locations[0].residents.append("\(GeneratedSnapshot.source)/character/77")
        let dataset = Dataset(snapshot)
        #expect(dataset.episodeIDs(ofCharacter: 1) == [1])
        #expect(dataset.originIDByCharacter[2] == nil)
        #expect(dataset.originIDByCharacter[1] == 1)
        #expect(!dataset.residentIDs(ofLocation: 1).contains(77))
        // Character 3 names a missing location but location 1 lists it: it is placed there.
        #expect(dataset.locationIDByCharacter[3] == 1)
        #expect(dataset.characterIDs(inEpisode: 99).isEmpty)
    }

    @Test func aCharacterNamingAnotherLocationKeepsItsOwnWord() {
        var snapshot = GeneratedSnapshot.make(characters: 3, locations: 2, episodes: 1)
        // Character 1 lives at location 2 (1 + 1 % 2); location 1 also claims it.
        snapshot.locations[0].residents.append(snapshot.characters[0].url)
        let dataset = Dataset(snapshot)
        #expect(dataset.locationIDByCharacter[1] == 2)
        #expect(dataset.residentIDs(ofLocation: 1).contains(1))
        #expect(dataset.residentIDs(ofLocation: 2).contains(1))
    }

    @Test func theDemoResolvesWithoutDroppingOrAddingLinks() {
        let snapshot = DemoDataset.snapshot
        let dataset = Dataset(snapshot)
        for character in snapshot.characters {
            let stated = character.episode.compactMap { RecordReference.id(in: $0, kind: .episode) }
            #expect(dataset.episodeIDs(ofCharacter: character.id) == stated)
        }
        for episode in snapshot.episodes {
            let stated = episode.characters.compactMap { RecordReference.id(in: $0, kind: .character) }
            #expect(dataset.characterIDs(inEpisode: episode.id) == stated)
        }
        for location in snapshot.locations {
            let stated = location.residents.compactMap { RecordReference.id(in: $0, kind: .character) }
            #expect(dataset.residentIDs(ofLocation: location.id) == stated)
        }
    }
}
