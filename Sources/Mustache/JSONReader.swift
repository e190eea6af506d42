// The Mustache module: the template engine (tokenize, parse, compile, render; strict mode names the file, line
// and column of a mistake); a library product of its own.

import Foundation
import Primitives

extension MustacheValue {
    /// Parses JSON text. Integers stay `.int` (`85` renders as `85`); those beyond `Int` keep their
    /// exact digits as `.string`; other numbers are `.double`.
    /// Bad JSON throws a `MustacheError` (kind `.invalidJSON`) naming `sourceName`, line and column.
    public init(json: [UInt8], sourceName: String = "JSON") throws {
        self = try json.withUnsafeBufferPointer { bytes in
            var reader = JSONReader(bytes: bytes, sourceName: sourceName)
            return try reader.read()
        }
    }

    /// Parses JSON data; see `init(json:sourceName:)` for `[UInt8]`.
    public init(json: Data, sourceName: String = "JSON") throws {
        try self.init(json: [UInt8](json), sourceName: sourceName)
    }
}

/// A strict JSON (RFC 8259) reader producing `MustacheValue`s: integers that fit in `Int` stay
/// `.int`, larger ones `.string` (a double would print other digits), other numbers become
/// `.double`. Errors point at the offending byte; `JSONScanner` does the byte-level reading.
struct JSONReader {
    /// Deeper documents are refused rather than risking the stack.
    static let maximumDepth = 512

    private var scanner: JSONScanner
    private let sourceName: String
    private var depth = 0

    init(bytes: UnsafeBufferPointer<UInt8>, sourceName: String) {
        self.scanner = JSONScanner(bytes: bytes)
        self.sourceName = sourceName
    }

    mutating func read() throws -> MustacheValue {
        // A UTF-8 byte order mark is tolerated, as most editors may write one.
        if scanner.bytes.starts(with: [0xEF, 0xBB, 0xBF]) { scanner.position = 3 }
        let value = try readValue()
        scanner.skipWhitespace()
        guard scanner.isAtEnd else { throw error("unexpected text after the JSON value") }
        return value
    }

    private func error(_ message: String, at offset: Int? = nil) -> MustacheError {
        MustacheError(.invalidJSON, "invalid JSON: \(message)", templateName: sourceName, source: Array(scanner.bytes),
                      offset: offset ?? scanner.position)
    }

    private func error(_ failure: JSONScanner.Failure) -> MustacheError {
        error(failure.reason.message, at: failure.offset)
    }

    private mutating func readValue() throws -> MustacheValue {
        scanner.skipWhitespace()
        guard let byte = scanner.next else { throw error("unexpected end of input, expected a value") }
        switch byte {
        case UInt8(ascii: "{"): return try readObject()
        case UInt8(ascii: "["): return try readArray()
        case UInt8(ascii: "\""): return .string(try readString())
        case UInt8(ascii: "t"): return try readLiteral("true", .bool(true))
        case UInt8(ascii: "f"): return try readLiteral("false", .bool(false))
        case UInt8(ascii: "n"): return try readLiteral("null", .null)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try readNumber()
        default: throw error("unexpected character, expected a value")
        }
    }

    private mutating func readLiteral(_ word: StaticString, _ value: MustacheValue) throws -> MustacheValue {
        guard scanner.takeLiteral(word) else { throw error("unexpected character, expected a value") }
        return value
    }

    private mutating func enter() throws {
        depth += 1
        guard depth <= Self.maximumDepth else { throw error("nested more than \(Self.maximumDepth) levels deep") }
        scanner.position += 1
    }

    private mutating func readObject() throws -> MustacheValue {
        try enter()
        var members: [String: MustacheValue] = [:]
        if scanner.take(UInt8(ascii: "}")) {
            depth -= 1
            return .object(members)
        }
        while true {
            scanner.skipWhitespace()
            guard scanner.next == UInt8(ascii: "\"") else { throw error("expected a string key") }
            let key = try readString()
            guard scanner.take(UInt8(ascii: ":")) else { throw error("expected ':'") }
            members[key] = try readValue()
            scanner.skipWhitespace()
            guard !scanner.isAtEnd else { throw error("unexpected end of input in an object") }
            if scanner.take(UInt8(ascii: ",")) { continue }
            guard scanner.take(UInt8(ascii: "}")) else { throw error("expected ',' or '}'") }
            depth -= 1
            return .object(members)
        }
    }

    private mutating func readArray() throws -> MustacheValue {
        try enter()
        var items: [MustacheValue] = []
        if scanner.take(UInt8(ascii: "]")) {
            depth -= 1
            return .array(items)
        }
        while true {
            items.append(try readValue())
            scanner.skipWhitespace()
            guard !scanner.isAtEnd else { throw error("unexpected end of input in an array") }
            if scanner.take(UInt8(ascii: ",")) { continue }
            guard scanner.take(UInt8(ascii: "]")) else { throw error("expected ',' or ']'") }
            depth -= 1
            return .array(items)
        }
    }

    /// A string whose opening quote is next.
    private mutating func readString() throws -> String {
        scanner.position += 1
        do {
            return try scanner.readString()
        } catch {
            throw self.error(error)
        }
    }

    private mutating func readNumber() throws -> MustacheValue {
        let number: JSONScanner.Number
        do {
            number = try scanner.readNumber()
        } catch {
            throw self.error(error)
        }
        if let integer = scanner.integer(number) { return .int(integer) }
        let text = String(decoding: UnsafeBufferPointer(rebasing: scanner.bytes[number.range]), as: UTF8.self)
        if number.isInteger { return .string(text) }
        guard let value = Double(text) else { throw error("invalid number") }
        return .double(value)
    }
}
