/// A PNG encoder for pictures with transparency: 8-bit RGBA (RGB when opaque), each row with the filter whose
/// output sums smallest (the usual heuristic), compressed with our DEFLATE (LZ77, fixed Huffman codes).
public enum PNGEncoder {
    public static func encode(_ picture: Picture) -> [UInt8] {
        let channels = picture.hasTransparency ? 4 : 3
        let stride = picture.width * channels
        var raw = [UInt8]()
        raw.reserveCapacity((stride + 1) * picture.height)
        var previous = [UInt8](repeating: 0, count: stride)
        var current = [UInt8](repeating: 0, count: stride)
        for y in 0..<picture.height {
            for x in 0..<picture.width {
                for channel in 0..<channels { current[x * channels + channel] = picture.pixels[(y * picture.width + x) * 4 + channel] }
            }
            var best: (filter: UInt8, row: [UInt8], cost: Int)?
            for filter in UInt8(0)...4 {
                let row = Self.filtered(current, previous, filter: filter, bytesPerPixel: channels)
                let cost = row.reduce(0) { $0 + min(Int($1), 256 - Int($1)) }
                if best == nil || cost < best?.cost ?? 0 { best = (filter, row, cost) }
            }
            if let best {
                raw.append(best.filter)
                raw += best.row
            }
            swap(&previous, &current)
        }
        var bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        func chunk(_ type: String, _ data: [UInt8]) {
            let typeBytes = Array(type.utf8)
            bytes += bigEndian(UInt32(data.count))
            bytes += typeBytes
            bytes += data
            bytes += bigEndian(CRC32.checksum(typeBytes + data))
        }
        chunk("IHDR", bigEndian(UInt32(picture.width)) + bigEndian(UInt32(picture.height)) + [8, channels == 4 ? 6 : 2, 0, 0, 0])
        chunk("IDAT", Deflate.zlib(raw))
        chunk("IEND", [])
        return bytes
    }

    static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)]
    }

    static func filtered(_ row: [UInt8], _ above: [UInt8], filter: UInt8, bytesPerPixel: Int) -> [UInt8] {
        var out = row
        for index in 0..<row.count {
            let left = index >= bytesPerPixel ? Int(row[index - bytesPerPixel]) : 0
            let up = Int(above[index])
            let upLeft = index >= bytesPerPixel ? Int(above[index - bytesPerPixel]) : 0
            let predictor: Int
            switch filter {
            case 1: predictor = left
            case 2: predictor = up
            case 3: predictor = (left + up) >> 1
            case 4:
                let estimate = left + up - upLeft
                let toLeft = abs(estimate - left), toUp = abs(estimate - up), toUpLeft = abs(estimate - upLeft)
                predictor = toLeft <= toUp && toLeft <= toUpLeft ? left : (toUp <= toUpLeft ? up : upLeft)
            default: predictor = 0
            }
            out[index] = row[index] &- UInt8(truncatingIfNeeded: predictor)
        }
        return out
    }
}

/// DEFLATE compression: greedy LZ77 over a 32 KiB window with hash chains, written with the fixed Huffman codes.
enum Deflate {
    static func zlib(_ input: [UInt8]) -> [UInt8] {
        var writer = DeflateWriter()
        writer.bytes = [0x78, 0x01]
        writer.write(1, 1)
        writer.write(1, 2)
        let hashSize = 1 << 15
        var head = [Int](repeating: -1, count: hashSize)
        var previous = [Int](repeating: -1, count: 1 << 15)
        func hash(_ at: Int) -> Int {
            (Int(input[at]) << 10 ^ Int(input[at + 1]) << 5 ^ Int(input[at + 2])) & (hashSize - 1)
        }
        var position = 0
        while position < input.count {
            var bestLength = 0, bestDistance = 0
            if position + 2 < input.count {
                let key = hash(position)
                var candidate = head[key]
                var chain = 0
                while candidate >= 0 && position - candidate <= 32_768 && chain < 48 {
                    var length = 0
                    let limit = min(258, input.count - position)
                    while length < limit && input[candidate + length] == input[position + length] { length += 1 }
                    if length > bestLength {
                        bestLength = length
                        bestDistance = position - candidate
                        if length == limit { break }
                    }
                    candidate = previous[candidate & 0x7FFF]
                    chain += 1
                }
                previous[position & 0x7FFF] = head[key]
                head[key] = position
            }
            if bestLength >= 3 {
                writer.length(bestLength, distance: bestDistance)
                for skipped in (position + 1)..<(position + bestLength) where skipped + 2 < input.count {
                    let key = hash(skipped)
                    previous[skipped & 0x7FFF] = head[key]
                    head[key] = skipped
                }
                position += bestLength
            } else {
                writer.literal(Int(input[position]))
                position += 1
            }
        }
        writer.literal(256)
        writer.flush()
        writer.bytes += PNGEncoder.bigEndian(Inflate.adler32(input))
        return writer.bytes
    }
}

struct DeflateWriter {
    var bytes: [UInt8] = []
    var buffer: UInt64 = 0
    var count = 0

    mutating func write(_ value: Int, _ length: Int) {
        buffer |= UInt64(value) << UInt64(count)
        count += length
        while count >= 8 {
            bytes.append(UInt8(truncatingIfNeeded: buffer))
            buffer >>= 8
            count -= 8
        }
    }

    /// Huffman codes are sent most significant bit first, unlike every other DEFLATE field.
    mutating func code(_ code: Int, _ length: Int) {
        var reversed = 0
        for bit in 0..<length where code & (1 << bit) != 0 { reversed |= 1 << (length - 1 - bit) }
        write(reversed, length)
    }

    mutating func literal(_ symbol: Int) {
        switch symbol {
        case 0..<144: code(0x30 + symbol, 8)
        case 144..<256: code(0x190 + symbol - 144, 9)
        case 256..<280: code(symbol - 256, 7)
        default: code(0xC0 + symbol - 280, 8)
        }
    }

    mutating func length(_ length: Int, distance: Int) {
        var index = 28
        while InflateState.lengthBase[index] > length { index -= 1 }
        literal(257 + index)
        write(length - InflateState.lengthBase[index], InflateState.lengthExtra[index])
        var distanceIndex = 29
        while InflateState.distanceBase[distanceIndex] > distance { distanceIndex -= 1 }
        code(distanceIndex, 5)
        write(distance - InflateState.distanceBase[distanceIndex], InflateState.distanceExtra[distanceIndex])
    }

    mutating func flush() {
        if count > 0 { write(0, 8 - count) }
    }
}
