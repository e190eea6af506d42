/// Why the loopback API cannot run a GraphQL request: answered as HTTP 400 with
/// `{"errors": [{"message", "locations", "path", "extensions": {"code"}}]}`, as GraphQL servers do.
struct GraphQLFailure: Error, Sendable, Equatable {
    /// A response path element: a field's response key or a list index.
    enum PathElement: Sendable, Equatable {
        case key(String)
        case index(Int)
    }

    var message: String
    var line: Int?
    var column: Int?
    var path: [PathElement]
    var code: String

    init(_ message: String, at location: (line: Int, column: Int)? = nil, path: [PathElement] = [],
         code: String = "GRAPHQL_VALIDATION_FAILED") {
        self.message = message
        line = location?.line
        column = location?.column
        self.path = path
        self.code = location == nil ? code : "GRAPHQL_PARSE_FAILED"
    }

    /// The error body.
    var json: [UInt8] {
        var writer = GraphQLJSONWriter()
        writer.raw(#"{"errors":[{"message":"#)
        writer.string(message)
        if let line, let column {
            writer.raw(#","locations":[{"line":"#)
            writer.int(line)
            writer.raw(#","column":"#)
            writer.int(column)
            writer.raw("}]")
        }
        if !path.isEmpty {
            writer.raw(#","path":["#)
            for (index, element) in path.enumerated() {
                if index > 0 { writer.raw(",") }
                switch element {
                case .key(let key): writer.string(key)
                case .index(let position): writer.int(position)
                }
            }
            writer.raw("]")
        }
        writer.raw(#","extensions":{"code":"#)
        writer.string(code)
        writer.raw("}}]}")
        return writer.bytes
    }
}

/// Compact JSON written straight into bytes, in the order fields are asked for (GraphQL answers keep the
/// query's order, which `JSONEncoder` would not).
struct GraphQLJSONWriter {
    private(set) var bytes: [UInt8] = []

    mutating func raw(_ text: String) {
        bytes.append(contentsOf: text.utf8)
    }

    mutating func append(_ json: [UInt8]) {
        bytes.append(contentsOf: json)
    }

    mutating func int(_ value: Int) {
        raw(String(value))
    }

    mutating func null() {
        raw("null")
    }

    /// Escaped as the real API writes JSON: quotes, backslashes and control characters; slashes as they are.
    mutating func string(_ value: String) {
        bytes.append(UInt8(ascii: "\""))
        // Nearly every string needs no escape: copy it whole.
        guard value.utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) else {
            bytes.append(contentsOf: value.utf8)
            bytes.append(UInt8(ascii: "\""))
            return
        }
        for byte in value.utf8 {
            switch byte {
            case UInt8(ascii: "\""): raw(#"\""#)
            case UInt8(ascii: "\\"): raw(#"\\"#)
            case 0x0A: raw(#"\n"#)
            case 0x0D: raw(#"\r"#)
            case 0x09: raw(#"\t"#)
            case 0x08: raw(#"\b"#)
            case 0x0C: raw(#"\f"#)
            case 0..<0x20:
                let hex = String(byte, radix: 16)
                raw(#"\u"# + String(repeating: "0", count: 4 - hex.count) + hex)
            default: bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }
}
