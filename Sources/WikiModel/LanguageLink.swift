/// The same page in one of the site's languages, for the switcher and the `hreflang` alternates.
public struct LanguageLink: Codable, Sendable, Equatable {
    public let code: String
    public let name: String
    public let url: String
    public let absoluteURL: String
    public let isCurrent: Bool
}
