import Dispatch
import Synchronization

extension PictureDerivation {
    /// `derive` over many pictures on at most `workers` threads (each taking the next picture when free, so one
    /// slow picture does not hold back a whole share). Results come back in the order of `sources`.
    public static func deriveAll(
        _ sources: [[UInt8]], sides: [Int], byteLimits: [Int: Int] = [:], workers: Int, limits: PictureLimits = .standard
    ) -> [Result<[DerivedPicture], PictureError>] {
        let next = Mutex(0)
        let results = Mutex([Result<[DerivedPicture], PictureError>?](repeating: nil, count: sources.count))
        DispatchQueue.concurrentPerform(iterations: max(1, min(workers, sources.count))) { _ in
            while true {
                let index = next.withLock { value -> Int in
                    defer { value += 1 }
                    return value
                }
                guard index < sources.count else { return }
                let result: Result<[DerivedPicture], PictureError>
                do throws(PictureError) {
                    result = .success(try derive(sources[index], sides: sides, byteLimits: byteLimits, limits: limits))
                } catch {
                    result = .failure(error)
                }
                results.withLock { $0[index] = result }
            }
        }
        return results.withLock { all in all.map { $0 ?? .failure(.corrupt("not derived")) } }
    }
}
