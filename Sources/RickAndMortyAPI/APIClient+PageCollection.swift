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
