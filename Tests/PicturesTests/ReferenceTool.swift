import Foundation
@testable import Pictures
import TestSupport

/// ImageMagick's `convert`, the reference the tests compare with (the product never calls it).
enum ReferenceTool {
    static let avatarsFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("shared/rickandmorty-api/avatars")

    static var avatarFiles: [URL] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: avatarsFolder.path)) ?? []
        return names.filter { $0.hasSuffix(".jpeg") }.sorted {
            (Int($0.prefix { $0.isNumber }) ?? 0) < (Int($1.prefix { $0.isNumber }) ?? 0)
        }.map { avatarsFolder.appendingPathComponent($0) }
    }

    static let missingAvatars = "../shared/rickandmorty-api/avatars is absent: the tests over every avatar need it"

    /// The path of ImageMagick's `convert`, or nil (with the reason) when only a stand-in or nothing is installed.
    static let convert: String? = {
        for path in ["/usr/bin/convert", "/usr/local/bin/convert"] where FileManager.default.isExecutableFile(atPath: path) {
            if let output = try? run(path, ["-version"]), String(decoding: output, as: UTF8.self).contains("ImageMagick ") {
                return path
            }
        }
        return nil
    }()

    static let missingConvert = "ImageMagick's convert is not installed (apt-get install imagemagick): reference comparisons skipped"

    /// What the tool writes on its standard output (through a file, removed after).
    static func run(_ executable: String, _ arguments: [String]) throws -> [UInt8] {
        let folder = try SharedFixtures.temporaryDirectory("reference-tool")
        defer { try? FileManager.default.removeItem(at: folder) }
        let process = try SpawnedProcess(executable, arguments, captureIn: folder)
        _ = process.waitUntilExit()
        return try process.standardOutputBytes()
    }

    /// RGBA samples of each file as ImageMagick decodes them, in order (one `convert` for many files).
    static func decode(_ files: [URL], sizes: [(Int, Int)]) throws -> [[UInt8]] {
        guard let convert else { return [] }
        let output = try run(convert, files.map(\.path) + ["-depth", "8", "rgba:-"])
        var result: [[UInt8]] = []
        var offset = 0
        for (width, height) in sizes {
            let count = width * height * 4
            guard offset + count <= output.count else { break }
            result.append(Array(output[offset..<(offset + count)]))
            offset += count
        }
        return result
    }

    /// Peak signal-to-noise ratio over red, green and blue, in dB (infinity when identical).
    static func psnr(_ a: [UInt8], _ b: [UInt8]) -> Double {
        var sum = 0.0, count = 0
        var index = 0
        while index + 3 < min(a.count, b.count) {
            for channel in 0..<3 {
                let difference = Double(a[index + channel]) - Double(b[index + channel])
                sum += difference * difference
            }
            count += 3
            index += 4
        }
        guard sum > 0 else { return .infinity }
        return 10 * log10(255 * 255 / (sum / Double(count)))
    }

    /// Mean structural similarity of luma (8 × 8 windows, step 4), the usual constants for 8-bit samples.
    static func ssim(_ a: Picture, _ b: Picture) -> Double {
        func luma(_ p: Picture) -> [Double] {
            (0..<(p.width * p.height)).map { (i: Int) -> Double in
                let red = 0.299 * Double(p.pixels[i * 4])
                let green = 0.587 * Double(p.pixels[i * 4 + 1])
                return red + green + 0.114 * Double(p.pixels[i * 4 + 2])
            }
        }
        let x = luma(a), y = luma(b)
        let c1: Double = 2.55 * 2.55, c2: Double = 7.65 * 7.65
        let window = min(8, a.width, a.height)
        var total = 0.0, windows = 0
        for top in stride(from: 0, through: a.height - window, by: max(1, window / 2)) {
            for left in stride(from: 0, through: a.width - window, by: max(1, window / 2)) {
                var mx = 0.0, my = 0.0
                for j in 0..<window { for i in 0..<window { mx += x[(top + j) * a.width + left + i]; my += y[(top + j) * a.width + left + i] } }
                let n = Double(window * window)
                mx /= n
                my /= n
                var vx = 0.0, vy = 0.0, cov = 0.0
                for j in 0..<window {
                    for i in 0..<window {
                        let dx = x[(top + j) * a.width + left + i] - mx, dy = y[(top + j) * a.width + left + i] - my
                        vx += dx * dx
                        vy += dy * dy
                        cov += dx * dy
                    }
                }
                vx /= n - 1
                vy /= n - 1
                cov /= n - 1
                total += ((2 * mx * my + c1) * (2 * cov + c2)) / ((mx * mx + my * my + c1) * (vx + vy + c2))
                windows += 1
            }
        }
        return total / Double(max(windows, 1))
    }
}
