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
        let lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        guard let first = lines.first, lines.last?.isEmpty == true else { return nil }
        inputs = String(decoding: first, as: UTF8.self)
        var rest = lines.dropFirst().dropLast()
        collections = rest.first.flatMap(Self.collections)
        if collections != nil { rest = rest.dropFirst() }
        var files: [PublishedFileState] = []
        files.reserveCapacity(lines.count)
        for line in rest {
            let fields = line.split(separator: UInt8(ascii: " "), maxSplits: 3, omittingEmptySubsequences: false)
            guard fields.count == 4, let size = Self.number(fields[0]), let modified = Self.number(fields[1]),
                  let inode = Self.number(fields[2]).flatMap(UInt64.init(exactly:))
            else { return nil }
            files.append(PublishedFileState(
                path: String(decoding: fields[3], as: UTF8.self), size: size, modified: modified, inode: inode))
        }
        self.files = files
    }

    private static let collectionsPrefix = "records "

    /// "records 826 126 51".
    private static func collections(_ line: ArraySlice<UInt8>) -> CollectionCounts? {
        guard line.starts(with: collectionsPrefix.utf8) else { return nil }
        let numbers = line.dropFirst(collectionsPrefix.utf8.count).split(separator: UInt8(ascii: " "))
            .compactMap { number($0).flatMap(Int.init(exactly:)) }
        guard numbers.count == 3, numbers.allSatisfy({ $0 >= 0 }) else { return nil }
        return CollectionCounts(characters: numbers[0], locations: numbers[1], episodes: numbers[2])
    }

    var lines: [UInt8] {
        var text = inputs + "\n"
        if let collections {
            text += Self.collectionsPrefix + "\(collections.characters) \(collections.locations) \(collections.episodes)\n"
        }
        for file in files { text += "\(file.size) \(file.modified) \(file.inode) \(file.path)\n" }
        return Array(text.utf8)
    }

    private static func number(_ digits: ArraySlice<UInt8>) -> Int64? {
        var value: Int64 = 0
        var rest = digits[...]
        let negative = rest.first == UInt8(ascii: "-")
        if negative { rest = rest.dropFirst() }
        guard !rest.isEmpty else { return nil }
        for byte in rest {
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
            let (shifted, overflowed) = value.multipliedReportingOverflow(by: 10)
            let (next, overflowedAgain) = shifted.addingReportingOverflow(Int64(byte - UInt8(ascii: "0")))
            if overflowed || overflowedAgain { return nil }
            value = next
        }
        return negative ? -value : value
    }

    /// Written after a successful publish; a failure to write it only costs the next build its shortcut.
    func save(for output: URL) {
        let destination = Self.location(for: output)
        // One fixed name, not one per pid: builds hold the lock while saving, and a build killed mid-save
        // leaves a file the next save replaces instead of one that stays forever.
        try? AtomicFile.write(Data(lines), to: destination, temporaryName: destination.lastPathComponent + ".tmp")
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
        let unchangedFiles: [String]?

        init(theme: Theme, configuration: SiteConfiguration, output: URL, data: RecordsOrigin,
             avatars: [Int: AvatarImage], content: [ContentFolder.File] = [], lastBuild: LastBuild) throws {
            self.output = output
            inputs = try Self.fingerprint(
                theme: theme, configuration: configuration, data: data, avatars: avatars, content: content)
            if let state = lastBuild.state, state.inputs == inputs, lastBuild.outputUntouched {
                unchangedFiles = state.files.filter { !$0.isFolder }.map(\.path)
            } else {
                unchangedFiles = nil
            }
        }

        /// The build's "state" step, after a successful publish of exactly these files and folders, made of
        /// `collections` records.
        func save(files: [String], folders: [String], collections: CollectionCounts) {
            if let states = PublishedFileState.read(files: files, folders: folders, in: output) {
                BuildState(inputs: inputs, collections: collections, files: states).save(for: output)
            }
        }

        /// Everything the output depends on: the generator (version and binary), configuration, theme, data,
        /// pictures, history, the content folder (local records included).
        static func fingerprint(
            theme: Theme, configuration: SiteConfiguration, data: RecordsOrigin, avatars: [Int: AvatarImage],
            content: [ContentFolder.File] = []
        ) throws -> String {
            var fingerprint = theme.fingerprint
            fingerprint.add(WikiVersion.current)
            // A rebuilt generator (same version, new code) must not reuse the last output.
            if let program = Bundle.main.executablePath.flatMap(FileStamp.init(path:)) {
                fingerprint.add("\(program.size) \(program.modified)")
            }
            fingerprint.add(configuration.basePath)
            fingerprint.add(configuration.origin ?? "")
            fingerprint.add(configuration.serviceWorker ? "worker" : "no worker")
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
            for (id, avatar) in avatars.sorted(by: { $0.key < $1.key }) {
                fingerprint.add(id)
                fingerprint.add(avatar.fileExtension)
                switch avatar.source {
                case .bytes(let bytes):
                    fingerprint.add(bytes)
                case .file(let path):
                    fingerprint.add(path)
                    // A cache generation never changes once committed (a new picture comes in a new generation
                    // folder, so under a new path): its pictures need no stat each.
                    if case .files = data { continue }
                    // The cache replaces pictures by rename, so a new picture is a new inode.
                    guard let stamp = FileStamp(path: path) else { fingerprint.add("missing"); continue }
                    fingerprint.add("\(stamp.size) \(stamp.inode) \(stamp.modified)")
                }
            }
            // The content folder: its texts' and local records' bytes, its pictures' stamps (a new picture is a new inode or time).
            for file in content {
                fingerprint.add(file.path)
                if let bytes = file.bytes { fingerprint.add(bytes) }
                fingerprint.add(file.stamp ?? "")
            }
            return fingerprint.hex
        }
    }
}
