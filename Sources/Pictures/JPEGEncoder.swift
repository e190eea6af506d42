/// A baseline JPEG encoder: YCbCr 4:2:0, the standard's example Huffman tables (Annex K), quality scaled as libjpeg
/// scales its tables, the floating-point AAN forward DCT.
public enum JPEGEncoder {
    public static func encode(_ picture: Picture, quality: Int = 82) -> [UInt8] {
        encode(picture, quality: quality, restartInterval: 0)
    }

    /// With `restartInterval` MCUs between restart markers (0: none), which only the tests ask for.
    static func encode(_ picture: Picture, quality: Int, restartInterval: Int) -> [UInt8] {
        var writer = JPEGWriter()
        let luma = scaledTable(lumaBase, quality: quality), chroma = scaledTable(chromaBase, quality: quality)
        writer.header(width: picture.width, height: picture.height, luma: luma, chroma: chroma,
                      restartInterval: restartInterval)
        let lumaDivisors = divisors(luma), chromaDivisors = divisors(chroma)
        let width = picture.width, height = picture.height
        let mcusX = (width + 15) / 16, mcusY = (height + 15) / 16
        var y = [Float](repeating: 0, count: 64 * 4), cb = [Float](repeating: 0, count: 64)
        var cr = [Float](repeating: 0, count: 64)
        var predictors = (0, 0, 0)
        picture.pixels.withUnsafeBufferPointer { pixels in
            for mcuY in 0..<mcusY {
                for mcuX in 0..<mcusX {
                    let mcu = mcuY * mcusX + mcuX
                    if restartInterval > 0 && mcu > 0 && mcu % restartInterval == 0 {
                        writer.restart(UInt8((mcu / restartInterval - 1) % 8))
                        predictors = (0, 0, 0)
                    }
                    for index in 0..<64 {
                        cb[index] = 0
                        cr[index] = 0
                    }
                    // Edge pixels repeat past the picture so the padding costs few bits and leaves no seam.
                    for row in 0..<16 {
                        let sourceY = min(mcuY * 16 + row, height - 1)
                        for column in 0..<16 {
                            let sourceX = min(mcuX * 16 + column, width - 1)
                            let offset = (sourceY * width + sourceX) * 4
                            let (r, g, b) = (Float(pixels[offset]), Float(pixels[offset + 1]), Float(pixels[offset + 2]))
                            let block = (row / 8) * 2 + column / 8
                            y[block * 64 + (row % 8) * 8 + column % 8] = 0.299 * r + 0.587 * g + 0.114 * b - 128
                            let chromaIndex = (row / 2) * 8 + column / 2
                            cb[chromaIndex] += (-0.168_736 * r - 0.331_264 * g + 0.5 * b) / 4
                            cr[chromaIndex] += (0.5 * r - 0.418_688 * g - 0.081_312 * b) / 4
                        }
                    }
                    y.withUnsafeMutableBufferPointer { y in
                        for block in 0..<4 {
                            writer.block(UnsafeMutableBufferPointer(rebasing: y[(block * 64)..<(block * 64 + 64)]),
                                         divisors: lumaDivisors, predictor: &predictors.0, dc: .lumaDC, ac: .lumaAC)
                        }
                    }
                    cb.withUnsafeMutableBufferPointer { cb in
                        writer.block(cb, divisors: chromaDivisors, predictor: &predictors.1, dc: .chromaDC, ac: .chromaAC)
                    }
                    cr.withUnsafeMutableBufferPointer { cr in
                        writer.block(cr, divisors: chromaDivisors, predictor: &predictors.2, dc: .chromaDC, ac: .chromaAC)
                    }
                }
            }
        }
        writer.finish()
        return writer.bytes
    }

    static let lumaBase: [Int] = [
        16, 11, 10, 16, 24, 40, 51, 61, 12, 12, 14, 19, 26, 58, 60, 55, 14, 13, 16, 24, 40, 57, 69, 56,
        14, 17, 22, 29, 51, 87, 80, 62, 18, 22, 37, 56, 68, 109, 103, 77, 24, 35, 55, 64, 81, 104, 113, 92,
        49, 64, 78, 87, 103, 121, 120, 101, 72, 92, 95, 98, 112, 100, 103, 99,
    ]
    static let chromaBase: [Int] = [
        17, 18, 24, 47, 99, 99, 99, 99, 18, 21, 26, 66, 99, 99, 99, 99, 24, 26, 56, 99, 99, 99, 99, 99,
        47, 66, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99,
        99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99,
    ]

