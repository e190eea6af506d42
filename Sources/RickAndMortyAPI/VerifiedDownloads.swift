import Foundation
import Primitives

/// Pictures a refresh downloaded and checked but has not committed yet (`downloads/` in the cache), keyed by
/// their URL's path (as the cache matches pictures: the same path from a mirror is the same picture). A refresh
/// that fails keeps them and the next one takes them from here instead of the network, so against a flaky API
/// each try gets further than the last; a commit links them into the new generation and empties the folder.
struct VerifiedDownloads: Sendable {
    let folder: URL

    /// The folder is made by the first `store`: a refresh refused before any picture arrived (a shrink check
    /// runs while pictures are already downloading) leaves the cache as it found it.
    init(folder: URL) {
        self.folder = folder
    }

    func image(for url: String) -> StoredImage? {
        for format in [ImageFormat.jpeg, .png] {
            let file = self.file(for: url, format: format)
            if FileManager.default.fileExists(atPath: file.path) { return StoredImage(file: file, format: format) }
        }
        return nil
    }

    /// Written atomically: a file here is always a whole, checked picture, even after a kill.
    func store(_ image: DownloadedImage, for url: String) throws {
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw DataCacheError.writeFailed(path: folder.path, detail: error.localizedDescription)
        }
        try CacheFile.write(Data(image.bytes), to: file(for: url, format: image.format))
        for other in [ImageFormat.jpeg, .png] where other != image.format {
            try? FileManager.default.removeItem(at: file(for: url, format: other))
        }
    }

    /// Removes the pictures this folder's naming gives (and unfinished writes), then the folder if that emptied it.
    func removeAll() {
        CacheFile.removeFiles(in: folder) { name in
            if name.hasPrefix(AtomicFile.temporaryPrefix) { return true }
            let parts = name.split(separator: ".")
            return parts.count == 2 && FNV1a.isHex(parts[0])
                && [ImageFormat.jpeg, .png].contains { $0.fileExtension == parts[1] }
        }
    }

    /// A file name from the path alone: 64-bit FNV-1a, in hex. Paths are chosen by the server, which could
    /// collide two on purpose only to swap two of its own pictures.
    private func file(for url: String, format: ImageFormat) -> URL {
        folder.appendingPathComponent(FNV1a(DataService.path(of: url).utf8).hex + "." + format.fileExtension)
    }
}
