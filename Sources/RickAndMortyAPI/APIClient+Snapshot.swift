import Foundation

extension APIClient {
    /// Fetches every record: page 1 of each resource, then all other pages concurrently (within the client's
    /// in-flight limit), then checks that each collection is whole. `stored` holds the previous run's pages,
    /// which make every request conditional.
    package func fetchSnapshot(
        stored: [String: StoredResponse] = [:], progress: ProgressReporter = .silent
    ) async throws -> SnapshotFetch {
        let run = RequestRun(progress: progress)
        let budget = ByteBudget(limit: limits.fetchBytes)
        progress.beginPhase("Records", expectedRequests: ResourceKind.allCases.count)
        async let characters = fetchCollection(CharacterRecord.self, .character, stored: stored, run: run, budget: budget)
        async let locations = fetchCollection(LocationRecord.self, .location, stored: stored, run: run, budget: budget)
        async let episodes = fetchCollection(EpisodeRecord.self, .episode, stored: stored, run: run, budget: budget)
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
        _: Record.Type, _ kind: ResourceKind, stored: [String: StoredResponse], run: RequestRun, budget: ByteBudget
    ) async throws -> Collection<Record> where Record.ID == Int {
        let first = try await fetchPage(Record.self, kind, number: 1, stored: stored, run: run, budget: budget)
        let pages = try checkPageCount(first.page.info, kind)
        run.progress.expectMoreRequests(max(0, pages - 1))
        var all = [first]
        // Pages are asked for as earlier ones arrive, so a collection of any size costs a few tasks at a time.
        try await BoundedWork.forEach(stride(from: 2, through: pages, by: 1), width: taskWidth) { number in
            try await fetchPage(Record.self, kind, number: number, stored: stored, run: run, budget: budget)
        } collect: { page in
            all.append(page)
        }
        all.sort { $0.number < $1.number }
        let records = try Self.assemble(kind, pages: all.map { ($0.number, $0.page) })
        var responses: [String: StoredResponse] = [:]
        for page in all { responses[page.url] = page.stored }
        return Collection(records: records, responses: responses)
    }

    /// A hostile or broken `info` must not make us schedule millions of requests: the count must be sane and
    /// the page count exactly what the API's page size makes of it. Returns the page count.
    func checkPageCount(_ info: PageInfo, _ kind: ResourceKind) throws -> Int {
        guard (0...limits.recordCount).contains(info.count) else {
            throw APIError.inconsistentData(
                resource: kind, problem: "page 1 reports \(info.count) records, more than the \(limits.recordCount) rmwiki accepts")
        }
        let expected = (info.count + Self.pageSize - 1) / Self.pageSize
        guard info.pages == expected else {
            throw APIError.inconsistentData(
                resource: kind,
                problem: "page 1 reports \(info.count) records in \(info.pages) pages, not the \(expected) of \(Self.pageSize) records each")
        }
        return expected
    }

    func fetchPage<Record: Codable & Sendable & Equatable>(
        _: Record.Type, _ kind: ResourceKind, number: Int, stored: [String: StoredResponse], run: RequestRun,
        budget: ByteBudget
    ) async throws -> FetchedPage<Record> {
        let url = try pageURL(kind, page: number)
        let key = url.absoluteString
        let previous = stored[key]
        let performed = try await perform(
            url, accept: "application/json", stored: previous, isImage: false, run: run
        ) { response in
            try Self.decodePage(Page<Record>.self, from: response, url: key)
        }
        let response = performed.response
        // A 304 need not repeat the validators; then the stored ones still hold.
        let keep = performed.notModified ? previous : nil
        let storedResponse = StoredResponse(
            etag: response.header("ETag") ?? keep?.etag,
            lastModified: response.header("Last-Modified") ?? keep?.lastModified,
            body: String(decoding: response.body, as: UTF8.self))
        try budget.spend(storedResponse.body.utf8.count)
        return FetchedPage(number: number, page: performed.value, url: key, stored: storedResponse)
    }

    /// A page that does not decode is a `BodyProblem` (retried: a cut or garbled answer), unless it says it is
    /// not JSON at all: an HTML page where JSON was expected is a wrong `--api`, which retrying cannot fix.
    static func decodePage<Value: Decodable>(_: Value.Type, from response: TransportResponse, url: String) throws -> Value {
        do {
            return try JSONDecoder().decode(Value.self, from: response.body)
        } catch let error as DecodingError {
            if let type = response.header("Content-Type"), !type.lowercased().contains("json") {
                throw APIError.notJSON(url: url, contentType: type.printable)
            }
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
