import Foundation
import Primitives
import RickAndMortyAPI
import SiteOutput
import WikiModel

/// What the last successful build was made from (a fingerprint of every input) and what it left in
/// the output folder (each file's and folder's size, mtime and inode). When a rebuild's inputs are the same
/// and the output is untouched, there is nothing to render or write: the nightly no-change rebuild costs a
/// hash and an `lstat` per entry. Any difference, including a file edited, added or deleted by hand, means a
/// full build.
/// Kept beside the output (`.<name>.build-state`), never inside it, so it is not published.
///
/// It also records how many records of each kind the published site holds, so that a fetch into a cold cache
/// still has something to compare with before a shrunken collection takes pages off the site.
///
/// Stored as lines, not JSON, because the no-change rebuild reads it every time: the fingerprint, then
/// "records characters locations episodes", then "size modified inode path" per file and folder. A line that does not parse (a hand edit, a path with a line
/// break) just makes the states differ, which costs one full build, never a wrong skip.
struct BuildState: Sendable, Equatable {
    let inputs: String
    /// Nil in a state written before the counts were recorded.
    let collections: CollectionCounts?
    let files: [PublishedFileState]

    static func location(for output: URL) -> URL {
        let standard = output.standardizedFileURL
        return standard.deletingLastPathComponent().appendingPathComponent(".\(standard.lastPathComponent).build-state")
    }

    static func load(for output: URL) -> BuildState? {
        guard let data = try? Data(contentsOf: location(for: output)) else { return nil }
        return BuildState(lines: [UInt8](data))
    }

    init(inputs: String, collections: CollectionCounts?, files: [PublishedFileState]) {
        self.inputs = inputs
        self.collections = collections
        self.files = files
    }

    init?(lines bytes: [UInt8]) {
        guard let lines = LineRecords.lines(bytes), let first = lines.first else { return nil }
        inputs = LineRecords.text(first)
        var rest = lines.dropFirst()
        collections = rest.first.flatMap(Self.collections)
        if collections != nil { rest = rest.dropFirst() }
        var files: [PublishedFileState] = []
        files.reserveCapacity(lines.count)
        for line in rest {
            guard let file = PublishedFileState(line: line) else { return nil }
            files.append(file)
        }
        self.files = files
    }

    private static let collectionsPrefix = "records "

    /// "records 826 126 51".
    private static func collections(_ line: ArraySlice<UInt8>) -> CollectionCounts? {
        guard line.starts(with: collectionsPrefix.utf8) else { return nil }
        return CollectionCounts(text: String(decoding: line.dropFirst(collectionsPrefix.utf8.count), as: UTF8.self))
    }

    var lines: [UInt8] {
        var text: [UInt8] = []
        text.reserveCapacity(files.count * 80)
        text.append(line: [inputs])
        if let collections { text.append(line: [Self.collectionsPrefix + collections.text]) }
        for file in files { file.append(lineTo: &text) }
        return text
    }

    /// The fingerprint of the last build's inputs, its state's first line, read alone: a build whose inputs differ
    /// renders whatever the output holds, and starts on it before the output is looked at.
    static func lastInputs(for output: URL) -> String? {
        guard let file = FileHandle(forReadingAtPath: location(for: output).path) else { return nil }
        defer { try? file.close() }
        guard let head = try? file.read(upToCount: 256), let end = head.firstIndex(of: UInt8(ascii: "\n")) else { return nil }
        return String(decoding: head[..<end], as: UTF8.self)
    }

    /// A state's `lines`, written after a successful publish; a failure to write them (false) only costs the next build
    /// its shortcut.
    static func write(_ lines: [UInt8], for output: URL) -> Bool {
        let destination = location(for: output)
        // One fixed name, not one per pid: builds hold the lock while saving, and a build killed mid-save
        // leaves a file the next save replaces instead of one that stays forever.
        return (try? AtomicFile.write(Data(lines), to: destination, temporaryName: destination.lastPathComponent + ".tmp")) != nil
    }
}

extension BuildState {
    /// What the records were read from: the cache's files with their bytes (offline, or as a refresh committed them, so
    /// `build` and `build --offline` of the same cache agree), or records handed over in memory (the demo,
    /// tests), fingerprinted by their encoding.
    enum RecordsOrigin: Sendable {
        case files([CachedRecords.File])
        case records(Snapshot, ChangeHistory)
    }

    /// The last build's state, and whether its output is still exactly as that build left it: read while the
    /// theme and the data load, since it depends on neither. No state, nothing to compare (the first build).
    struct LastBuild: Sendable {
        let state: BuildState?
        let outputUntouched: Bool

        static func read(for output: URL) -> LastBuild {
            guard let state = BuildState.load(for: output) else { return LastBuild(state: nil, outputUntouched: false) }
            return LastBuild(state: state, outputUntouched: PublishedFileState.stillMatch(state.files, in: output))
        }
    }

    /// The build's "check" step: the fingerprint of this build's inputs, and the files of the last build
    /// when nothing changed since (inputs and output alike).
    struct Check: Sendable {
        let output: URL
        let inputs: String
        /// The digest of each input by name (`InputDigests`), of which `inputs` is the digest.
        let parts: InputDigests
        let unchangedFiles: [String]?
        /// The fingerprint of the last build, when its output is untouched: its page records (and the page models
        /// `serve` kept from it) may be used.
        let untouchedBuild: String?
        /// What the last build published, when its output is untouched (see `PublishedListing`).
        let untouchedOutput: PublishedListing?

