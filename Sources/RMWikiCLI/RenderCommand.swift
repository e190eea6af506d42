import Foundation
import Mustache

/// `rmwiki render`: one template against JSON data, for people debugging templates.
struct RenderCommand: Command {
    static let spec = CommandSpec(
        name: "render",
        summary: "Render one Mustache template with JSON data and print the result.",
        usage: "render TEMPLATE [--data FILE.json] [--partials DIR] [--strict]",
        details: [
            "Errors name the template, line and column and show the line with a caret; they go to standard",
            "error and the exit code is 1.",
        ],
        options: [
            .value(.data, "FILE.json", "The data to render (default: an empty object)."),
            .value(.partials, "DIR", "A folder of NAME.mustache partials."),
            .flag(.strict, "Make a missing variable or partial an error, as the site build does."),
        ],
        positionals: 1...1)

    let template: URL
    let data: URL?
    let partials: URL?
    let strict: Bool

    init(_ arguments: ParsedArguments) throws(UsageError) {
        template = URL(fileURLWithPath: arguments.positionals[0])
        data = arguments[.data].map { URL(fileURLWithPath: $0) }
        partials = arguments[.partials].map { URL(fileURLWithPath: $0) }
        strict = arguments.has(.strict)
    }

    func run(_ console: Console) async -> ExitCode {
        do {
            let source = try read(template)
            let context: MustacheValue = try data.map { try MustacheValue(json: Array(read($0).utf8)) } ?? .object([:])
            let library = try partials.map { try TemplateLibrary(directory: $0, strict: strict) }
                ?? TemplateLibrary(templates: [:], strict: strict)
            let name = template.deletingPathExtension().lastPathComponent
            console.write(try library.render(source: source, name: name, context: context))
            return .success
        } catch {
            let text = String(describing: error)
            console.err("rmwiki: render failed: \(text)")
            return .failure
        }
    }

    private func read(_ file: URL) throws -> String {
        let bytes: Data
        do {
            bytes = try Data(contentsOf: file)
        } catch CocoaError.fileReadNoSuchFile {
            throw RenderInputError(path: file.path, problem: .missing)
        } catch {
            throw RenderInputError(path: file.path, problem: .unreadable(Self.reason(error, path: file.path)))
        }
        guard let text = String(bytes: bytes, encoding: .utf8) else {
            throw RenderInputError(path: file.path, problem: .notUTF8)
        }
        return text
    }

    /// Foundation's text for a failed read names the file again ("The file “x” couldn’t be opened…"):
    /// the common causes get a short reason of their own.
    private static func reason(_ error: any Error, path: String) -> String {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
            return "it is a folder"
        }
        if case CocoaError.fileReadNoPermission = error { return "permission denied" }
        return error.localizedDescription
    }
}

/// A template or data file that `render` could not use, saying which and why.
struct RenderInputError: Error, CustomStringConvertible {
    enum Problem {
        case missing
        case unreadable(String)
        case notUTF8
    }

    let path: String
    let problem: Problem

    var description: String {
        switch problem {
        case .missing: "\(path) does not exist"
        case .unreadable(let reason): "cannot read \(path): \(reason)"
        case .notUTF8: "\(path) is not UTF-8 text"
        }
    }
}
