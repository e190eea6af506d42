import Foundation

/// A strict checker for the HTML the site's templates write, used to prove hostile data cannot change a
/// page's structure.
///
/// Why our own and not `XMLParser` after rewriting void elements: HTML's boolean attributes (`hidden`,
/// `defer`), its void elements and its entities are not XML, and an XML parser stops at the first error
/// without saying which rule broke. This checker reads the page as a browser's tokenizer would for the
/// subset our templates use and reports every problem:
/// - every element is closed, in order (void elements never are; `/>` only inside `<svg>`);
/// - every attribute value is double-quoted, no attribute repeats on a tag, value-less attributes are known
///   boolean ones or `data-…` markers,
///   and no `on…` event handler attribute exists;
/// - a `<` in text starts a tag, comment or doctype, and every `&` starts a character reference;
/// - the only scripts are the site's own `<script src="BASE/assets/….js" defer></script>`, empty;
/// - only elements the templates (or the SVG charts) write appear, so data cannot add even harmless markup;
/// - `html`, `head`, `title`, `body` and `main` appear once (SVG `<title>`s aside), and no `id` is used twice;
/// - no control character other than tab, line feed and carriage return (a parse error in HTML, fatal in XML);
/// - every `datetime` is a real calendar day (`YYYY-MM-DD`, optionally with a UTC time).
package struct MarkupChecker: Sendable {
    package let basePath: String
    package let elements: Set<String>

    package init(basePath: String = "/", elements: Set<String>) {
        self.basePath = basePath
        self.elements = elements
    }

    /// The elements written in the `.mustache` files of `templates` (and its subfolders) plus those SVG charts use.
    package static func elements(inTemplates templates: URL) throws -> Set<String> {
        var names = svgElements
        let files = FileManager.default.enumerator(at: templates, includingPropertiesForKeys: nil)?
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "mustache" } ?? []
        for file in files {
            let text = try String(contentsOf: file, encoding: .utf8)
            for match in text.matches(of: /<([a-zA-Z][a-zA-Z0-9-]*)/) { names.insert(String(match.1)) }
        }
        return names
    }

    static let svgElements: Set<String> = [
        "svg", "g", "path", "rect", "circle", "ellipse", "line", "polyline", "polygon", "text", "tspan", "title",
        "desc", "defs", "use", "symbol", "linearGradient", "radialGradient", "stop", "clipPath", "mask", "pattern",
    ]

    static let voidElements: Set<String> = [
        "area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr",
    ]
    static let booleanAttributes: Set<String> = [
        "hidden", "defer", "async", "disabled", "checked", "selected", "required", "open", "multiple", "readonly",
    ]
    static let uniqueElements = ["html", "head", "title", "body", "main"]

    /// Every problem found in `html`, each naming the line it is on.
    package func problems(in html: String) -> [String] {
        var scanner = MarkupScanner(Array(html.utf8))
        var problems: [String] = []
        var open: [String] = []
        var counts: [String: Int] = [:]
        var ids: Set<String> = []
        if !scanner.consume("<!DOCTYPE html>") { problems.append("line 1: the page does not start with <!DOCTYPE html>") }
        problems += Self.controlCharacters(in: html)
        while !scanner.isAtEnd {
            let line = scanner.line
            func report(_ message: String) { problems.append("line \(line): \(message)") }
            if scanner.consume("<!--") {
                if !scanner.skip(past: "-->") { report("unclosed comment") }
                continue
            }
            if scanner.peek("</") {
                guard let name = scanner.endTag() else {
                    report("malformed end tag")
                    scanner.advance()
                    continue
                }
                if open.last == name {
                    open.removeLast()
                } else {
                    report("</\(name)> closes <\(open.last ?? "nothing")>")
                    if let index = open.lastIndex(of: name) { open.removeSubrange(index...) }
                }
                continue
            }
            if scanner.peek("<") {
                guard let tag = scanner.startTag() else {
                    report("a '<' in text that does not start a tag")
                    scanner.advance()
                    continue
                }
                problems += check(tag, inSVG: open.contains("svg"), ids: &ids).map { "line \(line): <\(tag.name)>: \($0)" }
                if !open.contains("svg") { counts[tag.name, default: 0] += 1 }
                if tag.name == "script" {
                    if !scanner.consume("</script>") { report("a script with content") }
                    continue
                }
                if !tag.selfClosing && !Self.voidElements.contains(tag.name) { open.append(tag.name) }
                continue
            }
            if scanner.peek("&") {
                if !scanner.characterReference() {
                    report("a bare '&' in text")
                    scanner.advance()
                }
                continue
            }
            if scanner.peek(">") { report("a bare '>' in text") }
            scanner.advance()
        }
        if !open.isEmpty { problems.append("end: unclosed <\(open.joined(separator: "> <"))>") }
        for name in Self.uniqueElements where counts[name] != 1 {
            problems.append("<\(name)> appears \(counts[name] ?? 0) times")
        }
        return problems
    }

    func check(_ tag: MarkupScanner.Tag, inSVG: Bool, ids: inout Set<String>) -> [String] {
        var problems = tag.problems
        if !elements.contains(tag.name) { problems.append("an element the templates never write") }
        if tag.selfClosing && !inSVG && tag.name != "svg" && !Self.voidElements.contains(tag.name) {
            problems.append("self-closing outside SVG")
        }
        if tag.selfClosing && Self.voidElements.contains(tag.name) { problems.append("void element written with />") }
        var seen: Set<String> = []
        for attribute in tag.attributes {
            if !seen.insert(attribute.name).inserted { problems.append("attribute \(attribute.name) repeated") }
            if attribute.name.hasPrefix("on") { problems.append("event handler attribute \(attribute.name)") }
            if attribute.value == nil && !Self.booleanAttributes.contains(attribute.name) && !attribute.name.hasPrefix("data-") {
                problems.append("attribute \(attribute.name) without a value")
            }
            if attribute.name == "datetime", let value = attribute.value, !Self.isCalendarDay(value) {
                problems.append("datetime \"\(value)\" is not a real day")
            }
            if attribute.name == "id", let id = attribute.value, !ids.insert(id).inserted {
                problems.append("id \"\(id)\" used twice on the page")
            }
            if let value = attribute.value, ["href", "src", "action", "formaction"].contains(attribute.name) {
                let lowered = MarkupText.decode(value).lowercased().filter { !$0.isWhitespace }
                if lowered.hasPrefix("javascript:") || lowered.hasPrefix("data:") || lowered.hasPrefix("vbscript:") {
                    problems.append("\(attribute.name) is a script or data URL")
                }
            }
        }
        if tag.name == "script" {
            let names = tag.attributes.map(\.name).sorted()
            let source = tag.attributes.first { $0.name == "src" }?.value ?? ""
            if names != ["defer", "src"] || !source.hasPrefix(basePath + "assets/") || !source.hasSuffix(".js") {
                problems.append("not one of the site's own script tags")
            }
        }
        return problems
    }

    /// One problem per kind of control character found, with the first line it is on.
    static func controlCharacters(in text: String) -> [String] {
        var found: [UInt32: Int] = [:]
        var line = 1
        for scalar in text.unicodeScalars {
            if scalar == "\n" { line += 1 }
            let value = scalar.value
            if (value < 0x20 && value != 0x09 && value != 0x0A && value != 0x0D) || value == 0x7F, found[value] == nil {
                found[value] = line
            }
        }
        return found.sorted { $0.key < $1.key }.map { "line \($0.value): control character U+\(String($0.key, radix: 16))" }
    }

    /// `YYYY-MM-DD` naming a day that exists (February 30 does not), optionally with a UTC time
    /// (`T01:13:35Z`), as `<time datetime>` accepts them.
    static func isCalendarDay(_ text: String) -> Bool {
        guard let match = text.wholeMatch(of: /(\d{4,})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?Z)?/),
              let year = Int(match.1), let month = Int(match.2), let day = Int(match.3), year > 0, (1...12).contains(month)
        else { return false }
        if let hour = match.4.flatMap({ Int($0) }), let minute = match.5.flatMap({ Int($0) }) {
            guard hour < 24, minute < 60, (match.6.flatMap { Int($0) } ?? 0) < 60 else { return false }
        }
        let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        let lengths = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
        return (1...lengths[month - 1]).contains(day)
    }
}
