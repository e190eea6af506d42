// The Mustache module: the template engine (tokenize, parse, compile, render; strict mode names the file, line
// and column of a mistake); a library product of its own.

/// Appends UTF-8 text with `& < > " '` replaced by entities, copying clean runs in bulk.
enum HTMLEscaper {
    /// Bit `b` is set for each byte value `b` (all below 64) that needs escaping.
    private static let escapedBytes: UInt64 =
        1 << UInt64(UInt8(ascii: "&")) | 1 << UInt64(UInt8(ascii: "<")) | 1 << UInt64(UInt8(ascii: ">"))
        | 1 << UInt64(UInt8(ascii: "\"")) | 1 << UInt64(UInt8(ascii: "'"))

    static func append(_ text: UnsafeBufferPointer<UInt8>, to output: inout [UInt8]) {
        let mask = escapedBytes
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
}
