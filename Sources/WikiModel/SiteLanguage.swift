/// One of the languages the site is generated in: its code, its name in itself (for the switcher)
/// and where its pages live.
public struct SiteLanguage: Sendable, Equatable {
    public let code: String
    public let name: String
    public let configuration: SiteConfiguration

    public init(code: String, name: String, configuration: SiteConfiguration) {
        self.code = code
        self.name = name
        self.configuration = configuration
    }
}
