/// Line, column and line text of a byte offset; computed only when an error is reported.
struct SourcePosition {
    let line: Int
    let column: Int
    let lineText: String

    init(source: [UInt8], offset: Int) {
        let offset = max(0, min(offset, source.count))
        var line = 1
        var lineStart = 0
        for index in 0..<offset where source[index] == UInt8(ascii: "\n") {
            line += 1
            lineStart = index + 1
        }
        var lineEnd = offset
        while lineEnd < source.count, source[lineEnd] != UInt8(ascii: "\n"), source[lineEnd] != UInt8(ascii: "\r") {
            lineEnd += 1
        }
        // Columns count scalars, not bytes: skip UTF-8 continuation bytes.
        var column = 1
        for index in lineStart..<offset where source[index] & 0xC0 != 0x80 {
            column += 1
        }
        self.line = line
        self.column = column
        self.lineText = String(decoding: source[lineStart..<lineEnd], as: UTF8.self)
    }
}
