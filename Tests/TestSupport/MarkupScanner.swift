/// Reads HTML byte by byte for `MarkupChecker`: tags with their attributes, end tags, character references.
struct MarkupScanner {
    struct Attribute {
        let name: String
        /// Nil for a boolean attribute written without `=`.
        let value: String?
    }

    struct Tag {
        var name: String
        var attributes: [Attribute] = []
        var selfClosing = false
        /// Syntax problems inside the tag (unquoted values, stray characters).
        var problems: [String] = []
    }

    private let bytes: [UInt8]
    private var index = 0
    private(set) var line = 1

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    var isAtEnd: Bool { index >= bytes.count }

    func peek(_ text: String) -> Bool {
        let expected = Array(text.utf8)
        return index + expected.count <= bytes.count && bytes[index..<(index + expected.count)].elementsEqual(expected)
    }

    mutating func consume(_ text: String) -> Bool {
        guard peek(text) else { return false }
        for _ in text.utf8 { advance() }
        return true
    }

    mutating func advance() {
        if index < bytes.count, bytes[index] == UInt8(ascii: "\n") { line += 1 }
        index += 1
    }

    mutating func skip(past text: String) -> Bool {
        while !isAtEnd {
            if consume(text) { return true }
            advance()
        }
        return false
    }

    /// `</name>` (at `</`), or nil when malformed.
    mutating func endTag() -> String? {
        _ = consume("</")
        let name = readName()
        skipSpace()
        guard !name.isEmpty, consume(">") else { return nil }
        return name
    }

    /// `<name attributes…>` (at `<`), or nil when no letter follows the `<` (then it is text).
    mutating func startTag() -> Tag? {
        guard index + 1 < bytes.count, Self.isLetter(bytes[index + 1]) else { return nil }
        advance()
        var tag = Tag(name: readName())
        while true {
            skipSpace()
            if isAtEnd {
                tag.problems.append("the page ends inside the tag")
                return tag
            }
            if consume(">") { return tag }
            if consume("/>") {
                tag.selfClosing = true
                return tag
            }
            let name = readAttributeName()
            if name.isEmpty {
                tag.problems.append("unexpected '\(Character(Unicode.Scalar(bytes[index])))' in the tag")
                advance()
                continue
            }
            skipSpace()
            guard consume("=") else {
                tag.attributes.append(Attribute(name: name, value: nil))
                continue
            }
            skipSpace()
            tag.attributes.append(Attribute(name: name, value: readValue(of: name, problems: &tag.problems)))
        }
    }

    /// Consumes a character reference (`&name;`, `&#N;`, `&#xH;`) at `&`; false when there is none.
    mutating func characterReference() -> Bool {
        let length = Self.referenceLength(bytes[index...])
        guard length > 0 else { return false }
        for _ in 0..<length { advance() }
        return true
    }

    /// The length of the character reference at the start of `text`, or 0.
    static func referenceLength(_ text: ArraySlice<UInt8>) -> Int {
        let body = text.dropFirst().prefix(12)
        guard text.first == UInt8(ascii: "&"), let end = body.firstIndex(of: UInt8(ascii: ";")) else { return 0 }
        let name = body[body.startIndex..<end]
        let valid: Bool
        if name.first == UInt8(ascii: "#") {
            let digits = name.dropFirst()
            valid = digits.first == UInt8(ascii: "x")
                ? digits.count > 1 && digits.dropFirst().allSatisfy(isHexDigit)
                : !digits.isEmpty && digits.allSatisfy(isDigit)
        } else {
            valid = !name.isEmpty && name.allSatisfy { isLetter($0) || isDigit($0) }
        }
        return valid ? name.count + 2 : 0
    }

    private mutating func readValue(of name: String, problems: inout [String]) -> String {
        let quote = isAtEnd ? 0 : bytes[index]
        guard quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") else {
            problems.append("attribute \(name) is not quoted")
            return read { !Self.isSpace($0) && $0 != UInt8(ascii: ">") }
        }
        if quote == UInt8(ascii: "'") { problems.append("attribute \(name) is single-quoted") }
        advance()
        let value = read { $0 != quote }
        if !consume(String(Unicode.Scalar(quote))) { problems.append("attribute \(name) is never closed") }
        let raw = Array(value.utf8)
        if raw.contains(UInt8(ascii: "<")) || raw.contains(UInt8(ascii: ">")) {
            problems.append("attribute \(name) holds a raw '<' or '>'")
        }
        var position = raw.startIndex
        while let ampersand = raw[position...].firstIndex(of: UInt8(ascii: "&")) {
            if Self.referenceLength(raw[ampersand...]) == 0 { problems.append("attribute \(name) holds a bare '&'") }
            position = ampersand + 1
        }
        return value
    }

    private mutating func readName() -> String {
        read { Self.isLetter($0) || Self.isDigit($0) || $0 == UInt8(ascii: "-") }
    }

    private mutating func readAttributeName() -> String {
        read { byte in
            Self.isLetter(byte) || Self.isDigit(byte) || [UInt8(ascii: "-"), UInt8(ascii: ":"), UInt8(ascii: "_"), UInt8(ascii: ".")].contains(byte)
        }
    }

    private mutating func read(while accepted: (UInt8) -> Bool) -> String {
        let start = index
        while !isAtEnd, accepted(bytes[index]) { advance() }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    private mutating func skipSpace() {
        while !isAtEnd, Self.isSpace(bytes[index]) { advance() }
    }

    static func isLetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
    }

    static func isDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }

    static func isHexDigit(_ byte: UInt8) -> Bool {
        isDigit(byte) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(byte)
    }

    static func isSpace(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r")
    }
}
