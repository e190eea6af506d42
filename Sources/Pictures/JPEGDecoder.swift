/// JPEG decoding: baseline and progressive Huffman-coded DCT, 8-bit, one (greyscale) or three components with
/// any sampling factors, restart markers. Pixels follow libjpeg's: its integer inverse DCT, its "fancy"
/// triangular upsampling of 2:1 chroma and its YCbCr conversion.
struct JPEGDecoder {
    struct Component {
        var id: UInt8
        var horizontal: Int
        var vertical: Int
        var quantTable: Int
        var blocksPerLine = 0
        var blocksPerColumn = 0
        /// Where this component's blocks start in `coefficients`.
        var offset = 0
        var predictor = 0
        var dcTable = 0
        var acTable = 0
    }

    let bytes: [UInt8]
    let limits: PictureLimits
    /// The shorter side the output must keep at least: a larger picture is decoded at 1/2, 1/4 or 1/8 of its size
    /// (`scale`), each block's inverse DCT reduced to its lowest 4 × 4, 2 × 2 or 1 × 1 frequencies.
    let minimumSide: Int
    var scale = 1
    /// The coefficients kept for each block: all 64, or in a baseline picture decoded at reduced scale only
    /// the lowest (8 / scale)², the others dropped as they are read. A progressive picture keeps all 64 (its
    /// refinement scans read correction bits for every coefficient already seen), so its budget is larger.
    var blockSize = 64
    /// Where the coefficient at each zig-zag position goes within a block's stored coefficients, -1 if dropped.
    var placement = zigzag
    var coefficientCount = 0
    var position = 2
    var width = 0, height = 0
    var progressive = false
    var frameSeen = false
    var components: [Component] = []
    /// Every component's blocks, 64 coefficients each in natural (row-major) order, before dequantization. One
    /// buffer, so a scan can borrow it whole without copying.
    var coefficients: [Int16] = []
    var quantTables = [[UInt16]](repeating: [], count: 4)
    var dcTables = [JPEGHuffman?](repeating: nil, count: 4)
    var acTables = [JPEGHuffman?](repeating: nil, count: 4)
    var restartInterval = 0
    var adobeTransform: Int?
    var maxHorizontal = 1, maxVertical = 1
    var mcusPerLine = 0, mcusPerColumn = 0
    var eobRun = 0

    static let zigzag: [Int] = [
        0, 1, 8, 16, 9, 2, 3, 10, 17, 24, 32, 25, 18, 11, 4, 5, 12, 19, 26, 33, 40, 48, 41, 34, 27, 20, 13, 6, 7, 14,
        21, 28, 35, 42, 49, 56, 57, 50, 43, 36, 29, 22, 15, 23, 30, 37, 44, 51, 58, 59, 52, 45, 38, 31, 39, 46, 53,
        60, 61, 54, 47, 55, 62, 63,
        // A corrupt refinement may step one past the end; it lands here, harmlessly.
        63,
    ]

    static func decode(_ bytes: [UInt8], limits: PictureLimits, minimumSide: Int = 0) throws(PictureError) -> Picture {
        var decoder = JPEGDecoder(bytes: bytes, limits: limits, minimumSide: minimumSide)
        try decoder.readMarkers()
        return try decoder.output()
    }

    /// The picture's size once decoded and the most memory decoding takes, from the markers before the frame.
    static func footprint(_ bytes: [UInt8], limits: PictureLimits, minimumSide: Int)
        -> (width: Int, height: Int, decoding: Int)? {
        var decoder = JPEGDecoder(bytes: bytes, limits: limits, minimumSide: minimumSide)
        guard (try? decoder.readMarkers(frameOnly: true)) != nil, decoder.frameSeen else { return nil }
        let side = 8 / decoder.scale
        let width = decoder.outputWidth, height = decoder.outputHeight
        // The coefficients (2 bytes each), then beside them each component's samples at block size and at full
        // size, and the RGBA picture.
        let planes = decoder.components.reduce(0) { $0 + $1.blocksPerLine * $1.blocksPerColumn * side * side }
        let output = planes + decoder.components.count * width * height + width * height * 4
        return (width, height, decoder.coefficientCount * 2 + output)
    }

    init(bytes: [UInt8], limits: PictureLimits, minimumSide: Int = 0) {
        self.bytes = bytes
        self.limits = limits
        self.minimumSide = minimumSide
    }

    var outputWidth: Int { (width + scale - 1) / scale }
    var outputHeight: Int { (height + scale - 1) / scale }

