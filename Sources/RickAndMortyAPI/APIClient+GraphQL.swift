// The RickAndMortyAPI module: the records as the API serves them, the client (REST and GraphQL, retries,
// throttling, limits), the cache and its guard, and the demo dataset.

import Foundation
import Primitives

extension APIClient {
    /// Ids per `…ByIds` request: the whole dataset in 7 requests. A server that takes fewer says so, and the
    /// batch is halved until it does.
    static let graphQLBatchSize = 200
    /// More records than any real dataset: a hostile or broken `info.count` must not schedule millions of requests.
    static let graphQLMaximumCount = 100_000

    /// Every collection's count in one request, then the records by id in batches, all at once (within the
    /// client's in-flight limit). GraphQL answers carry no validators, so `stored` (the REST pages' bodies and
    /// validators, each still true of its own ETag) is handed back for the next REST fetch.
    func fetchSnapshotOverGraphQL(
        endpoint: URL, stored: [String: StoredResponse] = [:], progress: ProgressReporter = .silent
    ) async throws -> SnapshotFetch {
        let run = RequestRun(progress: progress)
        progress.beginPhase("Records", expectedRequests: 1)
        let counts = try await fetchGraphQLCounts(endpoint: endpoint, run: run)
        async let characters = fetchGraphQLCollection(
            GraphQLCharacter.self, count: counts[.character] ?? 0, endpoint: endpoint, run: run)
        async let locations = fetchGraphQLCollection(
            GraphQLLocation.self, count: counts[.location] ?? 0, endpoint: endpoint, run: run)
        async let episodes = fetchGraphQLCollection(
            GraphQLEpisode.self, count: counts[.episode] ?? 0, endpoint: endpoint, run: run)
        let snapshot = Snapshot(characters: try await characters, locations: try await locations, episodes: try await episodes)
        progress.finishPhase()
        return SnapshotFetch(snapshot: snapshot, responses: stored, statistics: run.totals)
    }

    func fetchGraphQLCounts(endpoint: URL, run: RequestRun) async throws -> [ResourceKind: Int] {
        let query = GraphQLQuery.counts
        let reader = GraphQLRecordReader(base: baseText, query: query.name)
        return try await sendGraphQL(query, endpoint: endpoint, run: run, payload: [String: GraphQLCountPayload?].self) {
            data in
            var counts: [ResourceKind: Int] = [:]
            for kind in ResourceKind.allCases {
                let field = kind.graphQLListField
                let info = try reader.value(try reader.value(data[field] ?? nil, field).info, "\(field).info")
                let count = try reader.value(info.count, "\(field).info.count")
                guard (0...Self.graphQLMaximumCount).contains(count) else {
                    throw GraphQLFetchError.inconsistentData(
                        query: query.name, problem: "\(field).info.count is \(count), not a count of records")
                }
                counts[kind] = count
            }
            return counts
        }
    }

    /// Ids past `info.count` asked for with the first batches: they fill the holes of up to this many deleted
    /// records, and show a count that leaves records out, without a request more.
    static let graphQLProbeSize = 20

    /// The records in id order. GraphQL cannot list ids, so they are found: 1…count plus `graphQLProbeSize`
    /// in even batches, then, while fewer than `count` came back (deleted records leave their ids unused), the
    /// next ids, a batch at a time. More than `count` records, or an empty batch while some are still missing,
    /// means `info.count` is wrong, as REST's last page would show.
    func fetchGraphQLCollection<Shape: GraphQLShape>(
        _: Shape.Type, count: Int, endpoint: URL, run: RequestRun
    ) async throws -> [Shape.Record] {
        let batchField = Shape.kind.graphQLBatchField
        var asked = count + Self.graphQLProbeSize
        var records = try await fetchGraphQLIDs(Shape.self, 1...asked, endpoint: endpoint, run: run)
        while records.count < count, asked < Self.graphQLMaximumCount {
            let next = (asked + 1)...(asked + Self.graphQLBatchSize)
            let found = try await fetchGraphQLIDs(Shape.self, next, endpoint: endpoint, run: run)
            asked = next.upperBound
            if found.isEmpty { break }
            records += found
        }
        let field = Shape.kind.graphQLListField
        if records.count > count {
            throw GraphQLFetchError.inconsistentData(
                query: "\(batchField)(ids: 1…\(asked))",
                problem: "\(records.count) records exist but \(field).info.count is \(count): the count leaves records out")
        }
        guard records.count == count else {
            throw GraphQLFetchError.inconsistentData(
                query: "\(batchField)(ids: 1…\(asked))",
                problem: "only \(records.count) records exist but \(field).info.count is \(count)")
        }
        return records.sorted { $0.id < $1.id }
    }

