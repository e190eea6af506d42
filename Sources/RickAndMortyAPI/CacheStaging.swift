import Foundation

/// A private folder inside the cache where a refresh puts new images until the whole refresh has succeeded;
/// a failed refresh deletes it, which leaves the cache exactly as it was.
public struct CacheStaging: Sendable {
    static let prefix = ".staging-"

    public let folder: URL

    init(cacheDirectory: URL) throws {
        folder = cacheDirectory.appendingPathComponent(Self.prefix + UUID().uuidString, isDirectory: true)
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw DataCacheError.writeFailed(path: folder.path, detail: error.localizedDescription)
        }
    }

    func write(_ image: DownloadedImage, forCharacter id: Int) throws {
        let file = folder.appendingPathComponent("\(id).\(image.format.fileExtension)")
        do {
            try Data(image.bytes).write(to: file)
        } catch {
            throw DataCacheError.writeFailed(path: file.path, detail: error.localizedDescription)
        }
    }

    /// The staged images as (character id, format, file).
    func stagedImages() throws -> [(id: Int, format: ImageFormat, file: URL)] {
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        return names.compactMap { name in
            let parts = name.split(separator: ".")
            guard parts.count == 2, let id = Int(parts[0]), let format = ImageFormat(rawValue: String(parts[1]))
            else { return nil }
            return (id, format, folder.appendingPathComponent(name))
        }
    }

    func discard() {
        try? FileManager.default.removeItem(at: folder)
    }
}
