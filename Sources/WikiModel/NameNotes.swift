import RickAndMortyAPI

/// Characters that share a name (115 of the API's characters share 46 names) told apart by a short note a fan
/// reads at a glance: their type ("Bird-Person"), else where they come from ("from Bird World"), else the episode
/// they were first seen in ("first seen in S04E08"), the first of these that no namesake shares. Namesakes nothing
/// tells apart (five identical Cenobites) add their number ("Demon, #744"). Characters with a name of their own get
/// no note, and neither does the best-known of a name, the one seen in more episodes than every namesake (the
/// Morty Smith of all 51 episodes): the others are told apart from them.
///
/// Computed once per dataset and language in one pass over the characters; pages, titles, descriptions, the
/// search index and the feed all read the same notes, so a name shows the same way everywhere.
enum NameNotes {
    static func make(_ dataset: Dataset, strings: StringTable) throws -> [Int: String] {
        var byName: [String: [CharacterRecord]] = [:]
        for character in dataset.characters { byName[character.name, default: []].append(character) }
        var notes: [Int: String] = [:]
        for (_, namesakes) in byName where namesakes.count > 1 {
            let candidates = namesakes.map { character in
                [
                    character.type,
                    origin(of: character, in: dataset),
                    dataset.episodeIDs(ofCharacter: character.id).first.flatMap(dataset.episode)?.episode ?? "",
                ].map { $0.trimmed }
            }
            var groupNotes: [Int: String] = [:]
            for (position, character) in namesakes.enumerated() where character.id != bestKnown(namesakes, in: dataset)?.id {
                let own = candidates[position]
                let distinct = own.indices.first { field in
                    !own[field].isEmpty && candidates.indices.allSatisfy { $0 == position || candidates[$0][field] != own[field] }
                }
                if let distinct {
                    groupNotes[character.id] = try phrase(own[distinct], field: distinct, strings)
                } else if let fallback = own.indices.first(where: { !own[$0].isEmpty }) {
                    groupNotes[character.id] = try strings.format("name_note_numbered", [
                        "note": try phrase(own[fallback], field: fallback, strings), "id": String(character.id),
                    ])
                } else {
                    groupNotes[character.id] = try strings.format("name_note_number", ["id": String(character.id)])
                }
            }
            // Notes from different fields may still meet (two types and an origin spelled alike).
            var seen: [String: Int] = [:]
            for note in groupNotes.values { seen[note, default: 0] += 1 }
            for (id, note) in groupNotes where seen[note, default: 0] > 1 {
                groupNotes[id] = try strings.format("name_note_numbered", ["note": note, "id": String(id)])
            }
            notes.merge(groupNotes) { first, _ in first }
        }
        return notes
    }

    /// The namesake seen in more episodes than every other one; nil when two share the most.
    private static func bestKnown(_ namesakes: [CharacterRecord], in dataset: Dataset) -> CharacterRecord? {
        let ranked = namesakes
            .map { ($0, dataset.episodeIDs(ofCharacter: $0.id).count) }
            .sorted { $0.1 > $1.1 }
        guard let first = ranked.first, ranked.count < 2 || first.1 > ranked[1].1 else { return nil }
        return first.0
    }

    /// The note as the reader's language says it: a type as it is, an origin and an episode in a phrase.
    private static func phrase(_ value: String, field: Int, _ strings: StringTable) throws -> String {
        switch field {
        case 1: try strings.format("name_note_origin", ["origin": value])
        case 2: try strings.format("name_note_first_seen", ["code": value])
        default: value
        }
    }

    /// The origin's name as pages show it; "unknown" and blanks tell nobody apart.
    private static func origin(of character: CharacterRecord, in dataset: Dataset) -> String {
        let name = dataset.originIDByCharacter[character.id].flatMap(dataset.location)?.name ?? character.origin.name
        return name.isUnknownValue ? "" : name
    }
}

extension String {
    var trimmed: String {
        guard let first = firstIndex(where: { !$0.isWhitespace }), let last = lastIndex(where: { !$0.isWhitespace }) else {
            return ""
        }
        return first == startIndex && last == index(before: endIndex) ? self : String(self[first...last])
    }
}
