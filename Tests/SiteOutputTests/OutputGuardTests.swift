import Foundation
@testable import Primitives
import Testing
@testable import SiteOutput

/// The path rules of `OutputGuard`, checked without publishing anything.
@Suite struct OutputGuardTests {
    func sandbox() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("rmwiki-guard-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    @Test func aHomeReachedThroughALinkIsStillAHome() throws {
        let root = try sandbox()
        defer { try? FileManager.default.removeItem(at: root) }
        let home = root.appendingPathComponent("home/me")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(at: root.appendingPathComponent("shortcut"), withDestinationURL: home)
        let outputGuard = OutputGuard(rules: ProtectedFolders(
            currentDirectory: ProtectedFolders.resolved(root.appendingPathComponent("home")),
            homes: [ProtectedFolders.resolved(home)], runtimeFiles: [], folders: []))
        #expect(throws: SiteOutputError.outputRefused(
            path: root.appendingPathComponent("shortcut").path, reason: "it is a home folder", forceable: false)) {
            try outputGuard.check(root.appendingPathComponent("shortcut"), force: true)
        }
    }

    /// A mount point below the top level; the path rules refuse the machine's usual ones (`/dev/shm`) first, so the
    /// kind is checked on its own.
    static let nestedMountPoint: String? = {
        guard let mounts = try? String(contentsOfFile: "/proc/self/mounts", encoding: .utf8) else { return nil }
        return mounts.split(separator: "\n").map { $0.split(separator: " ") }.filter { $0.count > 1 }.map { String($0[1]) }
            .first { $0.split(separator: "/").count == 2 && !$0.contains("\\") }
    }()

    @Test(.enabled(if: nestedMountPoint != nil))
    func aMountPointIsRefusedWithTheReason() throws {
        let outputGuard = OutputGuard(rules: ProtectedFolders(
            currentDirectory: ProtectedFolders.resolved(try sandbox()), homes: [], runtimeFiles: [], folders: []))
        let mountPoint = URL(fileURLWithPath: try #require(Self.nestedMountPoint))
        // Only looked at: the guard refuses before anything could be written.
        let error = #expect(throws: SiteOutputError.self) { try outputGuard.checkKind(mountPoint.path) }
        #expect(error?.description.contains("it is a mount point") == true, "\(String(describing: error))")
    }

    @Test func thisProcessKnowsItsHomes() {
        let homes = OutputGuard.forThisProcess(protecting: []).rules.homes
        if let home = ProcessInfo.processInfo.environment["HOME"], !home.isEmpty { #expect(homes.contains(home)) }
        #expect(homes.contains("/root") || !FileManager.default.fileExists(atPath: "/etc/passwd"))
    }
}
