import WikiModel

/// A language the theme is configured for: its string table and the folder its pages go in
/// (empty for the first language, which lives at the site's root).
public struct ThemeLanguage: Sendable {
    public let strings: StringTable
    public let folder: String

    public var code: String { strings.locale }
}
