import Foundation
import TestSupport
import Testing

/// `--output` never destroys what is not rmwiki's. Every case runs the real executable inside a sandbox
/// (its own working folder and `$HOME`), and the whole sandbox is byte-identical after each refusal.
@Suite(.tags(.process), .skippable(.process), .enabled(if: RMWikiExecutable.path != nil, Comment(rawValue: RMWikiExecutable.missingMessage)))
struct OutputSafetyTests {
    /// sandbox/project (the working folder, a stand-in checkout), sandbox/users/me ($HOME), sandbox/theme
    /// (a copy of the project's theme), sandbox/cache.
    struct Sandbox {
        let root: URL
        var project: URL { root.appendingPathComponent("project") }
        var home: URL { root.appendingPathComponent("users/me") }
        var theme: URL { root.appendingPathComponent("theme") }
        var templates: URL { theme.appendingPathComponent("Templates") }
        var publicFolder: URL { theme.appendingPathComponent("Public") }
        var cache: URL { root.appendingPathComponent("cache") }
        var logs: URL { root.appendingPathComponent("logs") }

        init() throws {
            root = try SharedFixtures.temporaryDirectory("rmwiki-output-safety")
            let manager = FileManager.default
            for folder in [project.appendingPathComponent("Sources"), home, theme, cache, logs] {
                try manager.createDirectory(at: folder, withIntermediateDirectories: true)
            }
            try Data("// swift-tools-version: 6.0\n".utf8).write(to: project.appendingPathComponent("Package.swift"))
            try Data("print(1)\n".utf8).write(to: project.appendingPathComponent("Sources/main.swift"))
            try Data("notes\n".utf8).write(to: home.appendingPathComponent("notes.txt"))
            try Data("{}".utf8).write(to: cache.appendingPathComponent("snapshot.json"))
            try manager.copyItem(at: ProjectTheme.templates, to: templates)
            try manager.copyItem(at: ProjectTheme.publicFolder, to: publicFolder)
        }

        /// `rmwiki` run from `project` (or `folder`) with `$HOME` in the sandbox, as a user would from a shell.
        func rmwiki(_ arguments: [String], from folder: URL? = nil) async throws -> (code: Int32, err: String) {
            let binary = try #require(RMWikiExecutable.path)
            let result = try await SpawnedProcess.run(
                "/usr/bin/env", ["-C", (folder ?? project).path, "HOME=\(home.path)", binary] + arguments, captureIn: logs)
            guard case .exited(let code) = result.termination else { return (-1, result.err) }
            return (code, result.err)
        }

        func build(_ output: String, _ extra: [String] = []) async throws -> (code: Int32, err: String) {
            try await rmwiki(
                ["build", "--demo", "--quiet", "--output", output, "--templates", templates.path, "--public", publicFolder.path]
                    + extra)
        }

        /// Every file of the sandbox but the captured logs.
        func digest() -> [String: Data] {
            DirectoryDigest.contents(of: root).filter { !$0.key.hasPrefix("logs/") }
        }

        func remove() { try? FileManager.default.removeItem(at: root) }
    }

    enum Forbidden: String, CaseIterable, Sendable {
        case currentFolder, emptyPath, parentFolder, sandboxRoot, root, home, homesParent, cache, templates, publicFolder,
             themeHoldingBoth, insideTemplates

        func output(in sandbox: Sandbox) -> String {
            switch self {
            case .currentFolder: "."
            case .emptyPath: ""
            case .parentFolder: ".."
            case .sandboxRoot: sandbox.root.path
            case .root: "/"
            case .home: sandbox.home.path
            case .homesParent: sandbox.home.deletingLastPathComponent().path
            case .cache: sandbox.cache.path
            case .templates: sandbox.templates.path
            case .publicFolder: sandbox.publicFolder.path
            case .themeHoldingBoth: sandbox.theme.path
            case .insideTemplates: sandbox.templates.appendingPathComponent("site").path
            }
        }

        var reason: String {
            switch self {
            case .currentFolder: "it is the current folder"
            case .emptyPath: "--output needs a folder"
            case .parentFolder, .sandboxRoot: "it contains the current folder"
            case .root: "it is the root folder"
            case .home: "it is a home folder"
            case .homesParent: "it contains the home folder"
            case .cache: "it is the cache"
            case .templates: "it is the templates folder"
            case .publicFolder: "it is the static files folder"
            case .themeHoldingBoth: "it contains the templates folder"
            case .insideTemplates: "it is inside the templates folder"
            }
        }
    }

