import Foundation
import Testing
@testable import Pictures

@Suite("PNG format")
struct PNGFormatTests {
    static func value(_ x: Int, _ y: Int, _ channel: Int, depth: Int) -> Int {
        (x * 7 + y * 13 + channel * 29) % (1 << depth)
    }

    /// Values over the whole 16-bit range too, so the reduction to 8 bits is checked where it rounds.
    static func spread(_ x: Int, _ y: Int, _ channel: Int, depth: Int) -> Int {
        let value = Self.value(x, y, channel, depth: depth)
        return depth == 16 ? value * 251 % 65_536 : value
    }

    static func to8(_ value: Int, depth: Int) -> UInt8 {
        let maximum = (1 << depth) - 1
        return UInt8((value * 255 + maximum / 2) / maximum)
    }

    @Test("greyscale at every bit depth, plain and Adam7", arguments: [1, 2, 4, 8, 16], [false, true])
    func greyscale(depth: Int, interlaced: Bool) throws {
        let bytes = TestPNG.make(width: 13, height: 11, depth: depth, colourType: 0, interlaced: interlaced) { x, y, c in
            Self.value(x, y, c, depth: depth)
        }
        let picture = try PictureDecoder.decode(bytes)
        #expect(picture.width == 13 && picture.height == 11)
        for y in 0..<11 {
            for x in 0..<13 {
                let grey = Self.to8(Self.value(x, y, 0, depth: depth), depth: depth)
                #expect(Array(picture.pixels[((y * 13 + x) * 4)..<((y * 13 + x) * 4 + 4)]) == [grey, grey, grey, 255])
            }
        }
    }

    @Test("RGB, grey + alpha and RGBA at 8 and 16 bits, plain and Adam7",
          arguments: [2, 4, 6], [8, 16])
    func colourTypes(colourType: Int, depth: Int) throws {
        for interlaced in [false, true] {
            let bytes = TestPNG.make(width: 9, height: 10, depth: depth, colourType: colourType, interlaced: interlaced) {
                x, y, c in Self.spread(x, y, c, depth: depth)
            }
            let picture = try PictureDecoder.decode(bytes)
            for y in 0..<10 {
                for x in 0..<9 {
                    func v(_ c: Int) -> UInt8 { Self.to8(Self.spread(x, y, c, depth: depth), depth: depth) }
                    let expected: [UInt8]
                    switch colourType {
                    case 2: expected = [v(0), v(1), v(2), 255]
                    case 4: expected = [v(0), v(0), v(0), v(1)]
                    default: expected = [v(0), v(1), v(2), v(3)]
                    }
                    let at = (y * 9 + x) * 4
                    #expect(Array(picture.pixels[at..<(at + 4)]) == expected, "(\(x), \(y)) interlaced \(interlaced)")
                }
            }
        }
    }

