import Foundation

/// One GraphQL request the client sends: the document, its variables, and the short name errors give it.
struct GraphQLQuery: Sendable, Equatable {
    /// What errors call it, e.g. `charactersByIds(ids: 1…200)`.
    var name: String
    var text: String
    var variables: [String: [String]]

    /// `{"query": …, "variables": …}`, as every GraphQL server over HTTP takes it.
    func body() -> Data {
        struct Body: Encodable {
            var query: String
            var variables: [String: [String]]
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Strings and string lists always encode.
        return (try? encoder.encode(Body(query: text, variables: variables))) ?? Data()
    }

    /// Every collection's `info.count` in one request: how many records the ids asked for must hold.
    static let counts = GraphQLQuery(
        name: "counts",
        text: "query Counts { "
            + ResourceKind.allCases.map { "\($0.graphQLListField) { info { count } }" }.joined(separator: " ")
            + " }",
        variables: [:])

    /// The records with these ids, with nested records as ids only (the snapshot keeps references, not copies).
    static func byIDs(_ kind: ResourceKind, ids: [Int]) -> GraphQLQuery {
        let field = kind.graphQLBatchField
        return GraphQLQuery(
            name: "\(field)(ids: \(Self.describe(ids)))",
            text: "query Batch($ids: [ID!]!) { \(field)(ids: $ids) { \(kind.graphQLSelection) } }",
            variables: ["ids": ids.map(String.init)])
    }

    /// `1…200` for a run, else the first few ids.
    static func describe(_ ids: [Int]) -> String {
        guard let first = ids.first, let last = ids.last else { return "none" }
        if ids.count > 1, ids == Array(first...last) { return "\(first)…\(last)" }
        return APIClient.list(ids)
    }
}

extension ResourceKind {
    /// `characters`, `locations`, `episodes`: the paged queries.
    var graphQLListField: String { rawValue + "s" }

    /// `charactersByIds` and the like: many records in one request.
    var graphQLBatchField: String { rawValue + "sByIds" }

    /// Every field the REST record has, except `url`, which GraphQL lacks and the client builds from the id.
    var graphQLSelection: String {
        switch self {
        case .character:
            "id name status species type gender origin { id name } location { id name } image episode { id } created"
        case .location:
            "id name type dimension residents { id } created"
        case .episode:
            "id name air_date episode characters { id } created"
        }
    }
}
