import Foundation
import Pictures
import Primitives
import RickAndMortyAPI
import SiteOutput
import WikiModel

/// Makes the smaller copies of every avatar (`AvatarSizes.sides`), once per picture: each is kept in the cache
/// under a key of its source bytes, so a build whose pictures did not change decodes none, and a changed picture
/// is made again alone. Which bytes a picture file holds is remembered by its stamp (`PictureStamps`), so such a
/// build does not read them either. A picture that cannot be decoded keeps its original on every page, with one warning line
/// saying which and why (remembered in the cache too, so it is not decoded again either).
struct AvatarCopyMaker: Sendable {
    /// `<cache>/pictures`, or nil to make the copies in memory and write nothing (the demo, a test's records, a
    /// dry run).
    let folder: URL?
    var workers = ProcessInfo.processInfo.activeProcessorCount

    struct Made: Sendable {
        var copies: [Int: [AvatarCopy]] = [:]
        var files: [SiteFile] = []
        var warnings: [String] = []
        /// How many pictures were decoded (not found in the cache).
        var decoded = 0
        /// Pictures whose copies (or whose reason for having none) were found in the cache.
        var reused = 0
        /// Pictures published as they are, in a format copies are not made of (the demo's SVGs).
        var asTheyAre = 0
        /// Pictures whose file could not be read.
        var unreadable = 0
        /// Characters with no picture at all: the fetch could not get it, or the records have none.
        var withoutPicture = 0

        /// The build's one line about pictures, every count saying what really happened to them.
        var summary: String {
            var line = "pictures: \(CountText.of(copies.count, "avatar")) with smaller copies, \(decoded) decoded"
            if reused > 0 { line += ", \(reused) from the cache" }
            if asTheyAre > 0 { line += ", \(asTheyAre) published as \(asTheyAre == 1 ? "it is" : "they are") (neither JPEG nor PNG)" }
            if unreadable > 0 { line += ", \(unreadable) unreadable" }
            if withoutPicture > 0 {
                line += "; " + CountText.of(withoutPicture, "character") + " with no picture "
                    + (withoutPicture == 1 ? "shows" : "show") + " a placeholder"
            }
            return line
        }
    }

    /// Bumped when the sides, the filter or the encoders change, so copies made by an older rmwiki are not reused.
    static let version = "v2-" + AvatarSizes.sides.map(String.init).joined(separator: "-")
    static let failureFile = "failed.txt"
    /// Where an entry is assembled before it is renamed into place, and where it goes before it is removed.
    static let stagingPrefix = ".staging-"
    /// The pictures copies are made of, by their published extension (an SVG or GIF is published as it is).
    static let sourceExtensions = ["jpeg", "jpg", "png"]

    func make(avatars: [Int: AvatarImage], characters: Set<Int>) -> Made {
        made(avatars: avatars, characters: characters).made
    }

    /// `make` for a build of its own, whose pictures' digest is `digest` (`BuildState.InputDigests.digest(of:)`): the
    /// copies the record of the last such build names, when it was made of pictures of that digest and of the same
    /// characters and its entries are untouched (see `CopiesRecord`); else made, and recorded for the next under the
    /// digest of the pictures as the look-up read them (a picture replaced since the digest was taken is not recorded
    /// under the old one).
    func make(avatars: [Int: AvatarImage], characters: Set<Int>, digest: String) -> Made {
        guard let folder else { return make(avatars: avatars, characters: characters) }
        let shown = CopiesRecord.charactersDigest(characters)
        if let record = CopiesRecord(folderPath: folder.path), record.digest == digest, record.characters == shown,
           !Self.hasHalfSavedStamps(folder), record.stillStamped(in: folder.path),
           let made = Self.made(from: record, in: folder.path) {
            return made
        }
        let (made, trail, recorded) = made(avatars: avatars, characters: characters)
        CopiesRecord.save(recorded.map { entries in
            let read = Dictionary(trail ?? [], uniquingKeysWith: { first, _ in first })
            let digest = BuildState.InputDigests.digest(of: avatars) { read[$0] ?? FileStamp(path: $0).map(PictureStamps.stamp) }
            return CopiesRecord(digest: digest, characters: shown, asTheyAre: made.asTheyAre, withoutPicture: made.withoutPicture,
                                entries: entries)
        }, in: folder)
        return made
    }