    mutating func readUInt16() throws(PictureError) -> Int {
        guard position + 2 <= bytes.count else { throw .truncated("JPEG ends inside a marker segment") }
        defer { position += 2 }
        return Int(bytes[position]) << 8 | Int(bytes[position + 1])
    }

    mutating func segment() throws(PictureError) -> ArraySlice<UInt8> {
        let length = try readUInt16()
        guard length >= 2 else { throw .corrupt("JPEG segment length \(length)") }
        guard position + length - 2 <= bytes.count else { throw .truncated("JPEG ends inside a marker segment") }
        defer { position += length - 2 }
        return bytes[position..<(position + length - 2)]
    }

    /// Reads the picture; with `frameOnly`, only as far as the frame header, allocating nothing.
    mutating func readMarkers(frameOnly: Bool = false) throws(PictureError) {
        while true {
            guard position < bytes.count else { throw .truncated("JPEG ends before its end marker") }
            guard bytes[position] == 0xFF else {
                throw .corrupt("expected a JPEG marker at byte \(position), found 0x\(String(bytes[position], radix: 16))")
            }
            while position < bytes.count && bytes[position] == 0xFF { position += 1 }
            guard position < bytes.count else { throw .truncated("JPEG ends before its end marker") }
            let marker = bytes[position]
            position += 1
            switch marker {
            case 0xD9:
                guard frameSeen else { throw .corrupt("JPEG without a frame") }
                return
            case 0xC0, 0xC1, 0xC2:
                try readFrame(try segment(), progressive: marker == 0xC2)
                if frameOnly { return }
                coefficients = [Int16](repeating: 0, count: coefficientCount)
            case 0xC4: try readHuffmanTables(try segment())
            case 0xDB: try readQuantTables(try segment())
            case 0xDD:
                let data = try segment()
                guard data.count >= 2 else { throw .corrupt("JPEG DRI segment too short") }
                restartInterval = Int(data[data.startIndex]) << 8 | Int(data[data.startIndex + 1])
            case 0xDA: try readScan(try segment())
            case 0xEE:
                let data = Array(try segment())
                if data.count >= 12, data.starts(with: Array("Adobe".utf8)) { adobeTransform = Int(data[11]) }
            case 0xD0...0xD7, 0x01: continue
            case 0xC3, 0xC5...0xC7, 0xC9...0xCB, 0xCD...0xCF:
                throw .unsupported("JPEG process marker 0x\(String(marker, radix: 16)) (lossless or arithmetic coding)")
            case 0xD8: throw .corrupt("JPEG start marker inside the picture")
            case 0xE0...0xEF, 0xFE, 0xCC, 0xDC, 0xDE, 0xDF, 0xF0...0xFD: _ = try segment()
            default: throw .corrupt("unknown JPEG marker 0x\(String(marker, radix: 16))")
            }
        }
    }

    mutating func readFrame(_ data: ArraySlice<UInt8>, progressive: Bool) throws(PictureError) {
        guard !frameSeen else { throw .corrupt("JPEG with two frames") }
        let bytes = Array(data)
        guard bytes.count >= 6 else { throw .badHeader("JPEG frame header too short") }
        guard bytes[0] == 8 else { throw .unsupported("JPEG of \(bytes[0]) bits a sample") }
        height = Int(bytes[1]) << 8 | Int(bytes[2])
        width = Int(bytes[3]) << 8 | Int(bytes[4])
        guard height > 0 else { throw .unsupported("JPEG whose height comes after the data (DNL)") }
        try limits.check(width: width, height: height)
        let count = Int(bytes[5])
        guard count == 1 || count == 3 else { throw .unsupported("JPEG with \(count) components") }
        guard bytes.count >= 6 + count * 3 else { throw .badHeader("JPEG frame header too short") }
        for index in 0..<count {
            let sampling = bytes[7 + index * 3]
            let horizontal = Int(sampling >> 4), vertical = Int(sampling & 15)
            guard (1...4).contains(horizontal), (1...4).contains(vertical) else {
                throw .badHeader("JPEG sampling factors \(horizontal)×\(vertical)")
            }
            let table = Int(bytes[8 + index * 3])
            guard table < 4 else { throw .badHeader("JPEG quantization table \(table)") }
            components.append(Component(id: bytes[6 + index * 3], horizontal: horizontal, vertical: vertical,
                                        quantTable: table))
        }
        maxHorizontal = components.map(\.horizontal).max() ?? 1
        maxVertical = components.map(\.vertical).max() ?? 1
        mcusPerLine = (width + 8 * maxHorizontal - 1) / (8 * maxHorizontal)
        mcusPerColumn = (height + 8 * maxVertical - 1) / (8 * maxVertical)
        var total = 0
        for index in components.indices {
            components[index].blocksPerLine = mcusPerLine * components[index].horizontal
            components[index].blocksPerColumn = mcusPerColumn * components[index].vertical
            components[index].offset = total
            total += components[index].blocksPerLine * components[index].blocksPerColumn * 64
        }
        // Sampling factors multiply the blocks; bound them as the pixels are bounded.
        guard total <= limits.maxPixels * 3 * 4 + 4096 * 64 else {
            throw .tooLarge(width: width, height: height, maxPixels: limits.maxPixels)
        }
        if minimumSide > 0 {
            let shorter = min(width, height)
            scale = [8, 4, 2].first { (shorter + $0 - 1) / $0 >= minimumSide } ?? 1
        }
        if scale > 1 && !progressive {
            let side = 8 / scale
            blockSize = side * side
            placement = Self.zigzag.map { $0 / 8 < side && $0 % 8 < side ? $0 / 8 * side + $0 % 8 : -1 }
            for index in components.indices { components[index].offset = components[index].offset / 64 * blockSize }
        }
        coefficientCount = total / 64 * blockSize
        self.progressive = progressive
        frameSeen = true
    }

