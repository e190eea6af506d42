import Foundation
@testable import Primitives
import Testing

/// The path rules shared by `--output` and `--cache`, as a pure function over a described filesystem: never
/// tried against the machine's own system folders.
@Suite struct ProtectedFoldersTests {
    /// A machine where `/lib` is a link to `/usr/lib` (merged /usr), rmwiki runs from `/opt/rmwiki/bin` with the
    /// Swift runtime in `/usr/lib/swift/linux`, and the user works in `/srv/wiki` with home `/home/me`.
    let machine = ProtectedFolders(
        currentDirectory: "/srv/wiki", homes: ["/home/me", "/root"],
        runtimeFiles: ["/opt/rmwiki/bin/rmwiki", "/usr/lib/swift/linux/libswiftCore.so", "/usr/lib/x86_64-linux-gnu/libc.so.6"],
        folders: [.init("the cache", "/srv/wiki/.rmwiki-cache"), .init("the templates folder", "/srv/wiki/Templates")])

    /// The given path and what it resolves to on the described machine.
    func refusal(_ given: String, resolvedTo resolved: String? = nil) -> String? {
        machine.refusal(given: given, resolved: resolved ?? given)
    }

    @Test(arguments: ["/etc", "/usr", "/var", "/opt", "/bin", "/sbin", "/dev", "/boot", "/tmp", "/proc", "/sys", "/run",
                      "/srv", "/mnt", "/media", "/lib64", "/anything-new"])
    func everyFolderDirectlyInRootIsRefused(_ path: String) {
        let reason = refusal(path)
        #expect(reason?.contains("system folder \(path)") == true || reason?.hasPrefix("it contains") == true, "\(path): \(String(describing: reason))")
        #expect(reason != nil)
    }

    @Test func aLinkedSystemFolderIsRefusedByTheNameGivenToo() {
        #expect(refusal("/lib", resolvedTo: "/usr/lib")?.contains("system folder /lib") == true)
        #expect(refusal("/data/site", resolvedTo: "/tmp")?.contains("system folder /tmp") == true)
    }

    @Test func homesRootAndTheCurrentFolderKeepTheirReasons() {
        #expect(refusal("/") == "it is the root folder")
        #expect(refusal("/home/me") == "it is a home folder")
        #expect(refusal("/home") == "it contains the home folder /home/me")
        #expect(refusal("/root") == "it is a home folder")
        #expect(refusal("/srv/wiki") == "it is the current folder")
    }

    @Test func foldersHoldingTheRunningBinaryOrItsLibrariesAreRefused() {
        #expect(refusal("/opt/rmwiki/bin") == "it holds /opt/rmwiki/bin/rmwiki, which the running rmwiki is made of")
        #expect(refusal("/opt/rmwiki") == "it holds /opt/rmwiki/bin/rmwiki, which the running rmwiki is made of")
        #expect(refusal("/usr/lib/swift")?.contains("libswiftCore.so") == true)
        #expect(refusal("/usr/lib/x86_64-linux-gnu")?.contains("libc.so.6") == true)
        // Beside them, or inside their folders, is fine: only what would take the binary away is refused.
        #expect(refusal("/opt/rmwiki/site") == nil)
        #expect(refusal("/usr/lib/swift/linux/site") == nil)
    }

    @Test func theRunsOtherFoldersAreKeptApart() {
        #expect(refusal("/srv/wiki/.rmwiki-cache") == "it is the cache")
        #expect(refusal("/srv/wiki/Templates/site") == "it is inside the templates folder (/srv/wiki/Templates)")
        #expect(refusal("/srv/wiki/_site") == nil)
        #expect(refusal("/var/www/wiki") == nil)
        #expect(refusal("/home/me/sites/wiki") == nil)
    }

    @Test func containmentIsByWholePathComponents() {
        #expect(ProtectedFolders.contains("/a/b", "/a/b"))
        #expect(ProtectedFolders.contains("/a/b", "/a/b/c"))
        #expect(!ProtectedFolders.contains("/a/b", "/a/bc"))
        #expect(!ProtectedFolders.contains("/a/b/c", "/a/b"))
        #expect(ProtectedFolders.contains("/", "/anything"))
    }

    @Test func pathsAreResolvedThroughLinksAndDots() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("rmwiki-rules-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let real = root.appendingPathComponent("real")
        try FileManager.default.createDirectory(at: real, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(at: root.appendingPathComponent("link"), withDestinationURL: real)
        let realPath = ProtectedFolders.resolved(real)
        #expect(ProtectedFolders.resolved(root.appendingPathComponent("link/new/site")) == realPath + "/new/site")
        #expect(ProtectedFolders.resolved(URL(fileURLWithPath: real.path + "/x/../")) == realPath)
    }

    @Test func thisProcessKnowsItsExecutable() throws {
        let rules = ProtectedFolders.forThisProcess(protecting: [])
        let executable = try #require(CommandLine.arguments.first)
        let folder = ProtectedFolders.resolved(URL(fileURLWithPath: executable).deletingLastPathComponent())
        #expect(rules.runtimeFiles.contains { ProtectedFolders.contains(folder, $0) }, "\(rules.runtimeFiles.prefix(5))")
    }

    /// `/proc/self/maps` says its size is 0: read by its size, it came back cut, without the Swift runtime.
    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/proc/self/maps")))
    func thisProcessKnowsItsLibraries() {
        let files = ProtectedFolders.forThisProcess(protecting: []).runtimeFiles
        #expect(files.contains { $0.hasSuffix("/libswiftCore.so") }, "\(files)")
        #expect(files.contains { $0.contains("/libc.so") || $0.contains("/libc-") }, "\(files)")
    }
}
