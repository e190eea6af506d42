import Foundation
import Primitives

/// What is wrong with a body `JSONDecoder` refused, found by walking it again: corelibs' decoder says only "not
/// valid JSON" for a bad byte, a document nested too deep or a number like `1.5` where an id belongs, and a user
/// needs to know which. The walk is iterative, so a million levels of nesting cost a counter, not the stack.
struct JSONDiagnosis: Equatable, Sendable {
    /// Where, as a field path (`results[3].name`), and at which byte.
    var field: String
    var offset: Int
    var problem: String
    /// The document stops in the middle: the body was probably cut, and another attempt may get all of it.
    var endsEarly: Bool

    /// Deeper than any record the API serves, and than `JSONDecoder` accepts.
    static let maximumDepth = 512

    /// Nil when the document is well-formed JSON made of integers only (then the decoder's own error stands).
    static func of(_ body: Data) -> JSONDiagnosis? {
        body.withUnsafeBytes { raw in
            var walk = Walk(scanner: JSONScanner(bytes: raw.bindMemory(to: UInt8.self)))
            return walk.run()
        }
    }

    private enum PathStep {
        case key(String)
        case index(Int)
    }

    private struct Walk {
        var scanner: JSONScanner
        var path: [PathStep] = []
        /// The first number that is not an integer, in case the document is otherwise fine.
        var firstFraction: JSONDiagnosis?

        mutating func run() -> JSONDiagnosis? {
            var containers: [UInt8] = []
            var expectValue = true
            while true {
                scanner.skipWhitespace()
                if expectValue {
                    guard let byte = scanner.next else { return failure("the document ends where a value is expected", ends: true) }
                    switch byte {
                    case UInt8(ascii: "{"), UInt8(ascii: "["):
                        guard containers.count < JSONDiagnosis.maximumDepth else {
                            return failure("nested deeper than \(JSONDiagnosis.maximumDepth) levels", ends: false)
                        }
                        scanner.position += 1
                        containers.append(byte)
                        if byte == UInt8(ascii: "[") {
                            if scanner.take(UInt8(ascii: "]")) { containers.removeLast(); expectValue = false; break }
                            path.append(.index(0))
                        } else {
                            if scanner.take(UInt8(ascii: "}")) { containers.removeLast(); expectValue = false; break }
                            if let problem = readKey() { return problem }
                        }
                        continue
                    case UInt8(ascii: "\""):
                        scanner.position += 1
                        do { _ = try scanner.readString() } catch { return failure(error) }
                    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                        do {
                            let number = try scanner.readNumber()
                            if scanner.isAtEnd && !containers.isEmpty { return failure("the document ends in a number", ends: true) }
                            if firstFraction == nil, scanner.integer(number) == nil {
                                let text = String(decoding: UnsafeBufferPointer(rebasing: scanner.bytes[number.range]), as: UTF8.self)
                                firstFraction = JSONDiagnosis(
                                    field: fieldName, offset: number.range.lowerBound,
                                    problem: "\(text.prefix(40)) is not a whole number (no field of the API's records holds a fraction or a number that large)",
                                    endsEarly: false)
                            }
                        } catch {
                            return failure(error)
                        }
                    default:
                        if scanner.takeLiteral("true") || scanner.takeLiteral("false") || scanner.takeLiteral("null") { break }
                        return failure("unexpected \(describe(byte))", ends: false)
                    }
                    expectValue = false
                    continue
                }
                guard let container = containers.last else {
                    guard scanner.isAtEnd else { return failure("unexpected \(describe(scanner.next)) after the document", ends: false) }
                    return firstFraction
                }
                guard let byte = scanner.next else { return failure("the document ends inside \(container == UInt8(ascii: "[") ? "an array" : "an object")", ends: true) }
                scanner.position += 1
                switch (container, byte) {
                case (UInt8(ascii: "["), UInt8(ascii: ",")):
                    if case .index(let index)? = path.last { path[path.count - 1] = .index(index + 1) }
                    expectValue = true
                case (UInt8(ascii: "{"), UInt8(ascii: ",")):
                    path.removeLast()
                    if let problem = readKey() { return problem }
                    expectValue = true
                case (UInt8(ascii: "["), UInt8(ascii: "]")), (UInt8(ascii: "{"), UInt8(ascii: "}")):
                    containers.removeLast()
                    path.removeLast()
                default:
                    scanner.position -= 1
                    return failure("unexpected \(describe(byte))", ends: false)
                }
            }
        }

        /// A key and its colon; the key goes on the path.
        mutating func readKey() -> JSONDiagnosis? {
            scanner.skipWhitespace()
            guard let byte = scanner.next else { return failure("the document ends where a key is expected", ends: true) }
            guard byte == UInt8(ascii: "\"") else { return failure("unexpected \(describe(byte)) where a key is expected", ends: false) }
            scanner.position += 1
            do {
                path.append(.key(try scanner.readString()))
            } catch {
                return failure(error)
            }
            scanner.skipWhitespace()
            guard !scanner.isAtEnd else { return failure("the document ends after a key", ends: true) }
            guard scanner.take(UInt8(ascii: ":")) else { return failure("unexpected \(describe(scanner.next)) where ':' is expected", ends: false) }
            return nil
        }

        func failure(_ error: JSONScanner.Failure) -> JSONDiagnosis {
            // A string or number the body stops inside of was cut, not written wrong.
            let ends = error.reason == .unterminatedString || error.offset >= scanner.bytes.count
            return JSONDiagnosis(field: fieldName, offset: error.offset, problem: error.reason.message, endsEarly: ends)
        }

        func failure(_ problem: String, ends: Bool) -> JSONDiagnosis {
            JSONDiagnosis(field: fieldName, offset: scanner.position, problem: problem, endsEarly: ends)
        }

        var fieldName: String {
            var name = ""
            for step in path {
                switch step {
                case .index(let index): name += "[\(index)]"
                case .key(let key): name += name.isEmpty ? key.printable : ".\(key.printable)"
                }
            }
            return name.isEmpty ? "(document)" : name
        }

        func describe(_ byte: UInt8?) -> String {
            guard let byte else { return "end of the document" }
            if (0x21...0x7E).contains(byte) { return "'\(Character(Unicode.Scalar(byte)))'" }
            return "byte 0x" + String(byte, radix: 16, uppercase: true)
        }
    }
}
