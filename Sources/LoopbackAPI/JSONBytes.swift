import Foundation

/// JSON as the real API writes it: compact, slashes unescaped.
enum JSONBytes {
    static let contentType = "application/json; charset=utf-8"

    static func encode<Value: Encodable>(_ value: Value) -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes]
        // Records, page info and string maps always encode; an empty body would only show a bug here.
        return (try? encoder.encode(value)).map(Array.init) ?? []
    }

    static func error(_ message: String) -> [UInt8] {
        encode(["error": message])
    }
}