    @Test("palette at 1, 2, 4 and 8 bits with tRNS transparency", arguments: [1, 2, 4, 8])
    func palette(depth: Int) throws {
        let entries = 1 << depth
        let palette: [UInt8] = (0..<entries).flatMap { (index: Int) -> [UInt8] in
            [UInt8(index * 3 % 256), UInt8(index * 5 % 256), UInt8(index * 11 % 256)]
        }
        // Fewer alpha entries than colours: the rest are opaque.
        let alphas = (0..<max(1, entries / 2)).map { UInt8($0 * 37 % 256) }
        let bytes = TestPNG.make(width: 7, height: 5, depth: depth, colourType: 3, interlaced: depth == 2,
                                 extra: [TestPNG.chunk("PLTE", palette), TestPNG.chunk("tRNS", alphas)]) { x, y, _ in
            (x + y * 7) % entries
        }
        let picture = try PictureDecoder.decode(bytes)
        for y in 0..<5 {
            for x in 0..<7 {
                let index = (x + y * 7) % entries, at = (y * 7 + x) * 4
                let alpha = index < alphas.count ? alphas[index] : 255
                #expect(Array(picture.pixels[at..<(at + 4)])
                    == [palette[index * 3], palette[index * 3 + 1], palette[index * 3 + 2], alpha])
            }
        }
        #expect(picture.hasTransparency)
    }

    @Test("tRNS on greyscale and RGB makes the one named colour transparent")
    func transparentColour() throws {
        let grey = TestPNG.make(width: 4, height: 1, depth: 8, colourType: 0, extra: [TestPNG.chunk("tRNS", [0, 9])]) {
            x, _, _ in x == 2 ? 9 : 200
        }
        #expect(try PictureDecoder.decode(grey).pixels.enumerated().filter { $0.offset % 4 == 3 }.map(\.element)
            == [255, 255, 0, 255])
        let rgb = TestPNG.make(width: 3, height: 1, depth: 16, colourType: 2,
                               extra: [TestPNG.chunk("tRNS", [0, 1, 0, 2, 0, 3])]) { x, _, c in x == 1 ? c + 1 : 500 }
        #expect(try PictureDecoder.decode(rgb).pixels.enumerated().filter { $0.offset % 4 == 3 }.map(\.element)
            == [255, 0, 255])
    }

    @Test("every row filter, as our encoder picks them, decodes back to the same pixels, transparency kept")
    func roundTrip() throws {
        var pixels: [UInt8] = []
        for y in 0..<37 {
            for x in 0..<41 {
                let red = UInt8(x * 9 % 256), green = UInt8(y * 5 % 256)
                pixels += [red, green, UInt8(x * y % 256), UInt8((x + y) * 3 % 256)]
            }
        }
        let picture = Picture(width: 41, height: 37, pixels: pixels)
        let decoded = try PictureDecoder.decode(PNGEncoder.encode(picture))
        #expect(decoded == picture)
        let opaque = Picture(width: 41, height: 37, pixels: pixels.enumerated().map { $0.offset % 4 == 3 ? 255 : $0.element })
        #expect(try PictureDecoder.decode(PNGEncoder.encode(opaque)) == opaque)
    }

    @Test("inflate reads a dynamic-Huffman stream zlib made, and our compressor's output")
    func inflate() throws {
        let stream = try #require(Data(base64Encoded: """
            eNptVElSw0AMvM8r9IL5UwguCCTBZZwDv0e7Wk6qXF60tlo9Xn+2/XT9fdxuy/bxuM+xXc7fNzb+kd5X9ZNY6W3ZP9PNwXzpq9gthS0ameY55rDk8EURsp5fy7ZJLfuyRFIjzWFGs/GnpBoeAFjQzpf99L5cuSHXszg3kT/NqNUlwcoXemvbYv3DPBqVg1r2Cvx5sA86hwO3ELzTAVcV1kY5iJqklpp5sDkQkO7LKkpQA458uiPY19ya3RaJSI7TEGTkZ3I8B78WnVChetjuACRuX2/iqw5OE7VZSMQENWzReeGoiinmTTG6E3CCupNrQuqOAVKmlj+HYvegpphaqRtePjQdGIOeqARHFAN1WhSzC6Q01GLsXVODU9uInhsXQbz2AyDVU4GIGoC0BDigr8ivMwxGorbWQKi5/nCAjRDQf8SUaJ90aPfSGWW/0NcBQJgrEY91QgjekqU8YwQcmSGVI8GNPBazeEN80Rt4gXU/jxVE1i8xSCRqf5kUUaKsH34USUtbLBeiTHLPP1+SesQ=
            """))
        let output = try Inflate.zlib([UInt8](stream), outputLimit: 10_000)
        #expect(output.count == 1598)
        #expect(String(decoding: output.prefix(21), as: UTF8.self) == "portalsummergun.\nrick")
        let data: [UInt8] = (0..<20_000).map { (index: Int) -> UInt8 in UInt8((index / 7 * 31 + index % 5) % 256) }
        #expect(try Inflate.zlib(Deflate.zlib(data), outputLimit: data.count) == data)
    }
}
