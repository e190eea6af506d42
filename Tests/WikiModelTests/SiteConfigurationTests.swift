import Testing
@testable import WikiModel

@Suite struct SiteConfigurationTests {
    @Test(arguments: [
        ("/", "/", nil), ("", "/", nil), ("wiki", "/wiki/", nil), ("/wiki/", "/wiki/", nil), ("/a//b/", "/a/b/", nil),
        ("https://example.org", "/", "https://example.org"),
        ("https://example.org/fans/wiki", "/fans/wiki/", "https://example.org"),
    ] as [(String, String, String?)])
    func normalisesBaseURLs(input: String, basePath: String, origin: String?) throws {
        let configuration = try SiteConfiguration(baseURL: input)
        #expect(configuration.basePath == basePath)
        #expect(configuration.origin == origin)
    }

    @Test(arguments: [
        "ftp://example.org/", "https:///x", "/a/../b", "/a b/", "/\"onload=x", "/?q=1", "https://a.org\nDisallow: /\nX:/",
        "https://a b.org/", "/wiki\t/", "/wi\u{7}ki/", "javascript:alert(1)", "//evil.example/", "/wiki/%2e%2e/",
        "/wiki/é/",
    ])
    func rejectsUnsafeBaseURLs(input: String) {
        #expect(throws: SiteConfigurationError.self) { try SiteConfiguration(baseURL: input) }
    }

    @Test func linksAreRootedAndAbsoluteWhenTheHostIsKnown() throws {
        let local = try SiteConfiguration(baseURL: "/wiki/")
        #expect(local.link("characters/1/") == "/wiki/characters/1/")
        #expect(local.absoluteLink("sitemap.xml") == "/wiki/sitemap.xml")
        let hosted = try SiteConfiguration(baseURL: "https://example.org/wiki/")
        #expect(hosted.absoluteLink("sitemap.xml") == "https://example.org/wiki/sitemap.xml")
    }
}
