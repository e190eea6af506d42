import Foundation
import Primitives

extension APIClient {
    /// The records and the avatars they name, in one batch of at most `taskWidth` tasks: a character page's
    /// pictures are asked for as soon as that page arrives, beside the pages still to come, so that the waits of
    /// each (a retry's backoff, the last pages of a collection, the last pictures) are filled with the other's
    /// requests instead of being waited out one phase after the other. `avatar` names the download a character
    /// needs (nil when the cache has its picture); `recordsFetched` sees the whole snapshot as soon as it is
    /// complete and may refuse it, which cancels the pictures still on their way. Each checked picture goes to
    /// `store` as it arrives. Over GraphQL the records come first, then the pictures.
    package func fetchRecordsAndAvatars(
        stored: [String: StoredResponse] = [:], progress: ProgressReporter = .silent,
        avatar: (CharacterRecord) -> AvatarDownload?, recordsFetched: (SnapshotFetch) throws -> Void = { _ in },
        store: @escaping @Sendable (AvatarDownload, DownloadedImage) throws -> Void
    ) async throws -> (records: SnapshotFetch, avatars: AvatarDownloadReport) {
        if case .graphQL(let endpoint) = recordSource {
            let fetch = try await fetchSnapshotOverGraphQL(endpoint: endpoint, stored: stored, progress: progress)
            try recordsFetched(fetch)
            let report = try await downloadAvatars(fetch.snapshot.characters.compactMap(avatar), progress: progress, store: store)
            return (fetch, report)
        }
        return try await fetchOverREST(stored: stored, progress: progress, avatar: avatar, recordsFetched: recordsFetched, store: store)
    }

    private func fetchOverREST(
        stored: [String: StoredResponse], progress: ProgressReporter, avatar: (CharacterRecord) -> AvatarDownload?,
        recordsFetched: (SnapshotFetch) throws -> Void, store: @escaping @Sendable (AvatarDownload, DownloadedImage) throws -> Void
    ) async throws -> (records: SnapshotFetch, avatars: AvatarDownloadReport) {
        let records = RequestRun(progress: progress)
        let pictures = RequestRun(progress: progress)
        let budget = ByteBudget(limit: limits.fetchBytes)
        var queue = FetchQueue()
        var characters = PageCollection<CharacterRecord>(kind: .character)
        var locations = PageCollection<LocationRecord>(kind: .location)
        var episodes = PageCollection<EpisodeRecord>(kind: .episode)
        var fetch: SnapshotFetch?
        var picturesQueued = 0
        var missing: [AvatarFailure] = []
        var refused: [AvatarDownload] = []
        progress.beginPhase("Records", expectedRequests: ResourceKind.allCases.count)
        try await BoundedWork.drain(width: taskWidth, next: { queue.next() }) { [self] job -> FetchedItem in
            switch job {
            case .page(.character, let number):
                .characters(try await fetchPage(CharacterRecord.self, .character, number: number, stored: stored, run: records, budget: budget))
            case .page(.location, let number):
                .locations(try await fetchPage(LocationRecord.self, .location, number: number, stored: stored, run: records, budget: budget))
            case .page(.episode, let number):
                .episodes(try await fetchPage(EpisodeRecord.self, .episode, number: number, stored: stored, run: records, budget: budget))
            case .avatar(let download):
                try await downloadAvatar(download, run: pictures, store: store)
            }
        } collect: { item in
            switch item {
            case .characters(let page):
                try characters.add(page, client: self, queue: &queue, progress: progress)
                for character in page.page.results {
                    guard let download = avatar(character) else { continue }
                    guard isAllowedImage(download.url) else {
                        refused.append(download)
                        continue
                    }
                    queue.addAvatar(download)
                    picturesQueued += 1
                    progress.expectRequestsOfNextPhase("Avatars", 1)
                }
            case .locations(let page):
                try locations.add(page, client: self, queue: &queue, progress: progress)
            case .episodes(let page):
                try episodes.add(page, client: self, queue: &queue, progress: progress)
            case .avatarMissing(let failure):
                missing.append(failure)
            case .avatarStored:
                break
            }
            guard fetch == nil, characters.isComplete, locations.isComplete, episodes.isComplete else { return }
            let snapshot = Snapshot(
                characters: try characters.records(), locations: try locations.records(), episodes: try episodes.records())
            let responses = characters.responses
                .merging(locations.responses) { first, _ in first }
                .merging(episodes.responses) { first, _ in first }
            let complete = SnapshotFetch(snapshot: snapshot, responses: responses, statistics: records.totals)
            try recordsFetched(complete)
            fetch = complete
            progress.finishPhase()
            // Nothing to download is the usual re-run: no phase to report.
            if picturesQueued > 0 { progress.beginPhase("Avatars", expectedRequests: 0) }
        }
        guard var fetch else { throw APIError.inconsistentData(resource: .character, problem: "no page received") }
        if picturesQueued > 0 { progress.finishPhase() }
        fetch.statistics = records.totals
        let report = AvatarDownloadReport(
            statistics: pictures.totals, failed: Self.sorted(missing), refused: refused.sorted { $0.characterID < $1.characterID })
        return (fetch, report)
    }

