// The Pictures module: JPEG and PNG decoding under a hard pixel limit, resizing in linear light and encoding,
// which make the avatars' smaller copies.

/// A zlib (RFC 1950) / DEFLATE (RFC 1951) decompressor.
///
/// Output is capped by the caller (a PNG knows its exact raw size), so a bomb stops at the cap instead of
/// filling memory, and a stream that never sets its final block runs out of input and is reported truncated.
enum Inflate {
    static func zlib(_ input: [UInt8], outputLimit: Int) throws(PictureError) -> [UInt8] {
        guard input.count >= 2 else { throw .truncated("zlib header") }
        let cmf = Int(input[0]), flg = Int(input[1])
        guard cmf & 0x0F == 8, (cmf << 8 | flg) % 31 == 0 else { throw .corrupt("not a zlib stream") }
        guard flg & 0x20 == 0 else { throw .unsupported("zlib preset dictionary") }
        var state = InflateState(input: input, start: 2, outputLimit: outputLimit)
        try state.run()
        let end = state.alignedPosition
        guard end + 4 <= input.count else { throw .truncated("zlib checksum") }
        let expected = UInt32(input[end]) << 24 | UInt32(input[end + 1]) << 16 | UInt32(input[end + 2]) << 8
            | UInt32(input[end + 3])
        guard adler32(state.output) == expected else { throw .badChecksum("zlib Adler-32") }
        return state.output
    }

    static func adler32(_ bytes: [UInt8]) -> UInt32 {
        var a: UInt32 = 1, b: UInt32 = 0
        var index = 0
        while index < bytes.count {
            // 5552 bytes is the longest run whose sums cannot overflow 32 bits before the modulo.
            let end = min(index + 5552, bytes.count)
            while index < end {
                a &+= UInt32(bytes[index])
                b &+= a
                index += 1
            }
            a %= 65521
            b %= 65521
        }
        return b << 16 | a
    }
}

/// A canonical Huffman code: a 10-bit lookup for short codes, the counting walk of zlib's `puff` for longer ones.
struct HuffmanTable {
    static let fastBits = 10
    /// `symbol << 4 | length`, or 0 when the code is longer than `fastBits`.
    var fast: [UInt16]
    var counts: [Int]
    var symbols: [Int]

    init(lengths: ArraySlice<UInt8>) throws(PictureError) {
        counts = Array(repeating: 0, count: 16)
        for length in lengths { counts[Int(length)] += 1 }
        counts[0] = 0
        var left = 1
        for length in 1..<16 {
            left = left * 2 - counts[length]
            guard left >= 0 else { throw .corrupt("over-subscribed Huffman code") }
        }
        var offsets = Array(repeating: 0, count: 16)
        for length in 1..<15 { offsets[length + 1] = offsets[length] + counts[length] }
        symbols = Array(repeating: 0, count: lengths.count)
        fast = Array(repeating: 0, count: 1 << Self.fastBits)
        var nextCode = Array(repeating: 0, count: 16)
        var code = 0
        for length in 1..<16 {
            code = (code + counts[length - 1]) << 1
            nextCode[length] = code
        }
        for (symbol, rawLength) in lengths.enumerated() where rawLength != 0 {
            let length = Int(rawLength)
            symbols[offsets[length]] = symbol
            offsets[length] += 1
            let assigned = nextCode[length]
            nextCode[length] += 1
            guard length <= Self.fastBits else { continue }
            var reversed = 0
            for bit in 0..<length where assigned & (1 << bit) != 0 { reversed |= 1 << (length - 1 - bit) }
            var index = reversed
            while index < 1 << Self.fastBits {
                fast[index] = UInt16(symbol << 4 | length)
                index += 1 << length
            }
        }
    }
}

struct InflateState {
    let input: [UInt8]
    var position: Int
    var bitBuffer: UInt64 = 0
    var bitCount = 0
    var output: [UInt8] = []
    let outputLimit: Int

    init(input: [UInt8], start: Int, outputLimit: Int) {
        self.input = input
        position = start
        self.outputLimit = outputLimit
        // Reserved whole: only the pages written are taken, and growing by copying would hold twice the picture.
        output.reserveCapacity(outputLimit)
    }

    /// The byte after the last one the stream used (the unused bits of a partly read byte are skipped).
    var alignedPosition: Int { position - bitCount / 8 }

    mutating func refill() {
        while bitCount <= 56 {
            let byte: UInt64
            if position < input.count {
                byte = UInt64(input[position])
            } else if position < input.count + 8 {
                // Zeros past the end let a lookup finish; `need` reports the truncation when they are used.
                byte = 0
            } else {
                return
            }
            position += 1
            bitBuffer |= byte << UInt64(bitCount)
            bitCount += 8
        }
    }

    mutating func need(_ count: Int) {
        if bitCount < count { refill() }
    }

    mutating func bits(_ count: Int) throws(PictureError) -> Int {
        if count == 0 { return 0 }
        need(count)
        let value = Int(bitBuffer & ((1 << UInt64(count)) - 1))
        bitBuffer >>= UInt64(count)
        bitCount -= count
        try checkInput()
        return value
    }

    /// Bits consumed past the real input are padding zeros: the stream was cut.
    func checkInput() throws(PictureError) {
        if position * 8 - bitCount > input.count * 8 {
            throw .truncated("zlib stream ends before its last block")
        }
    }

