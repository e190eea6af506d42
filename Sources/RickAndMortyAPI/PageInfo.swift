/// The `info` block of a list page.
package struct PageInfo: Codable, Sendable, Equatable {
    package var count: Int
    package var pages: Int
    package var next: String?
    package var prev: String?

    package init(count: Int, pages: Int, next: String?, prev: String?) {
        self.count = count
        self.pages = pages
        self.next = next
        self.prev = prev
    }
}
