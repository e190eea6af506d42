import Foundation
import HTTPServer
import RickAndMortyAPI

/// `{"query": …, "variables": …, "operationName": …}`, the body of a GraphQL POST.
struct GraphQLRequestBody: Decodable {
    var query: String
    var variables: [String: GraphQLInput]?
    var operationName: String?
}

/// Answers `POST /graphql` over the records as they were when the request arrived. It runs outside the
/// store's actor: a large query then does not hold up every other request (a REST page is bytes encoded once,
/// a query's answer is put together for each request).
struct LoopbackGraphQLResponder: Sendable {
    /// Ready to run one query over the records.
    let execution: GraphQLExecution

    /// A request it cannot run is answered 400 with `errors` and no `data`, as the public service answers one.
    func respond(to request: HTTPRequest) -> LoopbackReply {
        do throws(GraphQLFailure) {
            guard request.method == "POST" else {
                throw GraphQLFailure(#"GraphQL requests are POSTs with a JSON body {"query": …, "variables": …}."#, code: "BAD_REQUEST")
            }
            let body: GraphQLRequestBody
            do {
                body = try JSONDecoder().decode(GraphQLRequestBody.self, from: Data(request.body))
            } catch {
                throw GraphQLFailure(#"The body must be JSON {"query": "…", "variables": {…}}."#, code: "BAD_REQUEST")
            }
            let operation = try GraphQLParser.parse(body.query, operationName: body.operationName)
            var execution = execution
            return .json(200, try execution.run(operation, variables: body.variables ?? [:]))
        } catch {
            return .json(400, error.json)
        }
    }
}

extension LoopbackStore {
    /// The records as they are now, for one GraphQL request.
    func graphQLResponder() -> LoopbackGraphQLResponder {
        let version = GraphQLFragmentCache.Version(
            characters: characters.lastModified, locations: locations.lastModified,
            episodes: episodes.lastModified, base: rewrite.target)
        return LoopbackGraphQLResponder(execution: GraphQLExecution(
            characters: characters.records, locations: locations.records, episodes: episodes.records,
            rewrite: rewrite, pageSize: pageSize, batchLimit: graphQLBatchLimit, countShortfall: countShortfall,
            cache: (graphQLCache, version)))
    }
}
