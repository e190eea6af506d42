#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The access and modification times of a `stat`, named differently by Glibc and Darwin.
struct FileTimes {
    var access: timespec
    var modification: timespec

    init(_ info: stat) {
        #if canImport(Darwin)
        access = info.st_atimespec
        modification = info.st_mtimespec
        #else
        access = info.st_atim
        modification = info.st_mtim
        #endif
    }

    /// Wrapping: a file dated past 2262 must not trap; callers only compare these values.
    var modificationNanoseconds: Int64 {
        Int64(modification.tv_sec) &* 1_000_000_000 &+ Int64(modification.tv_nsec)
    }
}