    /// The copies `record` names, as `made` would find them; nil when an entry no longer reads as copies.
    private static func made(from record: CopiesRecord, in folderPath: String) -> Made? {
        var made = Made()
        made.asTheyAre = record.asTheyAre
        made.withoutPicture = record.withoutPicture
        made.reused = record.entries.count
        made.files.reserveCapacity(record.entries.count * AvatarSizes.sides.count)
        for entry in record.entries {
            guard case .success(let copies) = read(folderPath + "/" + entry.name, names: entry.copies) else { return nil }
            add(copies, id: entry.id, to: &made)
        }
        return made
    }

    /// `make`, or what `kept` made when it was made of these avatars and every picture file and cache entry it came
    /// from still has the stamp it had (two `stat`s a picture, no string made: see `Kept`); returns what was made and
    /// what to keep of it. `digest`, the pictures' input digest (`BuildState.InputDigests`): when it is the one `kept`
    /// was made with, only the cache entries are looked at, not the pictures (see `Kept`).
    func make(avatars: [Int: AvatarImage], characters: Set<Int>, kept: Kept?, digest: String? = nil) -> (made: Made, kept: Kept?) {
        if let kept, kept.characters == characters, kept.folder == folder {
            if let digest, kept.digest == digest, kept.stillStamped(entriesOnly: true) { return (kept.made, kept) }
            if kept.avatars == avatars, kept.stillStamped() { return (kept.made, kept.with(digest: digest)) }
        }
        let (made, trail, _) = made(avatars: avatars, characters: characters)
        return (made, trail.map {
            Kept(avatars: avatars, characters: characters, folder: folder, trail: $0, made: made).with(digest: digest)
        })
    }

    /// What `serve` keeps of a `make` whose every picture came from the cache by a settled stamp: the paths of the
    /// picture files and cache entries it read, with their stamps.
    ///
    /// The pictures' input digest names every picture file by its stamp: while it is the digest they were made with,
    /// only the cache entries' stamps are looked at (half the `stat`s: 8,000 fewer at ten times the data), on every core.
    struct Kept: Sendable {
        let avatars: [Int: AvatarImage]
        let characters: Set<Int>
        let folder: URL?
        let trail: [(path: String, stamp: PictureStamps.Stamp)]
        let made: Made
        private(set) var digest: String?

        init(avatars: [Int: AvatarImage], characters: Set<Int>, folder: URL?, trail: [(path: String, stamp: PictureStamps.Stamp)],
             made: Made) {
            (self.avatars, self.characters, self.folder, self.trail, self.made) = (avatars, characters, folder, trail, made)
        }

        func with(digest: String?) -> Kept {
            var kept = self
            kept.digest = digest
            return kept
        }

        /// Whether every picture file and cache entry it came from (with `entriesOnly`, every cache entry) still has the
        /// stamp it had.
        func stillStamped(entriesOnly: Bool = false) -> Bool {
            let entries = (folder?.path).map { $0 + "/" } ?? "/"
            return PictureStamps.stillStamped(entriesOnly ? trail.filter { $0.path.hasPrefix(entries) } : trail)
        }
    }

