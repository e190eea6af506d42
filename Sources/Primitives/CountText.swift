/// A count with its noun in the right number (`1 entry`, `2 entries`) for rmwiki's own English messages;
/// the site's words go through the string tables, which have their own plural rules.
package enum CountText {
    /// `plural` defaults to the singular with an `s`.
    package static func of(_ count: Int, _ singular: String, _ plural: String? = nil) -> String {
        "\(count) " + noun(count, singular, plural)
    }

    /// The noun alone, in the number `count` takes (`1 of 1 request`, `0 of 3 requests`).
    package static func noun(_ count: Int, _ singular: String, _ plural: String? = nil) -> String {
        count == 1 ? singular : plural ?? singular + "s"
    }
}
