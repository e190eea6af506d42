import Foundation
import Primitives

/// A set of named templates, all parsed once up front, that include each other as partials and
/// parents by name.
///
/// A library is an immutable value: render from as many tasks at once as you like.
///
///     let library = try TemplateLibrary(templates: ["page": "<ul>{{#items}}{{>item}}{{/items}}</ul>",
///                                                  "item": "<li>{{name}}</li>"])
///     let html = try library.render("page", ["items": [["name": "Rick"]]])
public struct TemplateLibrary: Sendable {
    let templates: [Template]
    let indexByName: [String: Int]
    /// In strict mode a missing variable or partial is an error instead of rendering as nothing.
    public let strict: Bool

    /// The names of the templates, sorted.
    public var templateNames: [String] { templates.map(\.name) }

    /// Parses every template; throws the first `MustacheError` (in name order). In strict mode a
    /// partial or parent named in a template but absent from the library is an error too.
    public init(templates: [String: String], strict: Bool = false) throws {
        try self.init(sources: templates.mapValues { Array($0.utf8) }, strict: strict)
    }

    /// Loads and parses every `*.mustache` file under `directory`. A template's name is its path
    /// relative to `directory` without the extension: `card.mustache` → `card`,
    /// `layouts/page.mustache` → `layouts/page`.
    public init(directory: URL, strict: Bool = false) throws {
        let root = directory.standardizedFileURL.resolvingSymlinksInPath()
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: root.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw MustacheError(.unreadable(directory.path), "no template directory at '\(directory.path)'",
                                templateName: directory.path, source: [], offset: 0)
        }
        let rootPath = root.path.hasSuffix("/") ? root.path : root.path + "/"
        var sources: [String: [UInt8]] = [:]
        for entry in FolderWalk.entries(under: root.path, skippingHidden: false)
        where entry.path.hasSuffix(".mustache") && (entry.kind == .file || entry.kind == .symlink) {
            // A link counts when it leads to a file inside the folder, named by its own path.
            let file = URL(fileURLWithPath: rootPath + entry.path)
            guard file.resolvingSymlinksInPath().path.hasPrefix(rootPath) else { continue }
            do {
                sources[String(entry.path.dropLast(".mustache".count))] = Array(try Data(contentsOf: file))
            } catch {
                throw MustacheError(.unreadable(file.path), "cannot read template '\(file.path)': \(error.localizedDescription)",
                                    templateName: file.path, source: [], offset: 0)
            }
        }
        try self.init(sources: sources, strict: strict)
    }

    /// The same, from each template's bytes (UTF-8).
    public init(sources: [String: [UInt8]], strict: Bool = false) throws {
        let sorted = sources.sorted { $0.key < $1.key }
        var indexByName: [String: Int] = [:]
        for (index, entry) in sorted.enumerated() {
            indexByName[entry.key] = index
        }
        var templates: [Template] = []
        templates.reserveCapacity(sorted.count)
        for (name, source) in sorted {
            var parser = Parser(name: name, source: source, partialIndex: indexByName)
            let template = try parser.parse()
            if strict { try Self.checkPartials(of: template) }
            templates.append(template)
        }
        self.templates = templates
        self.indexByName = indexByName
        self.strict = strict
    }

    private static func checkPartials(of template: Template) throws {
        guard let missing = template.unresolvedPartials.first else { return }
        throw MustacheError(.unknownPartial(missing.name), "unknown partial '\(missing.name)' (strict mode)",
                            templateName: template.name, source: template.source, offset: missing.offset)
    }

    /// A library with one more template (or a replaced one); every template is parsed again so
    /// references to the new name resolve.
    public func adding(name: String, source: String) throws -> TemplateLibrary {
        var sources = Dictionary(uniqueKeysWithValues: templates.map { ($0.name, $0.source) })
        sources[name] = Array(source.utf8)
        return try TemplateLibrary(sources: sources, strict: strict)
    }

    /// Renders the named template against `context`.
    public func render(_ name: String, _ context: MustacheValue) throws -> String {
        var buffer: [UInt8] = []
        try render(name, context, into: &buffer)
        return String(decoding: buffer, as: UTF8.self)
    }

    /// Renders the named template, appending its bytes (UTF-8) to `buffer`; reuse one buffer
    /// across renders to avoid reallocating. When it throws, `buffer` may hold partial output.
    public func render(_ name: String, _ context: MustacheValue, into buffer: inout [UInt8]) throws {
        guard let index = indexByName[name] else {
            throw MustacheError(.unknownTemplate(name),
                                "no template named '\(name)' (the library has: \(templateNames.joined(separator: ", ")))",
                                templateName: name, source: [], offset: 0)
        }
        try render(templates[index], context, into: &buffer)
    }

    /// Parses and renders a template that is not part of the library (such as the TEMPLATE file
    /// of `rmwiki render`); its partials are looked up in the library.
    public func render(source: String, name: String = "template", context: MustacheValue) throws -> String {
        var parser = Parser(name: name, source: Array(source.utf8), partialIndex: indexByName)
        let template = try parser.parse()
        if strict { try Self.checkPartials(of: template) }
        var buffer: [UInt8] = []
        try render(template, context, into: &buffer)
        return String(decoding: buffer, as: UTF8.self)
    }

    private func render(_ template: Template, _ context: MustacheValue, into buffer: inout [UInt8]) throws {
        var renderer = Renderer(library: self, context: context, output: [])
        swap(&renderer.output, &buffer)
        defer { swap(&renderer.output, &buffer) }
        try renderer.render(template)
    }
}
