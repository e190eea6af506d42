/// JSON string literals safe to serve anywhere, even inlined in HTML: besides what JSON requires,
/// `< > & '` and the JavaScript line separators are written as `\u` escapes, so a name such as
/// `</script><img onerror=…>` stays inert text.
package enum JSONText {
    package static func appendString(_ text: String, to output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": output.append(contentsOf: Array(#"\""#.utf8))
            case "\\": output.append(contentsOf: Array(#"\\"#.utf8))
            case "\n": output.append(contentsOf: Array(#"\n"#.utf8))
            case "\r": output.append(contentsOf: Array(#"\r"#.utf8))
            case "\t": output.append(contentsOf: Array(#"\t"#.utf8))
            case "<", ">", "&", "'", "\u{2028}", "\u{2029}":
                appendUnicodeEscape(scalar.value, to: &output)
            default:
                if scalar.value < 0x20 {
                    appendUnicodeEscape(scalar.value, to: &output)
                } else {
                    output.append(contentsOf: Array(String(scalar).utf8))
                }
            }
        }
        output.append(UInt8(ascii: "\""))
    }

    package static func appendNumber(_ value: Int, to output: inout [UInt8]) {
        output.append(contentsOf: Array(String(value).utf8))
    }

    private static func appendUnicodeEscape(_ value: UInt32, to output: inout [UInt8]) {
        let hex = Array("0123456789abcdef".utf8)
        output.append(contentsOf: Array(#"\u"#.utf8))
        for shift in stride(from: 12, through: 0, by: -4) {
            output.append(hex[Int((value >> UInt32(shift)) & 0xF)])
        }
    }
}
