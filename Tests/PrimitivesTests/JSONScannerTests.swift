@testable import Primitives
import Testing

/// Runs `body` on a scanner over `bytes`; the result, or the failure, and where the scanner stopped.
private func scan<T>(_ bytes: [UInt8], _ body: (inout JSONScanner) throws(JSONScanner.Failure) -> T)
    -> (result: Result<T, JSONScanner.Failure>, position: Int)
{
    bytes.withUnsafeBufferPointer { buffer in
        var scanner = JSONScanner(bytes: buffer)
        let result: Result<T, JSONScanner.Failure>
        do throws(JSONScanner.Failure) { result = .success(try body(&scanner)) } catch { result = .failure(error) }
        return (result, scanner.position)
    }
}

/// Reads a string literal from its opening quote, as the readers do.
private func string(_ bytes: [UInt8], combiningSurrogatePairs: Bool = true) -> (result: Result<String, JSONScanner.Failure>, position: Int) {
    scan(bytes) { (scanner: inout JSONScanner) throws(JSONScanner.Failure) -> String in
        let opened = scanner.take(UInt8(ascii: "\""))
        #expect(opened)
        return try scanner.readString(combiningSurrogatePairs: combiningSurrogatePairs)
    }
}

private func string(_ text: String, combiningSurrogatePairs: Bool = true) -> (result: Result<String, JSONScanner.Failure>, position: Int) {
    string(Array(text.utf8), combiningSurrogatePairs: combiningSurrogatePairs)
}

@Suite struct JSONScannerTests {
    @Test func everyEscapeDecodesAndTheScannerStopsAfterTheClosingQuote() throws {
        let json = #""a\"\\\/\b\f\n\r\t\u00e9\u20AC é" ,"#
        let (result, position) = string(json)
        #expect(try result.get() == "a\"\\/\u{8}\u{C}\n\r\té€ é")
        #expect(position == json.utf8.count - 2)
    }

    @Test func plainStringsTakeTheFastPathWithOrWithoutNonASCII() throws {
        #expect(try string(#""plain""#).result.get() == "plain")
        #expect(try string(#""Sánchez 🥒""#).result.get() == "Sánchez 🥒")
        #expect(try string(#""""#).result.get() == "")
    }

    @Test func aSurrogatePairCombinesUnlessRefused() throws {
        #expect(try string(#""\ud83e\uDD52!""#).result.get() == "🥒!")
        #expect(string(#""\ud83e\udd52""#, combiningSurrogatePairs: false).result == .failure(.init(.surrogateEscape, at: 7)))
        #expect(string(#""\udd52""#, combiningSurrogatePairs: false).result == .failure(.init(.surrogateEscape, at: 7)))
        #expect(try string(#""\ud7ff\ue000""#, combiningSurrogatePairs: false).result.get() == "\u{D7FF}\u{E000}")
    }

