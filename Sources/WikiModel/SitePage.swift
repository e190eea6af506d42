/// One page of the site: where it goes, which template renders it, and the values it shows.
public struct SitePage: Sendable {
    public let route: Route
    public let template: String
    public let meta: PageMeta
    public let navigation: [NavigationItem]
    public let content: PageContent
}
