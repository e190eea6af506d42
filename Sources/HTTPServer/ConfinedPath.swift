import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Maps request paths to files that are provably inside a root folder.
enum ConfinedPath {
    /// The path's segments, or nil when the request tries anything a plain link to a file never needs:
    /// `.`/`..` segments (raw or percent-encoded), encoded slashes or backslashes, backslashes, NUL.
    static func segments(decodedPath: String, rawTarget: String) -> [String]? {
        let rawPath = rawTarget.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        let lowered = rawPath.lowercased()
        guard decodedPath.hasPrefix("/"),
              !lowered.contains("%2f"), !lowered.contains("%5c"), !lowered.contains("%00"),
              !decodedPath.contains("\\"), !decodedPath.utf8.contains(0) else { return nil }
        let segments = decodedPath.split(separator: "/").map(String.init)
        guard !segments.contains(where: { $0 == "." || $0 == ".." }) else { return nil }
        return segments
    }

    /// The fully resolved path of `segments` under `root`, or nil if it does not exist or resolves
    /// (through symbolic links) outside the root.
    static func resolve(_ segments: [String], under root: String) -> String? {
        guard let realRoot = realPath(root) else { return nil }
        let candidate = ([realRoot] + segments).joined(separator: "/")
        guard let real = realPath(candidate) else { return nil }
        return real == realRoot || real.hasPrefix(realRoot.hasSuffix("/") ? realRoot : realRoot + "/") ? real : nil
    }

    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
