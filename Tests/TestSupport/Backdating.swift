// The TestSupport module: what the test targets share (workspaces, fixtures, spawned processes, markup and site
// checks).

import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Dates a folder and everything in it in 2001, so that whatever a test does to it next gives a different
/// modification date, however coarse the file system's clock: a change-detection test then never depends on
/// how fast it ran.
package enum Backdating {
    package static func dateEverything(in folder: URL) throws {
        let paths = [folder.path] + (FileManager.default.subpaths(atPath: folder.path) ?? []).map { folder.path + "/" + $0 }
        let old = timespec(tv_sec: 1_000_000_000, tv_nsec: 0)
        for path in paths {
            var times = [old, old]
            guard utimensat(AT_FDCWD, path, &times, AT_SYMLINK_NOFOLLOW) == 0 else {
                throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path])
            }
        }
    }
}