    /// libjpeg's `jpeg_quality_scaling`; the table stays in natural order.
    static func scaledTable(_ base: [Int], quality: Int) -> [Int] {
        let quality = min(max(quality, 1), 100)
        let scale = quality < 50 ? 5000 / quality : 200 - quality * 2
        return base.map { min(max(($0 * scale + 50) / 100, 1), 255) }
    }

    static let aanScale: [Float] = [1.0, 1.387_039_845, 1.306_562_965, 1.175_875_602, 1.0, 0.785_694_958, 0.541_196_100,
                                    0.275_899_379]

    /// The AAN transform leaves each output scaled; folding that into the quantizer makes one multiply a coefficient.
    static func divisors(_ table: [Int]) -> [Float] {
        (0..<64).map { index in 1 / (Float(table[index]) * aanScale[index / 8] * aanScale[index % 8] * 8) }
    }
}

struct JPEGWriter {
    var bytes: [UInt8] = []
    var bitBuffer: UInt32 = 0
    var bitCount = 0
    /// One block's quantized coefficients in zigzag order, kept to spare an allocation a block.
    var quantized = [Int](repeating: 0, count: 64)

    init() { bytes.reserveCapacity(8192) }

    mutating func marker(_ code: UInt8, _ payload: [UInt8]) {
        bytes += [0xFF, code, UInt8((payload.count + 2) >> 8), UInt8((payload.count + 2) & 0xFF)]
        bytes += payload
    }

    mutating func header(width: Int, height: Int, luma: [Int], chroma: [Int], restartInterval: Int) {
        bytes += [0xFF, 0xD8]
        marker(0xE0, Array("JFIF".utf8) + [0, 1, 1, 0, 0, 1, 0, 1, 0, 0])
        marker(0xDB, [0] + JPEGDecoder.zigzag.prefix(64).map { UInt8(luma[$0]) }
            + [1] + JPEGDecoder.zigzag.prefix(64).map { UInt8(chroma[$0]) })
        marker(0xC0, [8, UInt8(height >> 8), UInt8(height & 0xFF), UInt8(width >> 8), UInt8(width & 0xFF), 3,
                      1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1])
        var tables: [UInt8] = []
        for (slot, spec) in [(0x00, HuffmanSpec.lumaDC), (0x10, .lumaAC), (0x01, .chromaDC), (0x11, .chromaAC)] {
            tables += [UInt8(slot)] + spec.counts.map(UInt8.init) + spec.symbols
        }
        marker(0xC4, tables)
        if restartInterval > 0 { marker(0xDD, [UInt8(restartInterval >> 8), UInt8(restartInterval & 0xFF)]) }
        marker(0xDA, [3, 1, 0x00, 2, 0x11, 3, 0x11, 0, 63, 0])
    }

    mutating func write(_ code: Int, _ length: Int) {
        bitBuffer = bitBuffer << UInt32(length) | UInt32(code & ((1 << length) - 1))
        bitCount += length
        while bitCount >= 8 {
            let byte = UInt8(truncatingIfNeeded: bitBuffer >> UInt32(bitCount - 8))
            bytes.append(byte)
            // A 0xFF in entropy-coded data is followed by a stuffed zero so it is not read as a marker.
            if byte == 0xFF { bytes.append(0) }
            bitCount -= 8
        }
    }

    mutating func finish() {
        if bitCount > 0 { write(0x7F, 8 - bitCount) }
        bytes += [0xFF, 0xD9]
    }

    mutating func restart(_ number: UInt8) {
        if bitCount > 0 { write(0x7F, 8 - bitCount) }
        bytes += [0xFF, 0xD0 + number]
    }

    static func category(_ value: Int) -> Int {
        var magnitude = abs(value), bits = 0
        while magnitude > 0 {
            bits += 1
            magnitude >>= 1
        }
        return bits
    }

    mutating func emitValue(_ value: Int, _ size: Int) {
        guard size > 0 else { return }
        write(value < 0 ? value + (1 << size) - 1 : value, size)
    }

