/// A language's pages as a build laid them out: its makers' names in order, and each maker's pages and sitemap entries
/// as ranges of the language's joined lists. `serve` keeps it with the language's model: a build over the same model
/// (the same makers) runs only the makers that read what changed and takes every other maker's pages from here, instead
/// of making every maker and joining their pages again (some 13,000 makers a language at ten times the data).
struct PageLayout: Sendable {
    private(set) var names: [String] = []
    private(set) var paths: [String] = []
    /// The URLs of the pages the sitemap lists, relative to the language's folder.
    private(set) var sitemap: [String] = []
    /// Where each maker's pages and sitemap entries end in `paths` and `sitemap`.
    private var pathEnds: [Int] = []
    private var sitemapEnds: [Int] = []

    init() {}

    mutating func append(_ name: String, paths: [String], sitemap: [String]) {
        names.append(name)
        self.paths += paths
        self.sitemap += sitemap
        pathEnds.append(self.paths.count)
        sitemapEnds.append(self.sitemap.count)
    }

    /// The pages of the maker at `index`.
    func paths(of index: Int) -> ArraySlice<String> {
        paths[(index == 0 ? 0 : pathEnds[index - 1])..<pathEnds[index]]
    }

    func sitemap(of index: Int) -> ArraySlice<String> {
        sitemap[(index == 0 ? 0 : sitemapEnds[index - 1])..<sitemapEnds[index]]
    }

    /// This layout with the makers at the indexes of `changed` making the pages given: itself, not joined again, when
    /// each made the pages it made last time (an edit that changes no page's path).
    func replacing(_ changed: [Int: (paths: [String], sitemap: [String])]) -> PageLayout {
        guard changed.contains(where: { index, made in
            !paths(of: index).elementsEqual(made.paths) || !sitemap(of: index).elementsEqual(made.sitemap)
        }) else { return self }
        var layout = PageLayout()
        for (index, name) in names.enumerated() {
            if let made = changed[index] {
                layout.append(name, paths: made.paths, sitemap: made.sitemap)
            } else {
                layout.append(name, paths: Array(paths(of: index)), sitemap: Array(sitemap(of: index)))
            }
        }
        return layout
    }
}