    /// What one job of a fetch brought.
    enum FetchedItem: Sendable {
        case characters(FetchedPage<CharacterRecord>)
        case locations(FetchedPage<LocationRecord>)
        case episodes(FetchedPage<EpisodeRecord>)
        case avatarStored
        /// The picture could not be had: the character keeps none.
        case avatarMissing(AvatarFailure)
    }

    struct FetchedPage<Record: Codable & Sendable & Equatable>: Sendable {
        var number: Int
        var page: Page<Record>
        var url: String
        var stored: StoredResponse
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
                problem: "page 1 reports \(CountText.of(info.count, "record")) in \(CountText.of(info.pages, "page")), not the \(expected) of \(Self.pageSize) records each")
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
    /// `method` is the request's, for the message (a GraphQL query is a POST).
    static func decodePage<Value: Decodable>(
        _: Value.Type, from response: TransportResponse, url: String, method: String = "GET"
    ) throws -> Value {
        do {
            return try JSONDecoder().decode(Value.self, from: response.body)
        } catch let error as DecodingError {
            if let type = response.header("Content-Type"), !type.lowercased().contains("json") {
                throw APIError.notJSON(url: url, contentType: type.printable, method: method)
            }
            throw BodyProblem.classify(error, body: response.body, url: url, method: method)
        }
    }

    /// Checks that the pages form one whole collection (every page agrees on `info`, the last page links to no
    /// further page, the record count matches `info.count`, ids are positive with no duplicate) and returns the
    /// records in id order. Ids need not be 1…count: the API has deleted records before, and a deleted record
    /// leaves its id unused for good.
    static func assemble<Record: Identifiable>(
        _ kind: ResourceKind, pages: [(number: Int, page: Page<Record>)]
    ) throws -> [Record] where Record.ID == Int {
        guard let first = pages.first?.page.info else {
            throw APIError.inconsistentData(resource: kind, problem: "no page received")
        }
        for (number, page) in pages where page.info.count != first.count || page.info.pages != first.pages {
            throw APIError.inconsistentData(
                resource: kind,
                problem: "page \(number) reports \(CountText.of(page.info.count, "record")) in \(CountText.of(page.info.pages, "page")), "
                    + "page 1 reported \(first.count) in \(first.pages)")
        }
        // An `info.count` that under-reports the collection still pages consistently; only the last page's
        // `next` tells that there is more.
        if let last = pages.last, last.number == first.pages, last.page.info.next != nil {
            throw APIError.inconsistentData(
                resource: kind,
                problem: "page \(last.number), the last of the \(first.pages) for info.count \(first.count), links to a next page: "
                    + "the count leaves records out")
        }
        let records = pages.flatMap(\.page.results)
        guard records.count == first.count else {
            throw APIError.inconsistentData(
                resource: kind, problem: "received \(CountText.of(records.count, "record")) but info.count is \(first.count)")
        }
        var seen = Set<Int>()
        var duplicates: [Int] = []
        for record in records where !seen.insert(record.id).inserted {
            duplicates.append(record.id)
        }
        guard duplicates.isEmpty else {
            throw APIError.inconsistentData(resource: kind, problem: "duplicate \(CountText.noun(duplicates.count, "id")) \(Self.list(duplicates))")
        }
        let invalid = records.map(\.id).filter { $0 <= 0 }
        guard invalid.isEmpty else {
            throw APIError.inconsistentData(resource: kind, problem: "ids that are not positive: \(Self.list(invalid))")
        }
        return records.sorted { $0.id < $1.id }
    }

    static func list(_ ids: [Int]) -> String {
        let shown = ids.prefix(10).map(String.init).joined(separator: ", ")
        return ids.count > 10 ? "\(shown) and \(ids.count - 10) more" : shown
    }
}

extension APIClient {
    /// The pages of one collection as they arrive; page 1 tells how many more to ask for.
    struct PageCollection<Record: Codable & Sendable & Equatable & Identifiable> where Record.ID == Int {
        let kind: ResourceKind
        private var pages: [FetchedPage<Record>] = []
        private var expected: Int?

        init(kind: ResourceKind) {
            self.kind = kind
        }

        var isComplete: Bool { expected.map { pages.count == $0 } ?? false }

        mutating func add(
            _ page: FetchedPage<Record>, client: APIClient, queue: inout FetchQueue, progress: ProgressReporter
        ) throws {
            if page.number == 1 {
                let count = try client.checkPageCount(page.page.info, kind)
                // An empty collection is still page 1, answered with no records.
                expected = max(count, 1)
                if count > 1 {
                    progress.expectMoreRequests(count - 1)
                    queue.addPages(kind, 2...count)
                }
            }
            pages.append(page)
        }

        func records() throws -> [Record] {
            try APIClient.assemble(kind, pages: pages.sorted { $0.number < $1.number }.map { ($0.number, $0.page) })
        }

        var responses: [String: StoredResponse] {
            Dictionary(pages.map { ($0.url, $0.stored) }, uniquingKeysWith: { first, _ in first })
        }
    }
}
