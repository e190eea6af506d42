/// Text and attribute values escaped for HTML and XML, so a name such as `<script>` or `"` stays text: the one
/// escaper of the template engine, the Markdown renderer, the charts, the demo's avatars and the preview
/// server's error overlay.
package enum XMLText {
    /// Bit `b` is set for each byte value `b` (all below 64) that needs escaping.
    private static let escapedBytes: UInt64 =
        1 << UInt64(UInt8(ascii: "&")) | 1 << UInt64(UInt8(ascii: "<")) | 1 << UInt64(UInt8(ascii: ">"))
        | 1 << UInt64(UInt8(ascii: "\""))

    /// Appends UTF-8 text with `& < > "` replaced by entities, and `'` too unless `apostrophe` is false (CommonMark's
    /// expected output keeps it), copying clean runs in bulk.
    package static func appendEscaped(_ text: UnsafeBufferPointer<UInt8>, to output: inout [UInt8], apostrophe: Bool = true) {
        let mask = escapedBytes | (apostrophe ? 1 << UInt64(UInt8(ascii: "'")) : 0)
        var runStart = 0
        for index in 0..<text.count {
            let byte = text[index]
            guard byte < 64, mask & (1 << UInt64(byte)) != 0 else { continue }
            if runStart < index {
                output.append(contentsOf: UnsafeBufferPointer(rebasing: text[runStart..<index]))
            }
            let entity: StaticString
            switch byte {
            case UInt8(ascii: "&"): entity = "&amp;"
            case UInt8(ascii: "<"): entity = "&lt;"
            case UInt8(ascii: ">"): entity = "&gt;"
            case UInt8(ascii: "\""): entity = "&quot;"
            default: entity = "&#39;"
            }
            entity.withUTF8Buffer { output.append(contentsOf: $0) }
            runStart = index + 1
        }
        if runStart < text.count {
            output.append(contentsOf: UnsafeBufferPointer(rebasing: text[runStart..<text.count]))
        }
    }

    /// `text` escaped, less the characters XML does not allow at all (control characters other than tab and line
    /// breaks, U+FFFE and U+FFFF).
    package static func escape(_ text: String) -> String {
        var allowed = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if scalar.value < 0x20 && scalar != "\t" && scalar != "\n" && scalar != "\r" { continue }
            if (0xFFFE...0xFFFF).contains(scalar.value) { continue }
            allowed.append(scalar)
        }
        var utf8 = Array(String(allowed).utf8)
        var result: [UInt8] = []
        result.reserveCapacity(utf8.count)
        utf8.withUnsafeMutableBufferPointer { appendEscaped(UnsafeBufferPointer($0), to: &result) }
        return String(decoding: result, as: UTF8.self)
    }

    /// Long labels are cut with an ellipsis; the full text stays in the tooltip and the data table.
    package static func shortened(_ text: String, to limit: Int) -> String {
        text.count <= limit ? text : String(text.prefix(max(1, limit - 1))) + "…"
    }
}
