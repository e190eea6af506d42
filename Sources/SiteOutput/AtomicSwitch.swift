#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

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
