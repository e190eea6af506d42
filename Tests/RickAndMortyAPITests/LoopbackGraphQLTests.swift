import Foundation
@testable import RickAndMortyAPI
import Testing
@testable import LoopbackAPI

/// The loopback API's GraphQL: the parser, and the executor resolving as the shared data's README says the
/// public service does. The client's GraphQL tests are only as good as this.
@Suite struct LoopbackGraphQLTests {
    static let source = Fixture.source

    /// The fixture (45 characters, 3 locations, 2 episodes) with character 2 from an "unknown" origin and
    /// character 3 linked to an episode that does not exist.
    static func execution(batchLimit: Int? = nil) -> GraphQLExecution {
        var snapshot = Fixture.snapshot()
        snapshot.characters[1].origin = NamedReference(name: "unknown", url: "")
        snapshot.characters[2].episode.append("\(source)/episode/99")
        return GraphQLExecution(
            characters: Dictionary(uniqueKeysWithValues: snapshot.characters.map { ($0.id, $0) }),
            locations: Dictionary(uniqueKeysWithValues: snapshot.locations.map { ($0.id, $0) }),
            episodes: Dictionary(uniqueKeysWithValues: snapshot.episodes.map { ($0.id, $0) }),
            rewrite: URLRewriter(source: source, target: "http://127.0.0.1:1/api"), pageSize: 20, batchLimit: batchLimit)
    }

    static func run(
        _ query: String, variables: [String: GraphQLInput] = [:], batchLimit: Int? = nil
    ) throws(GraphQLFailure) -> String {
        var execution = execution(batchLimit: batchLimit)
        let bytes = try execution.run(try GraphQLParser.parse(query), variables: variables)
        return String(decoding: bytes, as: UTF8.self)
    }

    static func failure(_ query: String, variables: [String: GraphQLInput] = [:], batchLimit: Int? = nil) -> GraphQLFailure? {
        do {
            _ = try run(query, variables: variables, batchLimit: batchLimit)
            return nil
        } catch {
            return error
        }
    }

    // MARK: Parser

