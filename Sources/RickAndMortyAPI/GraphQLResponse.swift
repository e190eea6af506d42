import Foundation

/// `{"data": …, "errors": […]}`. Both may be present: a server answers what it could beside what failed.
struct GraphQLEnvelope<Payload: Decodable>: Decodable {
    var data: Payload?
    var errors: [GraphQLErrorEntry]?
}

/// Just the `errors`, read from any body that may hold them (a 400 says why in them).
struct GraphQLErrorsOnly: Decodable {
    var errors: [GraphQLErrorEntry]?
}

/// One entry of `errors`. Read leniently: a server's explanation must not itself fail to decode.
struct GraphQLErrorEntry: Decodable, Sendable, Equatable {
    var message: String
    /// `charactersByIds[3].origin`, or `(query)` when the error is about the whole request.
    var path: String
    var code: String?

    init(message: String, path: String, code: String?) {
        self.message = message
        self.path = path
        self.code = code
    }

    init(from decoder: any Decoder) throws {
        enum Keys: String, CodingKey { case message, path, extensions }
        enum ExtensionKeys: String, CodingKey { case code }
        let container = try decoder.container(keyedBy: Keys.self)
        message = (try? container.decodeIfPresent(String.self, forKey: .message)) ?? "(no message)"
        var path = ""
        if var elements = try? container.nestedUnkeyedContainer(forKey: .path) {
            while !elements.isAtEnd {
                if let index = try? elements.decode(Int.self) {
                    path += "[\(index)]"
                } else if let name = try? elements.decode(String.self) {
                    path += path.isEmpty ? name : ".\(name)"
                } else {
                    break
                }
            }
        }
        self.path = path.isEmpty ? "(query)" : path
        code = (try? container.nestedContainer(keyedBy: ExtensionKeys.self, forKey: .extensions))
            .flatMap { try? $0.decodeIfPresent(String.self, forKey: .code) }
    }

    /// What another attempt can change.
    enum Kind: Equatable {
        /// The server would take fewer ids at a time.
        case tooLarge
        /// The query itself is wrong for this server: the same query fails the same way.
        case rejected
        /// A resolver failed (its own upstream, a time limit): worth another attempt.
        case transient
    }

    var kind: Kind {
        let text = message.lowercased()
        if code == "BATCH_TOO_LARGE" || ["too many", "too large", "exceeds"].contains(where: text.contains) {
            return .tooLarge
        }
        if let code, Self.rejectedCodes.contains(code) { return .rejected }
        return .transient
    }

    /// The codes servers (Apollo and its kin) give a query they cannot run at all.
    static let rejectedCodes: Set<String> = [
        "GRAPHQL_PARSE_FAILED", "GRAPHQL_VALIDATION_FAILED", "BAD_USER_INPUT", "BAD_REQUEST",
    ]
}

/// `{ info { count } }` of one collection.
struct GraphQLCountPayload: Decodable, Sendable {
    struct Info: Decodable, Sendable { var count: Int? }
    var info: Info?
}

/// A nested record asked for as `{ id }` (or `{ id name }` for a character's places).
struct GraphQLLink: Decodable, Sendable {
    var id: String?
    var name: String?
}

struct GraphQLCharacter: Decodable, Sendable {
    var id: String?
    var name: String?
    var status: String?
    var species: String?
    var type: String?
    var gender: String?
    var origin: GraphQLLink?
    var location: GraphQLLink?
    var image: String?
    var episode: [GraphQLLink?]?
    var created: String?
}

struct GraphQLLocation: Decodable, Sendable {
    var id: String?
    var name: String?
    var type: String?
    var dimension: String?
    var residents: [GraphQLLink?]?
    var created: String?
}

struct GraphQLEpisode: Decodable, Sendable {
    var id: String?
    var name: String?
    var airDate: String?
    var episode: String?
    var characters: [GraphQLLink?]?
    var created: String?

    enum CodingKeys: String, CodingKey {
        case id, name, airDate = "air_date", episode, characters, created
    }
}
