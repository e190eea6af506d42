import Foundation
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

    /// The UTC day of a moment, as Foundation's Gregorian calendar in UTC has it, across leap years and centuries.
    @Test func theDayOfAMomentIsItsUTCDay() throws {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = try #require(TimeZone(identifier: "UTC"))
        var seconds: Int64 = -86_400 * 365 * 3
        while seconds < 253_402_300_799 {
            let parts = calendar.dateComponents([.year, .month, .day], from: Date(timeIntervalSince1970: TimeInterval(seconds)))
            let day = CalendarDate(secondsSince1970: seconds)
            #expect([day.year, day.month, day.day] == [parts.year, parts.month, parts.day], "\(seconds)")
            seconds += 86_399 * 371
        }
        #expect(CalendarDate(secondsSince1970: 951_782_400).isoDay == "2000-02-29")
        #expect(CalendarDate(secondsSince1970: 253_402_300_799).isoDay == "9999-12-31")
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