    /// The copies, and the trail `Kept` needs: nil unless every picture was found in the cache by a settled stamp.
    /// What was made, with (nil unless every picture came from the cache by a settled stamp) the trail `Kept` checks and
    /// the entries a `CopiesRecord` names.
    private func made(avatars: [Int: AvatarImage], characters: Set<Int>)
        -> (made: Made, trail: [(path: String, stamp: PictureStamps.Stamp)]?, recorded: [CopiesRecord.Entry]?) {
        var made = Made()
        var pending: [(id: Int, key: String, bytes: [UInt8])] = []
        var used = Set<String>(minimumCapacity: avatars.count)
        let known = folder.map { PictureStamps(folderPath: $0.path) } ?? PictureStamps()
        // What the stamps file is to say, kept as a list: when it says what it said (the common build), no new table
        // is built and compared.
        var stamped: [(stamp: PictureStamps.Stamp, content: String, cached: Cached?)] = []
        var asRemembered = 0
        var trail: [(path: String, stamp: PictureStamps.Stamp)]? = []
        var recorded: [CopiesRecord.Entry]? = []
        let now = FileStamp.now
        made.withoutPicture = characters.subtracting(avatars.keys).count
        made.files.reserveCapacity(avatars.count * AvatarSizes.sides.count)
        let shown = avatars.sorted(by: { $0.key < $1.key }).filter { characters.contains($0.key) }
        let found = lookUpAll(shown.map(\.value), known: known)
        for ((id, avatar), found) in zip(shown, found) {
            guard Self.sourceExtensions.contains(avatar.fileExtension) else {
                made.asTheyAre += 1
                continue
            }
            guard let (picture, cached) = found else {
                made.unreadable += 1
                (trail, recorded) = (nil, nil)
                continue
            }
            let key = Self.entryName(picture.content)
            used.insert(key)
            if case .file(let path) = avatar.source, let stamp = picture.stamp, let cached, let folder,
               stamp.isSettled(at: now), cached.entry.isSettled(at: now) {
                trail?.append(contentsOf: [(path, stamp), (folder.path + "/" + key, PictureStamps.stamp(cached.entry))])
                recorded?.append(CopiesRecord.Entry(id: id, name: key, stamp: PictureStamps.stamp(cached.entry), copies: cached.names))
            } else {
                (trail, recorded) = (nil, nil)
            }
            if let stamp = picture.stamp {
                stamped.append((stamp, picture.content, cached))
                if picture.bytes == nil, let cached, known.names(in: cached.entry, of: picture.content) != nil { asRemembered += 1 }
            }
            if let cached {
                made.reused += 1
                switch cached.found {
                case .success(let entries): Self.add(entries, id: id, to: &made)
                case .failure(let reason):
                    made.warnings.append(Self.warning(id: id, reason: reason.text))
                    recorded = nil
                }
                continue
            }
            if let bytes = picture.bytes { pending.append((id, key, bytes)) }
        }
        let results = PictureDerivation.deriveAll(pending.map(\.bytes), sides: AvatarSizes.sides, byteLimits: AvatarSizes.byteLimits, workers: workers)
        made.decoded = pending.count
        for (job, result) in zip(pending, results) {
            switch result {
            case .success(let copies):
                let entries = copies.map { copy in
                    (AvatarCopy(side: min(copy.width, copy.height), width: copy.width, height: copy.height,
                                fileExtension: copy.fileExtension), SiteFile.Content.bytes(copy.bytes))
                }
                if let folder { Self.store(entries, in: folder.appendingPathComponent(job.key)) }
                Self.add(entries, id: job.id, to: &made)
            case .failure(let error):
                if let folder { Self.storeFailure(error.description, in: folder.appendingPathComponent(job.key)) }
                made.warnings.append(Self.warning(id: job.id, reason: error.description))
            }
        }
        // Every picture was found by a stamp and a listing read, and every stamp and listing read was used (pictures
        // may share bytes, so listings are counted by entry): the file would say the same.
        let unchanged = !known.listings.isEmpty && asRemembered == stamped.count && stamped.count == known.contents.count
            && used.count == known.listings.count
        let stamps = unchanged ? known : PictureStamps(stamped.map { ($0.stamp, $0.content, $0.cached.map { ($0.names, $0.entry) }) }, now: now)
        if let folder, unchanged ? Self.hasHalfSavedStamps(folder) : Self.needsPrune(folder, stamps: stamps, previous: known, used: used) {
            // The prune first: a build killed during it has saved no stamps, so the next one prunes again.
            Self.prune(folder, keeping: used)
            stamps.save(in: folder, previous: known)
        }
        return (made, trail, recorded)
    }

