import Mustache
import WikiModel

/// Renders one page model through its template inside the layout. The root context every template
/// sees: `site` (name, base, root, lang, generator), `t` (the string table), `meta`, `nav`, `languages`,
/// and the page's model as `page`.
struct PageRenderer: Sendable {
    let templates: TemplateLibrary
    let root: [String: MustacheValue]

    init(templates: TemplateLibrary, configuration: SiteConfiguration, strings: StringTable, generator: String) {
        self.templates = templates
        root = [
            "site": .object([
                "name": .string(strings.entries["site_name"] ?? ""),
                "base": .string(configuration.basePath),
                "root": .string(configuration.rootPath),
                "lang": .string(strings.locale),
                "generator": .string(generator),
                "worker": .bool(configuration.serviceWorker),
            ]),
            "t": .object(strings.entries.mapValues { .string($0) }),
        ]
    }

    /// What the template is given besides the root context: the page's own values (`content`, made once by the
    /// caller, which reads them too), meta, navigation, languages and the record the favourites script stars. A
    /// page's bytes depend on these and on the root alone, which is what makes a page's key (`PageKey`) exact.
    func values(of page: SitePage, content: MustacheValue) -> [String: MustacheValue] {
        var values: [String: MustacheValue] = [
            "meta": page.meta.mustacheValue, "nav": .array(page.navigation.map(\.mustacheValue)),
            "languages": .array(page.languages.map(\.mustacheValue)), "hasLanguages": .bool(page.languages.count > 1),
            "page": content,
        ]
        if let record = page.route.record {
            values["yoursRecord"] = .object(["kind": .string(record.kind), "id": .int(record.id)])
        }
        return values
    }

    func render(_ page: SitePage, values: [String: MustacheValue]) throws -> [UInt8] {
        let context = root.merging(values) { _, value in value }
        var output: [UInt8] = []
        output.reserveCapacity(16 * 1024)
        do {
            try templates.render(page.template, .object(context), into: &output)
        } catch let error as MustacheError {
            throw WikiBuildError.template("\(page.route.filePath): \(error.description)")
        }
        Self.replaceControlCharacters(in: &output)
        return output
    }

    /// Renders a template that is not a page (sitemap, robots.txt) with the root context and `values`.
    func render(template: String, values: [String: MustacheValue]) throws -> [UInt8] {
        var output: [UInt8] = []
        do {
            try templates.render(template, .object(root.merging(values) { _, value in value }), into: &output)
        } catch let error as MustacheError {
            throw WikiBuildError.template(error.description)
        }
        Self.replaceControlCharacters(in: &output)
        return output
    }

    /// Records may hold control characters (broken or hostile data). HTML calls them parse errors and XML
    /// (sitemap, feed) rejects the whole file for one, so each becomes U+FFFD; templates hold none of their own.
    /// Bytes below 0x80 never occur inside a multi-byte UTF-8 sequence, so a byte scan is exact.
    static func replaceControlCharacters(in output: inout [UInt8]) {
        guard containsControl(output) else { return }
        var cleaned: [UInt8] = []
        cleaned.reserveCapacity(output.count + 64)
        for byte in output {
            if isControl(byte) { cleaned += [0xEF, 0xBF, 0xBD] } else { cleaned.append(byte) }
        }
        output = cleaned
    }

    /// Eight bytes at a time (this scans every page): a word goes byte by byte only when one of its bytes is below
    /// 0x20 (any line break or tab) or is 0x7F.
    private static func containsControl(_ output: [UInt8]) -> Bool {
        output.withUnsafeBytes { raw in
            let ones: UInt64 = 0x0101_0101_0101_0101
            let highs: UInt64 = 0x8080_8080_8080_8080
            let words = raw.count / 8
            for index in 0..<words {
                let word = raw.loadUnaligned(fromByteOffset: index * 8, as: UInt64.self)
                let below20 = (word &- 0x20 &* ones) & ~word & highs
                let delete = word ^ (0x7F &* ones)
                let is7F = (delete &- ones) & ~delete & highs
                guard below20 | is7F != 0 else { continue }
                if raw[(index * 8)..<(index * 8 + 8)].contains(where: isControl) { return true }
            }
            return raw[(words * 8)...].contains(where: isControl)
        }
    }

    private static func isControl(_ byte: UInt8) -> Bool {
        (byte < 0x20 && byte != 0x09 && byte != 0x0A && byte != 0x0D) || byte == 0x7F
    }
}