    /// The records among `ids`, in even batches of at most `graphQLBatchSize`.
    private func fetchGraphQLIDs<Shape: GraphQLShape>(
        _: Shape.Type, _ ids: ClosedRange<Int>, endpoint: URL, run: RequestRun
    ) async throws -> [Shape.Record] {
        let total = ids.count
        let batchCount = (total + Self.graphQLBatchSize - 1) / Self.graphQLBatchSize
        let batches = (0..<batchCount).map { index in
            Array((ids.lowerBound + total * index / batchCount)...(ids.lowerBound - 1 + total * (index + 1) / batchCount))
        }
        run.progress.expectMoreRequests(batches.count)
        return try await withThrowingTaskGroup(of: [Shape.Record].self) { group in
            for batch in batches {
                group.addTask { try await fetchGraphQLBatch(Shape.self, ids: batch, endpoint: endpoint, run: run) }
            }
            var all: [Shape.Record] = []
            for try await part in group { all += part }
            return all
        }
    }

    /// One `…ByIds` request, checked to hold only ids asked for, once each. A batch the server calls too large is
    /// halved, and the halves sent on their own.
    func fetchGraphQLBatch<Shape: GraphQLShape>(
        _: Shape.Type, ids: [Int], endpoint: URL, run: RequestRun
    ) async throws -> [Shape.Record] {
        let query = GraphQLQuery.byIDs(Shape.kind, ids: ids)
        let field = Shape.kind.graphQLBatchField
        let reader = GraphQLRecordReader(base: baseText, query: query.name)
        do {
            return try await sendGraphQL(query, endpoint: endpoint, run: run, payload: [String: [Shape?]?].self) { data in
                let list = try reader.value(data[field] ?? nil, field)
                let records = try list.enumerated().map { index, shape in
                    try reader.value(shape, "\(field)[\(index)]").record(reader, at: "\(field)[\(index)]")
                }
                try Self.checkBatch(records.map(\.id), asked: ids, query: query.name)
                return records
            }
        } catch let tooLarge as GraphQLBatchTooLarge {
            guard ids.count > 1 else { throw tooLarge.rejection }
            // The rejected request's place in the progress count is taken by two.
            run.progress.expectMoreRequests(1)
            let middle = ids.count / 2
            async let first = fetchGraphQLBatch(Shape.self, ids: Array(ids[..<middle]), endpoint: endpoint, run: run)
            async let second = fetchGraphQLBatch(Shape.self, ids: Array(ids[middle...]), endpoint: endpoint, run: run)
            return try await first + second
        }
    }

    /// The REST path's check, per batch: ids asked for, once each. The service leaves out ids it does not know
    /// (deleted records, ids past the end), so fewer is not a fault here; the collection's count tells.
    static func checkBatch(_ received: [Int], asked: [Int], query: String) throws {
        let askedSet = Set(asked)
        var seen = Set<Int>()
        var duplicates: [Int] = []
        for id in received where !seen.insert(id).inserted { duplicates.append(id) }
        guard duplicates.isEmpty else {
            throw GraphQLFetchError.inconsistentData(query: query, problem: "duplicate \(CountText.noun(duplicates.count, "id")) \(list(duplicates))")
        }
        let extra = received.filter { !askedSet.contains($0) }
        guard extra.isEmpty else {
            throw GraphQLFetchError.inconsistentData(query: query, problem: "ids not asked for: \(list(extra))")
        }
    }

