import Foundation
import Markdown
import Pictures
import Primitives
import RickAndMortyAPI
import WikiModel

/// Reads the content folder (`--content DIR`, default `content/`): the one place that knows its layout.
///
///     home.md                   the home page's introduction
///     articles/<slug>.md        an article, at /articles/<slug>/
///     characters/<id>.md        prose on a record's page (also locations/, episodes/)
///     images/…                  pictures prose may show
///     data/characters.json      local records (also locations.json, episodes.json: see `LocalRecords`)
///
/// `NAME.md` is in the site's first language, `NAME.<code>.md` its translation. Anything else that is not hidden
/// is an error naming the file, so a misspelt folder never silently drops a text.
package struct ContentFolder: Sendable {
    /// A file as read: its path in the folder and its bytes (a picture is only stamped, never read).
    package struct File: Sendable {
        let path: String
        let bytes: [UInt8]?
        let stamp: String?
        /// A picture's first bytes, which say what it is (`bytes` holds them when given).
        var head: [UInt8] = []
        /// A picture's size from its header (computed from `bytes` when given).
        var size: PictureSize?
    }

    struct Loaded: Sendable {
        let content: SiteContent
        /// The `data/` files, for `LocalRecords` to check and merge.
        let localRecords: [LocalRecords.File]
        /// Every file read, in path order, for the build's no-change fingerprint.
        let files: [File]
        /// Every mistake found in the folder's layout, pictures and front matter; the files without one are read.
        var errors: [ContentError] = []

        static let none = Loaded(content: SiteContent(), localRecords: [], files: [])
    }

    static let recordFolders = ["characters", "locations", "episodes"]

    /// A text (`articles/portal-guns.md`, `characters/1.fr.md`, `home.md`) by its path in the folder: not a local
    /// record (`data/`) nor a picture (`images/`).
    /// Where the local records are (`data/characters.json`).
    static let localRecordsFolder = "data/"

    static func isText(_ path: String) -> Bool {
        path.hasSuffix(".md") && !path.hasPrefix(localRecordsFolder) && !path.hasPrefix("images/")
    }

    /// The folder, and how errors name it (as the maintainer wrote it: `content/articles/x.md`).
    package let directory: URL
    let displayPath: String
    let required: Bool

    package init(directory: URL, displayPath: String, required: Bool = false) {
        self.directory = directory
        self.displayPath = displayPath
        self.required = required
    }

    /// The folder's texts and pictures; `languages` are the site's codes, the first one the language of `NAME.md`.
    /// A missing folder is no content, unless `required` (named with `--content`): then it is a mistake.
    func load(languages: [String]) throws -> Loaded {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory.path, isDirectory: &isFolder), isFolder.boolValue else {
            if required { throw WikiBuildError.missingFolder(kind: "content", path: displayPath) }
            return .none
        }
        var files: [(String, [UInt8]?)] = []
        var stamps: [String: String] = [:]
        var pictures: [String: (head: [UInt8], size: PictureSize?)] = [:]
        var errors: [ContentError] = []
        for entry in FolderWalk.entries(under: directory.path, skippingHidden: true) {
            let top = entry.path.split(separator: "/").first.map(String.init) ?? entry.path
            let source = directory.appendingPathComponent(entry.path).path
            switch entry.kind {
            case .folder: continue
            case .symlink, .other:
                errors.append(ContentError(file: display(entry.path), line: 1, column: 1,
                                           message: "is not a plain file: the content folder holds files and folders only"))
            case .file:
                guard let data = FileManager.default.contents(atPath: source) else {
                    throw WikiBuildError.unreadableFile(path: display(entry.path), reason: "cannot read it")
                }
                if top == "images", let stamp = FileStamp(path: source) {
                    // Copied from the folder when published, so only what the build needs is kept: the bytes that
                    // say what it is, and its size (read from the whole file: a JPEG's comes after its metadata).
                    stamps[entry.path] = "\(stamp.size) \(stamp.inode) \(stamp.modified)"
                    let bytes = [UInt8](data)
                    pictures[entry.path] = (Array(bytes.prefix(PictureSignature.length)), PictureSize(of: bytes))
                    files.append((entry.path, nil))
                } else {
                    files.append((entry.path, [UInt8](data)))
                }
            }
        }
        var loaded = Self.read(
            files: files.map { path, bytes in File(path: path, bytes: bytes, stamp: stamps[path], head: pictures[path]?.head ?? [],
                                          size: pictures[path]?.size) },
            languages: languages, display: display) { path in directory.appendingPathComponent(path).path }
        loaded.errors += errors
        return loaded
    }

    /// The first bytes of a picture, enough for `PictureSignature`.
    private static func head(of path: String, display: String) throws -> [UInt8] {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw WikiBuildError.unreadableFile(path: display, reason: "cannot read it")
        }
        defer { try? handle.close() }
        do {
            return [UInt8](try handle.read(upToCount: PictureSignature.length) ?? Data())
        } catch {
            throw WikiBuildError.unreadableFile(path: display, reason: "cannot read it")
        }
    }

    private func display(_ path: String) -> String {
        (displayPath.hasSuffix("/") ? displayPath : displayPath + "/") + path
    }

    /// The kinds of picture `images/` may hold, by file name extension (any case).
    static let pictureTypes: Set<String> = ["png", "jpg", "jpeg", "gif", "webp", "avif"]

    /// The content and local records of a folder's files (nil bytes: a picture): shared by the folder on disk and
    /// the demo's, which lives in the program. A file with a mistake is left out and its mistakes listed.
    static func read(
        files: [File], languages: [String], display: (String) -> String, imageSource: (String) -> String
    ) -> Loaded {
        var content = SiteContent()
        var localRecords: [LocalRecords.File] = []
        var errors: [ContentError] = []
        let first = languages.first ?? "en"
        for file in files {
            do throws(ContentErrors) {
                try read(file, languages: languages, first: first, display: display, imageSource: imageSource,
                         into: &content, localRecords: &localRecords)
            } catch {
                errors += error.errors
            }
        }
        return Loaded(content: content, localRecords: localRecords, files: files, errors: errors)
    }

    /// Pictures are published as they are, on the site's own origin: an HTML or SVG file there would be a page of
    /// the site that runs its own scripts when opened. The name is not enough: a page saved as `.png` is a page.
    private static func pictureMistake(_ file: File, name: String) -> String? {
        let type = name.split(separator: ".").last.map { $0.lowercased() } ?? ""
        guard name.contains("."), pictureTypes.contains(type) else {
            return "images/ holds pictures only (" + pictureTypes.sorted().map { "." + $0 }.joined(separator: ", ")
                + "): other files, SVG included, can carry scripts onto the site"
        }
        let found = PictureSignature(file.bytes.map { Array($0.prefix(PictureSignature.length)) } ?? file.head)
        guard let found, found.fileTypes.contains(type) else {
            return "is not a ." + type + " picture: its bytes "
                + (found.map { "are a \($0.rawValue) picture: name it ." + $0.fileTypes[0] }
                    ?? "are no JPEG, PNG, GIF, WebP or AVIF picture")
        }
        return nil
    }

    private static func read(
        _ file: File, languages: [String], first: String, display: (String) -> String, imageSource: (String) -> String,
        into content: inout SiteContent, localRecords: inout [LocalRecords.File]
    ) throws(ContentErrors) {
        func refuse(_ message: String) -> ContentErrors {
            ContentErrors([ContentError(file: display(file.path), line: 1, column: 1, message: message)])
        }
        let (path, bytes) = (file.path, file.bytes)
        let parts = path.split(separator: "/").map(String.init)
        if parts.first == LocalRecords.folderName {
            guard parts.count == 2, let bytes,
                  let kind = ResourceKind.allCases.first(where: { LocalRecords.fileName($0) == parts[1] }) else {
                throw refuse("is not a file of local records: data/ holds characters.json, locations.json and episodes.json")
            }
            localRecords.append(LocalRecords.File(kind: kind, path: display(path), bytes: bytes))
            return
        }
        if parts.first == "images", parts.count > 1 {
            if let mistake = pictureMistake(file, name: parts[parts.count - 1]) { throw refuse(mistake) }
            let name = parts.dropFirst().joined(separator: "/")
            content.images[name] = imageSource(path)
            content.imageSizes[name] = file.size ?? bytes.flatMap(PictureSize.init(of:))
            return
        }
        let place = "the content folder holds home.md, articles/<slug>.md, characters/<id>.md, locations/<id>.md, "
            + "episodes/<id>.md, images/ and data/"
        guard let name = parts.last, name.hasSuffix(".md"), let bytes else { throw refuse("is not something rmwiki reads: \(place)") }
        var stem = String(name.dropLast(3))
        var language = first
        if let dot = stem.lastIndex(of: ".") {
            let code = String(stem[stem.index(after: dot)...])
            guard languages.contains(code) else {
                throw refuse("'\(code)' is not a language of the site (\(languages.joined(separator: ", "))): "
                    + "a translation is NAME.<code>.md")
            }
            language = code
            stem = String(stem[..<dot])
        }
        let key: SiteContent.Key
        switch (parts.count, parts.first) {
        case (1, _) where stem == "home": key = .home
        case (2, "articles"):
            guard !stem.isEmpty, stem.utf8.allSatisfy({ byte in
                (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
                    || byte == UInt8(ascii: "-")
            }) else {
                throw refuse("an article's file name is its address: lower-case letters, digits and '-' only")
            }
            key = .article(stem)
        case (2, let folder?) where recordFolders.contains(folder):
            guard let id = Int(stem), id > 0, String(id) == stem else {
                throw refuse("prose for a record is named by the record's id, as \(folder)/47.md")
            }
            key = switch folder {
            case "characters": .character(id)
            case "locations": .location(id)
            default: .episode(id)
            }
        default:
            throw refuse("is not something rmwiki reads: \(place)")
        }
        if let invalid = InvalidUTF8(bytes) { throw ContentErrors([invalid.error(file: display(path), in: bytes)]) }
        let text = String(decoding: bytes, as: UTF8.self)
        if content.texts[key]?[language] != nil {
            throw refuse("gives the same text in '\(language)' as another file")
        }
        let document = ContentDocument(file: display(path), text: text)
        content.texts[key, default: [:]][language] = document
        if !document.mistakes.isEmpty { throw ContentErrors(document.mistakes) }
    }
}

