#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Primitives

/// The folder a build writes into, beside the output (same filesystem, so the switch is a rename).
///
/// The staging folder is `flock`ed while its build runs. The kernel drops that lock when the build
/// exits or is killed, so "not locked" is exactly "left behind by a dead or finished build": the
/// next build deletes those without guessing from pids (which the system reuses).
struct StagingFolder {
    let path: String
    private let lock: FileLock

    static func namePrefix(forOutputNamed name: String) -> String {
        "." + name + ".staging-"
    }

    /// Deletes staging folders (and old trees switched out) that no live build holds. One that cannot be deleted
    /// (part of it made read-only by hand) stays for a later build: it costs disk space, never the publish.
    static func removeStale(in parent: String, outputName: String) throws {
        let prefix = namePrefix(forOutputNamed: outputName)
        guard try FileSystemCalls.status(parent, followingLinks: true) != nil else { return }
        for entry in try FileSystemCalls.entries(of: parent) where entry.name.hasPrefix(prefix) {
            let path = parent + "/" + entry.name
            if entry.kind != .folder {
                try? FileSystemCalls.removeTree(path)
                continue
            }
            if let lock = try? FileLock(path: path, folder: true), (try? lock.tryLock()) == true {
                try? FileSystemCalls.removeTree(path)
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
        do throws(FileLock.Failure) {
            let lock = try FileLock(path: path, folder: true)
            guard try lock.tryLock() else { throw FileLock.Failure(code: EWOULDBLOCK) }
            return StagingFolder(path: path, lock: lock)
        } catch {
            rmdir(path)
            throw FileSystemCalls.error("lock the staging folder", path, error.code)
        }
    }

    /// Ends the build's hold; whatever is left at `path` becomes stale for the next build.
    func unlock() {
        lock.release()
    }

    /// Deletes the folder after a failure, then unlocks. A failed delete is left to the next build.
    func discard() {
        try? FileSystemCalls.removeTree(path)
        unlock()
    }
}

/// Puts one planned file at `target` (in the staging folder, or a temporary name in the standby tree): unchanged files
/// are hard-linked from the published tree, new and changed ones written fresh (never into a published inode).
enum StagingWriter {
    static func place(_ file: SiteFile, state: PublishPlan.State, at target: String, publishedFile: String) throws {
        switch (state, file.content) {
        case (.unchanged, _):
            try FileSystemCalls.linkOrCopy(publishedFile, to: target, preservingTimes: true)
        case (_, .bytes(let bytes)):
            try FileSystemCalls.writeNewFile(target, bytes)
        case (_, .copy(let sourcePath)):
            do {
                try FileSystemCalls.linkOrCopy(sourcePath, to: target, preservingTimes: false)
            } catch SiteOutputError.io(_, let path, let code) where path == sourcePath || code == ENOENT {
                throw SiteOutputError.copySourceUnreadable(path: file.path, source: sourcePath, errno: code)
            }
        }
    }
}

/// Puts the staging folder in place of the output in one atomic step.
///
/// Linux: `renameat2(RENAME_EXCHANGE)` swaps the two names in a single kernel operation, so at every
/// instant the output path names either the complete old tree or the complete new one, even under
/// SIGKILL or a crash; the old tree ends up under the staging name and is deleted afterwards.
/// Glibc (≥ 2.28) exports `renameat2`, but Swift's Glibc module does not declare it (it sits behind
/// `_GNU_SOURCE`), and `syscall` is variadic, which Swift cannot call; so the symbol is looked up
/// once with `dlsym`. A symlink swap was rejected: the output must stay a real folder for
/// static servers, rsync and tools that do not follow links.
enum AtomicSwitch {
    // Values from <linux/fs.h>; they are kernel ABI and never change.
    private static let renameNoReplace: UInt32 = 1
    private static let renameExchange: UInt32 = 2

    /// Exchanges the two existing folders.
    static func exchange(_ staging: String, _ output: String) throws {
        try rename(staging, output, flags: renameExchange)
    }

    /// Moves staging to `output`, which must not exist (the first build).
    static func move(_ staging: String, to output: String) throws {
        try rename(staging, output, flags: renameNoReplace)
    }

    #if os(Linux)
    private typealias RenameAt2 = @convention(c) (Int32, UnsafePointer<CChar>, Int32, UnsafePointer<CChar>, UInt32) -> Int32

    private static let renameat2: RenameAt2? = {
        guard let symbol = dlsym(dlopen(nil, RTLD_NOW), "renameat2") else { return nil }
        return unsafeBitCast(symbol, to: RenameAt2.self)
    }()

    private static func rename(_ from: String, _ to: String, flags: UInt32) throws {
        guard let renameat2 else { throw SiteOutputError.atomicSwitchUnsupported(path: to, errno: ENOSYS) }
        if renameat2(AT_FDCWD, from, AT_FDCWD, to, flags) == 0 { return }
        let code = errno
        if code == EINVAL || code == ENOSYS || code == ENOTSUP {
            throw SiteOutputError.atomicSwitchUnsupported(path: to, errno: code)
        }
        throw SiteOutputError.io(operation: "switch the new site into", path: to, errno: code)
    }
    #else
    private static func rename(_ from: String, _ to: String, flags: UInt32) throws {
        let darwinFlags = flags == renameExchange ? UInt32(RENAME_SWAP) : UInt32(RENAME_EXCL)
        if renamex_np(from, to, darwinFlags) == 0 { return }
        let code = errno
        if code == ENOTSUP { throw SiteOutputError.atomicSwitchUnsupported(path: to, errno: code) }
        throw SiteOutputError.io(operation: "switch the new site into", path: to, errno: code)
    }
    #endif
}