    mutating func readHuffmanTables(_ data: ArraySlice<UInt8>) throws(PictureError) {
        var index = data.startIndex
        while index < data.endIndex {
            guard index + 17 <= data.endIndex else { throw .corrupt("JPEG Huffman table too short") }
            let kind = data[index] >> 4, slot = Int(data[index] & 15)
            guard kind <= 1, slot < 4 else { throw .corrupt("JPEG Huffman table class \(kind) slot \(slot)") }
            let counts = (0..<16).map { Int(data[index + 1 + $0]) }
            let total = counts.reduce(0, +)
            guard total <= 256, index + 17 + total <= data.endIndex else { throw .corrupt("JPEG Huffman table too short") }
            let table = try JPEGHuffman(counts: counts, symbols: Array(data[(index + 17)..<(index + 17 + total)]))
            if kind == 0 { dcTables[slot] = table } else { acTables[slot] = table }
            index += 17 + total
        }
    }

    mutating func readQuantTables(_ data: ArraySlice<UInt8>) throws(PictureError) {
        var index = data.startIndex
        while index < data.endIndex {
            let precision = Int(data[index] >> 4), slot = Int(data[index] & 15)
            guard precision <= 1, slot < 4 else { throw .corrupt("JPEG quantization table \(slot) precision \(precision)") }
            let size = precision == 0 ? 64 : 128
            guard index + 1 + size <= data.endIndex else { throw .corrupt("JPEG quantization table too short") }
            var table = [UInt16](repeating: 0, count: 64)
            for k in 0..<64 {
                let value = precision == 0 ? UInt16(data[index + 1 + k])
                    : UInt16(data[index + 1 + 2 * k]) << 8 | UInt16(data[index + 2 + 2 * k])
                table[Self.zigzag[k]] = value
            }
            quantTables[slot] = table
            index += 1 + size
        }
    }