    mutating func decode(_ table: HuffmanTable) throws(PictureError) -> Int {
        if bitCount < 15 { refill() }
        let entry = Int(table.fast[Int(bitBuffer & UInt64((1 << HuffmanTable.fastBits) - 1))])
        if entry != 0 {
            let length = entry & 15
            bitBuffer >>= UInt64(length)
            bitCount -= length
            try checkInput()
            return entry >> 4
        }
        var code = 0, first = 0, index = 0
        for length in 1..<16 {
            code |= Int(bitBuffer & 1)
            bitBuffer >>= 1
            bitCount -= 1
            let count = table.counts[length]
            if code - count < first {
                try checkInput()
                return table.symbols[index + (code - first)]
            }
            index += count
            first = (first + count) << 1
            code <<= 1
        }
        throw .corrupt("invalid Huffman code in zlib stream")
    }

    static let lengthBase = [3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115,
                             131, 163, 195, 227, 258]
    static let lengthExtra = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0]
    static let distanceBase = [1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025,
                               1537, 2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577]
    static let distanceExtra = [0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12,
                                12, 13, 13]
    static let fixedLiterals: HuffmanTable = {
        var lengths = [UInt8](repeating: 8, count: 288)
        for index in 144..<256 { lengths[index] = 9 }
        for index in 256..<280 { lengths[index] = 7 }
        // The fixed code is complete by construction, so building it cannot fail.
        return (try? HuffmanTable(lengths: lengths[...])) ?? HuffmanTable.empty
    }()
    static let fixedDistances: HuffmanTable = {
        (try? HuffmanTable(lengths: [UInt8](repeating: 5, count: 30)[...])) ?? HuffmanTable.empty
    }()

    mutating func run() throws(PictureError) {
        var last = false
        while !last {
            last = try bits(1) == 1
            switch try bits(2) {
            case 0: try stored()
            case 1: try compressed(literals: Self.fixedLiterals, distances: Self.fixedDistances)
            case 2:
                let (literals, distances) = try dynamicTables()
                try compressed(literals: literals, distances: distances)
            default: throw .corrupt("reserved DEFLATE block type")
            }
        }
    }

    mutating func stored() throws(PictureError) {
        _ = try bits(bitCount % 8)
        let length = try bits(16)
        let complement = try bits(16)
        guard length == ~complement & 0xFFFF else { throw .corrupt("stored block length mismatch") }
        for _ in 0..<length {
            try append(UInt8(try bits(8)))
        }
    }

    mutating func append(_ byte: UInt8) throws(PictureError) {
        guard output.count < outputLimit else { throw .corrupt("zlib stream inflates past the picture's size") }
        output.append(byte)
    }

    mutating func dynamicTables() throws(PictureError) -> (HuffmanTable, HuffmanTable) {
        let literalCount = try bits(5) + 257
        let distanceCount = try bits(5) + 1
        let codeCount = try bits(4) + 4
        guard literalCount <= 286, distanceCount <= 30 else { throw .corrupt("bad DEFLATE code counts") }
        let order = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]
        var codeLengths = [UInt8](repeating: 0, count: 19)
        for index in 0..<codeCount { codeLengths[order[index]] = UInt8(try bits(3)) }
        let codeTable = try HuffmanTable(lengths: codeLengths[...])
        var lengths = [UInt8]()
        lengths.reserveCapacity(literalCount + distanceCount)
        while lengths.count < literalCount + distanceCount {
            let symbol = try decode(codeTable)
            switch symbol {
            case 0..<16: lengths.append(UInt8(symbol))
            case 16:
                guard let previous = lengths.last else { throw .corrupt("DEFLATE repeat with nothing before it") }
                lengths.append(contentsOf: repeatElement(previous, count: 3 + (try bits(2))))
            case 17: lengths.append(contentsOf: repeatElement(0, count: 3 + (try bits(3))))
            default: lengths.append(contentsOf: repeatElement(0, count: 11 + (try bits(7))))
            }
        }
        guard lengths.count == literalCount + distanceCount else { throw .corrupt("DEFLATE code lengths overrun") }
        guard lengths[256] != 0 else { throw .corrupt("DEFLATE code without an end of block") }
        return (try HuffmanTable(lengths: lengths[0..<literalCount]),
                try HuffmanTable(lengths: lengths[literalCount...]))
    }

    mutating func compressed(literals: HuffmanTable, distances: HuffmanTable) throws(PictureError) {
        while true {
            let symbol = try decode(literals)
            if symbol < 256 {
                try append(UInt8(symbol))
                continue
            }
            if symbol == 256 { return }
            let lengthIndex = symbol - 257
            guard lengthIndex < 29 else { throw .corrupt("bad DEFLATE length code") }
            let length = Self.lengthBase[lengthIndex] + (try bits(Self.lengthExtra[lengthIndex]))
            let distanceSymbol = try decode(distances)
            guard distanceSymbol < 30 else { throw .corrupt("bad DEFLATE distance code") }
            let distance = Self.distanceBase[distanceSymbol] + (try bits(Self.distanceExtra[distanceSymbol]))
            guard distance <= output.count else { throw .corrupt("DEFLATE distance before the start") }
            guard output.count + length <= outputLimit else {
                throw .corrupt("zlib stream inflates past the picture's size")
            }
            let start = output.count - distance
            for offset in 0..<length { output.append(output[start + offset]) }
        }
    }
}

extension HuffmanTable {
    static let empty = HuffmanTable(fast: [UInt16](repeating: 0, count: 1 << fastBits), counts: [Int](repeating: 0, count: 16), symbols: [])

    private init(fast: [UInt16], counts: [Int], symbols: [Int]) {
        self.fast = fast
        self.counts = counts
        self.symbols = symbols
    }
}