    typealias Cached = (found: Result<[(AvatarCopy, SiteFile.Content)], ReasonText>, names: [String], entry: FileStamp)
    typealias Found = (picture: (content: String, bytes: [UInt8]?, stamp: PictureStamps.Stamp?), cached: Cached?)

    /// `lookUp` of each avatar copies are made of (nil for the others, and for a file that cannot be read), in their
    /// order, on every worker: two `stat`s and a few strings each, some 826 pictures a build.
    private func lookUpAll(_ avatars: [AvatarImage], known: PictureStamps) -> [Found?] {
        let chunk = 64
        return ConcurrentWork.map((avatars.count + chunk - 1) / chunk) { part -> [Found?] in
            var folders = OpenFolders()
            defer { folders.close() }
            return avatars[(part * chunk)..<min(avatars.count, (part + 1) * chunk)].map { avatar -> Found? in
                guard Self.sourceExtensions.contains(avatar.fileExtension) else { return nil }
                return lookUp(avatar.source, known: known, folders: &folders)
            }
        }.flatMap { $0 }
    }

    /// Which bytes a picture holds and its copies in the cache, nil when its file cannot be read. A remembered stamp
    /// that names no usable entry (gone, or changed since it was listed) is not trusted: the bytes decide, and with
    /// no usable entry they are returned to be made copies of again.
    private func lookUp(_ source: AvatarImage.Source, known: PictureStamps, folders: inout OpenFolders) -> Found? {
        guard var picture = Self.identify(source, known: known, folders: &folders) else { return nil }
        guard let folderPath = folder?.path else { return (picture, nil) }
        var entry = folderPath + "/" + Self.entryName(picture.content)
        if let cached = Self.read(entry, content: picture.content, known: known, bytes: picture.bytes, folders: &folders) {
            return (picture, cached)
        }
        if picture.bytes == nil {
            guard let read = Self.identify(source, known: PictureStamps(), folders: &folders) else { return nil }
            picture = read
            entry = folderPath + "/" + Self.entryName(picture.content)
        }
        return (picture, Self.read(entry, content: picture.content, known: known, bytes: picture.bytes, folders: &folders))
    }

    /// False when the folder holds what the last build left and nothing else of ours: the stamps are the ones read,
    /// every entry in use is listed in them, and no stamps file is half written. Then the folder is not listed.
    private static func needsPrune(_ folder: URL, stamps: PictureStamps, previous: PictureStamps, used: Set<String>) -> Bool {
        guard stamps == previous, !previous.listings.isEmpty,
              used == Set(previous.listings.keys.map(entryName)) else { return true }
        return hasHalfSavedStamps(folder)
    }

    private static func hasHalfSavedStamps(_ folder: URL) -> Bool {
        FileStamp(path: folder.appendingPathComponent(PictureStamps.temporaryName).path) != nil
    }

    /// A picture's content key (`<FNV-1a hex>-<byte count>`) and its file's stamp; the bytes only when they were
    /// read, which a file whose stamp `known` remembers is not. Nil when the file cannot be read.
    static func identify(_ source: AvatarImage.Source, known: PictureStamps, folders: inout OpenFolders)
        -> (content: String, bytes: [UInt8]?, stamp: PictureStamps.Stamp?)?
    {
        switch source {
        case .bytes(let bytes):
            return (contentKey(bytes), bytes, nil)
        case .file(let path):
            // Stamped before reading: a file replaced meanwhile has a new stamp next time, so it is read again.
            guard let file = folders.stamp(path), file.isRegularFile else { return nil }
            let stamp = PictureStamps.stamp(file)
            if let content = known.content(of: stamp) { return (content, nil, stamp) }
            guard let data = FileManager.default.contents(atPath: path) else { return nil }
            let bytes = [UInt8](data)
            return (contentKey(bytes), bytes, stamp)
        }
    }

    /// `<FNV-1a hex>-<byte count>`: which bytes a picture holds.
    static func contentKey(_ bytes: [UInt8]) -> String { FNV1a(bytes).hex + "-\(bytes.count)" }