    @Test("lone or mismatched surrogates fail where the Mustache reader has always pointed", arguments: [
        (#""\ud800""#, 7),            // a high half with nothing after it
        (#""\ud800\n12345""#, 7),     // followed by another escape
        (#""\ud800\u00""#, 7),        // too short to hold a second escape
        (#""\ud800\u0041""#, 13),     // followed by a non-low escape
        (#""\udc00x""#, 7),           // a low half alone
    ])
    func loneSurrogates(json: String, offset: Int) {
        #expect(string(json).result == .failure(.init(.unpairedSurrogate, at: offset)))
    }

    @Test("malformed strings name the reason and the byte", arguments: [
        (#""abc"#, JSONScanner.Failure.Reason.unterminatedString, 4),
        (#""ab\"#, .unterminatedString, 4),
        (#""a\"b"#, .unterminatedString, 5),
        (#""a\x""#, .invalidEscape, 3),
        (#""\u12"#, .truncatedUnicodeEscape, 3),
        (#""\u12G4""#, .invalidHexDigit, 5),
        (#""\ud800\u12G4""#, .invalidHexDigit, 11),
        ("\"a\u{1}\"", .controlCharacter, 2),
        ("\"\\n\t\"", .controlCharacter, 3),
    ])
    func malformedStrings(json: String, reason: JSONScanner.Failure.Reason, offset: Int) {
        #expect(string(json).result == .failure(.init(reason, at: offset)))
    }

    @Test func invalidUTF8IsRefusedAtTheClosingQuoteOrAfterItOnceEscapesWereSeen() {
        #expect(string([0x22, 0x61, 0xFF, 0x22]).result == .failure(.init(.invalidUTF8, at: 3)))
        #expect(string([0x22, 0xC3, 0x22]).result == .failure(.init(.invalidUTF8, at: 2)))
        #expect(string([0x22, 0xED, 0xA0, 0x80, 0x22]).result == .failure(.init(.invalidUTF8, at: 4)))  // an encoded surrogate
        #expect(string([0x22, 0x5C, 0x6E, 0xFF, 0x22]).result == .failure(.init(.invalidUTF8, at: 5)))
    }

    @Test("number tokens and their integer values", arguments: [
        ("0", 0..<1, true, 0 as Int?),
        ("-0", 0..<2, true, 0),
        ("-12,", 0..<3, true, -12),
        ("01", 0..<1, true, 0),  // the reader above sees the `1` that follows
        ("9223372036854775807", 0..<19, true, Int.max),
        ("-9223372036854775808", 0..<20, true, Int.min),
        ("9223372036854775808", 0..<19, true, nil),
        ("-9223372036854775809", 0..<20, true, nil),
        ("1.5", 0..<3, false, nil),
        ("-0.25e+10]", 0..<9, false, nil),
        ("7E-3", 0..<4, false, nil),
    ])
    func numbers(json: String, range: Range<Int>, isInteger: Bool, integer: Int?) throws {
        let (result, position) = scan(Array(json.utf8)) { (scanner: inout JSONScanner) throws(JSONScanner.Failure) -> Int? in
            let number = try scanner.readNumber()
            #expect(number == JSONScanner.Number(range: range, isInteger: isInteger))
            return scanner.integer(number)
        }
        #expect(try result.get() == integer)
        #expect(position == range.upperBound)
    }

    @Test("malformed numbers name the reason and the byte", arguments: [
        ("", JSONScanner.Failure.Reason.invalidNumber, 0),
        ("x", .invalidNumber, 0),
        ("-", .invalidNumber, 1),
        ("-a", .invalidNumber, 1),
        ("1.", .missingFractionDigits, 2),
        ("1.e5", .missingFractionDigits, 2),
        ("1e", .missingExponentDigits, 2),
        ("2.5E+", .missingExponentDigits, 5),
    ])
    func malformedNumbers(json: String, reason: JSONScanner.Failure.Reason, offset: Int) {
        let (result, _) = scan(Array(json.utf8)) { (scanner: inout JSONScanner) throws(JSONScanner.Failure) in
            try scanner.readNumber()
        }
        #expect(result == .failure(.init(reason, at: offset)))
    }

    @Test func literalsMatchWholeWordsOrLeaveThePositionAlone() throws {
        let matched = scan(Array("true,".utf8)) { (scanner: inout JSONScanner) throws(JSONScanner.Failure) in
            scanner.takeLiteral("true")
        }
        #expect(try matched.result.get() == true)
        #expect(matched.position == 4)
        for (json, word) in [("nul", "null" as StaticString), ("fals", "false"), ("nulL", "null"), ("true", "false")] {
            let missed = scan(Array(json.utf8)) { (scanner: inout JSONScanner) throws(JSONScanner.Failure) in
                scanner.takeLiteral(word)
            }
            #expect(try missed.result.get() == false, "\(json)")
            #expect(missed.position == 0)
        }
    }

    @Test func takeSkipsJSONWhitespaceOnlyAndConsumesOnlyTheByteAsked() throws {
        let taken = scan(Array(" \t\r\n:x".utf8)) { (scanner: inout JSONScanner) throws(JSONScanner.Failure) in
            (scanner.take(UInt8(ascii: ",")), scanner.position, scanner.take(UInt8(ascii: ":")), scanner.next)
        }
        #expect(try taken.result.get() == (false, 4, true, UInt8(ascii: "x")))
        let vertical = scan([0x0B, 0x3A]) { (scanner: inout JSONScanner) throws(JSONScanner.Failure) in
            scanner.take(UInt8(ascii: ":"))
        }
        #expect(try vertical.result.get() == false)
        #expect(vertical.position == 0)
        let empty = scan([]) { (scanner: inout JSONScanner) throws(JSONScanner.Failure) in
            (scanner.take(UInt8(ascii: ":")), scanner.isAtEnd, scanner.next)
        }
        #expect(try empty.result.get() == (false, true, nil))
    }
}
