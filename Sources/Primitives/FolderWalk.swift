#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Everything under a folder, depth-first with each folder before its contents and names in byte
/// order, so two walks of the same tree agree. Symbolic links are reported, never followed: a link
/// to a folder would otherwise walk outside the tree or loop. Unreadable folders yield nothing,
/// which is what the theme reader and the watcher want (they report or skip what they meet).
package enum FolderWalk {
    package enum Kind: Sendable, Hashable {
        case file
        case folder
        case symlink
        /// Sockets, fifos, devices.
        case other
    }

    package struct Entry: Sendable, Hashable {
        /// Relative to the walked folder, "/"-separated, without a leading "/".
        package var path: String
        package var kind: Kind
    }

    /// The entries under `folder` (not the folder itself); empty when it is missing or not a folder.
    /// With `skippingHidden`, a name starting with "." is left out together with everything under it.
    package static func entries(under folder: String, skippingHidden: Bool) -> [Entry] {
        var result: [Entry] = []
        walk(folder, relative: "", skippingHidden: skippingHidden, into: &result)
        return result
    }

    /// One folder's entries except "." and "..", in the order the filesystem returns them; nil when it cannot be
    /// listed, with `errno` as `opendir` left it. The one `readdir` loop: the walk above, and the publisher, which must
    /// know when a folder of the site cannot be listed, read it.
    package static func children(of folder: String) -> [(name: String, kind: Kind)]? {
        guard let stream = opendir(folder) else { return nil }
        defer { closedir(stream) }
        var children: [(name: String, kind: Kind)] = []
        while let entry = readdir(stream) {
            let name = withUnsafePointer(to: &entry.pointee.d_name) {
                String(cString: UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self))
            }
            // An entry gone between `readdir` and `lstat` (where the filesystem leaves the kind to `lstat`) is skipped.
            guard name != "." && name != "..", let kind = kind(Int32(entry.pointee.d_type), path: folder + "/" + name)
            else { continue }
            children.append((name, kind))
        }
        return children
    }

    /// What `lstat` found.
    package static func kind(of info: stat) -> Kind {
        switch info.st_mode & S_IFMT {
        case S_IFDIR: return .folder
        case S_IFREG: return .file
        case S_IFLNK: return .symlink
        default: return .other
        }
    }

    private static func walk(_ folder: String, relative: String, skippingHidden: Bool, into result: inout [Entry]) {
        guard var children = children(of: folder) else { return }
        if skippingHidden { children.removeAll { $0.name.hasPrefix(".") } }
        children.sort { $0.name.utf8.lexicographicallyPrecedes($1.name.utf8) }
        for child in children {
            let path = relative.isEmpty ? child.name : relative + "/" + child.name
            result.append(Entry(path: path, kind: child.kind))
            if child.kind == .folder {
                walk(folder + "/" + child.name, relative: path, skippingHidden: skippingHidden, into: &result)
            }
        }
    }

    private static func kind(_ type: Int32, path: String) -> Kind? {
        switch type {
        case Int32(DT_DIR): return .folder
        case Int32(DT_REG): return .file
        case Int32(DT_LNK): return .symlink
        case Int32(DT_UNKNOWN):
            // Some filesystems do not fill d_type.
            var info = stat()
            if lstat(path, &info) == 0 { return kind(of: info) }
            return errno == ENOENT ? nil : .other
        default: return .other
        }
    }
}
