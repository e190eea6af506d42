import Foundation

/// Resizing in linear light with a separable Lanczos-3 filter.
///
/// sRGB values are not proportional to light: averaging them darkens fine bright detail (a white beard on a dark
/// coat turns grey). Samples are turned into linear light, with alpha premultiplied so transparent pixels lend no
/// colour, filtered across then down, and turned back.
public enum Resizer {
    public static func resize(_ picture: Picture, width: Int, height: Int) -> Picture {
        precondition(width > 0 && height > 0, "a resize to nothing")
        if width == picture.width && height == picture.height { return picture }
        let horizontal = Contributions(source: picture.width, target: width)
        let vertical = Contributions(source: picture.height, target: height)
        let linear = Self.linearTable
        // Across first: the intermediate is target width × source height, in linear, premultiplied floats.
        var across = [Float](repeating: 0, count: width * picture.height * 4)
        picture.pixels.withUnsafeBufferPointer { source in
            across.withUnsafeMutableBufferPointer { out in
                var row = [Float](repeating: 0, count: picture.width * 4)
                row.withUnsafeMutableBufferPointer { row in
                    for y in 0..<picture.height {
                        let base = y * picture.width * 4
                        for x in 0..<picture.width {
                            let alpha = Float(source[base + x * 4 + 3]) / 255
                            row[x * 4] = linear[Int(source[base + x * 4])] * alpha
                            row[x * 4 + 1] = linear[Int(source[base + x * 4 + 1])] * alpha
                            row[x * 4 + 2] = linear[Int(source[base + x * 4 + 2])] * alpha
                            row[x * 4 + 3] = alpha
                        }
                        horizontal.apply(row, stride: 4, into: out, at: y * width * 4, step: 4)
                    }
                }
            }
        }
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        let encode = Self.encodeTable
        let scale = Float(encode.count - 1)
        across.withUnsafeBufferPointer { across in
            pixels.withUnsafeMutableBufferPointer { out in
                encode.withUnsafeBufferPointer { encode in
                        for y in 0..<height {
                            let (start, weights) = (vertical.starts[y], vertical.weights[y])
                            for x in 0..<width {
                                var red: Float = 0, green: Float = 0, blue: Float = 0, alpha: Float = 0
                                for (offset, weight) in weights.enumerated() {
                                    let index = ((start + offset) * width + x) * 4
                                    red += across[index] * weight
                                    green += across[index + 1] * weight
                                    blue += across[index + 2] * weight
                                    alpha += across[index + 3] * weight
                                }
                                let target = (y * width + x) * 4
                                let clampedAlpha = min(max(alpha, 0), 1)
                                out[target + 3] = UInt8((clampedAlpha * 255).rounded())
                                guard clampedAlpha > 0 else {
                                    out[target] = 0
                                    out[target + 1] = 0
                                    out[target + 2] = 0
                                    continue
                                }
                                let inverse = 1 / clampedAlpha
                                func toSRGB(_ value: Float) -> UInt8 {
                                    encode[Int(min(max(value * inverse, 0), 1) * scale + 0.5)]
                                }
                                out[target] = toSRGB(red)
                                out[target + 1] = toSRGB(green)
                                out[target + 2] = toSRGB(blue)
                            }
                        }
                }
            }
        }
        return Picture(width: width, height: height, pixels: pixels)
    }

    /// The size that fits `picture` in `side × side` keeping its proportions (never larger than it is).
    public static func fitting(_ width: Int, _ height: Int, within side: Int) -> (width: Int, height: Int) {
        guard width > side || height > side else { return (width, height) }
        if width >= height {
            return (side, max(1, Int((Double(height) * Double(side) / Double(width)).rounded())))
        }
        return (max(1, Int((Double(width) * Double(side) / Double(height)).rounded())), side)
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

/// For each target sample, the first source sample it reads and the weights of those it reads, normalised to 1.
struct Contributions {
    var starts: [Int] = []
    var weights: [[Float]] = []

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
        for index in 0..<target {
            let centre = (Double(index) + 0.5) * scale
            let first = max(0, Int((centre - support).rounded(.down)))
            let last = min(source - 1, Int((centre + support).rounded(.up)))
            var row: [Double] = []
            for sample in first...last {
                row.append(Self.lanczos3((Double(sample) + 0.5 - centre) / filterScale))
            }
            let total = row.reduce(0, +)
            starts.append(first)
            weights.append(row.map { Float(total == 0 ? 0 : $0 / total) })
        }
    }

    func apply(_ row: UnsafeMutableBufferPointer<Float>, stride: Int, into out: UnsafeMutableBufferPointer<Float>,
               at base: Int, step: Int) {
        for (index, start) in starts.enumerated() {
            var red: Float = 0, green: Float = 0, blue: Float = 0, alpha: Float = 0
            var source = start * stride
            for weight in weights[index] {
                red += row[source] * weight
                green += row[source + 1] * weight
                blue += row[source + 2] * weight
                alpha += row[source + 3] * weight
                source += stride
            }
            let target = base + index * step
            out[target] = red
            out[target + 1] = green
            out[target + 2] = blue
            out[target + 3] = alpha
        }
    }
}
