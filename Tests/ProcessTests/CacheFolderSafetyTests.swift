import Foundation
import LoopbackAPI
import TestSupport
import Testing

/// `--cache` never deletes what is not rmwiki's: a folder that is not missing, empty or rmwiki's cache, and the
/// folders no run may take (a home, the current folder, the output…), are refused with exit 2 before anything
/// is fetched or written, by every command. Each case runs the real executable in the output tests' sandbox
/// (its own working folder and `$HOME`) against a working loopback API: without the guard, the fetch succeeds
/// and its clean-up deletes the planted files.
@Suite(.tags(.process), .skippable(.process), .enabled(if: RMWikiExecutable.path != nil, Comment(rawValue: RMWikiExecutable.missingMessage)))
struct CacheFolderSafetyTests {
    typealias Sandbox = OutputSafetyTests.Sandbox

    /// A user's own files under names a refresh cleans in its cache (pictures, an old generation, unfinished
    /// writes), and none the refresh would read: unguarded, it succeeds and deletes every one.
    static func plantUsersFiles(in folder: URL) throws {
        let files = ["downloads/tax-return.pdf", "avatars/me.png", "generation-1/letter.txt", ".tmp-notes", ".staging-draft/plan.txt"]
        for file in files {
            let url = folder.appendingPathComponent(file)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data("mine: \(file)\n".utf8).write(to: url)
        }
    }

    /// The command lines that use a cache: fetch, build (fetching, offline, dry run) and serve.
    static func commands(cache: String, in sandbox: Sandbox, api base: URL) -> [[String]] {
        let api = ["--api", base.absoluteString, "--cache", cache]
        let theme = ["--templates", sandbox.templates.path, "--public", sandbox.publicFolder.path,
                     "--output", sandbox.root.appendingPathComponent("site").path]
        return [["fetch"] + api, ["build"] + api + theme, ["build", "--offline"] + api + theme,
                ["build", "--dry-run"] + api + theme, ["serve", "--port", "0"] + api + theme,
                ["serve", "--watch", "--port", "0"] + api + theme]
    }

    func expectRefused(_ arguments: [String], from folder: URL? = nil, in sandbox: Sandbox, saying reason: String) async throws {
        let before = sandbox.digest()
        let result = try await sandbox.rmwiki(arguments, from: folder)
        #expect(result.code == 2, "\(arguments): \(result.err)")
        #expect(result.err.contains("as the cache: \(reason)"), "\(arguments): \(result.err)")
        #expect(result.err.split(separator: "\n").count == 1, "one line: \(result.err)")
        #expect(sandbox.digest() == before, "\(arguments) changed the sandbox")
    }

    /// A loopback API serving a small world.
    func withAPI(_ body: (URL) async throws -> Void) async throws {
        try await LoopbackSession.with(LoopbackAPIServer(snapshot: SmallWorld.snapshot)) { _, base in try await body(base) }
    }

    @Test func theHomeFolderIsNeverTheCache() async throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        try Self.plantUsersFiles(in: sandbox.home)
        try await withAPI { api in
            for command in Self.commands(cache: sandbox.home.path, in: sandbox, api: api) {
                try await expectRefused(command, in: sandbox, saying: "it is a home folder")
            }
        }
    }

    @Test func theCurrentFolderIsNeverTheCacheEvenInsideAHome() async throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let work = sandbox.home.appendingPathComponent("work")
        try Self.plantUsersFiles(in: work)
        try await withAPI { api in
            for command in Self.commands(cache: ".", in: sandbox, api: api) {
                try await expectRefused(command, from: work, in: sandbox, saying: "it is the current folder")
            }
            try await expectRefused(["fetch", "--cache", "..", "--api", api.absoluteString], from: work, in: sandbox,
                                    saying: "it contains the current folder")
        }
    }

    @Test func aFolderOfSomeoneElsesIsRefusedByWhatItHolds() async throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let papers = sandbox.root.appendingPathComponent("papers")
        try Self.plantUsersFiles(in: papers)
        try Data("mine\n".utf8).write(to: papers.appendingPathComponent("taxes.ods"))
        try await withAPI { api in
            for command in Self.commands(cache: papers.path, in: sandbox, api: api) {
                try await expectRefused(command, in: sandbox, saying: "it holds 1 entry that is not rmwiki's cache (taxes.ods)")
            }
        }
        // Only names a cache uses, but no snapshot: no cache either, refused even for a fetch that cannot reach the API.
        try FileManager.default.removeItem(at: papers)
        let downloads = papers.appendingPathComponent("downloads")
        let avatars = papers.appendingPathComponent("avatars")
        try FileManager.default.createDirectory(at: downloads, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: avatars, withIntermediateDirectories: true)
        try Data("pdf".utf8).write(to: downloads.appendingPathComponent("tax-return.pdf"))
        try Data("png".utf8).write(to: avatars.appendingPathComponent("me.png"))
        try await expectRefused(["fetch", "--cache", papers.path, "--api", "http://127.0.0.1:1/api", "--max-time", "2s"],
                                in: sandbox, saying: "it holds 2 entries that are not rmwiki's cache (avatars, downloads)")
    }

    /// `/` and the system folders are the same path rule (`ProtectedFoldersTests`), never tried on this machine's own.
    @Test func theRunsOtherFoldersAreNeverTheCache() async throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        // fetch has no --output or --templates: it keeps clear of build's defaults, beside it in the project.
        let fetch = ["fetch", "--api", "http://127.0.0.1:1/api", "--cache"]
        let cases: [(arguments: [String], reason: String)] = [
            (fetch + ["_site"], "it is the output folder"), (fetch + ["_site/cache"], "it is inside the output folder"),
            (fetch + ["Templates"], "it is the templates folder"), (fetch + ["Public"], "it is the static files folder"),
            (Self.commands(cache: sandbox.theme.path, in: sandbox, api: try #require(URL(string: "http://127.0.0.1:1/api")))[1],
             "it contains the templates folder"),
        ]
        for (arguments, reason) in cases {
            try await expectRefused(arguments, in: sandbox, saying: reason)
        }
    }
}
