import Foundation
import Primitives

/// Writes the search index compactly, one record a line:
/// `{"statuses":[{label,female,cssClass}…],"genders":[…],"species":[…],`
/// `"characters":[[id,name,s,g,p,picture,note,type,origin,faces,episodes(,originalName)],…],`
/// `"locations":[[id,name,type,dimension,residents(,originalName)],…],"episodes":[[id,code,name,airDate,cast(,originalName)],…],`
/// `"groups":[[path,name,kind,size],…],"articles":[…],"avatar":pattern,"faces":{copy,sides}}`. Every string goes
/// through `JSONText`, so a name holding quotes or `</script>` stays a string.
enum SearchIndexJSON {
    static func encode(_ index: SearchIndex) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(96 * index.entries.count + 48 * (index.locations.count + index.episodes.count + index.groups.count) + 1024)
        func literal(_ text: String) { out.append(contentsOf: Array(text.utf8)) }
        func string(_ text: String) { JSONText.appendString(text, to: &out) }
        func badges(_ list: [Badge], female: [String]? = nil) {
            literal("[")
            for (position, badge) in list.enumerated() {
                if position > 0 { literal(",") }
                literal("{\"label\":")
                string(badge.label)
                if let female {
                    literal(",\"female\":")
                    string(position < female.count ? female[position] : badge.label)
                }
                literal(",\"cssClass\":")
                string(badge.cssClass)
                literal("}")
            }
            literal("]")
        }
        /// One array per record: numbers and strings in the order the script reads them.
        func rows<Record>(_ name: String, _ records: [Record], _ fields: (Record) -> [Field]) {
            literal(",\"\(name)\":[")
            for (position, record) in records.enumerated() {
                if position > 0 { literal(",\n") }
                literal("[")
                for (column, field) in fields(record).enumerated() {
                    if column > 0 { literal(",") }
                    switch field {
                    case .number(let value): JSONText.appendNumber(value, to: &out)
                    case .text(let value): string(value)
                    }
                }
                literal("]")
            }
            literal("]")
        }
        literal("{\"statuses\":")
        badges(index.statuses, female: index.femaleStatuses)
        literal(",\"genders\":")
        badges(index.genders)
        literal(",\"species\":[")
        for (position, name) in index.species.enumerated() {
            if position > 0 { literal(",") }
            string(name)
        }
        literal("]")
        // The data's name ends a row only where the language names the record otherwise.
        func original(_ name: String) -> [Field] { name.isEmpty ? [] : [.text(name)] }
        rows("characters", index.entries) { entry in
            [.number(entry.id), .text(entry.name), .number(entry.status), .number(entry.gender), .number(entry.species),
             .text(entry.picture), .text(entry.note), .text(entry.type), .text(entry.origin), .text(entry.faceCopy),
             .number(entry.episodeCount)] + original(entry.originalName)
        }
        rows("locations", index.locations) { place in
            [.number(place.id), .text(place.name), .text(place.type), .text(place.dimension), .number(place.residentCount)]
                + original(place.originalName)
        }
        rows("episodes", index.episodes) { episode in
            [.number(episode.id), .text(episode.code), .text(episode.name), .text(episode.airDate), .number(episode.castCount)]
                + original(episode.originalName)
        }
        rows("groups", index.groups) { [.text($0.path), .text($0.name), .text($0.kind), .number($0.count)] }
        rows("articles", index.articles) { [.text($0.path), .text($0.name), .text($0.kind), .number($0.count)] }
        literal(",\"avatar\":")
        string(index.avatar)
        literal(",\"faces\":{\"copy\":")
        string(index.faceImage)
        literal(",\"sides\":[")
        for (position, side) in index.faceSides.enumerated() {
            if position > 0 { literal(",") }
            JSONText.appendNumber(side, to: &out)
        }
        literal("]}}\n")
        return out
    }

    enum Field {
        case number(Int)
        case text(String)
    }
}
