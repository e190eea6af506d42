@testable import Pictures

/// Builds PNG files for the tests without our encoder: stored (uncompressed) DEFLATE blocks, filter 0, so a file
/// says exactly what the test meant and a decoder bug cannot cancel an encoder bug.
enum TestPNG {
    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let typeBytes = Array(type.utf8)
        return PNGEncoder.bigEndian(UInt32(data.count)) + typeBytes + data
            + PNGEncoder.bigEndian(CRC32.checksum(typeBytes + data))
    }

    static func storedZlib(_ data: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [0x78, 0x01]
        var offset = 0
        repeat {
            let count = min(65_535, data.count - offset)
            let last: UInt8 = offset + count == data.count ? 1 : 0
            out += [last, UInt8(count & 0xFF), UInt8(count >> 8), UInt8(~count & 0xFF), UInt8((~count >> 8) & 0xFF)]
            out += data[offset..<(offset + count)]
            offset += count
        } while offset < data.count
        return out + PNGEncoder.bigEndian(Inflate.adler32(data))
    }

    static func header(width: Int, height: Int, depth: Int, colourType: Int, interlaced: Bool = false) -> [UInt8] {
        chunk("IHDR", PNGEncoder.bigEndian(UInt32(width)) + PNGEncoder.bigEndian(UInt32(height))
            + [UInt8(depth), UInt8(colourType), 0, 0, interlaced ? 1 : 0])
    }

    /// A PNG whose sample `(x, y, channel)` is `sample(x, y, channel)` (already within the bit depth).
    static func make(width: Int, height: Int, depth: Int, colourType: Int, interlaced: Bool = false,
                     extra: [[UInt8]] = [], sample: (Int, Int, Int) -> Int) -> [UInt8] {
        let channels = [0: 1, 2: 3, 3: 1, 4: 2, 6: 4][colourType] ?? 1
        let passes: [(Int, Int, Int, Int)] = interlaced ? PNGDecoder.passes : [(0, 0, 1, 1)]
        var raw: [UInt8] = []
        for (startX, startY, stepX, stepY) in passes {
            let xs = Array(stride(from: startX, to: width, by: stepX)), ys = Array(stride(from: startY, to: height, by: stepY))
            guard !xs.isEmpty && !ys.isEmpty else { continue }
            for y in ys {
                raw.append(0)
                var bits: [Int] = []
                for x in xs {
                    for channel in 0..<channels {
                        let value = sample(x, y, channel)
                        for bit in (0..<depth).reversed() { bits.append((value >> bit) & 1) }
                    }
                }
                while bits.count % 8 != 0 { bits.append(0) }
                for start in stride(from: 0, to: bits.count, by: 8) {
                    raw.append(UInt8(bits[start..<(start + 8)].reduce(0) { $0 << 1 | $1 }))
                }
            }
        }
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
            + header(width: width, height: height, depth: depth, colourType: colourType, interlaced: interlaced)
            + extra.flatMap { $0 } + chunk("IDAT", storedZlib(raw)) + chunk("IEND", [])
    }
}
