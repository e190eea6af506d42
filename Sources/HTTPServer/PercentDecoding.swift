/// Percent-decoding for request targets.
enum PercentDecoding {
    /// Decodes `%XX` escapes (and `+` as space when `plusIsSpace`). Returns nil on a malformed escape or
    /// when the result is not UTF-8, both of which make the request a 400.
    static func decode<S: Collection>(_ bytes: S, plusIsSpace: Bool = false) -> String? where S.Element == UInt8 {
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var index = bytes.startIndex
        while index != bytes.endIndex {
            let byte = bytes[index]
            if byte == UInt8(ascii: "%") {
                let high = bytes.index(after: index)
                guard high != bytes.endIndex else { return nil }
                let low = bytes.index(after: high)
                guard low != bytes.endIndex, let hi = hexValue(bytes[high]), let lo = hexValue(bytes[low]) else {
                    return nil
                }
                output.append(hi << 4 | lo)
                index = bytes.index(after: low)
            } else {
                output.append(plusIsSpace && byte == UInt8(ascii: "+") ? UInt8(ascii: " ") : byte)
                index = bytes.index(after: index)
            }
        }
        return String(validating: output, as: UTF8.self)
    }

    /// Splits `a=1&b=two+words` into a dictionary; nil if any part is malformed.
    static func decodeQuery<S: Collection>(_ bytes: S) -> [String: String]? where S.Element == UInt8 {
        var query: [String: String] = [:]
        for pair in bytes.split(separator: UInt8(ascii: "&"), omittingEmptySubsequences: true) {
            let parts = pair.split(separator: UInt8(ascii: "="), maxSplits: 1, omittingEmptySubsequences: false)
            guard let name = decode(parts[0], plusIsSpace: true) else { return nil }
            let value = parts.count > 1 ? decode(parts[1], plusIsSpace: true) : ""
            guard let value else { return nil }
            query[name] = value
        }
        return query
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
