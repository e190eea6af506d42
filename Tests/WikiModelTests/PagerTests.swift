import Testing
@testable import WikiModel

@Suite struct PagerTests {
    let strings = StringTableFixture.english

    func labels(current: Int, total: Int) throws -> [String] {
        try Pager.make(current: current, total: total, url: { "/p/\($0)/" }, strings: strings).items.map(\.label)
    }

    @Test func firstPageOfManyShowsAGapBeforeTheLast() throws {
        #expect(try labels(current: 1, total: 42) == ["« First", "‹ Previous", "1", "2", "3", "…", "42", "Next ›", "Last »"])
    }

    @Test func middlePageHasGapsOnBothSides() throws {
        #expect(try labels(current: 20, total: 42)
            == ["« First", "‹ Previous", "1", "…", "18", "19", "20", "21", "22", "…", "42", "Next ›", "Last »"])
    }

    @Test func aSingleHiddenPageIsShownInsteadOfAGap() throws {
        #expect(try labels(current: 4, total: 7) == ["« First", "‹ Previous", "1", "2", "3", "4", "5", "6", "7", "Next ›", "Last »"])
    }

    @Test func currentPageIsMarkedAndNotLinked() throws {
        let pager = try Pager.make(current: 3, total: 5, url: { "/p/\($0)/" }, strings: strings)
        let current = try #require(pager.items.first { $0.isCurrent })
        #expect(current.label == "3")
        #expect(current.url == nil)
        #expect(pager.items.filter(\.isCurrent).count == 1)
        #expect(pager.summary == "Page 3 of 5")
        #expect(pager.items.first { $0.rel == "prev" }?.url == "/p/2/")
        #expect(pager.items.first { $0.rel == "next" }?.url == "/p/4/")
    }

    @Test func edgesLeadNowhereAtTheEnds() throws {
        let first = try Pager.make(current: 1, total: 3, url: { "/p/\($0)/" }, strings: strings)
        #expect(first.items[0].url == nil)
        #expect(first.items[1].url == nil)
        #expect(first.items.last?.url == "/p/3/")
        let single = try Pager.make(current: 1, total: 1, url: { "/p/\($0)/" }, strings: strings)
        #expect(single.items.allSatisfy { $0.url == nil })
    }
}
