import Mustache

/// Every page of a paginated index one click away from any of its pages, without a script: a `<details>` that
/// opens on a list of page links.
///
/// Up to `maximumEntries` pages it lists them all (42 for today's characters). Beyond that it lists every k-th
/// page, the last and the current one, so a page's size stays bounded and the site still grows linearly with
/// the data; the pager's window reaches the pages in between.
struct PagePicker: Encodable, Sendable, Equatable {
    struct Entry: Encodable, Sendable, Equatable {
        let label: String
        /// Nil for the current page.
        let url: String?
        let isCurrent: Bool
    }

    /// "Page 3 of 42": what the closed picker shows.
    let summary: String
    let entries: [Entry]

    static let maximumEntries = 100

    static func make(current: Int, total: Int, url: (Int) -> String, strings: StringTable) throws -> PagePicker {
        let total = max(total, 1)
        var pages = Set([1, total, current].filter { (1...total).contains($0) })
        let step = total <= maximumEntries ? 1 : (total + maximumEntries - 3) / (maximumEntries - 2)
        pages.formUnion(stride(from: 1, through: total, by: step))
        return PagePicker(
            summary: try strings.format("pager_summary", ["page": String(current), "total": String(total)]),
            entries: pages.sorted().map { page in
                Entry(label: String(page), url: page == current ? nil : url(page), isCurrent: page == current)
            })
    }
}

extension PagePicker: MustacheConvertible {
    var mustacheValue: MustacheValue {
        .object(["summary": .string(summary), "entries": MustacheValue(entries)])
    }
}

extension PagePicker.Entry: MustacheConvertible {
    var mustacheValue: MustacheValue {
        .object(["label": .string(label), "url": MustacheValue(url), "isCurrent": .bool(isCurrent)])
    }
}
