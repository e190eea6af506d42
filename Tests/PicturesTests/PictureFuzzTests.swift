import Foundation
import Testing
@testable import Pictures

@Suite("Pictures fuzz")
struct PictureFuzzTests {
    /// SplitMix64: a fixed seed gives the same cases on every run, so a failure can be replayed.
    struct Generator: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    static func mutate(_ bytes: [UInt8], _ random: inout Generator) -> [UInt8] {
        var out = bytes
        for _ in 0..<Int.random(in: 1...4, using: &random) {
            guard !out.isEmpty else { break }
            let at = Int.random(in: 0..<out.count, using: &random)
            switch Int.random(in: 0..<7, using: &random) {
            case 0: out[at] ^= UInt8(1 << Int.random(in: 0..<8, using: &random))
            case 1: out[at] = UInt8.random(in: 0...255, using: &random)
            case 2: out = Array(out.prefix(at))
            case 3: out.removeSubrange(at..<min(out.count, at + Int.random(in: 1...64, using: &random)))
            case 4: out.insert(contentsOf: (0..<Int.random(in: 1...16, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random) }, at: at)
            case 5: out[at] = 0xFF
            default:
                // A length or size field set to an extreme.
                out[at] = 0xFF
                if at + 1 < out.count { out[at + 1] = UInt8.random(in: 0...1, using: &random) == 0 ? 0 : 0xFF }
            }
        }
        return out
    }

    @Test("thousands of mutated avatars and fixtures: errors or pictures, never a crash or a hang")
    func mutations() throws {
        var seeds: [[UInt8]] = try ["prog-420.jpg", "base-422.jpg", "grey-prog.jpg", "base-444.jpg"].map {
            try [UInt8](Data(contentsOf: JPEGFormatTests.fixtures.appendingPathComponent($0)))
        }
        seeds.append(TestPNG.make(width: 23, height: 17, depth: 4, colourType: 3, interlaced: true,
                                  extra: [TestPNG.chunk("PLTE", [UInt8](repeating: 7, count: 48))]) { x, y, _ in (x ^ y) % 16 })
        // Real avatars of each kind the API sends: progressive JPEG, palette PNG, baseline 4:2:0 JPEG with restarts.
        for name in ["1.jpeg", "2.jpeg", "19.jpeg", "136.jpeg"] {
            if let data = try? Data(contentsOf: ReferenceTool.avatarsFolder.appendingPathComponent(name)) {
                seeds.append([UInt8](data))
            }
        }
        // Small limits keep a mutated size field from costing a large allocation in every case.
        let limits = PictureLimits(maxPixels: 1 << 20, maxSide: 4096)
        var random = Generator(state: 0x5EED_2701)
        var (decoded, refused) = (0, 0)
        let cases = 3000
        for number in 0..<cases {
            let seed = seeds[number % seeds.count]
            let input = Self.mutate(seed, &random)
            do {
                let picture = try PictureDecoder.decode(input, limits: limits)
                #expect(picture.pixels.count == picture.width * picture.height * 4)
                decoded += 1
            } catch {
                #expect(!error.description.isEmpty)
                refused += 1
            }
        }
        print("fuzz: \(cases) cases, \(decoded) decoded, \(refused) refused")
        #expect(decoded + refused == cases)
    }
}
