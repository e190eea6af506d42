/// Text and attribute values escaped for XML and HTML, so a name such as `<script>` or `"` stays text:
/// chart labels, the demo's avatars, the preview server's error overlay. (The template engine, a library
/// of its own, keeps its own escaper.)
package enum XMLText {
    package static func escape(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for character in text.unicodeScalars {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&#39;"
            default:
                // Control characters other than tab and newlines are not allowed in XML at all.
                if character.value < 0x20 && character != "\t" && character != "\n" && character != "\r" { continue }
                if (0xFFFE...0xFFFF).contains(character.value) { continue }
                result.unicodeScalars.append(character)
            }
        }
        return result
    }

    /// Long labels are cut with an ellipsis; the full text stays in the tooltip and the data table.
    package static func shortened(_ text: String, to limit: Int) -> String {
        text.count <= limit ? text : String(text.prefix(max(1, limit - 1))) + "…"
    }
}
