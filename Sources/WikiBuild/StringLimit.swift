import RickAndMortyAPI

/// A bound on every string of a record. The longest real one is under 100 characters; a hostile or broken API
/// could serve a name of megabytes, and a name is written into some 1,800 pages (lists, cards, search, What's
/// new), so one such record grew the site from 77 MB to 1.9 GB. 500 leaves five times the longest real string
/// and bounds what one string adds to the site to a few megabytes.
///
/// Counted in Unicode scalars, not `Character`s: one grapheme cluster can hold any number of combining marks,
/// so a limit in `Character`s bounds nothing. A string over the limit keeps its first `maximum - 1` scalars
/// and ends with "…"; the cut never splits a scalar, so the text stays valid UTF-8.
enum StringLimit {
    static let maximum = 500

    /// Nil when `text` is within the limit.
    static func cut(_ text: String) -> String? {
        // UTF-8 never has fewer bytes than scalars: most strings pass on their byte count alone.
        guard text.utf8.count > maximum, text.unicodeScalars.count > maximum else { return nil }
        var kept = String.UnicodeScalarView()
        kept.append(contentsOf: text.unicodeScalars.prefix(maximum - 1))
        return String(kept) + "…"
    }

    /// One string that was cut: whose, which field, and how long it was.
    struct Cut: Sendable, Equatable {
        var kind: ResourceKind
        var id: Int
        var field: String
        var length: Int
    }

    /// The snapshot with every overlong string cut, and what was cut.
    static func apply(to snapshot: Snapshot) -> (snapshot: Snapshot, cuts: [Cut]) {
        var cuts: [Cut] = []
        var copy = snapshot
        func bound(_ text: inout String, _ kind: ResourceKind, _ id: Int, _ field: String) {
            guard let shorter = cut(text) else { return }
            cuts.append(Cut(kind: kind, id: id, field: field, length: text.unicodeScalars.count))
            text = shorter
        }
        func bound(_ texts: inout [String], _ kind: ResourceKind, _ id: Int, _ field: String) {
            for index in texts.indices { bound(&texts[index], kind, id, "\(field)[\(index)]") }
        }
        for index in copy.characters.indices {
            let id = copy.characters[index].id
            bound(&copy.characters[index].name, .character, id, "name")
            bound(&copy.characters[index].status, .character, id, "status")
            bound(&copy.characters[index].species, .character, id, "species")
            bound(&copy.characters[index].type, .character, id, "type")
            bound(&copy.characters[index].gender, .character, id, "gender")
            bound(&copy.characters[index].origin.name, .character, id, "origin.name")
            bound(&copy.characters[index].origin.url, .character, id, "origin.url")
            bound(&copy.characters[index].location.name, .character, id, "location.name")
            bound(&copy.characters[index].location.url, .character, id, "location.url")
            bound(&copy.characters[index].image, .character, id, "image")
            bound(&copy.characters[index].episode, .character, id, "episode")
            bound(&copy.characters[index].url, .character, id, "url")
            bound(&copy.characters[index].created, .character, id, "created")
        }
        for index in copy.locations.indices {
            let id = copy.locations[index].id
            bound(&copy.locations[index].name, .location, id, "name")
            bound(&copy.locations[index].type, .location, id, "type")
            bound(&copy.locations[index].dimension, .location, id, "dimension")
            bound(&copy.locations[index].residents, .location, id, "residents")
            bound(&copy.locations[index].url, .location, id, "url")
            bound(&copy.locations[index].created, .location, id, "created")
        }
        for index in copy.episodes.indices {
            let id = copy.episodes[index].id
            bound(&copy.episodes[index].name, .episode, id, "name")
            bound(&copy.episodes[index].airDate, .episode, id, "air_date")
            bound(&copy.episodes[index].episode, .episode, id, "episode")
            bound(&copy.episodes[index].characters, .episode, id, "characters")
            bound(&copy.episodes[index].url, .episode, id, "url")
            bound(&copy.episodes[index].created, .episode, id, "created")
        }
        return (copy, cuts)
    }

    /// The history with every recorded name within the limit (a change recorded under an overlong name).
    static func apply(to history: ChangeHistory) -> ChangeHistory {
        guard history.entries.contains(where: { cut($0.name) != nil }) else { return history }
        return ChangeHistory(entries: history.entries.map { entry in
            var entry = entry
            entry.name = cut(entry.name) ?? entry.name
            return entry
        })
    }

    /// One line naming the records whose strings were cut (the first ten), nil when none was.
    static func warning(for cuts: [Cut]) -> String? {
        guard !cuts.isEmpty else { return nil }
        let shown = cuts.prefix(10).map { "\($0.kind.rawValue) \($0.id) \($0.field) (\($0.length) characters)" }
        let more = cuts.count > 10 ? " and \(cuts.count - 10) more" : ""
        return "warning: strings longer than \(maximum) characters were cut to \(maximum), ending with …: "
            + shown.joined(separator: ", ") + more
    }
}
