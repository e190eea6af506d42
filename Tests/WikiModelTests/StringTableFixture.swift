import Foundation
import TestSupport
@testable import WikiModel

/// The project's real English table, so model tests fail when a key the code needs is missing from it.
enum StringTableFixture {
    static let english: StringTable = {
        let url = SharedFixtures.packageRoot.appendingPathComponent("Templates/locales/en.json")
        let data = (try? Data(contentsOf: url)) ?? Data("{}".utf8)
        let entries = (try? JSONDecoder().decode([String: String].self, from: data)) ?? [:]
        return StringTable(locale: "en", entries: entries)
    }()
}
