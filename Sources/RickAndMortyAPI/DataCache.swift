import Foundation

/// The cache folder (`--cache DIR`):
/// - `snapshot.json`: the last complete snapshot;
/// - `responses.json`: each page's body and validators (ETag, Last-Modified), for conditional requests;
/// - `avatars/N.jpeg` or `avatars/N.png`: each character's picture, at a path fixed by its id, in the
///   format its bytes are (not the one its URL names).
/// Every file is replaced atomically, and a refresh changes nothing until it has fetched everything.
public struct DataCache: Sendable {
    public let directory: URL

    public init(directory: URL) {
        self.directory = directory
    }

    public var snapshotFile: URL { directory.appendingPathComponent("snapshot.json") }
    public var responsesFile: URL { directory.appendingPathComponent("responses.json") }
    public var avatarsFolder: URL { directory.appendingPathComponent("avatars", isDirectory: true) }

    public var hasSnapshot: Bool { FileManager.default.fileExists(atPath: snapshotFile.path) }

    /// The cached snapshot; nil when there is none, an error when it is damaged.
    public func loadSnapshot() throws -> Snapshot? {
        guard hasSnapshot else { return nil }
        do {
            let data = try Data(contentsOf: snapshotFile)
            return try JSONDecoder().decode(Snapshot.self, from: data)
        } catch let error as DecodingError {
            throw DataCacheError.unreadable(path: snapshotFile.path, detail: BodyProblem.from(error).description)
        } catch {
            throw DataCacheError.unreadable(path: snapshotFile.path, detail: error.localizedDescription)
        }
    }

    /// The stored validators and bodies per page URL. They only save work, so a damaged file counts as empty
    /// (the next fetch is then unconditional).
    public func loadStoredResponses() -> [String: StoredResponse] {
        guard let data = try? Data(contentsOf: responsesFile),
              let responses = try? JSONDecoder().decode([String: StoredResponse].self, from: data)
        else { return [:] }
        return responses
    }

    public func avatarFile(forCharacter id: Int, format: ImageFormat) -> URL {
        avatarsFolder.appendingPathComponent("\(id).\(format.fileExtension)")
    }

    public func cachedAvatar(forCharacter id: Int) -> AvatarImage? {
        for format in [ImageFormat.jpeg, .png] {
            let file = avatarFile(forCharacter: id, format: format)
            if FileManager.default.fileExists(atPath: file.path) {
                return AvatarImage(source: .file(path: file.path), fileExtension: format.fileExtension)
            }
        }
        return nil
    }

    /// The cached pictures of the snapshot's characters; characters without one are absent.
    public func avatars(for snapshot: Snapshot) -> [Int: AvatarImage] {
        var avatars: [Int: AvatarImage] = [:]
        for character in snapshot.characters {
            if let avatar = cachedAvatar(forCharacter: character.id) { avatars[character.id] = avatar }
        }
        return avatars
    }

    /// Removes what an interrupted refresh left behind (staging folders, temporary files); none of it is data.
    public func removeLeftovers() {
        let manager = FileManager.default
        for folder in [directory, avatarsFolder] {
            guard let names = try? manager.contentsOfDirectory(atPath: folder.path) else { continue }
            for name in names where name.hasPrefix(CacheStaging.prefix) || name.hasPrefix(AtomicFile.temporaryPrefix) {
                try? manager.removeItem(at: folder.appendingPathComponent(name))
            }
        }
    }

    public func makeStaging() throws -> CacheStaging {
        try CacheStaging(cacheDirectory: directory)
    }

    /// Publishes a finished refresh: staged images into `avatars/`, then the page responses, then the snapshot
    /// (last, so a snapshot on disk always has its pictures). Each file is replaced atomically.
    public func commit(
        staging: CacheStaging, responses: [String: StoredResponse], history: ChangeHistory, snapshot: Snapshot
    ) throws {
        defer { staging.discard() }
        let manager = FileManager.default
        do {
            try manager.createDirectory(at: avatarsFolder, withIntermediateDirectories: true)
        } catch {
            throw DataCacheError.writeFailed(path: avatarsFolder.path, detail: error.localizedDescription)
        }
        for staged in try stagedImages(staging) {
            try AtomicFile.move(staged.file, to: avatarFile(forCharacter: staged.id, format: staged.format))
            // A picture that changed format leaves its old file behind otherwise, and lookups prefer JPEG.
            for other in [ImageFormat.jpeg, .png] where other != staged.format {
                try? manager.removeItem(at: avatarFile(forCharacter: staged.id, format: other))
            }
        }
        try AtomicFile.write(try Self.encode(responses), to: responsesFile)
        // History before snapshot: killed between the two, the next refresh finds the same changes again and
        // records them once more at worst, never not at all.
        try history.save(to: self)
        try AtomicFile.write(try Self.encode(snapshot), to: snapshotFile)
    }

    private func stagedImages(_ staging: CacheStaging) throws -> [(id: Int, format: ImageFormat, file: URL)] {
        do {
            return try staging.stagedImages()
        } catch {
            throw DataCacheError.unreadable(path: staging.folder.path, detail: error.localizedDescription)
        }
    }

    static func encode<Value: Encodable>(_ value: Value) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        do {
            return try encoder.encode(value)
        } catch {
            throw DataCacheError.writeFailed(path: "(encoding)", detail: error.localizedDescription)
        }
    }
}
