import Foundation

extension MustacheValue {
    /// Parses JSON text. Integers stay `.int` (`85` renders as `85`); other numbers are `.double`.
    /// Bad JSON throws a `MustacheError` (kind `.invalidJSON`) naming `sourceName`, line and column.
    public init(json: [UInt8], sourceName: String = "JSON") throws {
        var reader = JSONReader(bytes: json, sourceName: sourceName)
        self = try reader.read()
    }

    /// Parses JSON data; see `init(json:sourceName:)` for `[UInt8]`.
    public init(json: Data, sourceName: String = "JSON") throws {
        try self.init(json: [UInt8](json), sourceName: sourceName)
    }
}
