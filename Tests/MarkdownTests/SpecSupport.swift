import Foundation

/// One example of the CommonMark spec or of the GitHub extensions' spec.
struct SpecExample: Sendable, CustomStringConvertible {
    let number: Int
    let section: String
    let markdown: String
    let html: String
    let extensions: [String]

    var description: String { "example \(number) (\(section))" }
}

enum SpecFiles {
    /// `../shared/commonmark-spec`, beside the package root (read in place).
    static let folder: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("shared/commonmark-spec")

    static func load(_ name: String) -> [SpecExample] {
        guard let data = try? Data(contentsOf: folder.appendingPathComponent(name)),
            let entries = try? JSONSerialization.jsonObject(with: data) as? [[String: Any]]
        else { return [] }
        return entries.compactMap { entry in
            guard let markdown = entry["markdown"] as? String, let html = entry["html"] as? String,
                let number = entry["example"] as? Int
            else { return nil }
            return SpecExample(
                number: number, section: entry["section"] as? String ?? "", markdown: markdown, html: html,
                extensions: entry["extensions"] as? [String] ?? [])
        }
    }

    static let commonMark = load("spec.json")
    static let extensions = load("gfm-extensions.json")
}

/// The spec runner's normalisation (commonmark-spec `test/normalize.py`): whitespace collapsed outside
/// `<pre>`, whitespace beside block-level tags dropped, attributes sorted, character references decoded
/// and re-escaped the one way.
enum HTMLNormalizer {
    static let blockTags: Set<String> = [
        "article", "header", "aside", "hgroup", "blockquote", "hr", "iframe", "body", "li", "map", "button",
        "object", "canvas", "ol", "caption", "output", "col", "p", "colgroup", "pre", "dd", "progress", "div",
        "section", "dl", "table", "td", "dt", "tbody", "embed", "textarea", "fieldset", "tfoot", "figcaption",
        "th", "figure", "thead", "footer", "tr", "form", "ul", "h1", "h2", "h3", "h4", "h5", "h6", "video",
        "script", "style",
    ]

    static func normalize(_ html: String) -> String {
        var output = ""
        var inPre = false
        var lastWasBlockTag = true
        var pendingText = ""
        let scalars = Array(html.unicodeScalars)
        var i = 0

        func flushText(beforeBlockTag: Bool) {
            var text = decodeEntities(pendingText)
            pendingText = ""
            if !inPre {
                text = collapse(text)
                if lastWasBlockTag { text = String(text.drop { $0 == " " }) }
                if beforeBlockTag { while text.hasSuffix(" ") { text.removeLast() } }
            }
            output += escape(text)
        }

        while i < scalars.count {
            if scalars[i] == "<" {
                var j = i + 1
                while j < scalars.count && scalars[j] != ">" { j += 1 }
                guard j < scalars.count else {
                    pendingText.unicodeScalars.append(contentsOf: scalars[i...])
                    break
                }
                let tag = String(String.UnicodeScalarView(scalars[(i + 1)..<j]))
                if tag.hasPrefix("!") || tag.hasPrefix("?") {
                    flushText(beforeBlockTag: false)
                    output += "<" + tag + ">"
                    lastWasBlockTag = false
                    i = j + 1
                    continue
                }
                let closing = tag.hasPrefix("/")
                let body = closing ? String(tag.dropFirst()) : tag
                let name = String(body.prefix { !$0.isWhitespace && $0 != "/" }).lowercased()
                let isBlock = blockTags.contains(name)
                flushText(beforeBlockTag: isBlock)
                output += "<" + (closing ? "/" : "") + name + normalizedAttributes(String(body.dropFirst(name.count))) + ">"
                if name == "pre" { inPre = !closing }
                lastWasBlockTag = isBlock
                i = j + 1
            } else {
                pendingText.unicodeScalars.append(scalars[i])
                i += 1
            }
        }
        flushText(beforeBlockTag: true)
        return output
    }

    static func normalizedAttributes(_ text: String) -> String {
        var attributes: [String] = []
        var rest = Substring(text)
        var selfClosing = false
        while true {
            rest = rest.drop { $0.isWhitespace }
            if rest.isEmpty { break }
            if rest.hasPrefix("/") {
                selfClosing = true
                rest = rest.dropFirst()
                continue
            }
            let name = rest.prefix { !$0.isWhitespace && $0 != "=" && $0 != "/" }
            rest = rest.dropFirst(name.count)
            guard !name.isEmpty else {
                rest = rest.dropFirst()
                continue
            }
            rest = rest.drop { $0.isWhitespace }
            if rest.hasPrefix("=") {
                rest = rest.dropFirst().drop { $0.isWhitespace }
                var value = ""
                if let quote = rest.first, quote == "\"" || quote == "'" {
                    rest = rest.dropFirst()
                    value = String(rest.prefix { $0 != quote })
                    rest = rest.dropFirst(value.count + 1)
                } else {
                    value = String(rest.prefix { !$0.isWhitespace })
                    rest = rest.dropFirst(value.count)
                }
                attributes.append(" \(name.lowercased())=\"\(escape(decodeEntities(value)))\"")
            } else {
                attributes.append(" \(name.lowercased())")
            }
        }
        return attributes.sorted().joined() + (selfClosing ? " /" : "")
    }

    static func collapse(_ text: String) -> String {
        var out = ""
        var space = false
        for scalar in text.unicodeScalars {
            if scalar == " " || scalar == "\n" || scalar == "\t" || scalar == "\r" {
                space = true
            } else {
                if space { out += " " }
                space = false
                out.unicodeScalars.append(scalar)
            }
        }
        if space { out += " " }
        return out
    }

    static func escape(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    static let entities: [String: String] = ["amp": "&", "lt": "<", "gt": ">", "quot": "\"", "#x27": "'", "#39": "'"]

    static func decodeEntities(_ text: String) -> String {
        guard text.contains("&") else { return text }
        var out = ""
        var rest = Substring(text)
        while let amp = rest.firstIndex(of: "&") {
            out += rest[..<amp]
            rest = rest[amp...]
            if let semicolon = rest.prefix(12).firstIndex(of: ";") {
                let name = String(rest[rest.index(after: rest.startIndex)..<semicolon])
                if let decoded = entities[name] {
                    out += decoded
                    rest = rest[rest.index(after: semicolon)...]
                    continue
                }
            }
            out += "&"
            rest = rest.dropFirst()
        }
        return out + rest
    }
}
