/// JSON string literals safe to serve anywhere, even inlined in HTML: besides what JSON requires,
/// `< > & '` and the JavaScript line separators are written as `\u` escapes, so a name such as
/// `</script><img onerror=…>` stays inert text.
package enum JSONText {
    /// Runs of bytes that need no escape are copied as they are: every path and name of the offline lists and
    /// search indexes goes through here.
    package static func appendString(_ text: String, to output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
        var text = text
        text.withUTF8 { bytes in
            var start = 0
            var index = 0
            while index < bytes.count {
                let byte = bytes[index]
                let escape: [UInt8]?
                var length = 1
                switch byte {
                case UInt8(ascii: "\""): escape = Array(#"\""#.utf8)
                case UInt8(ascii: "\\"): escape = Array(#"\\"#.utf8)
                case UInt8(ascii: "\n"): escape = Array(#"\n"#.utf8)
                case UInt8(ascii: "\r"): escape = Array(#"\r"#.utf8)
                case UInt8(ascii: "\t"): escape = Array(#"\t"#.utf8)
                case UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "&"), UInt8(ascii: "'"), 0..<0x20:
                    escape = unicodeEscape(UInt32(byte))
                // U+2028 and U+2029, the JavaScript line separators: E2 80 A8 and E2 80 A9.
                case 0xE2 where index + 2 < bytes.count && bytes[index + 1] == 0x80 && (bytes[index + 2] | 1) == 0xA9:
                    escape = unicodeEscape(bytes[index + 2] == 0xA8 ? 0x2028 : 0x2029)
                    length = 3
                default:
                    escape = nil
                }
                if let escape {
                    output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<index]))
                    output.append(contentsOf: escape)
                    start = index + length
                }
                index += length
            }
            output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<bytes.count]))
        }
        output.append(UInt8(ascii: "\""))
    }

    package static func appendNumber(_ value: Int, to output: inout [UInt8]) {
        output.append(contentsOf: Array(String(value).utf8))
    }

    private static func unicodeEscape(_ value: UInt32) -> [UInt8] {
        let hex = Array("0123456789abcdef".utf8)
        var escape = Array(#"\u"#.utf8)
        for shift in stride(from: 12, through: 0, by: -4) {
            escape.append(hex[Int((value >> UInt32(shift)) & 0xF)])
        }
        return escape
    }
}
