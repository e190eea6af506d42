import Foundation

extension APIClient {
    /// Fetches every record: page 1 of each resource, then all other pages concurrently (within the client's
    /// in-flight limit), then checks that each collection is whole. `stored` holds the previous run's pages,
    /// which make every request conditional.
    public func fetchSnapshot(
        stored: [String: StoredResponse] = [:], progress: ProgressReporter = .silent
    ) async throws -> SnapshotFetch {
        let run = RequestRun(progress: progress)
        progress.beginPhase("Records", expectedRequests: ResourceKind.allCases.count)
        async let characters = fetchCollection(CharacterRecord.self, .character, stored: stored, run: run)
        async let locations = fetchCollection(LocationRecord.self, .location, stored: stored, run: run)
        async let episodes = fetchCollection(EpisodeRecord.self, .episode, stored: stored, run: run)
        let (characterResult, locationResult, episodeResult) = try await (characters, locations, episodes)
        progress.finishPhase()
        let responses = characterResult.responses
            .merging(locationResult.responses) { first, _ in first }
            .merging(episodeResult.responses) { first, _ in first }
        let snapshot = Snapshot(
            characters: characterResult.records, locations: locationResult.records, episodes: episodeResult.records)
        return SnapshotFetch(snapshot: snapshot, responses: responses, statistics: run.totals)
    }

    struct Collection<Record: Sendable>: Sendable {
        var records: [Record]
        var responses: [String: StoredResponse]
    }

    struct FetchedPage<Record: Codable & Sendable & Equatable>: Sendable {
        var number: Int
        var page: Page<Record>
        var url: String
        var stored: StoredResponse
    }

    func fetchCollection<Record: Codable & Sendable & Equatable & Identifiable>(
        _: Record.Type, _ kind: ResourceKind, stored: [String: StoredResponse], run: RequestRun
    ) async throws -> Collection<Record> where Record.ID == Int {
        let first = try await fetchPage(Record.self, kind, number: 1, stored: stored, run: run)
        let info = first.page.info
        // A hostile or broken `info` must not make us schedule millions of requests.
        guard info.count >= 0, info.pages >= 0, info.pages <= max(info.count, 1) else {
            throw APIError.inconsistentData(
                resource: kind, problem: "page 1 reports \(info.count) records in \(info.pages) pages")
        }
        let numbers = info.pages >= 2 ? Array(2...info.pages) : []
        run.progress.expectMoreRequests(numbers.count)
        let rest = try await withThrowingTaskGroup(of: FetchedPage<Record>.self) { group in
            for number in numbers {
                group.addTask { try await fetchPage(Record.self, kind, number: number, stored: stored, run: run) }
            }
            var pages: [FetchedPage<Record>] = []
            for try await page in group { pages.append(page) }
            return pages
        }
        let all = ([first] + rest).sorted { $0.number < $1.number }
        let records = try Self.assemble(kind, pages: all.map { ($0.number, $0.page) })
        var responses: [String: StoredResponse] = [:]
        for page in all { responses[page.url] = page.stored }
        return Collection(records: records, responses: responses)
    }

    func fetchPage<Record: Codable & Sendable & Equatable>(
        _: Record.Type, _ kind: ResourceKind, number: Int, stored: [String: StoredResponse], run: RequestRun
    ) async throws -> FetchedPage<Record> {
        let url = try pageURL(kind, page: number)
        let key = url.absoluteString
        let previous = stored[key]
        let performed = try await perform(
            url, accept: "application/json", stored: previous, isImage: false, run: run
        ) { response in
            try Self.decode(Page<Record>.self, from: response.body)
        }
        let response = performed.response
        // A 304 need not repeat the validators; then the stored ones still hold.
        let keep = performed.notModified ? previous : nil
        let storedResponse = StoredResponse(
            etag: response.header("ETag") ?? keep?.etag,
            lastModified: response.header("Last-Modified") ?? keep?.lastModified,
            body: String(decoding: response.body, as: UTF8.self))
        return FetchedPage(number: number, page: performed.value, url: key, stored: storedResponse)
    }

    static func decode<Value: Decodable>(_: Value.Type, from body: Data) throws -> Value {
        do {
            return try JSONDecoder().decode(Value.self, from: body)
        } catch let error as DecodingError {
            throw BodyProblem.from(error)
        }
    }

    /// Checks that the pages form one whole collection (every page agrees on `info`, the record count matches
    /// `info.count`, ids are 1…count with no gap and no duplicate) and returns the records in id order.
    static func assemble<Record: Identifiable>(
        _ kind: ResourceKind, pages: [(number: Int, page: Page<Record>)]
    ) throws -> [Record] where Record.ID == Int {
        guard let first = pages.first?.page.info else {
            throw APIError.inconsistentData(resource: kind, problem: "no page received")
        }
        for (number, page) in pages where page.info.count != first.count || page.info.pages != first.pages {
            throw APIError.inconsistentData(
                resource: kind,
                problem: "page \(number) reports \(page.info.count) records in \(page.info.pages) pages, "
                    + "page 1 reported \(first.count) in \(first.pages)")
        }
        let records = pages.flatMap(\.page.results)
        guard records.count == first.count else {
            throw APIError.inconsistentData(
                resource: kind, problem: "received \(records.count) records but info.count is \(first.count)")
        }
        var seen = Set<Int>()
        var duplicates: [Int] = []
        for record in records where !seen.insert(record.id).inserted {
            duplicates.append(record.id)
        }
        guard duplicates.isEmpty else {
            throw APIError.inconsistentData(resource: kind, problem: "duplicate ids \(Self.list(duplicates))")
        }
        let missing = first.count > 0 ? (1...first.count).filter { !seen.contains($0) } : []
        guard missing.isEmpty else {
            throw APIError.inconsistentData(
                resource: kind, problem: "ids missing from 1…\(first.count): \(Self.list(missing))")
        }
        return records.sorted { $0.id < $1.id }
    }

    static func list(_ ids: [Int]) -> String {
        let shown = ids.prefix(10).map(String.init).joined(separator: ", ")
        return ids.count > 10 ? "\(shown) and \(ids.count - 10) more" : shown
    }
}
