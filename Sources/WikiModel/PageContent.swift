/// The page model of each kind of page; the renderer hands it to the template as `page`.
public enum PageContent: Sendable {
    case home(HomePage)
    case characterIndex(CharacterIndexPage)
    case character(CharacterPage)
    case locationIndex(LocationIndexPage)
    case location(LocationPage)
    case episodeIndex(EpisodeIndexPage)
    case episode(EpisodePage)
    case search(SearchPage)
    case statistics(StatisticsPage)
    case whatsNew(WhatsNewPage)
    case whatsNewGroup(WhatsNewGroupPage)
    case notFound(NotFoundPage)
}
