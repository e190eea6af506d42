#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Swift's runtime and Dispatch on Linux cannot do without `/proc`, and neither says so: the runtime finds the
/// command line through `/proc/self/maps` (without it rmwiki sees no arguments and would print its help and
/// exit 0, doing nothing), and Dispatch's thread-pool monitor opens `/proc/<thread>/stat` every second while
/// work waits and traps when it cannot ("registered worker exited prematurely": SIGILL in some runs, whenever
/// the monitor catches a waiting job). Neither can be caught once it happens, so rmwiki looks first, before it
/// starts any thread, and stops with one line.
package enum ProcFileSystem {
    /// Nil when `root` is this process's `/proc` (the file Dispatch opens for the main thread is readable);
    /// otherwise the line to print.
    package static func problem(root: String = "/proc", processID: Int32 = getpid()) -> String? {
        #if os(Linux)
        let stat = "\(root)/\(processID)/stat"
        guard access(stat, R_OK) != 0 else { return nil }
        return "rmwiki: cannot read \(stat): \(root) is not mounted here, or belongs to another PID namespace. "
            + "The Swift runtime rmwiki is built on needs it to read the command line and to run its threads: "
            + "mount it (mount -t proc proc \(root)) or run rmwiki where it is mounted"
        #else
        return nil
        #endif
    }
}