    /// A picture's entry in the cache: its content key and the copies' version.
    static func entryName(_ content: String) -> String { content + "-" + version }

    static func warning(id: Int, reason: String) -> String {
        "warning: the picture of character \(id) cannot be made smaller (\(reason)); its pages show the original"
    }

    private static func add(_ entries: [(AvatarCopy, SiteFile.Content)], id: Int, to made: inout Made) {
        let sorted = entries.sorted { $0.0.side < $1.0.side }
        made.copies[id] = sorted.map(\.0)
        for (copy, content) in sorted {
            made.files.append(SiteFile(path: SiteModel.avatarCopyPath(characterID: id, copy: copy), content: content))
        }
    }

    /// A cache entry's copies (`<side>-<width>x<height>.<ext>`), or the reason it failed, with the names it holds and
    /// its folder's stamp; nil when there is none, or it must be made again. The names are those `known` remembers
    /// under the folder's stamp; a folder whose stamp moved since (a copy taken away or added by hand) is made again.
    /// One no listing is remembered of is listed, and kept only when it holds a copy for each side smaller than the
    /// picture (its size from `bytes`, when they were read).
    /// Paths are strings here, not URLs: Foundation's URLs cost most of a no-change pictures phase, 3,304 copies a build.
    static func read(_ entry: String, content: String, known: PictureStamps, bytes: [UInt8]?, folders: inout OpenFolders) -> Cached? {
        guard let stamp = folders.stamp(entry), stamp.isFolder else { return nil }
        if let names = known.names(in: stamp, of: content) {
            return read(entry, names: names).map { ($0, names, stamp) }
        }
        guard known.listings[content] == nil else { return nil }
        // Read with readdir: Foundation's listing cost most of a no-change pictures phase, once per picture.
        let names = FolderWalk.entries(under: entry, skippingHidden: false).map(\.path)
        guard let found = read(entry, names: names) else { return nil }
        if case .success(let copies) = found {
            let held = copies.map(\.0.side).sorted()
            // Copies are made for the sides smaller than the picture: with its bytes at hand, exactly those; without
            // (its stamp spared reading them), at least the smallest sides, none missing between them.
            let sides = AvatarSizes.sides.sorted()
            if let size = bytes.flatMap(PictureSize.init(of:)) {
                guard held == sides.filter({ $0 < min(size.width, size.height) }) else { return nil }
            } else {
                guard held == Array(sides.prefix(held.count)) else { return nil }
            }
        }
        return (found, names, stamp)
    }

    /// The copies `names` stand for in `entry`, or the reason it failed; nil when there are none, or a name is not a
    /// copy's.
    static func read(_ entry: String, names: [String]) -> Result<[(AvatarCopy, SiteFile.Content)], ReasonText>? {
        guard !names.isEmpty else { return nil }
        if names.contains(failureFile) {
            let reason = FileManager.default.contents(atPath: entry + "/" + failureFile).map { String(decoding: $0, as: UTF8.self) }
                ?? "undecodable"
            return .failure(ReasonText(text: reason.trimmingCharacters(in: .whitespacesAndNewlines)))
        }
        var entries: [(AvatarCopy, SiteFile.Content)] = []
        entries.reserveCapacity(names.count)
        let folder = entry + "/"
        for name in names {
            guard let copy = copy(named: name) else { return nil }
            entries.append((copy, .copy(sourcePath: folder + name)))
        }
        return .success(entries)
    }

    /// `<side>-<width>x<height>.<ext>` as the copy it names, read byte by byte: splitting it into strings cost a
    /// fifth of a no-change pictures phase.
    static func copy(named name: String) -> AvatarCopy? {
        var utf8 = name.utf8[...]
        func number(until separator: UInt8) -> Int? {
            var (value, digits) = (0, 0)
            while let byte = utf8.popFirst(), byte != separator {
                guard byte >= 0x30, byte <= 0x39, digits < 9 else { return nil }
                (value, digits) = (value * 10 + Int(byte - 0x30), digits + 1)
            }
            return digits > 0 ? value : nil
        }
        guard let side = number(until: UInt8(ascii: "-")), let width = number(until: UInt8(ascii: "x")),
              let height = number(until: UInt8(ascii: ".")),
              !utf8.isEmpty, !utf8.contains(where: { "-x.".utf8.contains($0) }) else { return nil }
        return AvatarCopy(side: side, width: width, height: height, fileExtension: String(decoding: utf8, as: UTF8.self))
    }

