#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The folder a build writes into, beside the output (same filesystem, so the switch is a rename).
///
/// The staging folder is `flock`ed while its build runs. The kernel drops that lock when the build
/// exits or is killed, so "not locked" is exactly "left behind by a dead or finished build": the
/// next build deletes those without guessing from pids (which the system reuses).
struct StagingFolder {
    let path: String
    private let lockDescriptor: Int32

    static func namePrefix(forOutputNamed name: String) -> String {
        "." + name + ".staging-"
    }

    /// Deletes staging folders (and old trees switched out) that no live build holds.
    static func removeStale(in parent: String, outputName: String) throws {
        let prefix = namePrefix(forOutputNamed: outputName)
        guard try FileSystemCalls.status(parent, followingLinks: true) != nil else { return }
        for entry in try FileSystemCalls.entries(of: parent) where entry.name.hasPrefix(prefix) {
            let path = parent + "/" + entry.name
            if entry.kind != .directory {
                try FileSystemCalls.removeTree(path)
                continue
            }
            let descriptor = open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            if descriptor < 0 { continue }
            defer { close(descriptor) }
            if flock(descriptor, LOCK_EX | LOCK_NB) == 0 {
                try FileSystemCalls.removeTree(path)
            }
        }
    }

    /// Creates and locks `.<output name>.staging-<pid>` in `parent`.
    static func create(in parent: String, outputName: String) throws -> StagingFolder {
        let path = parent + "/" + namePrefix(forOutputNamed: outputName) + String(getpid())
        if mkdir(path, 0o755) != 0 {
            if errno == EEXIST {
                // removeStale ran first, so this one is locked: another publish in this process.
                throw SiteOutputError.buildInProgress(output: parent + "/" + outputName, pid: getpid(), waitedSeconds: 0)
            }
            throw FileSystemCalls.error("create the staging folder", path)
        }
        let descriptor = open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        if descriptor < 0 || flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            let failure = FileSystemCalls.error("lock the staging folder", path)
            if descriptor >= 0 { close(descriptor) }
            rmdir(path)
            throw failure
        }
        return StagingFolder(path: path, lockDescriptor: descriptor)
    }

    /// Ends the build's hold; whatever is left at `path` becomes stale for the next build.
    func unlock() {
        close(lockDescriptor)
    }

    /// Deletes the folder after a failure, then unlocks. A failed delete is left to the next build.
    func discard() {
        try? FileSystemCalls.removeTree(path)
        unlock()
    }
}
