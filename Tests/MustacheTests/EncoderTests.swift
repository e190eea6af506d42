import Foundation
import Mustache
import Testing

struct EncoderTests {
    enum Status: String, Codable { case alive = "Alive", dead = "Dead" }

    struct Origin: Codable { let name: String; let url: URL? }

    struct Card: Codable {
        let id: Int
        let name: String
        let status: Status
        let type: String?
        let nickname: String?
        let alive: Bool
        let weight: Double
        let episodes: [Int]
        let origin: Origin
        let tags: [String: String]
    }

    let card = Card(id: 1, name: "Rick Sanchez", status: .alive, type: nil, nickname: "Rick", alive: true, weight: 70.5,
                    episodes: [1, 2], origin: Origin(name: "Earth (C-137)", url: URL(string: "https://example.com/1")),
                    tags: ["role": "scientist"])

    @Test func encodesStructsIntoTypedValues() throws {
        let value = try MustacheValue(encoding: card)
        #expect(value == [
            "id": 1, "name": "Rick Sanchez", "status": "Alive", "type": nil, "nickname": "Rick", "alive": true,
            "weight": 70.5, "episodes": [1, 2], "origin": ["name": "Earth (C-137)", "url": "https://example.com/1"],
            "tags": ["role": "scientist"],
        ])
    }

    @Test func encodedModelsRenderInStrictMode() throws {
        let library = try TemplateLibrary(
            templates: ["card": "{{id}}: {{name}} ({{status}}){{#type}} {{type}}{{/type}} [{{nickname}}] {{origin.name}} {{#episodes}}#{{.}}{{/episodes}}"],
            strict: true)
        #expect(try library.render("card", MustacheValue(encoding: card)) == "1: Rick Sanchez (Alive) [Rick] Earth (C-137) #1#2")
    }

    @Test func encodesTopLevelArraysScalarsAndOptionals() throws {
        #expect(try MustacheValue(encoding: [card.origin]) == [["name": "Earth (C-137)", "url": "https://example.com/1"]])
        #expect(try MustacheValue(encoding: 42) == 42)
        #expect(try MustacheValue(encoding: UInt64.max) == .double(Double(UInt64.max)))
        #expect(try MustacheValue(encoding: Int?.none) == nil)
        #expect(try MustacheValue(encoding: [[Int8(1)], []]) == [[1], []])
    }

    @Test func encodesManyModelsQuickly() throws {
        let cards = Array(repeating: card, count: 2_000)
        guard case .array(let values) = try MustacheValue(encoding: cards) else {
            Issue.record("not an array")
            return
        }
        #expect(values.count == 2_000)
    }
}
