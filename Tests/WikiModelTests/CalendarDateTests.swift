import Testing
@testable import WikiModel

@Suite struct CalendarDateTests {
    @Test func parsesTheAPIsTwoDateShapes() throws {
        let created = try #require(CalendarDate(iso8601: "2017-11-04T18:48:46.250Z"))
        #expect(created.isoDay == "2017-11-04")
        let aired = try #require(CalendarDate(airDate: "December 2, 2013"))
        #expect(aired.isoDay == "2013-12-02")
        #expect(aired < created)
    }

    @Test func rejectsWhatIsNotADate() {
        #expect(CalendarDate(iso8601: "") == nil)
        #expect(CalendarDate(iso8601: "2017-13-04T00:00:00Z") == nil)
        #expect(CalendarDate(airDate: "Smarch 2, 2013") == nil)
        #expect(CalendarDate(airDate: "<script>") == nil)
    }

    @Test func formatsPerTheStringTable() throws {
        let date = try #require(CalendarDate(iso8601: "2017-11-04T18:48:46.250Z"))
        #expect(try date.formatted(StringTableFixture.english) == "November 4, 2017")
        let french = StringTable(locale: "fr", entries: ["date_format": "{day} {month} {year}", "month_11": "novembre"])
        #expect(try date.formatted(french) == "4 novembre 2017")
    }

    @Test func episodeCodesSplitIntoSeasonAndNumber() {
        #expect(EpisodeCode("S03E07") == EpisodeCode("s03e07"))
        #expect(EpisodeCode("S03E07")?.season == 3)
        #expect(EpisodeCode("S03E07")?.number == 7)
        #expect(EpisodeCode("Pilot") == nil)
        #expect(EpisodeCode("SxxE01") == nil)
    }
}