    /// POSTs `query` through `perform` (retries, in-flight limit, time limit, progress) and hands the `data`
    /// to `convert`, inside the attempt: a malformed answer is retried like a malformed REST page.
    func sendGraphQL<Payload: Decodable & Sendable, Value: Sendable>(
        _ query: GraphQLQuery, endpoint: URL, run: RequestRun, payload _: Payload.Type,
        convert: (Payload) throws -> Value
    ) async throws -> Value {
        do {
            let performed = try await perform(
                endpoint, accept: "application/json", stored: nil, isImage: false, run: run, post: query.body(),
                rejection: { Self.graphQLRejection($0, query: query) }
            ) { response in
                // One decoding in the usual case; `errors` are looked for alone only when `data` does not decode.
                let envelope: GraphQLEnvelope<Payload>
                do {
                    envelope = try Self.decodePage(
                        GraphQLEnvelope<Payload>.self, from: response, url: endpoint.absoluteString, method: "POST")
                } catch {
                    if let errors = Self.graphQLErrors(in: response.body) {
                        throw Self.graphQLFailure(errors, status: response.status, query: query)
                    }
                    throw error
                }
                if let errors = envelope.errors, !errors.isEmpty {
                    throw Self.graphQLFailure(errors, status: response.status, query: query)
                }
                guard let data = envelope.data else {
                    throw GraphQLFetchError.unexpectedNull(query: query.name, path: "data")
                }
                return try convert(data)
            }
            return performed.value
        } catch let APIError.gaveUp(_, status, attempts, lastProblem, cause) {
            throw GraphQLFetchError.gaveUp(
                query: query.name, endpoint: endpoint.absoluteString, status: status, attempts: attempts,
                lastProblem: lastProblem, cause: cause)
        }
    }

    /// A non-empty `errors`, whether or not `data` came with it.
    static func graphQLErrors(in body: Data) -> [GraphQLErrorEntry]? {
        guard let errors = (try? JSONDecoder().decode(GraphQLErrorsOnly.self, from: body))?.errors, !errors.isEmpty
        else { return nil }
        return errors
    }

    /// A status `perform` does not retry (400, 404, 413, …): the query cannot run there, unless the server
    /// only wants fewer ids at a time.
    static func graphQLRejection(_ response: TransportResponse, query: GraphQLQuery) -> any Error {
        if let errors = graphQLErrors(in: response.body) {
            return graphQLFailure(errors, status: response.status, query: query)
        }
        let rejection = GraphQLFetchError.rejected(
            query: query.name, status: response.status, path: "(request)",
            message: excerpt(response.body) ?? "no GraphQL errors in the answer")
        return response.status == 413 ? GraphQLBatchTooLarge(rejection: rejection) : rejection
    }

    /// What the errors call for: fewer ids, giving up (the query is wrong here), or another attempt (retried
    /// as a `BodyProblem`).
    static func graphQLFailure(_ errors: [GraphQLErrorEntry], status: Int, query: GraphQLQuery) -> any Error {
        let named = errors.first { $0.kind == .tooLarge } ?? errors.first { $0.kind == .rejected } ?? errors[0]
        let rejection = GraphQLFetchError.rejected(
            query: query.name, status: status, path: named.path,
            message: named.message + (errors.count > 1 ? " (and \(errors.count - 1) more)" : ""))
        switch named.kind {
        case .tooLarge: return GraphQLBatchTooLarge(rejection: rejection)
        case .rejected: return rejection
        case .transient where status >= 400: return rejection
        case .transient: return BodyProblem.graphQLErrors(path: named.path, message: named.message, more: errors.count - 1)
        }
    }

    /// The start of a body that is not GraphQL (an HTML error page, a REST error), on one line.
    static func excerpt(_ body: Data) -> String? {
        let text = String(decoding: body.prefix(200), as: UTF8.self)
            .split(whereSeparator: \.isNewline).joined(separator: " ").trimmingCharacters(in: .whitespaces)
        return text.isEmpty ? nil : text
    }
}

/// The server refused a batch for its size; the caller halves it. `rejection` is the error when it cannot.
struct GraphQLBatchTooLarge: Error {
    var rejection: GraphQLFetchError
}
