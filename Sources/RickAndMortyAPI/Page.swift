/// One list page as the API serves it: `{"info": …, "results": […]}`.
package struct Page<Record: Codable & Sendable & Equatable>: Codable, Sendable, Equatable {
    package var info: PageInfo
    package var results: [Record]

    package init(info: PageInfo, results: [Record]) {
        self.info = info
        self.results = results
    }
}