    /// Transforms `data` in place and writes it.
    mutating func block(_ data: UnsafeMutableBufferPointer<Float>, divisors: [Float], predictor: inout Int,
                        dc: HuffmanSpec, ac: HuffmanSpec) {
        ForwardDCT.transform(data)
        for k in 0..<64 {
            let natural = JPEGDecoder.zigzag[k]
            let value = data[natural] * divisors[natural]
            quantized[k] = Int(value + (value < 0 ? -0.5 : 0.5))
        }
        let difference = quantized[0] - predictor
        predictor = quantized[0]
        let size = Self.category(difference)
        write(dc.codes[size], dc.lengths[size])
        emitValue(difference, size)
        var run = 0
        for k in 1..<64 {
            let value = quantized[k]
            if value == 0 {
                run += 1
                continue
            }
            while run > 15 {
                write(ac.codes[0xF0], ac.lengths[0xF0])
                run -= 16
            }
            let size = Self.category(value)
            let symbol = run << 4 | size
            write(ac.codes[symbol], ac.lengths[symbol])
            emitValue(value, size)
            run = 0
        }
        if run > 0 { write(ac.codes[0], ac.lengths[0]) }
    }
}

/// libjpeg's `jfdctflt.c`: the Arai-Agui-Nakajima forward DCT, scaled outputs.
enum ForwardDCT {
    static func transform(_ d: UnsafeMutableBufferPointer<Float>) {
        do {
            for pass in 0..<2 {
                for line in 0..<8 {
                    let (base, step) = pass == 0 ? (line * 8, 1) : (line, 8)
                    let tmp0 = d[base] + d[base + 7 * step], tmp7 = d[base] - d[base + 7 * step]
                    let tmp1 = d[base + step] + d[base + 6 * step], tmp6 = d[base + step] - d[base + 6 * step]
                    let tmp2 = d[base + 2 * step] + d[base + 5 * step], tmp5 = d[base + 2 * step] - d[base + 5 * step]
                    let tmp3 = d[base + 3 * step] + d[base + 4 * step], tmp4 = d[base + 3 * step] - d[base + 4 * step]
                    let tmp10 = tmp0 + tmp3, tmp13 = tmp0 - tmp3, tmp11 = tmp1 + tmp2, tmp12 = tmp1 - tmp2
                    d[base] = tmp10 + tmp11
                    d[base + 4 * step] = tmp10 - tmp11
                    let z1 = (tmp12 + tmp13) * 0.707_106_781
                    d[base + 2 * step] = tmp13 + z1
                    d[base + 6 * step] = tmp13 - z1
                    let t10 = tmp4 + tmp5, t11 = tmp5 + tmp6, t12 = tmp6 + tmp7
                    let z5 = (t10 - t12) * 0.382_683_433
                    let z2 = 0.541_196_100 * t10 + z5, z4 = 1.306_562_965 * t12 + z5
                    let z3 = t11 * 0.707_106_781
                    let z11 = tmp7 + z3, z13 = tmp7 - z3
                    d[base + 5 * step] = z13 + z2
                    d[base + 3 * step] = z13 - z2
                    d[base + step] = z11 + z4
                    d[base + 7 * step] = z11 - z4
                }
            }
        }
    }
}

/// A Huffman table of the standard's Annex K, with its codes laid out for writing.
struct HuffmanSpec {
    let counts: [Int]
    let symbols: [UInt8]
    var codes = [Int](repeating: 0, count: 256)
    var lengths = [Int](repeating: 0, count: 256)

    init(counts: [Int], symbols: [UInt8]) {
        self.counts = counts
        self.symbols = symbols
        var code = 0, index = 0
        for length in 1...16 {
            for _ in 0..<counts[length - 1] {
                codes[Int(symbols[index])] = code
                lengths[Int(symbols[index])] = length
                code += 1
                index += 1
            }
            code <<= 1
        }
    }