    @Test(arguments: Forbidden.allCases)
    func foldersThatAreNeverReplacedAreRefusedEvenWithForce(_ forbidden: Forbidden) async throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let output = forbidden.output(in: sandbox)
        let reason = forbidden.reason
        let before = sandbox.digest()
        // The demo without and with --force and as a dry run, and a build from the cache (which --demo excludes;
        // the demo's cache is the default one, so the sandbox's cache is only the cache for that build).
        let cacheBuild = ["build", "--offline", "--force", "--cache", sandbox.cache.path,
                          "--templates", sandbox.templates.path, "--public", sandbox.publicFolder.path, "--output"]
        for extra in forbidden == .cache ? [["--offline"]] : [[], ["--force"], ["--dry-run"], ["--offline"]] {
            let result = extra == ["--offline"]
                ? try await sandbox.rmwiki(cacheBuild + [output])
                : try await sandbox.build(output, extra)
            #expect(result.code == 2, "\(output) \(extra): \(result.err)")
            #expect(result.err.contains(reason), "\(output) \(extra): \(result.err)")
            #expect(result.err.split(separator: "\n").count == 1, "one line: \(result.err)")
            #expect(sandbox.digest() == before, "\(output) \(extra) changed the sandbox")
        }
    }

    @Test func aFolderOfSomeoneElsesNeedsForce() async throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let output = sandbox.root.appendingPathComponent("photos")
        try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        try Data("jpeg".utf8).write(to: output.appendingPathComponent("holiday.jpeg"))
        let before = sandbox.digest()

        for extra in [[], ["--dry-run"]] {
            let refused = try await sandbox.build(output.path, extra)
            #expect(refused.code == 2, "\(refused.err)")
            #expect(refused.err.contains("refusing to publish into \(output.path): it holds 1 entry that rmwiki did not publish (holiday.jpeg)"),
                    "\(refused.err)")
            #expect(refused.err.contains("--force"), "says how to proceed: \(refused.err)")
            #expect(sandbox.digest() == before)
        }

        let forced = try await sandbox.build(output.path, ["--force"])
        #expect(forced.code == 0, "\(forced.err)")
        #expect(FileManager.default.fileExists(atPath: output.appendingPathComponent("index.html").path))
        #expect(!FileManager.default.fileExists(atPath: output.appendingPathComponent("holiday.jpeg").path))
        // Published by rmwiki now: later builds need no --force.
        let again = try await sandbox.build(output.path)
        #expect(again.code == 0, "\(again.err)")
    }

    @Test func missingAndEmptyFoldersArePublishedInto() async throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let empty = sandbox.root.appendingPathComponent("empty")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        for output in [empty, sandbox.root.appendingPathComponent("new/site"), sandbox.project.appendingPathComponent("_site")] {
            let result = try await sandbox.build(output.path)
            #expect(result.code == 0, "\(output.path): \(result.err)")
            #expect(FileManager.default.fileExists(atPath: output.appendingPathComponent("index.html").path))
        }
    }

    @Test func aSymbolicLinkIsRefusedNamingItsTarget() async throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let real = sandbox.root.appendingPathComponent("real")
        let link = sandbox.root.appendingPathComponent("link")
        try FileManager.default.createDirectory(at: real, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: real)
        let before = sandbox.digest()
        let result = try await sandbox.build(link.path, ["--force"])
        #expect(result.code == 2, "\(result.err)")
        #expect(result.err.contains("it is a symbolic link") && result.err.contains("one rename in the parent folder"))
        #expect(result.err.contains("give the real folder (\(real.path))"), "\(result.err)")
        #expect(sandbox.digest() == before)
    }

    @Test func serveChecksItsOutputToo() async throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let before = sandbox.digest()
        // With --watch too: a refused folder is no edit away from building, so it is not served meanwhile.
        for watch in [[], ["--watch"]] {
            let result = try await sandbox.rmwiki(
                ["serve", "--demo", "--quiet", "--port", "0", "--output", ".", "--templates", sandbox.templates.path,
                 "--public", sandbox.publicFolder.path] + watch)
            #expect(result.code == 2, "\(watch): \(result.err)")
            #expect(result.err.contains("it is the current folder"), "\(result.err)")
            #expect(sandbox.digest() == before)
        }
    }
}
