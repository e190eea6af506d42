import Foundation
import Pictures
import WikiBuild

/// `rmwiki-bench images [--runs N] [--workers N] [AVATARS_FOLDER]`: decodes every avatar and derives every size the
/// pages show (`AvatarSizes.sides`), as a build does, and prints the median wall time of the runs (files are read
/// before the clock starts) with the bytes before and after.
enum ImagesBenchmark {
    static let usage = "rmwiki-bench images [--runs N] [--workers N] [AVATARS_FOLDER]"

    static func run(arguments: [String]) throws {
        var runs = 5
        var workers = ProcessInfo.processInfo.activeProcessorCount
        var folder = "../shared/rickandmorty-api/avatars"
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            switch argument {
            case "--runs":
                guard let value = rest.popFirst().flatMap(Int.init), value > 0 else { throw BenchmarkError("--runs N") }
                runs = value
            case "--workers":
                guard let value = rest.popFirst().flatMap(Int.init), value > 0 else { throw BenchmarkError("--workers N") }
                workers = value
            default: folder = argument
            }
        }
        let names = try FileManager.default.contentsOfDirectory(atPath: folder).filter { !$0.hasPrefix(".") }.sorted()
        guard !names.isEmpty else { throw BenchmarkError("no pictures in \(folder)") }
        let sources = try names.map { [UInt8](try Data(contentsOf: URL(fileURLWithPath: folder).appendingPathComponent($0))) }
        var times: [Duration] = []
        var last: [Result<[DerivedPicture], PictureError>] = []
        for _ in 0..<runs {
            let clock = ContinuousClock()
            let start = clock.now
            last = PictureDerivation.deriveAll(sources, sides: AvatarSizes.sides, byteLimits: AvatarSizes.byteLimits, workers: workers)
            times.append(clock.now - start)
        }
        let derived = last.compactMap { try? $0.get() }
        let failures = last.count - derived.count
        let sourceBytes = sources.reduce(0) { $0 + $1.count }
        print("images: \(sources.count) pictures, sides \(AvatarSizes.sides.map(String.init).joined(separator: ", ")), "
            + "\(workers) workers, \(runs) runs: median \(times.median.milliseconds) ms "
            + "(min \(times.min()?.milliseconds ?? 0), max \(times.max()?.milliseconds ?? 0))")
        print("images: originals \(sourceBytes / 1024) KiB; failures \(failures)")
        for (index, side) in AvatarSizes.sides.enumerated() {
            let sizes = derived.compactMap { $0.count > index ? $0[index].bytes.count : nil }.sorted()
            guard !sizes.isEmpty else { continue }
            print("images: \(side) px: \(sizes.reduce(0, +) / 1024) KiB in all, median \(sizes[sizes.count / 2]) B, "
                + "largest \(sizes.last ?? 0) B")
        }
    }
}
