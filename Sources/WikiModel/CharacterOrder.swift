import Foundation
import Mustache
import RickAndMortyAPI
import Synchronization

/// The orders the characters index comes in, each a static paginated list of its own (no script sorts anything):
/// the API's, by id (`characters/`); by name (`characters/a-z/`); most episodes first (`characters/most-episodes/`).
package enum CharacterOrder: String, CaseIterable, Sendable, Hashable {
    case api, alphabetical, mostEpisodes

    /// The folder under `characters/`; the API's order is the index itself.
    var slug: String? {
        switch self {
        case .api: nil
        case .alphabetical: "a-z"
        case .mostEpisodes: "most-episodes"
        }
    }

    /// The strings `<keys>_title`, `<keys>_title_page` and `<keys>_description` of the order's pages.
    var keys: String {
        switch self {
        case .api: "characters"
        case .alphabetical: "characters_az"
        case .mostEpisodes: "characters_most_episodes"
        }
    }

    /// The order's name in the switcher.
    var labelKey: String {
        switch self {
        case .api: "order_api"
        case .alphabetical: "order_az"
        case .mostEpisodes: "order_most_episodes"
        }
    }
}

extension SiteModel {
    /// The ids of the characters in `order`. A–Z compares what a card shows (the name, then the note that tells
    /// namesakes apart) with the collation of the page's language, Foundation's locale-aware comparison: accents and
    /// case come after the letter ("Eve" < "Éric" < "Ezra", not after "Z" as code points would put them). Ties by id,
    /// so there is one right order whatever the characters are sorted from: they are sorted from `hint` (the last
    /// build's A–Z order; ids it lacks come after, by their names in lower case, which is nearly the collation's
    /// order), which the sort finds mostly in order. A renamed character then costs some 830 comparisons of names, not
    /// 9,600 (each one a collation, some 2.5 µs); a build with no hint (into an empty output) some 1,400.
    func characterIDs(in order: CharacterOrder, of dataset: Dataset, notes nameNotes: [Int: String], hint: [Int]) -> [Int] {
        switch order {
        case .api:
            return dataset.characters.map(\.id)
        case .mostEpisodes:
            return dataset.characters.map { ($0.id, dataset.episodeIDs(ofCharacter: $0.id).count) }
                .sorted { ($1.1, $0.0) < ($0.1, $1.0) }
                .map(\.0)
        case .alphabetical:
            let locale = Locale(identifier: strings.locale)
            func compare(_ lhs: String, _ rhs: String) -> ComparisonResult {
                lhs.compare(rhs, options: [], range: nil, locale: locale)
            }
            var names: [Int: String] = [:]
            for character in dataset.characters { names[character.id] = character.name }
            var placed = Set<Int>()
            let hinted = hint.filter { names[$0] != nil && placed.insert($0).inserted }
            let unhinted = dataset.characters.lazy.filter { !placed.contains($0.id) }.map { ($0.id, $0.name.lowercased()) }
                .sorted { ($0.1, $0.0) < ($1.1, $1.0) }.map(\.0)
            return (hinted + unhinted).sorted { lhs, rhs in
                switch compare(names[lhs] ?? "", names[rhs] ?? "") {
                case .orderedAscending: return true
                case .orderedDescending: return false
                case .orderedSame:
                    switch compare(nameNotes[lhs] ?? "", nameNotes[rhs] ?? "") {
                    case .orderedAscending: return true
                    case .orderedDescending: return false
                    case .orderedSame: return lhs < rhs
                    }
                }
            }
        }
    }

    /// The letters of the A–Z jump bar, in order; names that start with anything else are filed under `#`.
    static let letters = ["#"] + (UInt8(ascii: "A")...UInt8(ascii: "Z")).map { String(UnicodeScalar($0)) }

    /// The letter a name is filed under: its first letter in plain Latin, without accent or case ("Éric" under E,
    /// "Œdipe" under O, as the collation sorts them); a digit, a sign or another script under `#`.
    static func letter(of name: String) -> String {
        guard let first = name.first else { return "#" }
        // ASCII is its own Latin-ASCII form, and the transform makes an ICU transliterator each time.
        let plain = (first.isASCII ? String(first) : String(first).applyingTransform(StringTransform(rawValue: "Latin-ASCII"), reverse: false))?
            .uppercased()
        guard let scalar = plain?.unicodeScalars.first,
              (UInt32(UInt8(ascii: "A"))...UInt32(UInt8(ascii: "Z"))).contains(scalar.value)
        else { return "#" }
        return String(scalar)
    }

    /// The A–Z jump bar: each letter links to the page its first name is on; a letter no name starts with is
    /// shown without a link.
    func letterLinks(_ sorted: [CharacterRecord]) throws -> [LetterLink] {
        var firstPage: [String: Int] = [:]
        for (position, character) in sorted.enumerated() {
            let letter = Self.letter(of: character.name)
            if firstPage[letter] == nil { firstPage[letter] = position / Self.pageSize + 1 }
        }
        return try Self.letters.map { letter throws in
            LetterLink(
                label: letter,
                url: firstPage[letter].map { link(.characters(page: $0, order: .alphabetical)) },
                ariaLabel: letter == "#" ? try strings("letters_other_aria")
                    : try strings.format("letters_letter_aria", ["letter": letter]))
        }
    }
}

/// A letter of the A–Z jump bar; `url` is nil when no name starts with it.
struct LetterLink: Encodable, Sendable, Equatable {
    let label: String
    let url: String?
    let ariaLabel: String
}

/// One order in the switcher above every characters index page.
struct OrderLink: Encodable, Sendable, Equatable {
    let label: String
    let url: String
    let isCurrent: Bool
}

extension OrderLink: MustacheConvertible {
    var mustacheValue: MustacheValue {
        .object(["label": .string(label), "url": .string(url), "isCurrent": .bool(isCurrent)])
    }
}

extension LetterLink: MustacheConvertible {
    var mustacheValue: MustacheValue {
        .object(["label": .string(label), "url": MustacheValue(url), "ariaLabel": .string(ariaLabel)])
    }
}

/// The characters' orders, each sorted once, when first asked (see `SiteModel.orderPage`): the A–Z order compares
/// names by the language's collation, so a build that runs no page of the index never sorts.
final class SortedOrders: Sendable {
    private let sorted = Mutex<[CharacterOrder: [Int]]>([:])
    /// The A–Z order to sort from (see `SiteModel.characterIDs`).
    let hint: [Int]

    init(hint: [Int]) { self.hint = hint }

    /// The A–Z order if it was sorted, else the hint: the one to sort from next time.
    var alphabeticalHint: [Int] { sorted.withLock { $0[.alphabetical] } ?? hint }

    /// Sorted under the lock: the other workers' pages wait for the order rather than sort it too.
    func ids(_ order: CharacterOrder, sorting: () -> [Int]) -> [Int] {
        sorted.withLock { sorted in
            if let ids = sorted[order] { return ids }
            let ids = sorting()
            sorted[order] = ids
            return ids
        }
    }
}
