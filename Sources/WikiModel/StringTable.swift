import RickAndMortyAPI

/// The user-visible words of one locale, kept beside the templates (`<templates>/locales/<locale>.json`).
/// A missing key is an error naming the key and the locale, never an empty label on a page.
///
/// A phrase with a number comes in two forms, `<key>_one` and `<key>_other`; the table's own `plural_singular`
/// lists the numbers that take the `_one` form (`1` in English, `0,1` in French, where zero is singular).
/// Two forms cover the languages the wiki is likely to get (Germanic and Romance ones); a language with
/// more forms would add categories here.
package struct StringTable: Sendable, Equatable {
    package let locale: String
    package let entries: [String: String]
    /// The counts that take the `_one` form, read once from `plural_singular`: every count on every card asks.
    private let singularCounts: Set<Int>
    /// The words that lose their vowel before a name that begins with one (`elision_words`: "de le la que" in French).
    private let elision: Elision

    package init(locale: String, entries: [String: String]) {
        self.locale = locale
        self.entries = entries
        singularCounts = Set((entries["plural_singular"] ?? "1").split(separator: ",").compactMap {
            Int($0.filter { !$0.isWhitespace })
        })
        elision = Elision(words: entries["elision_words"] ?? "")
    }

    package func callAsFunction(_ key: String) throws(MissingStringError) -> String {
        guard let value = entries[key] else { throw MissingStringError(key: key, locale: locale) }
        return value
    }

    /// A data value that is vocabulary (a species, a location type) in this locale: the `term_<group>_<value>`
    /// entry when the table has one, otherwise the value as the data gives it (names and rare terms stay as they are).
    func term(_ group: String, _ value: String) -> String {
        entries[Self.termKey(group, value)] ?? value
    }

    /// `term_<group>_<value>`, the value as the data spells it.
    static func termKey(_ group: String, _ value: String) -> String { "term_\(group)_\(value)" }

    /// The number as this locale groups its digits (`1,234`, `1 234`).
    func number(_ value: Int) -> String {
        NumberText.grouped(value, separator: entries["number_group"] ?? ",")
    }

    /// Whether `count` takes the singular (`_one`) form in this locale.
    func isSingular(_ count: Int) -> Bool {
        singularCounts.contains(count)
    }

    /// `"{count} residents"` in the form `count` takes here (`<key>_one` or `<key>_other`), `{count}` filled
    /// with the grouped number and the other placeholders from `values`.
    func plural(_ key: String, count: Int, _ values: [String: String] = [:]) throws(MissingStringError) -> String {
        var values = values
        if values["count"] == nil { values["count"] = number(count) }
        return try format(isSingular(count) ? key + "_one" : key + "_other", values)
    }

    /// `"{count} episodes"` with its `{name}` placeholders filled in, in one pass over the bytes (this runs
    /// for every card of every page). A placeholder without a value stays as written. A word of `elision_words`
    /// just before a value that begins with a vowel sound is elided ("originaire de {origin}": "originaire d’Earth").
    func format(_ key: String, _ values: [String: String]) throws(MissingStringError) -> String {
        let pattern = try self(key)
        let bytes = pattern.utf8
        var rest = bytes[...]
        guard rest.contains(UInt8(ascii: "{")) else { return pattern }
        var result = ""
        result.reserveCapacity(bytes.count + 16)
        // Braces are ASCII, so slicing at them never splits a scalar's UTF-8 bytes.
        while let open = rest.firstIndex(of: UInt8(ascii: "{")) {
            result += Substring(rest[..<open])
            guard let close = rest[open...].firstIndex(of: UInt8(ascii: "}")) else {
                rest = rest[open...]
                break
            }
            let name = String(Substring(rest[bytes.index(after: open)..<close]))
            if let value = values[name] {
                elision.elide(&result, before: value)
                result += value
            } else {
                result += String(Substring(rest[open...close]))
            }
            rest = rest[bytes.index(after: close)...]
        }
        result += Substring(rest)
        return result
    }
}

/// Says which key and locale; the build, which knows where the tables were read from, adds the file to edit.
package struct MissingStringError: Error, CustomStringConvertible, Equatable {
    package let key: String
    package let locale: String

    package var description: String {
        "missing string '\(key)' in locale '\(locale)'"
    }
}
