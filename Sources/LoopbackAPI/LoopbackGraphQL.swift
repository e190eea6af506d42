import Foundation
import HTTPServer

/// `{"query": …, "variables": …, "operationName": …}`, the body of a GraphQL POST.
struct GraphQLRequestBody: Decodable {
    var query: String
    var variables: [String: GraphQLInput]?
    var operationName: String?
}

extension LoopbackStore {
    /// `POST /graphql` over the same records as the REST routes. A request it cannot run is answered 400 with
    /// `errors` and no `data`, as the public service answers one.
    func respondToGraphQL(_ request: HTTPRequest) -> LoopbackReply {
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
            var execution = GraphQLExecution(
                characters: characters.records, locations: locations.records, episodes: episodes.records,
                rewrite: rewrite, pageSize: pageSize, batchLimit: graphQLBatchLimit)
            return .json(200, try execution.run(operation, variables: body.variables ?? [:]))
        } catch {
            return .json(400, error.json)
        }
    }
}
