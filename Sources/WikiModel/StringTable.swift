/// The user-visible words of one locale, kept beside the templates (`Templates/locales/<locale>.json`).
/// A missing key is an error naming the key and the locale, never an empty label on a page.
public struct StringTable: Sendable, Equatable {
    public let locale: String
    public let entries: [String: String]

    public init(locale: String, entries: [String: String]) {
        self.locale = locale
        self.entries = entries
    }

    public func callAsFunction(_ key: String) throws -> String {
        guard let value = entries[key] else { throw MissingStringError(key: key, locale: locale) }
        return value
    }

    /// `"{count} episodes"` with `{name}` placeholders filled in.
    public func format(_ key: String, _ values: [String: String]) throws -> String {
        var text = try self(key)
        for (name, value) in values.sorted(by: { $0.key < $1.key }) {
            text = text.replacing("{\(name)}", with: value)
        }
        return text
    }
}

public struct MissingStringError: Error, CustomStringConvertible, Equatable {
    public let key: String
    public let locale: String

    public var description: String {
        "missing string '\(key)' in locale '\(locale)': add it to Templates/locales/\(locale).json"
    }
}
