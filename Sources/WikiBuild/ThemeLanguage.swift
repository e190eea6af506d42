import WikiModel

/// A language the theme is configured for: its string table and the folder its pages go in
/// (empty for the first language, which lives at the site's root).
package struct ThemeLanguage: Sendable {
    package let strings: StringTable
    package let folder: String

    package var code: String { strings.locale }
}