    mutating func readScan(_ data: ArraySlice<UInt8>) throws(PictureError) {
        guard frameSeen else { throw .corrupt("JPEG scan before its frame") }
        let header = Array(data)
        guard let count = header.first.map(Int.init), (1...4).contains(count), header.count >= 4 + 2 * count else {
            throw .corrupt("JPEG scan header")
        }
        var scanComponents: [Int] = []
        for index in 0..<count {
            let id = header[1 + index * 2], tables = header[2 + index * 2]
            guard let component = components.firstIndex(where: { $0.id == id }) else {
                throw .corrupt("JPEG scan names component \(id), which the frame does not have")
            }
            components[component].dcTable = Int(tables >> 4) & 3
            components[component].acTable = Int(tables & 15) & 3
            scanComponents.append(component)
        }
        let start = Int(header[1 + 2 * count]), end = Int(header[2 + 2 * count])
        let successive = header[3 + 2 * count]
        let high = Int(successive >> 4), low = Int(successive & 15)
        if progressive {
            guard start <= end, end <= 63, start > 0 || end == 0, start == 0 || count == 1, low <= 13 else {
                throw .corrupt("JPEG progressive scan \(start)…\(end)")
            }
        }
        var scan = JPEGScan(start: progressive ? start : 0, end: progressive ? end : 63,
                            high: progressive ? high : 0, low: progressive ? low : 0, progressive: progressive)
        for component in scanComponents {
            let first = scan.start == 0, table = first ? components[component].dcTable : components[component].acTable
            if first && (scan.high == 0 || !progressive) && dcTables[table] == nil {
                throw .corrupt("JPEG scan uses a missing DC Huffman table")
            }
            if (!progressive || scan.start > 0) && acTables[components[component].acTable] == nil {
                throw .corrupt("JPEG scan uses a missing AC Huffman table")
            }
        }
        var reader = JPEGBitReader(bytes: bytes, position: position)
        var storage = coefficients
        coefficients = []
        defer { coefficients = storage }
        let placement = self.placement
        try storage.withUnsafeMutableBufferPointer { (all) throws(PictureError) in
            try placement.withUnsafeBufferPointer { (placement) throws(PictureError) in
                try decodeScan(scanComponents, &scan, &reader, all, placement)
            }
        }
        // The entropy-coded data ends at the next marker that is not a restart marker.
        position = reader.markerPosition ?? reader.position
        while position + 1 < bytes.count {
            if bytes[position] == 0xFF, bytes[position + 1] != 0, !(0xD0...0xD7).contains(bytes[position + 1]) { break }
            position += 1
        }
        if position + 1 >= bytes.count { throw .truncated("JPEG ends inside its scan data") }
    }

    mutating func decodeScan(_ scanComponents: [Int], _ scan: inout JPEGScan, _ reader: inout JPEGBitReader,
                             _ all: UnsafeMutableBufferPointer<Int16>, _ placement: UnsafeBufferPointer<Int>)
        throws(PictureError) {
        for component in scanComponents { components[component].predictor = 0 }
        eobRun = 0
        let single = scanComponents.count == 1
        let units: Int
        var singleBlocksPerLine = 0
        if single {
            let component = components[scanComponents[0]]
            let componentWidth = (width * component.horizontal + maxHorizontal - 1) / maxHorizontal
            let componentHeight = (height * component.vertical + maxVertical - 1) / maxVertical
            singleBlocksPerLine = (componentWidth + 7) / 8
            units = singleBlocksPerLine * ((componentHeight + 7) / 8)
        } else {
            units = mcusPerLine * mcusPerColumn
        }
        for unit in 0..<units {
            if restartInterval > 0 && unit > 0 && unit % restartInterval == 0 {
                guard reader.restart() else { return }
                for component in scanComponents { components[component].predictor = 0 }
                eobRun = 0
            }
            if single {
                let index = scanComponents[0]
                let block = (unit / singleBlocksPerLine) * components[index].blocksPerLine + unit % singleBlocksPerLine
                try decodeBlock(index, block, &scan, &reader, all, placement)
            } else {
                let row = unit / mcusPerLine, column = unit % mcusPerLine
                for index in scanComponents {
                    let component = components[index]
                    for v in 0..<component.vertical {
                        for h in 0..<component.horizontal {
                            let block = (row * component.vertical + v) * component.blocksPerLine
                                + column * component.horizontal + h
                            try decodeBlock(index, block, &scan, &reader, all, placement)
                        }
                    }
                }
            }
        }
    }

    mutating func decodeBlock(_ index: Int, _ block: Int, _ scan: inout JPEGScan, _ reader: inout JPEGBitReader,
                              _ all: UnsafeMutableBufferPointer<Int16>, _ placement: UnsafeBufferPointer<Int>)
        throws(PictureError) {
        let dc = dcTables[components[index].dcTable], ac = acTables[components[index].acTable]
        var predictor = components[index].predictor
        var run = eobRun
        let start = components[index].offset + block * blockSize
        do {
            let coefficients = UnsafeMutableBufferPointer(rebasing: all[start..<(start + blockSize)])
            if !scan.progressive {
                try Self.decodeBaseline(coefficients, dc: dc, ac: ac, predictor: &predictor, &reader, placement)
            } else if scan.start == 0 {
                if scan.high == 0 {
                    let symbol = try reader.decode(dc)
                    let difference = symbol == 0 ? 0 : try reader.receiveExtend(symbol)
                    predictor &+= difference
                    coefficients[0] = Int16(truncatingIfNeeded: predictor << scan.low)
                } else if try reader.bit() {
                    coefficients[0] |= Int16(truncatingIfNeeded: 1 << scan.low)
                }
            } else if scan.high == 0 {
                try Self.decodeACFirst(coefficients, ac: ac, scan: scan, run: &run, &reader)
            } else {
                try Self.decodeACRefine(coefficients, ac: ac, scan: scan, run: &run, &reader)
            }
        }
        components[index].predictor = predictor
        eobRun = run
    }

