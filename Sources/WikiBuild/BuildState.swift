import Foundation
import Primitives
import RickAndMortyAPI
import SiteOutput
import WikiModel

/// What the last successful build was made from (a fingerprint of every input) and what it left in
/// the output folder (each file's size, mtime and inode). When a rebuild's inputs are the same and the
/// output is untouched, there is nothing to render or write: the nightly no-change rebuild costs a hash
/// and a directory walk. Any difference, including a file edited or deleted by hand, means a full build.
/// Kept beside the output (`.<name>.build-state`), never inside it, so it is not published.
struct BuildState: Codable, Sendable, Equatable {
    let inputs: String
    let files: [PublishedFileState]

    static func location(for output: URL) -> URL {
        let standard = output.standardizedFileURL
        return standard.deletingLastPathComponent().appendingPathComponent(".\(standard.lastPathComponent).build-state")
    }

    static func load(for output: URL) -> BuildState? {
        guard let data = try? Data(contentsOf: location(for: output)) else { return nil }
        return try? JSONDecoder().decode(BuildState.self, from: data)
    }

    /// Written after a successful publish; a failure to write it only costs the next build its shortcut.
    func save(for output: URL) {
        let destination = Self.location(for: output)
        // One fixed name, not one per pid: builds hold the lock while saving, and a build killed mid-save
        // leaves a file the next save replaces instead of one that stays forever.
        let temporary = destination.deletingLastPathComponent().appendingPathComponent(destination.lastPathComponent + ".tmp")
        guard let data = try? JSONEncoder().encode(self), (try? data.write(to: temporary)) != nil else { return }
        if rename(temporary.path, destination.path) != 0 { try? FileManager.default.removeItem(at: temporary) }
    }
}

extension BuildState {
    /// What the data step read: the cache's files, fingerprinted by their bytes, or records handed over in
    /// memory (the demo, tests, a fresh fetch), fingerprinted by their encoding.
    enum DataRead: Sendable {
        case files([URL])
        case records(Snapshot, ChangeHistory)
    }

    /// The build's "check" step: the fingerprint of this build's inputs, and the files of the last build
    /// when nothing changed since (inputs and output alike).
    struct Check: Sendable {
        let output: URL
        let inputs: String
        let unchangedFiles: [String]?

        init(theme: Theme, configuration: SiteConfiguration, output: URL, data: DataRead,
             avatars: [Int: AvatarImage]) throws {
            self.output = output
            inputs = try Self.fingerprint(theme: theme, configuration: configuration, data: data, avatars: avatars)
            if let state = BuildState.load(for: output), state.inputs == inputs,
               PublishedFileState.scan(output) == state.files {
                unchangedFiles = state.files.map(\.path)
            } else {
                unchangedFiles = nil
            }
        }

        /// The build's "state" step, after a successful publish.
        func save() {
            if let files = PublishedFileState.scan(output) { BuildState(inputs: inputs, files: files).save(for: output) }
        }

        /// Everything the output depends on: the generator (version and binary), configuration, theme, data,
        /// pictures, history.
        static func fingerprint(
            theme: Theme, configuration: SiteConfiguration, data: DataRead, avatars: [Int: AvatarImage]
        ) throws -> String {
            var fingerprint = theme.fingerprint
            fingerprint.add(WikiVersion.current)
            // A rebuilt generator (same version, new code) must not reuse the last output.
            if let program = Bundle.main.executablePath.flatMap(FileStamp.init(path:)) {
                fingerprint.add("\(program.size) \(program.modified)")
            }
            fingerprint.add(configuration.basePath)
            fingerprint.add(configuration.origin ?? "")
            switch data {
            case .files(let files):
                // The bytes decoded a moment ago, read again from the page cache: cheaper than encoding them anew.
                for file in files {
                    fingerprint.add(file.path)
                    fingerprint.add((try? Data(contentsOf: file)).map { [UInt8]($0) } ?? Array("missing".utf8))
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
                    // The cache replaces pictures by rename, so a new picture is a new inode.
                    guard let stamp = FileStamp(path: path) else { fingerprint.add("missing " + path); continue }
                    fingerprint.add(path)
                    fingerprint.add("\(stamp.size) \(stamp.inode) \(stamp.modified)")
                }
            }
            return fingerprint.hex
        }
    }
}
