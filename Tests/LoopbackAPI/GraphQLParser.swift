/// Reads a GraphQL document into a `GraphQLOperation`. What it does not understand is a `GraphQLFailure`
/// (an HTTP 400), never a guess.
struct GraphQLParser {
    private let bytes: [UInt8]
    private var position = 0

    private init(_ text: String) {
        bytes = Array(text.utf8)
    }

    /// The operation named `operationName`, or the only one.
    static func parse(_ text: String, operationName: String? = nil) throws(GraphQLFailure) -> GraphQLOperation {
        var parser = GraphQLParser(text)
        var operations: [GraphQLOperation] = []
        parser.skipIgnored()
        while !parser.atEnd {
            operations.append(try parser.operation())
            parser.skipIgnored()
        }
        if let operationName {
            guard let chosen = operations.first(where: { $0.name == operationName }) else {
                throw GraphQLFailure(#"Unknown operation named "\#(operationName)"."#)
            }
            return chosen
        }
        guard operations.count == 1, let only = operations.first else {
            throw GraphQLFailure(
                operations.isEmpty ? "Syntax Error: Unexpected <EOF>." : "Must provide operation name if query contains multiple operations.")
        }
        return only
    }

    private var atEnd: Bool { position >= bytes.count }

    private mutating func operation() throws(GraphQLFailure) -> GraphQLOperation {
        if peek(UInt8(ascii: "{")) {
            return GraphQLOperation(name: nil, variables: [], selections: try selectionSet())
        }
        let keyword = try name()
        guard keyword == "query" else {
            if ["mutation", "subscription", "fragment"].contains(keyword) {
                throw GraphQLFailure("\(keyword) is not supported by the loopback API; send a query.", at: location)
            }
            throw GraphQLFailure(#"Syntax Error: Unexpected Name "\#(keyword)"."#, at: location)
        }
        skipIgnored()
        var operationName: String?
        if let byte = current, Self.isNameStart(byte) { operationName = try name() }
        skipIgnored()
        var variables: [GraphQLVariableDefinition] = []
        if peek(UInt8(ascii: "(")) {
            try expect("(")
            while !peek(UInt8(ascii: ")")) {
                try expect("$")
                let variable = try name()
                try expect(":")
                let type = try typeReference()
                var defaultValue: GraphQLInput?
                if peek(UInt8(ascii: "=")) {
                    try expect("=")
                    defaultValue = try value(constant: true)
                }
                variables.append(GraphQLVariableDefinition(name: variable, type: type, defaultValue: defaultValue))
            }
            try expect(")")
        }
        try refuseDirectives()
        return GraphQLOperation(name: operationName, variables: variables, selections: try selectionSet())
    }

    private mutating func selectionSet() throws(GraphQLFailure) -> [GraphQLField] {
        try expect("{")
        var fields: [GraphQLField] = []
        while !peek(UInt8(ascii: "}")) {
            if peek(UInt8(ascii: ".")) {
                throw GraphQLFailure("fragments are not supported by the loopback API.", at: location)
            }
            fields.append(try field())
        }
        try expect("}")
        guard !fields.isEmpty else { throw GraphQLFailure("Syntax Error: Expected Name, found \"}\".", at: location) }
        return fields
    }

    private mutating func field() throws(GraphQLFailure) -> GraphQLField {
        var alias: String?
        var fieldName = try name()
        if peek(UInt8(ascii: ":")) {
            try expect(":")
            alias = fieldName
            fieldName = try name()
        }
        var arguments: [GraphQLArgument] = []
        if peek(UInt8(ascii: "(")) {
            try expect("(")
            while !peek(UInt8(ascii: ")")) {
                let argument = try name()
                try expect(":")
                arguments.append(GraphQLArgument(name: argument, value: try value(constant: false)))
            }
            try expect(")")
        }
        try refuseDirectives()
        let selections = peek(UInt8(ascii: "{")) ? try selectionSet() : nil
        return GraphQLField(alias: alias, name: fieldName, arguments: arguments, selections: selections)
    }

    private mutating func value(constant: Bool) throws(GraphQLFailure) -> GraphQLInput {
        skipIgnored()
        guard let byte = current else { throw GraphQLFailure("Syntax Error: Unexpected <EOF>.", at: location) }
        switch byte {
        case UInt8(ascii: "$"):
            guard !constant else { throw GraphQLFailure("Syntax Error: Unexpected variable in a constant value.", at: location) }
            position += 1
            return .variable(try name())
        case UInt8(ascii: "\""):
            return .string(try string())
        case UInt8(ascii: "["):
            try expect("[")
            var items: [GraphQLInput] = []
            while !peek(UInt8(ascii: "]")) { items.append(try value(constant: constant)) }
            try expect("]")
            return .list(items)
        case UInt8(ascii: "{"):
            try expect("{")
            var fields: [GraphQLArgument] = []
            while !peek(UInt8(ascii: "}")) {
                let field = try name()
                try expect(":")
                fields.append(GraphQLArgument(name: field, value: try value(constant: constant)))
            }
            try expect("}")
            return .object(fields)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return try number()
        default:
            let word = try name()
            switch word {
            case "true": return .boolean(true)
            case "false": return .boolean(false)
            case "null": return .null
            default: return .enumValue(word)
            }
        }
    }

    private mutating func number() throws(GraphQLFailure) -> GraphQLInput {
        let start = position
        let numberBytes = Set("+-0123456789.eE".utf8)
        while let byte = current, numberBytes.contains(byte) { position += 1 }
        let text = String(decoding: bytes[start..<position], as: UTF8.self)
        if let value = Int(text) { return .int(value) }
        if let value = Double(text) { return .float(value) }
        throw GraphQLFailure(#"Syntax Error: Invalid number "\#(text)"."#, at: location)
    }

    private mutating func string() throws(GraphQLFailure) -> String {
        position += 1
        if bytes[position...].starts(with: Array(#""""#.utf8)) {
            throw GraphQLFailure("block strings are not supported by the loopback API.", at: location)
        }
        var scalars = String.UnicodeScalarView()
        var run = position
        func flush(_ end: Int) { scalars.append(contentsOf: String(decoding: bytes[run..<end], as: UTF8.self).unicodeScalars) }
        while let byte = current {
            switch byte {
            case UInt8(ascii: "\""):
                flush(position)
                position += 1
                return String(scalars)
            case UInt8(ascii: "\\"):
                flush(position)
                position += 1
                guard let escaped = current else { break }
                position += 1
                switch escaped {
                case UInt8(ascii: "\""): scalars.append("\"")
                case UInt8(ascii: "\\"): scalars.append("\\")
                case UInt8(ascii: "/"): scalars.append("/")
                case UInt8(ascii: "b"): scalars.append("\u{08}")
                case UInt8(ascii: "f"): scalars.append("\u{0C}")
                case UInt8(ascii: "n"): scalars.append("\n")
                case UInt8(ascii: "r"): scalars.append("\r")
                case UInt8(ascii: "t"): scalars.append("\t")
                case UInt8(ascii: "u"):
                    guard position + 4 <= bytes.count,
                          let code = UInt32(String(decoding: bytes[position..<position + 4], as: UTF8.self), radix: 16),
                          let scalar = Unicode.Scalar(code)
                    else { throw GraphQLFailure("Syntax Error: Invalid Unicode escape sequence.", at: location) }
                    scalars.append(scalar)
                    position += 4
                default:
                    throw GraphQLFailure("Syntax Error: Invalid character escape sequence.", at: location)
                }
                run = position
            case 0x0A, 0x0D:
                throw GraphQLFailure("Syntax Error: Unterminated string.", at: location)
            default:
                position += 1
            }
        }
        throw GraphQLFailure("Syntax Error: Unterminated string.", at: location)
    }

    /// `Int`, `ID!`, `[ID!]!`, kept as text.
    private mutating func typeReference() throws(GraphQLFailure) -> String {
        skipIgnored()
        var text: String
        if peek(UInt8(ascii: "[")) {
            try expect("[")
            text = "[" + (try typeReference())
            try expect("]")
            text += "]"
        } else {
            text = try name()
        }
        if peek(UInt8(ascii: "!")) {
            try expect("!")
            text += "!"
        }
        return text
    }

    private mutating func refuseDirectives() throws(GraphQLFailure) {
        if peek(UInt8(ascii: "@")) { throw GraphQLFailure("directives are not supported by the loopback API.", at: location) }
    }

    private mutating func name() throws(GraphQLFailure) -> String {
        skipIgnored()
        guard let first = current, Self.isNameStart(first) else {
            throw GraphQLFailure("Syntax Error: Expected Name, found \(describeCurrent).", at: location)
        }
        let start = position
        position += 1
        while let byte = current, Self.isNameStart(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) {
            position += 1
        }
        return String(decoding: bytes[start..<position], as: UTF8.self)
    }

    private mutating func expect(_ punctuator: Unicode.Scalar) throws(GraphQLFailure) {
        guard peek(UInt8(ascii: punctuator)) else {
            throw GraphQLFailure(#"Syntax Error: Expected "\#(punctuator)", found \#(describeCurrent)."#, at: location)
        }
        position += 1
        skipIgnored()
    }

    /// Whether the next token starts with `byte`, after whitespace, commas and comments.
    private mutating func peek(_ byte: UInt8) -> Bool {
        skipIgnored()
        return current == byte
    }

    private var current: UInt8? { position < bytes.count ? bytes[position] : nil }

    private var describeCurrent: String {
        guard let byte = current else { return "<EOF>" }
        return "\"\(Character(Unicode.Scalar(byte)))\""
    }

    /// Line and column (1-based) of the current position, as GraphQL errors give them.
    private var location: (line: Int, column: Int) {
        var line = 1
        var column = 1
        for byte in bytes[..<min(position, bytes.count)] {
            if byte == 0x0A {
                line += 1
                column = 1
            } else {
                column += 1
            }
        }
        return (line, column)
    }

    /// Whitespace, line ends, commas (insignificant in GraphQL) and `#` comments.
    private mutating func skipIgnored() {
        while let byte = current {
            switch byte {
            case 0x20, 0x09, 0x0A, 0x0D, UInt8(ascii: ","):
                position += 1
            case UInt8(ascii: "#"):
                while let next = current, next != 0x0A, next != 0x0D { position += 1 }
            default:
                return
            }
        }
    }

    private static func isNameStart(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "_") || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
            || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
    }
}