    static func decodeBaseline(_ block: UnsafeMutableBufferPointer<Int16>, dc: JPEGHuffman?, ac: JPEGHuffman?,
                               predictor: inout Int, _ reader: inout JPEGBitReader, _ placement: UnsafeBufferPointer<Int>)
        throws(PictureError) {
        let symbol = try reader.decode(dc)
        if symbol != 0 { predictor &+= try reader.receiveExtend(symbol) }
        block[0] = Int16(truncatingIfNeeded: predictor)
        var k = 1
        while k < 64 {
            let value = try reader.decode(ac)
            let size = value & 15, skip = value >> 4
            if size == 0 {
                if skip < 15 { return }
                k += 16
                continue
            }
            k += skip
            guard k < 64 else { throw .corrupt("JPEG coefficient past the end of a block") }
            let coefficient = Int16(truncatingIfNeeded: try reader.receiveExtend(size))
            if placement[k] >= 0 { block[placement[k]] = coefficient }
            k += 1
        }
    }

    static func decodeACFirst(_ block: UnsafeMutableBufferPointer<Int16>, ac: JPEGHuffman?, scan: JPEGScan,
                              run: inout Int, _ reader: inout JPEGBitReader) throws(PictureError) {
        if run > 0 {
            run -= 1
            return
        }
        var k = scan.start
        while k <= scan.end {
            let value = try reader.decode(ac)
            let size = value & 15, skip = value >> 4
            if size == 0 {
                if skip < 15 {
                    run = (1 << skip) - 1 + (try reader.bits(skip))
                    return
                }
                k += 16
                continue
            }
            k += skip
            guard k <= scan.end else { throw .corrupt("JPEG coefficient past the end of a scan's band") }
            block[zigzag[k]] = Int16(truncatingIfNeeded: (try reader.receiveExtend(size)) * (1 << scan.low))
            k += 1
        }
    }

    static func decodeACRefine(_ block: UnsafeMutableBufferPointer<Int16>, ac: JPEGHuffman?, scan: JPEGScan,
                               run: inout Int, _ reader: inout JPEGBitReader) throws(PictureError) {
        let plus = Int16(truncatingIfNeeded: 1 << scan.low), minus = Int16(truncatingIfNeeded: -1 << scan.low)
        var k = scan.start
        if run == 0 {
            while k <= scan.end {
                let value = try reader.decode(ac)
                let size = value & 15
                var skip = value >> 4
                var coefficient: Int16 = 0
                if size != 0 {
                    coefficient = try reader.bit() ? plus : minus
                } else if skip != 15 {
                    run = 1 << skip
                    if skip > 0 { run += try reader.bits(skip) }
                    break
                }
                while k <= scan.end {
                    let z = zigzag[k]
                    if block[z] != 0 {
                        if try reader.bit(), block[z] & plus == 0 { block[z] &+= block[z] >= 0 ? plus : minus }
                    } else {
                        if skip == 0 { break }
                        skip -= 1
                    }
                    k += 1
                }
                if coefficient != 0, k <= scan.end { block[zigzag[k]] = coefficient }
                k += 1
            }
        }
        if run > 0 {
            while k <= scan.end {
                let z = zigzag[k]
                if block[z] != 0, try reader.bit(), block[z] & plus == 0 { block[z] &+= block[z] >= 0 ? plus : minus }
                k += 1
            }
            run -= 1
        }
    }
}

struct JPEGScan {
    var start: Int
    var end: Int
    var high: Int
    var low: Int
    var progressive: Bool
}

/// A JPEG Huffman table: a 9-bit lookup, and libjpeg's `maxcode` walk for longer codes.
struct JPEGHuffman: Sendable {
    static let fastBits = 9
    /// `symbol << 8 | length`, or `UInt16.max` for a code longer than `fastBits`.
    var fast: [UInt16]
    var maxCode: [Int]
    var offset: [Int]
    var symbols: [UInt8]

