/// PNG decoding: every colour type and bit depth of the specification, palette transparency, Adam7.
enum PNGDecoder {
    struct Header {
        var width = 0, height = 0, bitDepth = 0, colourType = 0, interlaced = false

        var channels: Int {
            switch colourType {
            case 0, 3: return 1
            case 2: return 3
            case 4: return 2
            default: return 4
            }
        }
    }

    static func decode(_ bytes: [UInt8], limits: PictureLimits, minimumSide: Int = 0) throws(PictureError) -> Picture {
        var position = 8
        var header: Header?
        var palette: [UInt8] = []
        var transparency: [UInt8]?
        var compressed: [UInt8] = []
        var ended = false
        while !ended {
            guard position + 8 <= bytes.count else { throw .truncated("PNG ends before IEND") }
            let length = Int(readUInt32(bytes, position))
            let type = String(decoding: bytes[(position + 4)..<(position + 8)], as: UTF8.self)
            guard length <= 0x7FFF_FFFF, position + 12 + length <= bytes.count else {
                throw .truncated("PNG chunk \(type) ends past the file")
            }
            let dataStart = position + 8, dataEnd = dataStart + length
            guard CRC32.checksum(bytes[(position + 4)..<dataEnd]) == readUInt32(bytes, dataEnd) else {
                throw .badChecksum("PNG chunk \(type) CRC")
            }
            let data = bytes[dataStart..<dataEnd]
            if header == nil && type != "IHDR" { throw .badHeader("PNG does not start with IHDR") }
            switch type {
            case "IHDR":
                guard header == nil else { throw .corrupt("PNG has two IHDR chunks") }
                header = try readHeader(data, limits: limits)
            case "PLTE":
                guard length % 3 == 0, length > 0, length <= 768 else { throw .corrupt("PNG palette of \(length) bytes") }
                palette = Array(data)
            case "tRNS": transparency = Array(data)
            case "IDAT": compressed.append(contentsOf: data)
            case "IEND": ended = true
            default:
                // Bit 5 of the first letter marks an ancillary chunk, which a decoder may skip.
                guard bytes[position + 4] & 0x20 != 0 else { throw .unsupported("critical PNG chunk \(type)") }
            }
            position = dataEnd + 4
        }
        guard let header else { throw .badHeader("PNG without IHDR") }
        guard !compressed.isEmpty else { throw .truncated("PNG without image data") }
        if header.colourType == 3 && palette.isEmpty { throw .corrupt("PNG palette picture without PLTE") }
        let raw = try Inflate.zlib(compressed, outputLimit: rawSize(header))
        guard raw.count == rawSize(header) else { throw .truncated("PNG image data shorter than the picture") }
        let factor = reduction(header, minimumSide: minimumSide)
        if factor > 1 {
            return try expand(raw: raw, header: header, palette: palette, transparency: transparency, reducedBy: factor)
        }
        return try expand(raw: raw, header: header, palette: palette, transparency: transparency)
    }

    /// PNG cannot be scaled while decoding as JPEG can, but its rows can be averaged into a picture `factor`
    /// times smaller as they are read, so only the inflated data is ever held at full size: any whole factor
    /// that keeps the shorter side at least `minimumSide`.
    static func reduction(_ header: Header, minimumSide: Int) -> Int {
        guard minimumSide > 0 else { return 1 }
        return max(1, min(header.width, header.height) / minimumSide)
    }

    /// The picture's size once decoded and the most memory decoding takes, from the IHDR chunk (always first).
    static func footprint(_ bytes: [UInt8], limits: PictureLimits, minimumSide: Int)
        -> (width: Int, height: Int, decoding: Int)? {
        guard bytes.count >= 33, String(decoding: bytes[12..<16], as: UTF8.self) == "IHDR",
              let header = try? readHeader(bytes[16..<29], limits: limits) else { return nil }
        let factor = reduction(header, minimumSide: minimumSide)
        let width = (header.width + factor - 1) / factor, height = (header.height + factor - 1) / factor
        // The compressed data gathered from IDAT chunks, the inflated rows, and the picture being filled: RGBA, or
        // linear-light sums (16 bytes a pixel) then RGBA when reduced.
        let filling = factor > 1 ? width * height * (16 + 4) + header.width * 4 : width * height * 4
        return (width, height, bytes.count + rawSize(header) + filling)
    }

    static func readUInt32(_ bytes: [UInt8], _ at: Int) -> UInt32 {
        UInt32(bytes[at]) << 24 | UInt32(bytes[at + 1]) << 16 | UInt32(bytes[at + 2]) << 8 | UInt32(bytes[at + 3])
    }

