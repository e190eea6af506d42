import Foundation

/// Every file under a folder with its bytes, to show a cache is byte-identical before and after.
package enum DirectoryDigest {
    package static func contents(of folder: URL) -> [String: Data] {
        var files: [String: Data] = [:]
        let manager = FileManager.default
        guard let enumerator = manager.enumerator(atPath: folder.path) else { return files }
        while let relative = enumerator.nextObject() as? String {
            let url = folder.appendingPathComponent(relative)
            var isDirectory: ObjCBool = false
            if manager.fileExists(atPath: url.path, isDirectory: &isDirectory), !isDirectory.boolValue {
                files[relative] = manager.contents(atPath: url.path)
            } else {
                files[relative + "/"] = Data()
            }
        }
        return files
    }

    /// The committed cache: everything but `downloads/`, the checked pictures a failed refresh keeps for the next.
    package static func committed(_ cache: URL) -> [String: Data] {
        contents(of: cache).filter { !$0.key.hasPrefix("downloads/") }
    }
}
