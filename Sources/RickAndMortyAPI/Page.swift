/// One list page as the API serves it: `{"info": …, "results": […]}`.
public struct Page<Record: Codable & Sendable & Equatable>: Codable, Sendable, Equatable {
    public var info: PageInfo
    public var results: [Record]

    public init(info: PageInfo, results: [Record]) {
        self.info = info
        self.results = results
    }
}