        init(parts: InputDigests, output: URL, lastBuild: LastBuild) {
            self.output = output
            self.parts = parts
            inputs = parts.whole
            if let state = lastBuild.state, state.inputs == inputs, lastBuild.outputUntouched {
                unchangedFiles = state.files.filter { !$0.isFolder }.map(\.path)
            } else {
                unchangedFiles = nil
            }
            untouchedBuild = lastBuild.outputUntouched ? lastBuild.state?.inputs : nil
            untouchedOutput = lastBuild.outputUntouched ? lastBuild.state.map { PublishedListing(states: $0.files) } : nil
        }

        /// The build's "state" step, after a successful publish that left `states` (nil when an entry is missing),
        /// made of `collections` records, whose pages had these keys. The states and the page records are made side by
        /// side (some 10 ms each at the full data, and as much again as lines), then written, the pages first (see
        /// `PageRecords.write`). Returns the page records and the state saved, nil when none were.
        func save(
            states: @escaping @Sendable () -> [PublishedFileState]?, collections: CollectionCounts,
            pages: @escaping @Sendable () -> PageRecords
        ) async -> (pages: PageRecords, state: BuildState)? {
            let inputs = inputs
            async let madePages = { let pages = pages(); return (pages, await pages.lines(state: inputs)) }()
            guard let states = states() else { return nil }
            let state = BuildState(inputs: inputs, collections: collections, files: states)
            let stateLines = state.lines
            let (records, recordLines) = await madePages
            PageRecords.write(recordLines, for: output)
            return BuildState.write(stateLines, for: output) ? (records, state) : nil
        }
    }

    /// A digest of each input of the build by name: `base`, what every page shares (the generator, version and
    /// binary, the configuration, the theme: templates, string tables and static files), then "the data" (records
    /// and history), "the pictures", and each content file by its path (local records included).
    struct InputDigests: Sendable {
        let base: String
        let named: [String: String]
        let whole: String

        static let baseName = "the templates, strings, settings or generator"
        static let picturesName = "the pictures"
        static let dataName = "the data"

        /// `dataDigest`: `digest(of: data)`, when the caller kept it with the records (`serve`); `picturesDigest`:
        /// `digest(of: avatars)`, when the caller kept it with the same pictures (see `SiteBuild.Memory`).
        init(theme: Theme, configuration: SiteConfiguration, data: RecordsOrigin, avatars: [Int: AvatarImage],
             content: [ContentFolder.File], dataDigest: String? = nil, picturesDigest: String? = nil) throws {
            var shared = theme.fingerprint
            shared.add(WikiVersion.current)
            // A rebuilt generator (same version, new code) must not reuse the last output.
            if let program = Bundle.main.executablePath.flatMap(FileStamp.init(path:)) {
                shared.add("\(program.size) \(program.modified)")
            }
            shared.add(configuration.basePath)
            shared.add(configuration.origin ?? "")
            shared.add(configuration.serviceWorker ? "worker" : "no worker")
            base = shared.hex
            var named = [Self.baseName: base]
            named[Self.dataName] = try dataDigest ?? Self.digest(of: data)
            named[Self.picturesName] = picturesDigest ?? Self.digest(of: avatars)
            // The content folder: its texts' and local records' bytes, its pictures' stamps (a new picture is a new inode or time).
            for file in content {
                var digest = InputFingerprint()
                if let bytes = file.bytes { digest.add(bytes) }
                digest.add(file.stamp ?? "")
                named[file.path] = digest.hex
            }
            var whole = InputFingerprint()
            for (name, digest) in named.sorted(by: { $0.key < $1.key }) {
                whole.add(name)
                whole.add(digest)
            }
            self.named = named
            self.whole = whole.hex
        }

        static func digest(of data: RecordsOrigin) throws -> String {
            var fingerprint = InputFingerprint()
            switch data {
            case .files(let files):
                // The very bytes the data step decoded: cheaper than encoding the records anew, and no second read.
                for file in files {
                    fingerprint.add(file.path)
                    if let bytes = file.bytes { fingerprint.add(bytes) } else { fingerprint.add("missing") }
                }
            case let .records(snapshot, history):
                let encoder = JSONEncoder()
                encoder.outputFormatting = .sortedKeys
                fingerprint.add(try encoder.encode(snapshot))
                fingerprint.add(try encoder.encode(history))
            }
            return fingerprint.hex
        }

        /// A picture file by its stamp (size, inode, time), not its path: a fetch's new generation links the pictures
        /// it did not change (same inode, size and time) under new paths, and a changed picture is a new file. By path,
        /// every fetch changed the pictures, and the next build built every page's values (some 600 ms) where it
        /// should build those of the records that changed. One `stat` a picture, through its folder held open.
        static func digest(of avatars: [Int: AvatarImage]) -> String {
            var folders = OpenFolders()
            defer { folders.close() }
            return digest(of: avatars) { folders.stamp($0).map(PictureStamps.stamp) }
        }

        /// The same, each file stamped by `stamp` (the stamps a look-up read: see `CopiesRecord`).
        static func digest(of avatars: [Int: AvatarImage], stamp: (String) -> PictureStamps.Stamp?) -> String {
            var fingerprint = InputFingerprint()
            for (id, avatar) in avatars.sorted(by: { $0.key < $1.key }) {
                fingerprint.add(id)
                fingerprint.add(avatar.fileExtension)
                switch avatar.source {
                case .bytes(let bytes):
                    fingerprint.add(bytes)
                case .file(let path):
                    guard let stamp = stamp(path) else { fingerprint.add("missing"); continue }
                    fingerprint.add(Int(stamp.size))
                    fingerprint.add(Int(truncatingIfNeeded: stamp.inode))
                    fingerprint.add(Int(stamp.modified))
                }
            }
            return fingerprint.hex
        }
    }
}