    @Test func parsesOperationsVariablesAliasesArgumentsAndNesting() throws {
        let operation = try GraphQLParser.parse("""
            # a comment, and commas are whitespace
            query Batch($ids: [ID!]!, $page: Int = 2) {
              first: charactersByIds(ids: $ids) { id, origin { name } }
              characters(page: $page) { info { next } }
              character(id: "1\\u0041\\n") { name }
              episodesByIds(ids: [1, "2", null]) { id }
            }
            """)
        #expect(operation.name == "Batch")
        #expect(operation.variables == [
            GraphQLVariableDefinition(name: "ids", type: "[ID!]!", defaultValue: nil),
            GraphQLVariableDefinition(name: "page", type: "Int", defaultValue: .int(2)),
        ])
        #expect(operation.selections.map(\.responseKey) == ["first", "characters", "character", "episodesByIds"])
        #expect(operation.selections[0].name == "charactersByIds")
        #expect(operation.selections[0].arguments == [GraphQLArgument(name: "ids", value: .variable("ids"))])
        #expect(operation.selections[0].selections?.map(\.name) == ["id", "origin"])
        #expect(operation.selections[0].selections?[1].selections?.map(\.name) == ["name"])
        #expect(operation.selections[2].arguments == [GraphQLArgument(name: "id", value: .string("1A\n"))])
        #expect(operation.selections[3].arguments[0].value == .list([.int(1), .string("2"), .null]))
        #expect(try GraphQLParser.parse("{ a }").selections.map(\.name) == ["a"])
        #expect(try GraphQLParser.parse("query A { a } query B { b }", operationName: "B").selections.map(\.name) == ["b"])
    }

    @Test func refusesWhatItDoesNotUnderstandWithAPosition() {
        func failure(_ text: String) -> GraphQLFailure? {
            do { _ = try GraphQLParser.parse(text); return nil } catch { return error }
        }
        #expect(failure("{ a(x: 1 }")?.message == #"Syntax Error: Expected Name, found "}"."#)
        #expect(failure("{ a(x: 1 }")?.line == 1)
        #expect(failure("{ a(x: 1 }")?.column == 10)
        #expect(failure("{\n  ...Parts\n}")?.message == "fragments are not supported by the loopback API.")
        #expect(failure("{\n  ...Parts\n}")?.line == 2)
        #expect(failure("mutation { a }")?.message == "mutation is not supported by the loopback API; send a query.")
        #expect(failure("{ a @include(if: true) }")?.message == "directives are not supported by the loopback API.")
        #expect(failure(#"{ a(x: "open) }"#)?.message == "Syntax Error: Unterminated string.")
        #expect(failure("{ }")?.code == "GRAPHQL_PARSE_FAILED")
        #expect(failure("")?.message == "Syntax Error: Unexpected <EOF>.")
        #expect(failure("query A { a } query B { b }")?.message == "Must provide operation name if query contains multiple operations.")
        #expect(failure("{ a } trailing")?.message == #"Syntax Error: Unexpected Name "trailing"."#)
    }

    // MARK: Executor

    @Test func batchesLeaveOutUnknownIdsAndAnswerIdsAsStrings() throws {
        let json = try Self.run(
            #"query ($ids: [ID!]!) { charactersByIds(ids: $ids) { id name } }"#,
            variables: ["ids": .list([.string("2"), .string("999"), .int(1), .string("x")])])
        #expect(json == #"{"data":{"charactersByIds":[{"id":"2","name":"Character 2"},{"id":"1","name":"Character 1"}]}}"#)
        #expect(try Self.run(#"{ locationsByIds(ids: 3) { id } }"#) == #"{"data":{"locationsByIds":[{"id":"3"}]}}"#)
    }

    @Test func aMissingRecordIsNull() throws {
        #expect(try Self.run(#"{ character(id: 46) { id } episode(id: "2") { id } }"#)
            == #"{"data":{"character":null,"episode":{"id":"2"}}}"#)
    }

    @Test func pagesGiveInfoWithPageNumbers() throws {
        #expect(try Self.run("{ characters(page: 2) { info { count pages next prev } results { id } } }")
            == #"{"data":{"characters":{"info":{"count":45,"pages":3,"next":3,"prev":1},"results":["#
                + (21...40).map { #"{"id":"\#($0)"}"# }.joined(separator: ",") + "]}}}")
        #expect(try Self.run("{ episodes { info { next prev } } characters(page: 4) { info { count } } }")
            == #"{"data":{"episodes":{"info":{"next":null,"prev":null}},"characters":null}}"#)
    }

    @Test func nestedRecordsAreWholeAndTheUnknownPlaceHasNoId() throws {
        let json = try Self.run("""
            { charactersByIds(ids: [1, 2, 3]) {
                id image
                origin { id name type dimension created residents { id } }
                episode { id name }
            } }
            """)
        let residents = (1...45).filter { $0 % 3 == 0 }.map { #"{"id":"\#($0)"}"# }.joined(separator: ",")
        #expect(json == #"{"data":{"charactersByIds":["#
            + #"{"id":"1","image":"http://127.0.0.1:1/api/character/avatar/1.jpeg","origin":{"id":"1","name":"Location 1","type":"Planet","dimension":"Dimension C-137","created":"2017-11-10T12:42:04.162Z","residents":[\#(residents)]},"episode":[{"id":"2","name":"Episode 2"}]},"#
            + #"{"id":"2","image":"http://127.0.0.1:1/api/character/avatar/2.jpeg","origin":{"id":null,"name":"unknown","type":null,"dimension":null,"created":null,"residents":[]},"episode":[{"id":"1","name":"Episode 1"}]},"#
            + #"{"id":"3","image":"http://127.0.0.1:1/api/character/avatar/3.jpeg","origin":{"id":"1","name":"Location 1","type":"Planet","dimension":"Dimension C-137","created":"2017-11-10T12:42:04.162Z","residents":[\#(residents)]},"episode":[{"id":"2","name":"Episode 2"}]}"#
            + "]}}")
    }

    @Test func aliasesAndRepeatedFieldsAnswerOnce() throws {
        #expect(try Self.run(#"{ a: episode(id: 1) { id id code: episode } b: episode(id: 2) { __typename air_date } }"#)
            == #"{"data":{"a":{"id":"1","code":"S01E01"},"b":{"__typename":"Episode","air_date":"December 2, 2013"}}}"#)
        #expect(Self.failure("{ a: episode(id: 1) { id } a: episode(id: 2) { id } }")?.message
            == #"Fields "a" conflict because they differ; use different aliases."#)
    }

    @Test func refusesFieldsArgumentsAndVariablesOutsideTheSchema() {
        let urlField = Self.failure("{ character(id: 1) { id url } }")
        #expect(urlField?.message == #"Cannot query field "url" on type "Character"."#)
        #expect(urlField?.path == [.key("character"), .key("url")])
        #expect(urlField?.json == Array(#"{"errors":[{"message":"Cannot query field \"url\" on type \"Character\".","path":["character","url"],"extensions":{"code":"GRAPHQL_VALIDATION_FAILED"}}]}"#.utf8))
        #expect(Self.failure("{ character(id: 1) { origin } }")?.message
            == #"Field "origin" of type "Location" must have a selection of subfields. Did you mean "origin { ... }"?"#)
        #expect(Self.failure("{ character(id: 1) { name { x } } }")?.message
            == #"Field "name" must not have a selection since type "String" has no subfields."#)
        #expect(Self.failure("{ character(ids: 1) { id } }")?.message == #"Unknown argument "ids" on field "Query.character"."#)
        #expect(Self.failure("{ character { id } }")?.message
            == #"Field "character" argument "id" of type "ID!" is required, but it was not provided."#)
        #expect(Self.failure("{ charactersByIds(ids: $ids) { id } }")?.message == #"Variable "$ids" is not defined."#)
        #expect(Self.failure("query ($ids: [ID!]!) { charactersByIds(ids: $ids) { id } }")?.code == "BAD_USER_INPUT")
        #expect(Self.failure(#"{ characters(page: "2") { info { count } } }"#)?.code == "BAD_USER_INPUT")
        #expect(Self.failure(#"{ characters(filter: {name: "Rick"}) { info { count } } }"#)?.message
            == "filter is not supported by the loopback API.")
    }

    @Test func aBatchOverTheLimitIsRefusedAsTooLarge() throws {
        let failure = Self.failure("{ episodesByIds(ids: [1, 2, 3]) { id } }", batchLimit: 2)
        #expect(failure?.message == "Too many ids for episodesByIds: 3 asked, at most 2 per request.")
        #expect(failure?.code == "BATCH_TOO_LARGE")
        #expect(failure?.path == [.key("episodesByIds")])
        #expect(try Self.run("{ episodesByIds(ids: [1, 2]) { id } }", batchLimit: 2)
            == #"{"data":{"episodesByIds":[{"id":"1"},{"id":"2"}]}}"#)
    }

    @Test func stringsAreEscapedAsJSON() throws {
        var writer = GraphQLJSONWriter()
        writer.string("a\"b\\c/d\n\u{01}é")
        #expect(String(decoding: writer.bytes, as: UTF8.self) == #""a\"b\\c/d\n\u0001é""#)
    }

    // MARK: Over HTTP

    @Test func answersPostsAtSlashGraphQLAndRefusesTheRestWith400() async throws {
        try await Fixture.withServer { _, base in
            let endpoint = try #require(RecordSource.graphQLEndpoint(forREST: base))
            let transport = URLSessionTransport()
            func post(_ body: String) async throws -> TransportResponse {
                try await transport.send(TransportRequest(
                    url: endpoint, method: "POST", headers: ["Content-Type": "application/json"], body: Data(body.utf8)))
            }
            let answer = try await post(#"{"query":"query ($ids: [ID!]!) { episodesByIds(ids: $ids) { id characters { id } } }","variables":{"ids":["2"]}}"#)
            #expect(answer.status == 200)
            #expect(answer.header("Content-Type") == "application/json; charset=utf-8")
            let characters = (1...45).filter { $0 % 2 == 1 }.map { #"{"id":"\#($0)"}"# }.joined(separator: ",")
            #expect(String(decoding: answer.body, as: UTF8.self)
                == #"{"data":{"episodesByIds":[{"id":"2","characters":[\#(characters)]}]}}"#)

            let notJSON = try await post("query { x }")
            #expect(notJSON.status == 400)
            #expect(String(decoding: notJSON.body, as: UTF8.self).contains(#""code":"BAD_REQUEST""#))
            let unknown = try await post(#"{"query":"{ nothing }"}"#)
            #expect(unknown.status == 400)
            #expect(String(decoding: unknown.body, as: UTF8.self)
                == #"{"errors":[{"message":"Cannot query field \"nothing\" on type \"Query\".","path":["nothing"],"extensions":{"code":"GRAPHQL_VALIDATION_FAILED"}}]}"#)
            let get = try await transport.send(TransportRequest(url: endpoint))
            #expect(get.status == 400)
        }
    }

    @Test func aChangedRecordIsAnsweredChangedThoughAnswersAreKept() async throws {
        try await Fixture.withServer { server, base in
            let endpoint = try #require(RecordSource.graphQLEndpoint(forREST: base))
            let transport = URLSessionTransport()
            func names() async throws -> String {
                let body = #"{"query":"{ charactersByIds(ids: [1, 2]) { name } }"}"#
                let response = try await transport.send(TransportRequest(
                    url: endpoint, method: "POST", headers: ["Content-Type": "application/json"], body: Data(body.utf8)))
                return String(decoding: response.body, as: UTF8.self)
            }
            let before = #"{"data":{"charactersByIds":[{"name":"Character 1"},{"name":"Character 2"}]}}"#
            #expect(try await names() == before)
            #expect(try await names() == before)
            try await server.updateCharacter(id: 2) { $0.name = "Renamed" }
            #expect(try await names() == #"{"data":{"charactersByIds":[{"name":"Character 1"},{"name":"Renamed"}]}}"#)
        }
    }
}