/// The first byte of a file that is not UTF-8, so the error can point at it (an editor's "go to offset", or line and
/// column) instead of leaving the maintainer to search the whole file.
struct InvalidUTF8 {
    let offset: Int
    let byte: UInt8

    init?(_ bytes: [UInt8]) {
        guard let offset = UTF8Repair.firstInvalidOffset(bytes) else { return nil }
        self.offset = offset
        byte = bytes[offset]
    }

    /// `is not UTF-8: byte 0xE9 at offset 3`, as `rmwiki markdown` says it.
    var message: String {
        let hex = String(byte, radix: 16, uppercase: true)
        return "is not UTF-8: byte 0x\(hex.count == 1 ? "0" + hex : hex) at offset \(offset)"
    }

    func error(file: String, in bytes: [UInt8]) -> ContentError {
        let (line, column) = LocalJSON.position(of: offset, in: bytes)
        return ContentError(file: file, line: line, column: column, message: message)
    }
}

/// What a picture is by its first bytes, whatever its name says.
enum PictureSignature: String {
    case jpeg = "JPEG", png = "PNG", gif = "GIF", webp = "WebP", avif = "AVIF"

    /// The bytes the signatures need (AVIF's brand ends at 12).
    static let length = 12

    init?(_ head: [UInt8]) {
        func ascii(_ range: Range<Int>) -> String? {
            head.count >= range.upperBound ? String(decoding: head[range], as: UTF8.self) : nil
        }
        if head.starts(with: [0xFF, 0xD8, 0xFF]) { self = .jpeg }
        else if head.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { self = .png }
        else if ascii(0..<6) == "GIF87a" || ascii(0..<6) == "GIF89a" { self = .gif }
        else if ascii(0..<4) == "RIFF", ascii(8..<12) == "WEBP" { self = .webp }
        else if ascii(4..<8) == "ftyp", ascii(8..<12) == "avif" || ascii(8..<12) == "avis" { self = .avif }
        else { return nil }
    }

    /// The file name extensions of this kind, the usual one first.
    var fileTypes: [String] {
        switch self {
        case .jpeg: ["jpg", "jpeg"]
        case .png: ["png"]
        case .gif: ["gif"]
        case .webp: ["webp"]
        case .avif: ["avif"]
        }
    }
}
