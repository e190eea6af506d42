/// A group as its kind's index lists it: name, page, and what it holds ("3 locations · 52 residents").
struct GroupEntry: Encodable, Sendable, Equatable {
    let name: String
    let url: String
    let detail: String
}

extension SiteModel {
    /// The pages of one group (a dimension, a season, a group of a `PageFamily`), its characters `pageSize` a page
    /// like the characters index: `content` gets the positions of the page's part of the list, and a pager
    /// when there is more than one page. `title` gets the page number; the description is the string
    /// `descriptionKey` on a group of one page and `<descriptionKey>_page` on each page of a longer one, given
    /// `descriptionValues` with the page number (`page`) and the page count (`total`). `only`: that page alone (a
    /// maker per page: a change to one member's card builds the values of the page that shows it, not of all 22 of
    /// "Alive").
    func pagedGroup<Content: PageModel>(
        listing count: Int, only: Int? = nil, route: (Int) -> Route, heading: String,
        title: (Int) throws -> String, descriptionKey: String, descriptionValues: [String: String],
        content: (Range<Int>, Pager?) throws -> Content
    ) throws -> [SitePage] {
        let total = Self.pageCount(count)
        return try (only.map { [$0] } ?? Array(1...total)).map { number in
            let start = min(count, (number - 1) * Self.pageSize)
            let positions = start..<min(count, start + Self.pageSize)
            let pager = total == 1
                ? nil : try Pager.make(current: number, total: total, url: { link(route($0)) }, strings: strings)
            return try page(
                route(number), title: try title(number), heading: heading,
                description: try strings.format(
                    total == 1 ? descriptionKey : descriptionKey + "_page",
                    descriptionValues.merging(["page": String(number), "total": String(total)]) { $1 }),
                content: try content(positions, pager))
        }
    }

    /// `Species: Human` on a group's first page, `Species: Human, page 2` on the next ones.
    /// A name that already says its kind (`kind`, "dimension") takes `<key>_named` ("Dimension C-137: locations
    /// and characters", not "Dimension: Dimension C-137").
    func groupTitle(_ key: String, name: String, page number: Int, kind: String? = nil) throws -> String {
        let saysItsKind = kind.map { name.localizedCaseInsensitiveContains($0) } ?? false
        let title = try strings.format(saysItsKind ? key + "_named" : key, ["name": name])
        return number == 1 ? title : try strings.format("group_title_page", ["title": title, "page": String(number)])
    }
}
