import Foundation
import Testing
@testable import SiteOutput

/// The path rules of `OutputGuard`, checked without publishing anything.
@Suite struct OutputGuardTests {
    func sandbox() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("rmwiki-guard-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    @Test func containmentIsByWholePathComponents() {
        #expect(OutputGuard.contains("/a/b", "/a/b"))
        #expect(OutputGuard.contains("/a/b", "/a/b/c"))
        #expect(!OutputGuard.contains("/a/b", "/a/bc"))
        #expect(!OutputGuard.contains("/a/b/c", "/a/b"))
        #expect(OutputGuard.contains("/", "/anything"))
    }

    @Test func pathsAreResolvedThroughLinksAndDots() throws {
        let root = try sandbox()
        defer { try? FileManager.default.removeItem(at: root) }
        let real = root.appendingPathComponent("real")
        try FileManager.default.createDirectory(at: real, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(at: root.appendingPathComponent("link"), withDestinationURL: real)
        let realPath = OutputGuard.resolved(real)
        #expect(OutputGuard.resolved(root.appendingPathComponent("link/new/site")) == realPath + "/new/site")
        #expect(OutputGuard.resolved(URL(fileURLWithPath: real.path + "/x/../")) == realPath)
    }

    @Test func aHomeReachedThroughALinkIsStillAHome() throws {
        let root = try sandbox()
        defer { try? FileManager.default.removeItem(at: root) }
        let home = root.appendingPathComponent("home/me")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(at: root.appendingPathComponent("shortcut"), withDestinationURL: home)
        let outputGuard = OutputGuard(protectedFolders: [], currentDirectory: root.appendingPathComponent("home"), homeFolders: [home])
        #expect(throws: SiteOutputError.outputRefused(
            path: root.appendingPathComponent("shortcut").path, reason: "it is a home folder", forceable: false)) {
            try outputGuard.check(root.appendingPathComponent("shortcut"), force: true)
        }
    }

    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/proc/self")))
    func aMountPointIsRefusedWithTheReason() throws {
        let outputGuard = OutputGuard(protectedFolders: [], currentDirectory: try sandbox(), homeFolders: [])
        let error = #expect(throws: SiteOutputError.self) { try outputGuard.check(URL(fileURLWithPath: "/proc"), force: true) }
        #expect(error?.description.contains("it is a mount point") == true, "\(String(describing: error))")
    }

    @Test func thisProcessKnowsItsHomes() {
        let homes = OutputGuard.forThisProcess(protecting: []).homeFolders.map(\.path)
        if let home = ProcessInfo.processInfo.environment["HOME"], !home.isEmpty { #expect(homes.contains(home)) }
        #expect(homes.contains("/root") || !FileManager.default.fileExists(atPath: "/etc/passwd"))
    }
}