    static func readHeader(_ data: ArraySlice<UInt8>, limits: PictureLimits) throws(PictureError) -> Header {
        guard data.count == 13 else { throw .badHeader("PNG IHDR of \(data.count) bytes") }
        let bytes = Array(data)
        var header = Header()
        let width = readUInt32(bytes, 0), height = readUInt32(bytes, 4)
        guard width <= 0x7FFF_FFFF, height <= 0x7FFF_FFFF else { throw .badHeader("PNG size out of range") }
        header.width = Int(width)
        header.height = Int(height)
        header.bitDepth = Int(bytes[8])
        header.colourType = Int(bytes[9])
        let allowed: [Int: [Int]] = [0: [1, 2, 4, 8, 16], 2: [8, 16], 3: [1, 2, 4, 8], 4: [8, 16], 6: [8, 16]]
        guard let depths = allowed[header.colourType], depths.contains(header.bitDepth) else {
            throw .badHeader("PNG colour type \(header.colourType) with bit depth \(header.bitDepth)")
        }
        guard bytes[10] == 0, bytes[11] == 0, bytes[12] <= 1 else { throw .badHeader("PNG method not 0") }
        header.interlaced = bytes[12] == 1
        try limits.check(width: header.width, height: header.height)
        return header
    }

    /// Adam7's passes: start column, start row, column step, row step.
    static let passes = [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]

    static func passSizes(_ header: Header) -> [(width: Int, height: Int)] {
        guard header.interlaced else { return [(header.width, header.height)] }
        return passes.map { pass in
            ((header.width - pass.0 + pass.2 - 1) / pass.2, (header.height - pass.1 + pass.3 - 1) / pass.3)
        }
    }

    static func rowBytes(_ header: Header, width: Int) -> Int { (width * header.channels * header.bitDepth + 7) / 8 }

    static func rawSize(_ header: Header) -> Int {
        passSizes(header).reduce(0) { total, size in
            size.width == 0 || size.height == 0 ? total : total + size.height * (1 + rowBytes(header, width: size.width))
        }
    }

    static func expand(raw: [UInt8], header: Header, palette: [UInt8], transparency: [UInt8]?) throws(PictureError)
        -> Picture {
        var pixels = [UInt8](repeating: 255, count: header.width * header.height * 4)
        try forEachRow(raw, header) { (row, count, y, startX, stepX) throws(PictureError) in
            try store(row: row, count: count, header: header, palette: palette, transparency: transparency,
                      pixels: &pixels, y: y, startX: startX, stepX: stepX)
        }
        return Picture(width: header.width, height: header.height, pixels: pixels)
    }

    /// Each pixel is added, in linear light with alpha premultiplied as `Resizer` works, to the block of
    /// `factor` × `factor` it falls in, whatever order Adam7 brings it in; each block is then its mean.
    static func expand(raw: [UInt8], header: Header, palette: [UInt8], transparency: [UInt8]?, reducedBy factor: Int)
        throws(PictureError) -> Picture {
        let width = (header.width + factor - 1) / factor, height = (header.height + factor - 1) / factor
        var sums = [SIMD4<Float>](repeating: .zero, count: width * height)
        var decoded = [UInt8](repeating: 255, count: header.width * 4)
        let linear = Resizer.linearTable
        try forEachRow(raw, header) { (row, count, y, startX, stepX) throws(PictureError) in
            try store(row: row, count: count, header: header, palette: palette, transparency: transparency,
                      pixels: &decoded, y: 0, startX: 0, stepX: 1)
            let target = (y / factor) * width
            for column in 0..<count {
                let at = column * 4
                let alpha = Float(decoded[at + 3]) / 255
                sums[target + (startX + column * stepX) / factor] += SIMD4(
                    linear[Int(decoded[at])] * alpha, linear[Int(decoded[at + 1])] * alpha,
                    linear[Int(decoded[at + 2])] * alpha, alpha)
                // `store` leaves alpha alone where the picture has none to give.
                decoded[at + 3] = 255
            }
        }
        for y in 0..<height {
            let rows = min(factor, header.height - y * factor)
            for x in 0..<width {
                sums[y * width + x] /= Float(rows * min(factor, header.width - x * factor))
            }
        }
        return LinearPicture(width: width, height: height, pixels: sums).picture
    }

    /// Every row of every pass, unfiltered: its samples, how many pixels it holds, and where they go.
    static func forEachRow(
        _ raw: [UInt8], _ header: Header,
        _ body: (_ row: [UInt8], _ count: Int, _ y: Int, _ startX: Int, _ stepX: Int) throws(PictureError) -> Void
    ) throws(PictureError) {
        var offset = 0
        let bytesPerPixel = max(1, header.channels * header.bitDepth / 8)
        for (index, size) in passSizes(header).enumerated() where size.width > 0 && size.height > 0 {
            let stride = rowBytes(header, width: size.width)
            var previous = [UInt8](repeating: 0, count: stride)
            var current = [UInt8](repeating: 0, count: stride)
            let (startX, startY, stepX, stepY) = header.interlaced ? passes[index] : (0, 0, 1, 1)
            for row in 0..<size.height {
                let filter = raw[offset]
                for byte in 0..<stride { current[byte] = raw[offset + 1 + byte] }
                offset += 1 + stride
                try unfilter(filter, &current, previous, bytesPerPixel: bytesPerPixel)
                try body(current, size.width, startY + row * stepY, startX, stepX)
                swap(&previous, &current)
            }
        }
    }

