/// One page of the site: where it goes, which template renders it, and the values it shows.
public struct SitePage: Sendable {
    public let route: Route
    public let template: String
    public let meta: PageMeta
    public let navigation: [NavigationItem]
    /// This page in every language of the site, the current one marked.
    public let languages: [LanguageLink]
    public let content: PageContent
}
