import Dispatch
import Foundation
import Synchronization

/// The memory the pictures decoded at once may take together, as image-png keeps a byte budget: a few bytes of
/// file can claim 4,096 × 4,096 pixels, and such pictures decoded one per core would together take gigabytes.
struct DecodeBudget: Sendable, Equatable {
    /// What the decodes running at once may take together: a decode waits until its share fits.
    var shared: Int
    /// What one picture may take; over `shared` it runs alone, over this it is refused.
    var perPicture: Int

    /// Every real avatar takes about 3 MB, so they never wait; a 4,096² PNG (64 MB inflated) runs alone, and the
    /// largest picture within `PictureLimits` decoded reduced (a 16-bit RGBA PNG, 128 MB inflated) still fits.
    static let standard = DecodeBudget(shared: 96 << 20, perPicture: 160 << 20)
}

/// The bytes of `DecodeBudget.shared` in use, taken and given back by the worker threads of one `deriveAll`.
private final class BudgetGate: @unchecked Sendable {
    // `condition` guards `inUse`: the threads are Dispatch's, which must block while they wait.
    private let condition = NSCondition()
    private var inUse = 0
    let limit: Int

    init(limit: Int) { self.limit = limit }

    func take(_ bytes: Int) {
        condition.lock()
        defer { condition.unlock() }
        // With nothing else running a picture goes ahead whatever its size, so the budget never deadlocks.
        while inUse > 0 && inUse + bytes > limit { condition.wait() }
        inUse += bytes
    }

    func giveBack(_ bytes: Int) {
        condition.lock()
        inUse -= bytes
        condition.broadcast()
        condition.unlock()
    }
}

extension PictureDerivation {
    /// `derive` over many pictures on at most `workers` threads (each taking the next picture when free, so one
    /// slow picture does not hold back a whole share), within `budget`. Results come back in the order of
    /// `sources`.
    public static func deriveAll(
        _ sources: [[UInt8]], sides: [Int], byteLimits: [Int: Int] = [:], workers: Int, limits: PictureLimits = .standard
    ) -> [Result<[DerivedPicture], PictureError>] {
        deriveAll(sources, sides: sides, byteLimits: byteLimits, workers: workers, limits: limits, budget: .standard)
    }

    static func deriveAll(
        _ sources: [[UInt8]], sides: [Int], byteLimits: [Int: Int], workers: Int, limits: PictureLimits,
        budget: DecodeBudget
    ) -> [Result<[DerivedPicture], PictureError>] {
        let next = Mutex(0)
        let results = Mutex([Result<[DerivedPicture], PictureError>?](repeating: nil, count: sources.count))
        let gate = BudgetGate(limit: budget.shared)
        DispatchQueue.concurrentPerform(iterations: max(1, min(workers, sources.count))) { _ in
            while true {
                let index = next.withLock { value -> Int in
                    defer { value += 1 }
                    return value
                }
                guard index < sources.count else { return }
                let cost = PictureDecoder.footprint(sources[index], limits: limits, minimumSide: minimumSide(sides))
                let result: Result<[DerivedPicture], PictureError>
                if cost > budget.perPicture {
                    result = .failure(.tooCostly(neededBytes: cost, allowedBytes: budget.perPicture))
                } else {
                    gate.take(cost)
                    do throws(PictureError) {
                        result = .success(try derive(sources[index], sides: sides, byteLimits: byteLimits, limits: limits))
                    } catch {
                        result = .failure(error)
                    }
                    gate.giveBack(cost)
                }
                results.withLock { $0[index] = result }
            }
        }
        return results.withLock { all in all.map { $0 ?? .failure(.corrupt("not derived")) } }
    }
}
