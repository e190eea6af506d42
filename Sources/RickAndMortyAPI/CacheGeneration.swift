import Foundation

/// One committed state of the cache, in one folder: `snapshot.json` (the last complete snapshot),
/// `responses.json` (each page's body and validators, for conditional requests), `history.json` (see
/// `ChangeHistory`) and `avatars/N.jpeg` or `avatars/N.png` (each character's picture, at a path fixed by its
/// id, in the format its bytes are). Nothing in it changes after it is committed.
package struct CacheGeneration: Sendable, Equatable {
    let folder: URL

    package var snapshotFile: URL { folder.appendingPathComponent("snapshot.json") }
    var responsesFile: URL { folder.appendingPathComponent("responses.json") }
    var historyFile: URL { folder.appendingPathComponent(ChangeHistory.fileName) }
    var avatarsFolder: URL { folder.appendingPathComponent("avatars", isDirectory: true) }

    var hasSnapshot: Bool { FileManager.default.fileExists(atPath: snapshotFile.path) }

    /// The snapshot; nil when there is none, an error when it is damaged.
    func loadSnapshot() throws -> Snapshot? {
        try readSnapshotFile().map(decodeSnapshot)
    }

    /// The bytes of `snapshot.json`; nil when there is none.
    func readSnapshotFile() throws -> Data? {
        do {
            return try Self.readIfPresent(snapshotFile)
        } catch {
            throw DataCacheError.unreadable(path: snapshotFile.path, detail: error.localizedDescription)
        }
    }

    /// A file's bytes, nil when it is not there: one read, no existence check before it that the file could
    /// outdate.
    static func readIfPresent(_ file: URL) throws -> Data? {
        do {
            return try Data(contentsOf: file)
        } catch CocoaError.fileReadNoSuchFile {
            return nil
        }
    }

    /// The snapshot in `bytes` read from `snapshot.json`; an error naming the file and the field when it is damaged.
    func decodeSnapshot(_ bytes: Data) throws -> Snapshot {
        if let snapshot = SnapshotReader.read(bytes) { return snapshot }
        do {
            return try JSONDecoder().decode(Snapshot.self, from: bytes)
        } catch let error as DecodingError {
            throw DataCacheError.unreadable(path: snapshotFile.path, detail: BodyProblem.from(error).description)
        } catch {
            throw DataCacheError.unreadable(path: snapshotFile.path, detail: error.localizedDescription)
        }
    }

    /// The stored validators and bodies per page URL. They only save work, so a damaged file counts as empty
    /// (the next fetch is then unconditional).
    func loadStoredResponses() -> [String: StoredResponse] {
        guard let data = try? Data(contentsOf: responsesFile),
              let responses = try? JSONDecoder().decode([String: StoredResponse].self, from: data)
        else { return [:] }
        return responses
    }

    func avatarFile(forCharacter id: Int, format: ImageFormat) -> URL {
        avatarsFolder.appendingPathComponent("\(id).\(format.fileExtension)")
    }

    /// The character's picture file and its format, if this generation has one.
    func storedAvatar(forCharacter id: Int) -> StoredImage? {
        for format in [ImageFormat.jpeg, .png] {
            let file = avatarFile(forCharacter: id, format: format)
            if FileManager.default.fileExists(atPath: file.path) { return StoredImage(file: file, format: format) }
        }
        return nil
    }

    /// The pictures of the snapshot's characters; characters without one are absent.
    /// The folder is listed once rather than probed twice per character: a build reads this for every character.
    func avatars(for snapshot: Snapshot) -> [Int: AvatarImage] {
        let names = Set((try? FileManager.default.contentsOfDirectory(atPath: avatarsFolder.path)) ?? [])
        let folder = avatarsFolder.path
        var avatars: [Int: AvatarImage] = [:]
        for character in snapshot.characters {
            for format in [ImageFormat.jpeg, .png] where avatars[character.id] == nil {
                let name = "\(character.id).\(format.fileExtension)"
                guard names.contains(name) else { continue }
                avatars[character.id] = AvatarImage(source: .file(path: folder + "/" + name), fileExtension: format.fileExtension)
            }
        }
        return avatars
    }
}

/// A checked picture on disk.
struct StoredImage: Sendable, Equatable {
    var file: URL
    var format: ImageFormat
}
