import Foundation
@testable import Primitives
import Testing

/// The path rules shared by `--output` and `--cache`, as a pure function over a described filesystem: never
/// tried against the machine's own system folders.
@Suite struct ProtectedFoldersTests {
    /// A machine where `/lib` is a link to `/usr/lib` (merged /usr), rmwiki runs from `/opt/rmwiki/bin` with the
    /// Swift runtime in `/usr/lib/swift/linux`, and the user works in `/srv/project` with home `/home/me`.
    let machine = ProtectedFolders(
        currentDirectory: "/srv/project", homes: ["/home/me", "/root", "/var/lib/postgresql"], ownHome: "/home/me",
        runtimeFiles: ["/opt/rmwiki/bin/rmwiki", "/usr/lib/swift/linux/libswiftCore.so", "/usr/lib/x86_64-linux-gnu/libc.so.6"],
        folders: [.init("the cache", "/srv/project/.rmwiki-cache"), .init("the templates folder", "/srv/project/Templates")])

    /// A machine with nothing of its own to protect in the system trees: no runtime files, homes or folders there.
    let bare = ProtectedFolders(currentDirectory: "/srv/project", homes: ["/home/me"], ownHome: "/home/me", runtimeFiles: [], folders: [])

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
        #expect(refusal("/srv/project") == "it is the current folder")
    }

    @Test func foldersHoldingTheRunningBinaryOrItsLibrariesAreRefused() {
        #expect(refusal("/opt/rmwiki/bin") == "it holds /opt/rmwiki/bin/rmwiki, which the running rmwiki is made of")
        #expect(refusal("/opt/rmwiki") == "it holds /opt/rmwiki/bin/rmwiki, which the running rmwiki is made of")
        #expect(refusal("/usr/lib/swift")?.contains("libswiftCore.so") == true)
        #expect(refusal("/usr/lib/x86_64-linux-gnu")?.contains("libc.so.6") == true)
        // Beside them, or inside their folders, is fine: only what would take the binary away is refused.
        #expect(refusal("/opt/rmwiki/site") == nil)
        #expect(refusal("/opt/rmwiki/bin/site") == nil)
    }

    /// Every folder `build --demo --force --output X` replaced before the system trees were ruled out (issue 34).
    static let systemFoldersOneLevelDown = [
        "/var/lib", "/var/lib/dpkg", "/usr/share", "/usr/share/doc", "/usr/local", "/usr/local/bin", "/etc/ssl",
        "/etc/ssl/certs", "/etc/cron.d", "/var/spool", "/boot/grub", "/usr/lib", "/opt/app",
    ]

    @Test(arguments: systemFoldersOneLevelDown + [
        "/usr/lib/swift/linux/site", "/var/lib/wiki", "/var/cache/apt", "/run/user/1000", "/dev/shm", "/proc/1",
        "/sys/fs", "/bin/x", "/sbin/x", "/lib/modules", "/lib64/x", "/libx32/x", "/var/www", "/var/tmp", "/var/lib/postgresql/14",
        "/home/ann", "/mnt/usb", "/media/ann", "/opt/rmwiki-other",
    ])
    func foldersInTheSystemTreesOrDirectlyInSharedFoldersAreRefused(_ path: String) {
        // By this rule itself, on a machine where nothing else protects them.
        let reason = bare.refusal(given: path, resolved: path)
        let ruled = reason?.contains("which is the system's own") == true || reason?.contains("directly in /") == true
        #expect(ruled, "\(path): \(String(describing: reason))")
        #expect(refusal(path) != nil)
    }

    @Test(arguments: ["/srv/wiki", "/var/www/wiki", "/var/www/html", "/var/tmp/wiki", "/home/ann/wiki", "/root/wiki",
                      "/home/me/wiki", "/tmp/x", "/tmp/x/y", "/opt/app/site", "/mnt/usb/wiki", "/media/ann/stick/wiki"])
    func foldersAWikiMayLiveInAreTaken(_ path: String) {
        #expect(refusal(path) == nil, "\(path)")
    }

    /// A link is judged by where it leads and by its name: a link to `/usr/share` is `/usr/share`.
    @Test func aLinkIsJudgedByBothEnds() {
        #expect(refusal("/srv/wiki", resolvedTo: "/usr/share")?.hasPrefix("it is /usr/share (where its links lead), inside /usr") == true)
        #expect(refusal("/srv/wiki/www", resolvedTo: "/opt/app")?.hasPrefix("it is /opt/app (where its links lead), directly in /opt") == true)
        #expect(refusal("/var/lib/wiki", resolvedTo: "/srv/wiki")?.hasPrefix("it is inside /var, which is the system's own") == true)
        #expect(refusal("/var/www/wiki", resolvedTo: "/var/lib/dpkg")?.contains("inside /var") == true)
        #expect(refusal("/srv/site", resolvedTo: "/var/www/site") == nil)
    }

    /// A service running rmwiki from its home in `/var/lib` may publish there, but only that user, and never
    /// into the home itself.
    @Test func theUsersOwnHomeIsTheirsWhereverItIs() {
        var jenkins = machine
        jenkins.ownHome = "/var/lib/jenkins"
        jenkins.homes.append("/var/lib/jenkins")
        #expect(jenkins.refusal(given: "/var/lib/jenkins/workspace/wiki/_site", resolved: "/var/lib/jenkins/workspace/wiki/_site") == nil)
        #expect(jenkins.refusal(given: "/var/lib/jenkins", resolved: "/var/lib/jenkins") == "it is a home folder")
        #expect(jenkins.refusal(given: "/var/lib/postgresql/14", resolved: "/var/lib/postgresql/14")?.contains("inside /var") == true)
        #expect(refusal("/var/lib/jenkins/workspace/wiki/_site")?.contains("inside /var") == true)
    }

    @Test func directlyInIsOneLevelByWholeComponents() {
        #expect(ProtectedFolders.isChild("/opt/app", of: "/opt"))
        #expect(!ProtectedFolders.isChild("/opt/app/site", of: "/opt"))
        #expect(!ProtectedFolders.isChild("/opt", of: "/opt"))
        #expect(!ProtectedFolders.isChild("/optional", of: "/opt"))
        #expect(ProtectedFolders.isChild("/etc", of: "/"))
        #expect(!ProtectedFolders.isChild("/etc/ssl", of: "/"))
    }

    @Test func theRunsOtherFoldersAreKeptApart() {
        #expect(refusal("/srv/project/.rmwiki-cache") == "it is the cache")
        #expect(refusal("/srv/project/Templates/site") == "it is inside the templates folder (/srv/project/Templates)")
        #expect(refusal("/srv/project/_site") == nil)
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
