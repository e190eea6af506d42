import Mustache

/// Page links for a paginated index: first, previous, numbered pages with gaps, next, last.
struct Pager: Encodable, Sendable, Equatable {
    struct Item: Encodable, Sendable, Equatable {
        let label: String
        /// Nil for the current page, a gap, or an edge link that leads nowhere (previous on page 1).
        let url: String?
        let ariaLabel: String?
        let rel: String?
        let isCurrent: Bool
        let isGap: Bool
    }

    let current: Int
    let total: Int
    let summary: String
    let items: [Item]
    /// The compact pager above a list: previous, where you are, next (the full one is below the list).
    let previous: Item
    let next: Item

    /// Shows the first and last page, and `window` pages either side of the current one; a run of
    /// hidden pages becomes one gap (a single hidden page is shown instead, a gap would not be shorter).
    static func make(
        current: Int, total: Int, window: Int = 2, url: (Int) -> String, strings: StringTable
    ) throws -> Pager {
        var shown: [Int] = []
        for page in 1...max(total, 1) where page == 1 || page == total || abs(page - current) <= window {
            if let last = shown.last, page - last == 2 { shown.append(last + 1) }
            shown.append(page)
        }
        func edge(_ key: String, _ target: Int, rel: String?) throws -> Item {
            let usable = target != current && (1...total).contains(target)
            return Item(label: try strings("pager_\(key)"), url: usable ? url(target) : nil,
                        ariaLabel: try strings("pager_\(key)_aria"), rel: rel, isCurrent: false, isGap: false)
        }
        let previousItem = try edge("previous", current - 1, rel: "prev")
        let nextItem = try edge("next", current + 1, rel: "next")
        var items = [try edge("first", 1, rel: nil), previousItem]
        var shownBefore = 0
        for page in shown {
            if page - shownBefore > 1 {
                items.append(Item(label: "…", url: nil, ariaLabel: nil, rel: nil, isCurrent: false, isGap: true))
            }
            items.append(Item(
                label: String(page), url: page == current ? nil : url(page),
                ariaLabel: try strings.format("pager_page_aria", ["page": String(page)]),
                rel: nil, isCurrent: page == current, isGap: false))
            shownBefore = page
        }
        items.append(nextItem)
        items.append(try edge("last", total, rel: nil))
        return Pager(
            current: current, total: total,
            summary: try strings.format("pager_summary", ["page": String(current), "total": String(total)]),
            items: items, previous: previousItem, next: nextItem)
    }
}

extension Pager.Item: MustacheConvertible {
    var mustacheValue: MustacheValue {
        .object([
            "label": .string(label), "url": MustacheValue(url),
            "ariaLabel": MustacheValue(ariaLabel), "rel": MustacheValue(rel),
            "isCurrent": .bool(isCurrent), "isGap": .bool(isGap),
        ])
    }
}

extension Pager: MustacheConvertible {
    var mustacheValue: MustacheValue {
        .object([
            "current": .int(current), "total": .int(total), "summary": .string(summary),
            "items": MustacheValue(items), "previous": previous.mustacheValue, "next": next.mustacheValue,
        ])
    }
}
