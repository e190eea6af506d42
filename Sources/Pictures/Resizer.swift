import Foundation

/// Resizing in linear light with a separable Lanczos-3 filter.
///
/// sRGB values are not proportional to light: averaging them darkens fine bright detail (a white beard on a dark
/// coat turns grey). Samples are turned into linear light, with alpha premultiplied so transparent pixels lend no
/// colour, filtered across then down, and turned back.
public enum Resizer {
    public static func resize(_ picture: Picture, width: Int, height: Int) -> Picture {
        resize(LinearPicture(picture), width: width, height: height).picture
    }

    static func resize(_ source: LinearPicture, width: Int, height: Int) -> LinearPicture {
        precondition(width > 0 && height > 0, "a resize to nothing")
        let horizontal = Contributions(source: source.width, target: width)
        let vertical = Contributions(source: source.height, target: height)
        // Across first: the intermediate is target width × source height.
        var across = [SIMD4<Float>](repeating: .zero, count: width * source.height)
        source.pixels.withUnsafeBufferPointer { pixels in
            across.withUnsafeMutableBufferPointer { out in
                horizontal.weights.withUnsafeBufferPointer { weights in
                    for y in 0..<source.height {
                        let row = y * source.width
                        for x in 0..<width {
                            var sum = SIMD4<Float>.zero
                            let first = row + horizontal.starts[x], base = x * horizontal.taps
                            for tap in 0..<horizontal.taps { sum += pixels[first + tap] * weights[base + tap] }
                            out[y * width + x] = sum
                        }
                    }
                }
            }
        }
        var down = [SIMD4<Float>](repeating: .zero, count: width * height)
        across.withUnsafeBufferPointer { across in
            down.withUnsafeMutableBufferPointer { down in
                vertical.weights.withUnsafeBufferPointer { weights in
                    for y in 0..<height {
                        let first = vertical.starts[y], base = y * vertical.taps, target = y * width
                        for tap in 0..<vertical.taps {
                            let weight = weights[base + tap], row = (first + tap) * width
                            for x in 0..<width { down[target + x] += across[row + x] * weight }
                        }
                    }
                }
            }
        }
        return LinearPicture(width: width, height: height, pixels: down)
    }

    static let linearTable: [Float] = (0..<256).map { value in
        let c = Double(value) / 255
        return Float(c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4))
    }

    /// Linear light to sRGB, sampled finely enough (16,384 steps) that the steep start of the curve loses no level.
    static let encodeTable: [UInt8] = (0..<16_384).map { index in
        let l = Double(index) / 16_383
        let c = l <= 0.003_130_8 ? l * 12.92 : 1.055 * pow(l, 1 / 2.4) - 0.055
        return UInt8(min(max((c * 255).rounded(), 0), 255))
    }
}

/// A picture in linear light, alpha premultiplied: made once when several sizes are derived from one picture.
struct LinearPicture {
    let width: Int
    let height: Int
    var pixels: [SIMD4<Float>]

    init(width: Int, height: Int, pixels: [SIMD4<Float>]) {
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// Back to 8-bit sRGB, alpha unpremultiplied.
    var picture: Picture {
        var bytes = [UInt8](repeating: 0, count: width * height * 4)
        let encode = Resizer.encodeTable
        let scale = Float(encode.count - 1)
        bytes.withUnsafeMutableBufferPointer { out in
            encode.withUnsafeBufferPointer { encode in
                pixels.withUnsafeBufferPointer { pixels in
                    for index in 0..<(width * height) {
                        let value = pixels[index], target = index * 4
                        let alpha = min(max(value[3], 0), 1)
                        out[target + 3] = UInt8(alpha * 255 + 0.5)
                        guard alpha > 0 else { continue }
                        let colour = value * (scale / alpha)
                        out[target] = encode[Int(min(max(colour[0], 0), scale) + 0.5)]
                        out[target + 1] = encode[Int(min(max(colour[1], 0), scale) + 0.5)]
                        out[target + 2] = encode[Int(min(max(colour[2], 0), scale) + 0.5)]
                    }
                }
            }
        }
        return Picture(width: width, height: height, pixels: bytes)
    }

    init(_ picture: Picture) {
        width = picture.width
        height = picture.height
        let linear = Resizer.linearTable
        pixels = picture.pixels.withUnsafeBufferPointer { source in
            (0..<(picture.width * picture.height)).map { index in
                let alpha = Float(source[index * 4 + 3]) / 255
                return SIMD4(linear[Int(source[index * 4])] * alpha, linear[Int(source[index * 4 + 1])] * alpha,
                             linear[Int(source[index * 4 + 2])] * alpha, alpha)
            }
        }
    }
}

/// For each target sample, the first source sample it reads and `taps` weights (normalised to 1; zero where the
/// filter runs past the edge, so every sample reads the same count and the loops stay simple).
struct Contributions {
    var starts: [Int] = []
    var weights: [Float] = []
    var taps = 0

    static func lanczos3(_ x: Double) -> Double {
        let x = abs(x)
        guard x < 3 else { return 0 }
        guard x > 1e-8 else { return 1 }
        let pix = Double.pi * x
        return 3 * sin(pix) * sin(pix / 3) / (pix * pix)
    }

    init(source: Int, target: Int) {
        let scale = Double(source) / Double(target)
        // Shrinking widens the filter by the scale so every source sample counts; enlarging keeps it at 3.
        let filterScale = max(scale, 1)
        let support = 3 * filterScale
        taps = min(source, Int((support * 2).rounded(.up)) + 1)
        for index in 0..<target {
            let centre = (Double(index) + 0.5) * scale
            let first = min(max(0, Int((centre - support).rounded(.down))), source - taps)
            var row = (0..<taps).map { tap -> Double in
                let sample = first + tap
                return Self.lanczos3((Double(sample) + 0.5 - centre) / filterScale)
            }
            let total = row.reduce(0, +)
            if total != 0 { row = row.map { $0 / total } }
            starts.append(first)
            weights += row.map(Float.init)
        }
    }
}
