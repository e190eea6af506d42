import Foundation
import Markdown

/// `rmwiki markdown`: one Markdown file (or standard input) to HTML, to try the renderer the wiki uses.
struct MarkdownCommand: Command {
    static let spec = CommandSpec(
        name: "markdown",
        summary: "Print the HTML of a Markdown file (or of standard input).",
        usage: "markdown [FILE] [--unsafe] [--no-extensions]",
        details: [
            "Safe by default: raw HTML becomes <!-- raw HTML omitted --> and javascript:, vbscript:, file: and",
            "data: links (other than PNG, GIF, JPEG and WebP images) become empty. The GitHub extensions (tables,",
            "strikethrough, extended autolinks) are on. Input that is not UTF-8 is an error naming the byte offset.",
        ],
        options: [
            .flag(.unsafe, "Pass raw HTML and every link through, as the CommonMark spec requires."),
            .flag(.noExtensions, "Plain CommonMark: no tables, strikethrough or extended autolinks."),
        ],
        positionals: 0...1)

    let file: String?
    let options: MarkdownOptions

    init(_ arguments: ParsedArguments) throws(UsageError) {
        file = arguments.positionals.first.flatMap { $0 == "-" ? nil : $0 }
        options = MarkdownOptions(unsafe: arguments.has(.unsafe), extensions: !arguments.has(.noExtensions))
    }

    func run(_ console: Console) async -> ExitCode {
        let name = file ?? "standard input"
        let bytes: [UInt8]
        if let file {
            guard let data = FileManager.default.contents(atPath: file) else {
                var isDirectory: ObjCBool = false
                let exists = FileManager.default.fileExists(atPath: file, isDirectory: &isDirectory)
                let reason = !exists ? "does not exist" : isDirectory.boolValue ? "is a folder" : "cannot be read"
                console.err("rmwiki: markdown: \(file) \(reason)")
                return .ioError
            }
            bytes = Array(data)
        } else {
            bytes = Array(FileHandle.standardInput.readDataToEndOfFile())
        }
        if let offset = UTF8Repair.firstInvalidOffset(bytes) {
            let byte = String(bytes[offset], radix: 16, uppercase: true)
            console.err("rmwiki: markdown: \(name) is not UTF-8: byte 0x\(byte.count == 1 ? "0" + byte : byte) at offset \(offset)")
            return .failure
        }
        console.write(MarkdownDocument(parsing: bytes, options: options).renderHTML())
        return .success
    }
}
