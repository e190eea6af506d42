import Dispatch
import Foundation
import Primitives
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Thin wrappers over the POSIX calls the publisher needs. Foundation's FileManager costs a few
/// microseconds per call in bridging and URL handling, which adds up over ~2,000 files per build.
enum FileSystemCalls {
    static let chunkSize = 1 << 16

    static func error(_ operation: String, _ path: String, _ code: Int32 = errno) -> SiteOutputError {
        .io(operation: operation, path: path, errno: code)
    }

    /// `lstat`, or nil when nothing exists at `path`.
    static func status(_ path: String, followingLinks: Bool = false) throws -> stat? {
        var info = stat()
        let result = followingLinks ? stat(path, &info) : lstat(path, &info)
        if result == 0 { return info }
        if errno == ENOENT || errno == ENOTDIR { return nil }
        throw error("inspect", path)
    }

    /// The entries of a folder except "." and "..", in the order the filesystem returns them.
    static func entries(of path: String) throws -> [(name: String, kind: FolderWalk.Kind)] {
        guard let children = FolderWalk.children(of: path) else { throw error("list", path) }
        return children
    }

    static func openForReading(_ path: String) -> Int32 {
        open(path, O_RDONLY | O_CLOEXEC)
    }

    /// Reads up to `buffer.count` bytes, retrying on EINTR and short reads; returns the bytes read.
    static func readFully(_ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer, path: String) throws -> Int {
        var total = 0
        while total < buffer.count {
            let count = read(descriptor, buffer.baseAddress! + total, buffer.count - total)
            if count < 0 {
                if errno == EINTR { continue }
                throw error("read", path)
            }
            if count == 0 { break }
            total += count
        }
        return total
    }

    static func writeFully(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer, path: String) throws {
        var offset = 0
        while offset < bytes.count {
            let count = write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
            if count < 0 {
                if errno == EINTR { continue }
                throw error("write", path)
            }
            offset += count
        }
    }

    /// True when the regular file at `path` holds exactly `expected`.
    static func contentEquals(_ path: String, _ expected: [UInt8]) throws -> Bool {
        let descriptor = openForReading(path)
        if descriptor < 0 { throw error("read", path) }
        defer { close(descriptor) }
        var info = stat()
        if fstat(descriptor, &info) != 0 { throw error("inspect", path) }
        if Int(info.st_size) != expected.count { return false }
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: chunkSize, alignment: 16)
        defer { buffer.deallocate() }
        return try expected.withUnsafeBytes { expectedBytes in
            var offset = 0
            while true {
                let count = try readFully(descriptor, into: buffer, path: path)
                if count == 0 { return offset == expectedBytes.count }
                if offset + count > expectedBytes.count { return false }
                if memcmp(buffer.baseAddress!, expectedBytes.baseAddress! + offset, count) != 0 { return false }
                offset += count
            }
        }
    }

    /// True when two regular files of equal size hold the same bytes.
    static func contentEquals(_ path: String, _ otherPath: String) throws -> Bool {
        let first = openForReading(path)
        if first < 0 { throw error("read", path) }
        defer { close(first) }
        let second = openForReading(otherPath)
        if second < 0 { throw error("read", otherPath) }
        defer { close(second) }
        let buffers = UnsafeMutableRawBufferPointer.allocate(byteCount: 2 * chunkSize, alignment: 16)
        defer { buffers.deallocate() }
        let firstBuffer = UnsafeMutableRawBufferPointer(rebasing: buffers[0..<chunkSize])
        let secondBuffer = UnsafeMutableRawBufferPointer(rebasing: buffers[chunkSize...])
        while true {
            let firstCount = try readFully(first, into: firstBuffer, path: path)
            let secondCount = try readFully(second, into: secondBuffer, path: otherPath)
            if firstCount != secondCount { return false }
            if firstCount == 0 { return true }
            if memcmp(firstBuffer.baseAddress!, secondBuffer.baseAddress!, firstCount) != 0 { return false }
        }
    }

    /// Creates `path`, which must not exist, holding `bytes`.
    static func writeNewFile(_ path: String, _ bytes: [UInt8]) throws {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        if descriptor < 0 { throw error("create", path) }
        do {
            try bytes.withUnsafeBytes { try writeFully(descriptor, $0, path: path) }
        } catch {
            close(descriptor)
            throw error
        }
        if close(descriptor) != 0 { throw error("write", path) }
    }

    /// Hard-links `source` to `destination`; copies instead when the filesystem refuses links
    /// (another device, link count limit, protected_hardlinks). `preservingTimes` keeps the
    /// modification time on that fallback copy so an unchanged file still looks unchanged. True when linked: a copy
    /// is a file of its own, which the standby tree must not take for one it shares with the live tree.
    @discardableResult
    static func linkOrCopy(_ source: String, to destination: String, preservingTimes: Bool) throws -> Bool {
        if link(source, destination) == 0 { return true }
        switch errno {
        case EXDEV, EMLINK, EPERM, EACCES, ENOTSUP, ENOSYS:
            try copyFile(source, to: destination, preservingTimes: preservingTimes)
            return false
        default:
            throw error("link \(source) to", destination)
        }
    }

    static func copyFile(_ source: String, to destination: String, preservingTimes: Bool) throws {
        let input = openForReading(source)
        if input < 0 { throw error("read", source) }
        defer { close(input) }
        let output = open(destination, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        if output < 0 { throw error("create", destination) }
        var closed = false
        defer { if !closed { close(output) } }
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: chunkSize, alignment: 16)
        defer { buffer.deallocate() }
        while true {
            let count = try readFully(input, into: buffer, path: source)
            if count == 0 { break }
            try writeFully(output, UnsafeRawBufferPointer(rebasing: buffer[0..<count]), path: destination)
        }
        if preservingTimes {
            var info = stat()
            if fstat(input, &info) != 0 { throw error("inspect", source) }
            let fileTimes = FileTimes(info)
            var times = [fileTimes.access, fileTimes.modification]
            if futimens(output, &times) != 0 { throw error("set the time of", destination) }
        }
        closed = true
        if close(output) != 0 { throw error("write", destination) }
    }

    static func makeDirectory(_ path: String) throws {
        if mkdir(path, 0o755) != 0 { throw error("create the folder", path) }
    }

    /// `mkdir -p`.
    static func makeDirectories(_ path: String) throws {
        if mkdir(path, 0o755) == 0 || errno == EEXIST { return }
        guard errno == ENOENT, let slash = path.lastIndex(of: "/"), slash != path.startIndex else {
            throw error("create the folder", path)
        }
        try makeDirectories(String(path[..<slash]))
        try makeDirectory(path)
    }

    /// Removes a file, or a folder and everything in it, without following symlinks.
    /// Nothing at `path` is not an error.
    static func removeTree(_ path: String) throws {
        guard let info = try status(path) else { return }
        if FolderWalk.kind(of: info) == .folder {
            for entry in try entries(of: path) {
                let child = path + "/" + entry.name
                if entry.kind == .folder {
                    try removeTree(child)
                } else if unlink(child) != 0 && errno != ENOENT {
                    throw error("remove", child)
                }
            }
            if rmdir(path) != 0 && errno != ENOENT { throw error("remove the folder", path) }
        } else if unlink(path) != 0 && errno != ENOENT {
            throw error("remove", path)
        }
    }
}

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
}