    init(counts: [Int], symbols: [UInt8]) throws(PictureError) {
        self.symbols = symbols
        fast = [UInt16](repeating: UInt16.max, count: 1 << Self.fastBits)
        maxCode = [Int](repeating: -1, count: 18)
        offset = [Int](repeating: 0, count: 18)
        var code = 0, index = 0
        for length in 1...16 {
            offset[length] = index - code
            for _ in 0..<counts[length - 1] {
                guard code < 1 << length else { throw .corrupt("JPEG Huffman table over-subscribed") }
                if length <= Self.fastBits {
                    let shift = Self.fastBits - length
                    for fill in 0..<(1 << shift) { fast[code << shift | fill] = UInt16(symbols[index]) << 8 | UInt16(length) }
                }
                code += 1
                index += 1
            }
            maxCode[length] = counts[length - 1] == 0 ? -1 : code - 1
            code <<= 1
        }
        maxCode[17] = Int.max
    }
}

/// Reads entropy-coded bits, removing stuffed zero bytes; at a marker it stops and feeds zeros, as libjpeg does,
/// so a cut scan decodes to grey instead of reading other segments as data.
struct JPEGBitReader {
    let bytes: [UInt8]
    var position: Int
    var buffer: UInt64 = 0
    var count = 0
    var markerPosition: Int?
    var zerosFed = 0

    init(bytes: [UInt8], position: Int) {
        self.bytes = bytes
        self.position = position
    }

    mutating func fill() {
        while count <= 56 {
            var byte: UInt64 = 0
            if markerPosition == nil && position < bytes.count {
                let value = bytes[position]
                if value == 0xFF {
                    let next = position + 1 < bytes.count ? bytes[position + 1] : 0xD9
                    if next == 0 {
                        position += 2
                        byte = 0xFF
                    } else {
                        markerPosition = position
                        zerosFed += 1
                    }
                } else {
                    position += 1
                    byte = UInt64(value)
                }
            } else {
                if markerPosition == nil { markerPosition = position }
                zerosFed += 1
            }
            buffer |= byte << UInt64(56 - count)
            count += 8
        }
    }

    mutating func decode(_ table: JPEGHuffman?) throws(PictureError) -> Int {
        guard let table else { throw .corrupt("JPEG scan uses a missing Huffman table") }
        if count < 16 { fill() }
        let entry = table.fast[Int(buffer >> UInt64(64 - JPEGHuffman.fastBits))]
        if entry != UInt16.max {
            let length = Int(entry & 0xFF)
            buffer <<= UInt64(length)
            count -= length
            return Int(entry >> 8)
        }
        var length = JPEGHuffman.fastBits + 1
        var code = Int(buffer >> UInt64(64 - length))
        while code > table.maxCode[length] {
            length += 1
            code = Int(buffer >> UInt64(64 - length))
        }
        guard length <= 16 else { throw .corrupt("invalid JPEG Huffman code") }
        buffer <<= UInt64(length)
        count -= length
        let index = table.offset[length] + code
        guard index >= 0, index < table.symbols.count else { throw .corrupt("invalid JPEG Huffman code") }
        return Int(table.symbols[index])
    }

    mutating func bits(_ wanted: Int) throws(PictureError) -> Int {
        if wanted == 0 { return 0 }
        guard wanted <= 16 else { throw .corrupt("JPEG value of \(wanted) bits") }
        if count < wanted { fill() }
        let value = Int(buffer >> UInt64(64 - wanted))
        buffer <<= UInt64(wanted)
        count -= wanted
        return value
    }

    mutating func bit() throws(PictureError) -> Bool { try bits(1) == 1 }

    mutating func receiveExtend(_ size: Int) throws(PictureError) -> Int {
        let value = try bits(size)
        return value < 1 << (size - 1) ? value - (1 << size) + 1 : value
    }

    /// Drops the bits left before a restart marker and steps over it; false when another marker (or the end)
    /// comes instead, which ends the scan.
    mutating func restart() -> Bool {
        buffer = 0
        count = 0
        var at = markerPosition ?? position
        // Bytes before the marker are padding a broken encoder left; libjpeg skips them too.
        while at + 1 < bytes.count && !(bytes[at] == 0xFF && bytes[at + 1] != 0 && bytes[at + 1] != 0xFF) { at += 1 }
        guard at + 1 < bytes.count, (0xD0...0xD7).contains(bytes[at + 1]) else {
            markerPosition = at
            return false
        }
        position = at + 2
        markerPosition = nil
        return true
    }
}