    static let lumaDC = HuffmanSpec(counts: [0, 1, 5, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0], symbols: Array(0...11))
    static let chromaDC = HuffmanSpec(counts: [0, 3, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0], symbols: Array(0...11))
    static let lumaAC = HuffmanSpec(counts: [0, 2, 1, 3, 3, 2, 4, 3, 5, 5, 4, 4, 0, 0, 1, 0x7D], symbols: [
        0x01, 0x02, 0x03, 0x00, 0x04, 0x11, 0x05, 0x12, 0x21, 0x31, 0x41, 0x06, 0x13, 0x51, 0x61, 0x07,
        0x22, 0x71, 0x14, 0x32, 0x81, 0x91, 0xA1, 0x08, 0x23, 0x42, 0xB1, 0xC1, 0x15, 0x52, 0xD1, 0xF0,
        0x24, 0x33, 0x62, 0x72, 0x82, 0x09, 0x0A, 0x16, 0x17, 0x18, 0x19, 0x1A, 0x25, 0x26, 0x27, 0x28,
        0x29, 0x2A, 0x34, 0x35, 0x36, 0x37, 0x38, 0x39, 0x3A, 0x43, 0x44, 0x45, 0x46, 0x47, 0x48, 0x49,
        0x4A, 0x53, 0x54, 0x55, 0x56, 0x57, 0x58, 0x59, 0x5A, 0x63, 0x64, 0x65, 0x66, 0x67, 0x68, 0x69,
        0x6A, 0x73, 0x74, 0x75, 0x76, 0x77, 0x78, 0x79, 0x7A, 0x83, 0x84, 0x85, 0x86, 0x87, 0x88, 0x89,
        0x8A, 0x92, 0x93, 0x94, 0x95, 0x96, 0x97, 0x98, 0x99, 0x9A, 0xA2, 0xA3, 0xA4, 0xA5, 0xA6, 0xA7,
        0xA8, 0xA9, 0xAA, 0xB2, 0xB3, 0xB4, 0xB5, 0xB6, 0xB7, 0xB8, 0xB9, 0xBA, 0xC2, 0xC3, 0xC4, 0xC5,
        0xC6, 0xC7, 0xC8, 0xC9, 0xCA, 0xD2, 0xD3, 0xD4, 0xD5, 0xD6, 0xD7, 0xD8, 0xD9, 0xDA, 0xE1, 0xE2,
        0xE3, 0xE4, 0xE5, 0xE6, 0xE7, 0xE8, 0xE9, 0xEA, 0xF1, 0xF2, 0xF3, 0xF4, 0xF5, 0xF6, 0xF7, 0xF8,
        0xF9, 0xFA,
    ])
    static let chromaAC = HuffmanSpec(counts: [0, 2, 1, 2, 4, 4, 3, 4, 7, 5, 4, 4, 0, 1, 2, 0x77], symbols: [
        0x00, 0x01, 0x02, 0x03, 0x11, 0x04, 0x05, 0x21, 0x31, 0x06, 0x12, 0x41, 0x51, 0x07, 0x61, 0x71,
        0x13, 0x22, 0x32, 0x81, 0x08, 0x14, 0x42, 0x91, 0xA1, 0xB1, 0xC1, 0x09, 0x23, 0x33, 0x52, 0xF0,
        0x15, 0x62, 0x72, 0xD1, 0x0A, 0x16, 0x24, 0x34, 0xE1, 0x25, 0xF1, 0x17, 0x18, 0x19, 0x1A, 0x26,
        0x27, 0x28, 0x29, 0x2A, 0x35, 0x36, 0x37, 0x38, 0x39, 0x3A, 0x43, 0x44, 0x45, 0x46, 0x47, 0x48,
        0x49, 0x4A, 0x53, 0x54, 0x55, 0x56, 0x57, 0x58, 0x59, 0x5A, 0x63, 0x64, 0x65, 0x66, 0x67, 0x68,
        0x69, 0x6A, 0x73, 0x74, 0x75, 0x76, 0x77, 0x78, 0x79, 0x7A, 0x82, 0x83, 0x84, 0x85, 0x86, 0x87,
        0x88, 0x89, 0x8A, 0x92, 0x93, 0x94, 0x95, 0x96, 0x97, 0x98, 0x99, 0x9A, 0xA2, 0xA3, 0xA4, 0xA5,
        0xA6, 0xA7, 0xA8, 0xA9, 0xAA, 0xB2, 0xB3, 0xB4, 0xB5, 0xB6, 0xB7, 0xB8, 0xB9, 0xBA, 0xC2, 0xC3,
        0xC4, 0xC5, 0xC6, 0xC7, 0xC8, 0xC9, 0xCA, 0xD2, 0xD3, 0xD4, 0xD5, 0xD6, 0xD7, 0xD8, 0xD9, 0xDA,
        0xE2, 0xE3, 0xE4, 0xE5, 0xE6, 0xE7, 0xE8, 0xE9, 0xEA, 0xF2, 0xF3, 0xF4, 0xF5, 0xF6, 0xF7, 0xF8,
        0xF9, 0xFA,
    ])
}
