#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Fills an empty staging folder with the planned site: unchanged files are hard-linked from the
/// published tree, new and changed ones written fresh (never into a published inode).
enum StagingWriter {
    static func fill(_ stagingPath: String, with plan: PublishPlan, publishedPath: String) throws {
        let folders = Set(plan.files.flatMap { SitePathRules.parentFolders(of: $0.path) })
        // Parents before children: one concurrent round per depth.
        for level in FolderLevels(folders).shallowestFirst {
            try ConcurrentWork.forEach(level.count) { index in
                try FileSystemCalls.makeDirectory(stagingPath + "/" + level[index])
            }
        }
        try ConcurrentWork.forEach(plan.files.count) { index in
            try place(plan.files[index], state: plan.states[index], in: stagingPath, publishedPath: publishedPath)
        }
    }

    private static func place(_ file: SiteFile, state: PublishPlan.State, in stagingPath: String, publishedPath: String) throws {
        let target = stagingPath + "/" + file.path
        switch (state, file.content) {
        case (.unchanged, _):
            try FileSystemCalls.linkOrCopy(publishedPath + "/" + file.path, to: target, preservingTimes: true)
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
