/// The user-visible words of one locale, kept beside the templates (`Templates/locales/<locale>.json`).
/// A missing key is an error naming the key and the locale, never an empty label on a page.
public struct StringTable: Sendable, Equatable {
    public let locale: String
    public let entries: [String: String]

    public init(locale: String, entries: [String: String]) {
        self.locale = locale
        self.entries = entries
    }

    public func callAsFunction(_ key: String) throws(MissingStringError) -> String {
        guard let value = entries[key] else { throw MissingStringError(key: key, locale: locale) }
        return value
    }

    /// A data value that is vocabulary (a species, a location type) in this locale: the `term_<group>_<value>`
    /// entry when the table has one, otherwise the value as the data gives it (names and rare terms stay as they are).
    public func term(_ group: String, _ value: String) -> String {
        entries["term_\(group)_\(value)"] ?? value
    }

    /// `"{count} episodes"` with its `{name}` placeholders filled in, in one pass (this runs for
    /// every card of every page). A placeholder without a value stays as written.
    public func format(_ key: String, _ values: [String: String]) throws(MissingStringError) -> String {
        let pattern = try self(key)
        var result = ""
        result.reserveCapacity(pattern.utf8.count + 16)
        var rest = pattern[...]
        while let open = rest.firstIndex(of: "{") {
            result += rest[..<open]
            guard let close = rest[open...].firstIndex(of: "}") else {
                rest = rest[open...]
                break
            }
            let name = String(rest[rest.index(after: open)..<close])
            result += values[name] ?? String(rest[open...close])
            rest = rest[rest.index(after: close)...]
        }
        result += rest
        return result
    }
}

public struct MissingStringError: Error, CustomStringConvertible, Equatable {
    public let key: String
    public let locale: String

    public init(key: String, locale: String) {
        self.key = key
        self.locale = locale
    }

    public var description: String {
        "missing string '\(key)' in locale '\(locale)': add it to Templates/locales/\(locale).json"
    }
}
