import WikiModel

/// Writes the search index compactly: `{"statuses":[…],"genders":[…],"species":[…],"characters":[[id,name,s,g,p,image],…]}`.
enum SearchIndexJSON {
    static func encode(_ index: SearchIndex) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(64 * index.entries.count + 1024)
        func literal(_ text: String) { out.append(contentsOf: Array(text.utf8)) }
        func badges(_ list: [Badge]) {
            literal("[")
            for (position, badge) in list.enumerated() {
                if position > 0 { literal(",") }
                literal("{\"label\":")
                JSONText.appendString(badge.label, to: &out)
                literal(",\"cssClass\":")
                JSONText.appendString(badge.cssClass, to: &out)
                literal("}")
            }
            literal("]")
        }
        literal("{\"statuses\":")
        badges(index.statuses)
        literal(",\"genders\":")
        badges(index.genders)
        literal(",\"species\":[")
        for (position, name) in index.species.enumerated() {
            if position > 0 { literal(",") }
            JSONText.appendString(name, to: &out)
        }
        literal("],\"characters\":[")
        for (position, entry) in index.entries.enumerated() {
            if position > 0 { literal(",\n") }
            literal("[")
            JSONText.appendNumber(entry.id, to: &out)
            literal(",")
            JSONText.appendString(entry.name, to: &out)
            for number in [entry.status, entry.gender, entry.species] {
                literal(",")
                JSONText.appendNumber(number, to: &out)
            }
            literal(",")
            JSONText.appendString(entry.image, to: &out)
            literal("]")
        }
        literal("]}\n")
        return out
    }
}
