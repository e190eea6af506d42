import Foundation
import Mustache
import SiteOutput
import WikiModel

/// Everything that decides how the site looks, read from the project's folders once per build:
/// the templates (parsed up front, so a broken one fails before anything is written), the string
/// tables beside them, and the static files of `Public/`.
public struct Theme: Sendable {
    public let templates: TemplateLibrary
    public let strings: StringTable
    /// `Public/` as site files. Read as bytes rather than linked: people edit these in place.
    public let assets: [SiteFile]
    /// Every byte of the templates folder (string tables included) and of `Public/`.
    let fingerprint: InputFingerprint

    public init(templatesDirectory: URL, publicDirectory: URL, locale: String = "en") throws {
        let fileManager = FileManager.default
        for (kind, folder) in [("templates", templatesDirectory), ("Public", publicDirectory)] {
            var isDirectory: ObjCBool = false
            guard fileManager.fileExists(atPath: folder.path, isDirectory: &isDirectory), isDirectory.boolValue else {
                throw WikiBuildError.missingFolder(kind: kind, path: folder.path)
            }
        }
        do {
            templates = try TemplateLibrary(directory: templatesDirectory, strict: true)
        } catch let error as MustacheError {
            throw WikiBuildError.template(error.description)
        }
        strings = try Self.loadStrings(templatesDirectory.appendingPathComponent("locales/\(locale).json"), locale: locale)
        assets = try Self.loadAssets(publicDirectory)
        var fingerprint = InputFingerprint()
        for file in try Self.loadAssets(templatesDirectory) + assets {
            fingerprint.add(file.path)
            if case .bytes(let bytes) = file.content { fingerprint.add(bytes) }
        }
        self.fingerprint = fingerprint
    }

    static func loadStrings(_ file: URL, locale: String) throws -> StringTable {
        let data: Data
        do {
            data = try Data(contentsOf: file)
        } catch {
            throw WikiBuildError.unreadableFile(path: file.path, reason: error.localizedDescription)
        }
        let object: Any
        do {
            object = try JSONSerialization.jsonObject(with: data)
        } catch {
            throw WikiBuildError.badStringTable(path: file.path, reason: "invalid JSON")
        }
        guard let table = object as? [String: Any] else {
            throw WikiBuildError.badStringTable(path: file.path, reason: "the top level is not an object")
        }
        var entries: [String: String] = [:]
        for (key, value) in table {
            guard let text = value as? String else {
                throw WikiBuildError.badStringTable(path: file.path, reason: "the value of '\(key)' is not a string")
            }
            entries[key] = text
        }
        return StringTable(locale: locale, entries: entries)
    }

    /// Every file under `folder` (hidden ones aside) as bytes, sorted by path.
    static func loadAssets(_ folder: URL) throws -> [SiteFile] {
        let root = folder.standardizedFileURL.resolvingSymlinksInPath()
        guard let walker = FileManager.default.enumerator(
            at: root, includingPropertiesForKeys: [.isRegularFileKey], options: [.skipsHiddenFiles])
        else { throw WikiBuildError.missingFolder(kind: "Public", path: folder.path) }
        var files: [SiteFile] = []
        let prefix = root.path.hasSuffix("/") ? root.path : root.path + "/"
        for case let url as URL in walker {
            guard (try? url.resourceValues(forKeys: [.isRegularFileKey]))?.isRegularFile == true else { continue }
            let path = url.resolvingSymlinksInPath().path
            guard path.hasPrefix(prefix) else { continue }
            do {
                files.append(SiteFile(path: String(path.dropFirst(prefix.count)), bytes: Array(try Data(contentsOf: url))))
            } catch {
                throw WikiBuildError.unreadableFile(path: path, reason: error.localizedDescription)
            }
        }
        return files.sorted { $0.path < $1.path }
    }
}