    static func unfilter(_ filter: UInt8, _ row: inout [UInt8], _ previous: [UInt8], bytesPerPixel: Int)
        throws(PictureError) {
        let count = row.count
        row.withUnsafeMutableBufferPointer { current in
            previous.withUnsafeBufferPointer { above in
                switch filter {
                case 1:
                    for index in bytesPerPixel..<max(bytesPerPixel, count) {
                        current[index] &+= current[index - bytesPerPixel]
                    }
                case 2:
                    for index in 0..<count { current[index] &+= above[index] }
                case 3:
                    for index in 0..<count {
                        let left = index >= bytesPerPixel ? Int(current[index - bytesPerPixel]) : 0
                        current[index] &+= UInt8((left + Int(above[index])) >> 1)
                    }
                case 4:
                    for index in 0..<count {
                        let left = index >= bytesPerPixel ? Int(current[index - bytesPerPixel]) : 0
                        let upLeft = index >= bytesPerPixel ? Int(above[index - bytesPerPixel]) : 0
                        let up = Int(above[index])
                        let estimate = left + up - upLeft
                        let toLeft = abs(estimate - left), toUp = abs(estimate - up), toUpLeft = abs(estimate - upLeft)
                        let predictor = toLeft <= toUp && toLeft <= toUpLeft ? left : (toUp <= toUpLeft ? up : upLeft)
                        current[index] &+= UInt8(predictor)
                    }
                default: break
                }
            }
        }
        guard filter <= 4 else { throw .corrupt("PNG row filter \(filter)") }
    }

    static func sample(_ row: [UInt8], _ index: Int, depth: Int) -> Int {
        switch depth {
        case 16: return Int(row[index * 2]) << 8 | Int(row[index * 2 + 1])
        case 8: return Int(row[index])
        default:
            let perByte = 8 / depth
            let byte = Int(row[index / perByte])
            let shift = 8 - depth * (index % perByte + 1)
            return (byte >> shift) & ((1 << depth) - 1)
        }
    }

    static func store(row: [UInt8], count: Int, header: Header, palette: [UInt8], transparency: [UInt8]?,
                      pixels: inout [UInt8], y: Int, startX: Int, stepX: Int) throws(PictureError) {
        let depth = header.bitDepth
        let maxValue = (1 << depth) - 1
        // The rounding of ImageMagick's and libpng's reduction of 16 bits (and the exact scale-up of 1, 2, 4).
        func to8(_ value: Int) -> UInt8 { UInt8((value * 255 + maxValue / 2) / maxValue) }
        let key: [Int]? = transparency.flatMap { bytes in
            switch header.colourType {
            case 0 where bytes.count >= 2: return [Int(bytes[0]) << 8 | Int(bytes[1])]
            case 2 where bytes.count >= 6:
                return [0, 2, 4].map { Int(bytes[$0]) << 8 | Int(bytes[$0 + 1]) }
            default: return nil
            }
        }
        let channels = header.channels
        for column in 0..<count {
            let target = (y * header.width + startX + column * stepX) * 4
            switch header.colourType {
            case 3:
                let index = sample(row, column, depth: depth)
                guard index * 3 + 2 < palette.count else { throw .corrupt("PNG palette index \(index) out of range") }
                pixels[target] = palette[index * 3]
                pixels[target + 1] = palette[index * 3 + 1]
                pixels[target + 2] = palette[index * 3 + 2]
                if let transparency, index < transparency.count { pixels[target + 3] = transparency[index] }
            case 0, 4:
                let grey = sample(row, column * channels, depth: depth)
                let value = to8(grey)
                pixels[target] = value
                pixels[target + 1] = value
                pixels[target + 2] = value
                if channels == 2 {
                    pixels[target + 3] = to8(sample(row, column * 2 + 1, depth: depth))
                } else if let key, key[0] == grey {
                    pixels[target + 3] = 0
                }
            default:
                let red = sample(row, column * channels, depth: depth)
                let green = sample(row, column * channels + 1, depth: depth)
                let blue = sample(row, column * channels + 2, depth: depth)
                pixels[target] = to8(red)
                pixels[target + 1] = to8(green)
                pixels[target + 2] = to8(blue)
                if channels == 4 {
                    pixels[target + 3] = to8(sample(row, column * 4 + 3, depth: depth))
                } else if let key, key == [red, green, blue] {
                    pixels[target + 3] = 0
                }
            }
        }
    }
}

/// The CRC-32 of PNG chunks (ISO 3309, reflected, polynomial 0xEDB88320).
enum CRC32 {
    static let table: [UInt32] = (0..<256).map { index in
        var value = UInt32(index)
        for _ in 0..<8 { value = value & 1 != 0 ? 0xEDB8_8320 ^ (value >> 1) : value >> 1 }
        return value
    }

    static func checksum<Bytes: Sequence>(_ bytes: Bytes, initial: UInt32 = 0) -> UInt32 where Bytes.Element == UInt8 {
        var crc = ~initial
        for byte in bytes { crc = table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
        return ~crc
    }
}
