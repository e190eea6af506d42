import Foundation
import Primitives

/// The cache's atomic writes and moves (`AtomicFile`), failing as `DataCacheError.writeFailed`.
enum CacheFile {
    static func write(_ data: Data, to destination: URL) throws {
        do throws(AtomicFile.Failure) {
            try AtomicFile.write(data, to: destination)
        } catch {
            throw DataCacheError.writeFailed(path: destination.path, detail: error.detail)
        }
    }

    static func move(_ source: URL, to destination: URL) throws {
        do throws(AtomicFile.Failure) {
            try AtomicFile.move(source, to: destination)
        } catch {
            throw DataCacheError.writeFailed(path: destination.path, detail: error.detail)
        }
    }
}
