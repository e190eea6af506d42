#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Everything the site writer can fail with. Each description is one line: what failed and what to do.
/// Any error thrown by a publish (`PublishSession`) leaves the published folder exactly as it was.
package enum SiteOutputError: Error, Equatable, CustomStringConvertible {
    /// A `SiteFile.path` that is empty, absolute, or contains "", "." or ".." components.
    case invalidPath(String)
    /// Two files in the list have the same path.
    case duplicatePath(String)
    /// A file's path is also used as a folder by another file ("a" and "a/b").
    case fileFolderConflict(file: String, nestedFile: String)
    /// The output path exists but is not a folder.
    case outputNotADirectory(String)
    /// A `.copy` source does not exist or cannot be read.
    case copySourceUnreadable(path: String, source: String, errno: Int32)
    /// A system call failed; `operation` is e.g. "write", `path` the file concerned.
    case io(operation: String, path: String, errno: Int32)
    /// Another build holds the lock on the output folder.
    case buildInProgress(output: String, pid: Int32?, waitedSeconds: Double)
    /// The kernel or filesystem cannot exchange two folders atomically.
    case atomicSwitchUnsupported(path: String, errno: Int32)
    /// `OutputGuard` will not let the site replace this folder; `forceable` when `--force` would.
    case outputRefused(path: String, reason: String, forceable: Bool)

    package var description: String {
        switch self {
        case .invalidPath(let path):
            return "invalid site path \"\(path)\": paths must be relative, \"/\"-separated, without empty, \".\" or \"..\" parts — fix the renderer"
        case .duplicatePath(let path):
            return "the site lists \"\(path)\" twice — fix the renderer so every page has its own path"
        case .fileFolderConflict(let file, let nestedFile):
            return "\"\(file)\" is both a file and the folder of \"\(nestedFile)\" — fix the renderer's paths"
        case .outputNotADirectory(let path):
            return "the output path \(path) exists but is not a folder — move it away or choose another output"
        case .copySourceUnreadable(let path, let source, let code):
            return "cannot read \(source) for \(path): \(Self.reason(code)) — refresh the cache and rerun; the published site was left unchanged"
        case .io(let operation, let path, let code):
            return "could not \(operation) \(path): \(Self.reason(code)) — \(Self.advice(code)); the published site was left unchanged"
        case .buildInProgress(let output, let pid, let waited):
            let holder = pid.map { "another build (pid \($0))" } ?? "another build"
            let waitedText = waited > 0 ? " (waited \(Self.seconds(waited)))" : ""
            return "\(holder) is running on \(output)\(waitedText) — wait for it to finish or rerun later"
        case .atomicSwitchUnsupported(let path, let code):
            return "cannot switch \(path) atomically: \(Self.reason(code)) — put the output on a local Linux filesystem (ext4, xfs, btrfs, tmpfs)"
        case .outputRefused(let path, let reason, let forceable):
            let next = forceable
                ? "choose an empty or new folder, or add --force to replace everything in it with the site"
                : "choose a folder of its own for the site, such as _site"
            return "refusing to publish into \(path): \(reason), and publishing replaces the whole folder — \(next)"
        }
    }

    private static func reason(_ code: Int32) -> String {
        String(cString: strerror(code))
    }

    private static func advice(_ code: Int32) -> String {
        switch code {
        case ENOSPC, EDQUOT: return "free disk space and rerun"
        case EACCES, EPERM: return "check the permissions of that folder and rerun"
        case EROFS: return "the filesystem is read-only; choose a writable output"
        default: return "fix the cause and rerun"
        }
    }

    private static func seconds(_ value: Double) -> String {
        let tenths = Int((value * 10).rounded())
        return "\(tenths / 10).\(tenths % 10) s"
    }
}
