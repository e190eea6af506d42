import RickAndMortyAPI

/// Characters that share a name (115 of the API's characters share 46 names) told apart by a short note:
/// their type, else their origin, else the episode they were first seen in, the first of these that no
/// namesake shares ("Birdperson · Soulless Puppet"). Namesakes nothing tells apart (five identical
/// Cenobites) add their number ("Demon #744"). Characters with a name of their own get no note.
///
/// Computed once per dataset in one pass over the characters; pages, titles, descriptions, the search
/// index and the feed all read the same notes, so a name shows the same way everywhere.
enum NameNotes {
    static func make(_ dataset: Dataset) -> [Int: String] {
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
            for (position, character) in namesakes.enumerated() {
                let own = candidates[position]
                let distinct = own.indices.first { field in
                    !own[field].isEmpty && candidates.indices.allSatisfy { $0 == position || candidates[$0][field] != own[field] }
                }
                if let distinct {
                    groupNotes[character.id] = own[distinct]
                } else {
                    let fallback = own.first { !$0.isEmpty }
                    groupNotes[character.id] = (fallback.map { $0 + " " } ?? "") + "#\(character.id)"
                }
            }
            // Notes from different fields may still meet ("Pluto" as one's type and another's origin).
            var seen: [String: Int] = [:]
            for note in groupNotes.values { seen[note, default: 0] += 1 }
            for (id, note) in groupNotes where seen[note, default: 0] > 1 { groupNotes[id] = note + " #\(id)" }
            notes.merge(groupNotes) { first, _ in first }
        }
        return notes
    }

    /// The origin's name as pages show it; "unknown" and blanks tell nobody apart.
    private static func origin(of character: CharacterRecord, in dataset: Dataset) -> String {
        let name = dataset.originIDByCharacter[character.id].flatMap(dataset.location)?.name ?? character.origin.name
        return name.lowercased() == "unknown" ? "" : name
    }
}

extension String {
    var trimmed: String {
        String(drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed())
    }
}
