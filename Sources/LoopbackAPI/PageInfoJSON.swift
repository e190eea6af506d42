/// `info` as the real API writes it: `next` and `prev` are `null` rather than missing.
struct PageInfoJSON: Encodable {
    var count: Int
    var pages: Int
    var next: String?
    var prev: String?

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(count, forKey: .count)
        try container.encode(pages, forKey: .pages)
        try container.encode(next, forKey: .next)
        try container.encode(prev, forKey: .prev)
    }

    enum CodingKeys: String, CodingKey { case count, pages, next, prev }
}