    struct ReasonText: Error, CustomStringConvertible {
        let text: String
        var description: String { text }
    }

    /// Written beside the entry and renamed into place, so a build killed meanwhile leaves no half entry.
    static func store(_ entries: [(AvatarCopy, SiteFile.Content)], in entry: URL) {
        write(entry) { staging in
            for (copy, content) in entries {
                guard case .bytes(let bytes) = content else { continue }
                let name = "\(copy.side)-\(copy.width)x\(copy.height).\(copy.fileExtension)"
                try Data(bytes).write(to: staging.appendingPathComponent(name))
            }
        }
    }

    static func storeFailure(_ reason: String, in entry: URL) {
        write(entry) { staging in try Data((reason + "\n").utf8).write(to: staging.appendingPathComponent(failureFile)) }
    }

    private static func write(_ entry: URL, _ fill: (URL) throws -> Void) {
        let manager = FileManager.default
        let staging = entry.deletingLastPathComponent().appendingPathComponent(stagingPrefix + entry.lastPathComponent)
        do {
            try? manager.removeItem(at: staging)
            // An entry made again (changed by hand) goes as a pruned one does: under its staging name first, so a
            // build killed meanwhile leaves staging, never a part of it under its own name.
            if FileStamp(path: entry.path) != nil {
                try manager.moveItem(at: entry, to: staging)
                try manager.removeItem(at: staging)
            }
            try manager.createDirectory(at: staging, withIntermediateDirectories: true)
            try fill(staging)
            try manager.moveItem(at: staging, to: entry)
        } catch {
            // The copies are still published from memory; only the next build's reuse is lost.
            try? manager.removeItem(at: staging)
        }
    }

    /// Removes the entries of pictures no longer in the data (and staging, or the stamps' temporary file, left by a
    /// killed build). Only names of the shapes `make` writes go: `--cache` may name a folder that also holds the user's own files. An entry is
    /// renamed to its staging name before its files go, one by one: a build killed meanwhile leaves staging, never
    /// an entry missing some of its copies that a later build would take as whole when the picture comes back.
    static func prune(_ folder: URL, keeping used: Set<String>) {
        let manager = FileManager.default
        let names = (try? manager.contentsOfDirectory(atPath: folder.path)) ?? []
        for name in names where name == PictureStamps.temporaryName || CopiesRecord.isTemporary(name)
            || (!used.contains(name) && isOwnEntry(name)) {
            var doomed = folder.appendingPathComponent(name)
            if !name.hasPrefix(stagingPrefix) {
                let staging = folder.appendingPathComponent(stagingPrefix + name)
                try? manager.removeItem(at: staging)
                guard (try? manager.moveItem(at: doomed, to: staging)) != nil else { continue }
                doomed = staging
            }
            try? manager.removeItem(at: doomed)
        }
    }

    /// `<16 hex digits>-<byte count>-v<n>-<side>-<side>…` (any version and sides, so an older rmwiki's entries go
    /// too), or that name behind `.staging-`.
    static func isOwnEntry(_ name: String) -> Bool {
        let key = name.hasPrefix(stagingPrefix) ? name.dropFirst(stagingPrefix.count) : Substring(name)
        let parts = key.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count >= 3, FNV1a.isHex(parts[0]), parts[2].first == "v" else { return false }
        let numbers = [parts[1], parts[2].dropFirst()] + parts.dropFirst(3)
        return numbers.allSatisfy { !$0.isEmpty && $0.allSatisfy { "0123456789".contains($0) } }
    }
}
