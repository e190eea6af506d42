// The LoopbackAPI module, a fixture rmwiki does not link: an API look-alike on 127.0.0.1 (REST, and GraphQL for
// what the client sends) for the tests and rmwiki-bench, whose faults are plain responses.

/// The part of GraphQL the loopback API understands: one query operation with variables, fields with
/// aliases, arguments and nested selections. Fragments, directives, mutations and subscriptions are refused.
struct GraphQLOperation: Sendable, Equatable {
    var name: String?
    var variables: [GraphQLVariableDefinition]
    var selections: [GraphQLField]
}

struct GraphQLVariableDefinition: Sendable, Equatable {
    var name: String
    /// As written, e.g. `[ID!]!`; a `!` at the end makes the variable required.
    var type: String
    var defaultValue: GraphQLInput?
}

struct GraphQLField: Sendable, Equatable {
    var alias: String?
    var name: String
    var arguments: [GraphQLArgument]
    /// Nil for a leaf (`name`), the nested fields for an object (`origin { id name }`).
    var selections: [GraphQLField]?

    /// The key the field answers under.
    var responseKey: String { alias ?? name }
}

struct GraphQLArgument: Sendable, Equatable {
    var name: String
    var value: GraphQLInput
}

/// An argument or variable value, from the query text or from the request's JSON `variables`.
indirect enum GraphQLInput: Sendable, Equatable, Decodable {
    case variable(String)
    case int(Int)
    case float(Double)
    case string(String)
    case boolean(Bool)
    case null
    case enumValue(String)
    case list([GraphQLInput])
    case object([GraphQLArgument])

    /// A JSON value from `variables`.
    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .boolean(value)
        } else if let value = try? container.decode(Int.self) {
            self = .int(value)
        } else if let value = try? container.decode(Double.self) {
            self = .float(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([GraphQLInput].self) {
            self = .list(value)
        } else {
            let object = try container.decode([String: GraphQLInput].self)
            self = .object(object.keys.sorted().compactMap { key in object[key].map { GraphQLArgument(name: key, value: $0) } })
        }
    }
}
