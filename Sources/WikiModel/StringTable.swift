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

    public var description: String {
        "missing string '\(key)' in locale '\(locale)': add it to Templates/locales/\(locale).json"
    }
}
