import Foundation
import RickAndMortyAPI
import SiteOutput
import WikiModel

/// The build after the data is in hand: resolve the graph, render every file, publish atomically.
/// The caller (the CLI) loads the data and the theme and holds the build lock.
public struct SiteBuild: Sendable {
    public let theme: Theme
    public let configuration: SiteConfiguration
    public let outputDirectory: URL

    public init(theme: Theme, configuration: SiteConfiguration, outputDirectory: URL) {
        self.theme = theme
        self.configuration = configuration
        self.outputDirectory = outputDirectory
    }

    public struct Report: Sendable {
        public let summary: PublishSummary
        public let fileCount: Int
        /// True when the inputs and the output were exactly those of the last build, so nothing was rendered.
        public let skipped: Bool
    }

    public func run(
        snapshot: Snapshot, avatars: [Int: AvatarImage], history: ChangeHistory = ChangeHistory(), dryRun: Bool,
        timings: inout PhaseTimings
    ) async throws -> Report {
        let (inputs, unchangedFiles) = try await timings.measure("check") { () throws -> (String, [String]?) in
            let inputs = try fingerprint(snapshot: snapshot, avatars: avatars, history: history)
            guard let state = BuildState.load(for: outputDirectory), state.inputs == inputs,
                  PublishedFileState.scan(outputDirectory) == state.files
            else { return (inputs, nil) }
            return (inputs, state.files.map(\.path))
        }
        if let unchangedFiles {
            return Report(summary: PublishSummary(unchanged: unchangedFiles), fileCount: unchangedFiles.count, skipped: true)
        }
        let dataset = await timings.measure("resolve") { Dataset(snapshot) }
        let renderer = SiteRenderer(theme: theme, configuration: configuration)
        let files = try await timings.measure("render") {
            try await renderer.render(dataset: dataset, avatars: avatars, history: history)
        }
        try AssetReference.check(
            theme.assetReferences + [.placeholderAvatar], against: Set(files.map(\.path)), publicFolder: theme.publicDirectory)
        let publisher = SitePublisher(outputDirectory: outputDirectory)
        let summary = try await timings.measure(dryRun ? "plan" : "publish") { try publisher.publish(files, dryRun: dryRun) }
        if !dryRun, let files = PublishedFileState.scan(outputDirectory) {
            BuildState(inputs: inputs, files: files).save(for: outputDirectory)
        }
        return Report(summary: summary, fileCount: files.count, skipped: false)
    }

    /// Everything the output depends on: the generator (version and binary), configuration, theme, data,
    /// pictures, history.
    func fingerprint(snapshot: Snapshot, avatars: [Int: AvatarImage], history: ChangeHistory) throws -> String {
        var fingerprint = theme.fingerprint
        fingerprint.add(WikiVersion.current)
        // A rebuilt generator (same version, new code) must not reuse the last output.
        var program = stat()
        if let executable = Bundle.main.executablePath, stat(executable, &program) == 0 {
            fingerprint.add("\(program.st_size) \(program.st_mtim.tv_sec).\(program.st_mtim.tv_nsec)")
        }
        fingerprint.add(configuration.basePath)
        fingerprint.add(configuration.origin ?? "")
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        fingerprint.add(try encoder.encode(snapshot))
        fingerprint.add(try encoder.encode(history))
        for (id, avatar) in avatars.sorted(by: { $0.key < $1.key }) {
            fingerprint.add(id)
            fingerprint.add(avatar.fileExtension)
            switch avatar.source {
            case .bytes(let bytes):
                fingerprint.add(bytes)
            case .file(let path):
                // The cache replaces pictures by rename, so a new picture is a new inode.
                var info = stat()
                guard stat(path, &info) == 0 else { fingerprint.add("missing " + path); continue }
                fingerprint.add(path)
                fingerprint.add("\(info.st_size) \(info.st_ino) \(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec)")
            }
        }
        return fingerprint.hex
    }
}
