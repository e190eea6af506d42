import Primitives

/// A JSON document read with the byte offset of every value and key, so a mistake in a maintainer's local
/// records can be named by line and column. Small files written by hand: a tree is simplest, and the depth is
/// bounded so no file can exhaust the stack.
struct LocalJSON: Sendable {
    indirect enum Value: Sendable {
        case object([Member])
        case array([Node])
        case string(String)
        /// An integer that fits in `Int`; nil for a fraction, an exponent or a larger number.
        case number(Int?)
        case bool(Bool)
        case null
    }

    struct Node: Sendable {
        let value: Value
        let offset: Int
    }

    struct Member: Sendable {
        let key: String
        let keyOffset: Int
        let node: Node
    }

    /// A syntax error: what was expected and where.
    struct Failure: Error, Sendable {
        let message: String
        let offset: Int
    }

    /// Records hold objects of strings and arrays of strings: anything deeper than this is no record.
    static let maximumDepth = 64

    static func parse(_ bytes: [UInt8]) throws(Failure) -> Node {
        let result: Result<Node, Failure> = bytes.withUnsafeBufferPointer { buffer in
            var reader = Reader(scanner: JSONScanner(bytes: buffer))
            do throws(Failure) {
                return .success(try reader.document())
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    private struct Reader {
        var scanner: JSONScanner
        var depth = 0

        mutating func document() throws(Failure) -> Node {
            // Editors may write a UTF-8 byte order mark.
            if scanner.bytes.starts(with: [0xEF, 0xBB, 0xBF]) { scanner.position = 3 }
            let node = try value()
            scanner.skipWhitespace()
            guard scanner.isAtEnd else { throw fail("unexpected text after the JSON value") }
            return node
        }

        func fail(_ message: String, at offset: Int? = nil) -> Failure {
            Failure(message: message, offset: offset ?? scanner.position)
        }

        mutating func value() throws(Failure) -> Node {
            scanner.skipWhitespace()
            let offset = scanner.position
            guard let byte = scanner.next else { throw fail("the file ends where a value was expected") }
            switch byte {
            case UInt8(ascii: "{"): return Node(value: try object(), offset: offset)
            case UInt8(ascii: "["): return Node(value: try array(), offset: offset)
            case UInt8(ascii: "\""): return Node(value: .string(try string()), offset: offset)
            case UInt8(ascii: "t") where scanner.takeLiteral("true"): return Node(value: .bool(true), offset: offset)
            case UInt8(ascii: "f") where scanner.takeLiteral("false"): return Node(value: .bool(false), offset: offset)
            case UInt8(ascii: "n") where scanner.takeLiteral("null"): return Node(value: .null, offset: offset)
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                do {
                    let number = try scanner.readNumber()
                    return Node(value: .number(scanner.integer(number)), offset: offset)
                } catch {
                    throw fail(error.reason.message, at: error.offset)
                }
            default: throw fail("unexpected character where a value was expected")
            }
        }

        mutating func enter() throws(Failure) {
            depth += 1
            guard depth <= LocalJSON.maximumDepth else { throw fail("nested more than \(LocalJSON.maximumDepth) levels deep") }
            scanner.position += 1
        }

        mutating func object() throws(Failure) -> Value {
            try enter()
            defer { depth -= 1 }
            var members: [Member] = []
            if scanner.take(UInt8(ascii: "}")) { return .object(members) }
            while true {
                scanner.skipWhitespace()
                let keyOffset = scanner.position
                guard scanner.next == UInt8(ascii: "\"") else { throw fail("expected a field name in double quotes") }
                let key = try string()
                guard scanner.take(UInt8(ascii: ":")) else { throw fail("expected ':' after the field name") }
                members.append(Member(key: key, keyOffset: keyOffset, node: try value()))
                if scanner.take(UInt8(ascii: ",")) { continue }
                guard scanner.take(UInt8(ascii: "}")) else { throw fail("expected ',' or '}'") }
                return .object(members)
            }
        }

        mutating func array() throws(Failure) -> Value {
            try enter()
            defer { depth -= 1 }
            var items: [Node] = []
            if scanner.take(UInt8(ascii: "]")) { return .array(items) }
            while true {
                items.append(try value())
                if scanner.take(UInt8(ascii: ",")) { continue }
                guard scanner.take(UInt8(ascii: "]")) else { throw fail("expected ',' or ']'") }
                return .array(items)
            }
        }

        /// A string whose opening quote is next.
        mutating func string() throws(Failure) -> String {
            scanner.position += 1
            do {
                return try scanner.readString()
            } catch {
                throw fail(error.reason.message, at: error.offset)
            }
        }
    }
}

extension LocalJSON {
    /// 1-based line and column (in Unicode scalars) of a byte offset.
    static func position(of offset: Int, in bytes: [UInt8]) -> (line: Int, column: Int) {
        let end = min(offset, bytes.count)
        var line = 1
        var lineStart = 0
        for index in 0..<end where bytes[index] == UInt8(ascii: "\n") {
            line += 1
            lineStart = index + 1
        }
        // Continuation bytes do not start a scalar.
        let column = 1 + bytes[lineStart..<end].filter { $0 & 0xC0 != 0x80 }.count
        return (line, column)
    }
}
