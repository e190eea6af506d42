import Foundation
import Mustache
import Primitives
import Synchronization
import WikiModel

/// What the last build knew of each page it published: the page's key (a digest of everything its template is
/// given: the template's name, the page's values, its meta, navigation and languages), the file's size and content
/// hash (for the offline lists), and a digest of each input by name (to say why pages were rendered again).
///
/// Every page's values are built on every build; only a page whose key changed goes through the templates and is
/// compared with the published file. A page's bytes are a function of its key and of what every page shares (the
/// templates and string tables, the configuration and the generator itself: the `base`), so a page whose key and
/// base are the last build's is left as published, exactly as a render would leave it. Any change to the shared
/// part renders every page. Kept beside the output (`.<name>.build-pages`) with the fingerprint of the build state
/// it belongs to: a file of another build, damaged or missing, renders every page, never keeps a wrong one.
struct PageRecords: Sendable, Equatable {
    struct Page: Sendable, Equatable {
        var key: String
        var size: Int
        var hash: String
    }

    var base: String
    var inputs: [String: String]
    var pages: [String: Page]

    static let header = "rmwiki pages 1 "

    static func location(for output: URL) -> URL {
        let state = BuildState.location(for: output)
        return state.deletingLastPathComponent().appendingPathComponent(
            String(state.lastPathComponent.dropLast("build-state".count)) + "build-pages")
    }

    /// The records saved with the build state whose fingerprint is `state`, nil for any other.
    static func load(for output: URL, state: String) -> PageRecords? {
        guard let data = FileManager.default.contents(atPath: location(for: output).path),
              let lines = LineRecords.lines([UInt8](data)), lines.count >= 2,
              LineRecords.text(lines[lines.startIndex]) == header + state else { return nil }
        let base = LineRecords.fields(lines[lines.startIndex + 1], count: 2)
        guard base.count == 2, LineRecords.text(base[0]) == "base" else { return nil }
        var records = PageRecords(base: LineRecords.text(base[1]), inputs: [:], pages: [:])
        for line in lines.dropFirst(2) {
            let isInput = line.starts(with: "input ".utf8)
            let fields = LineRecords.fields(line, count: isInput ? 3 : 5)
            if isInput, fields.count == 3 {
                records.inputs[LineRecords.text(fields[2])] = LineRecords.text(fields[1])
            } else if fields.count == 5, LineRecords.text(fields[0]) == "page", let size = LineRecords.number(fields[2]) {
                records.pages[LineRecords.text(fields[4])] = Page(
                    key: LineRecords.text(fields[1]), size: Int(size), hash: LineRecords.text(fields[3]))
            } else {
                return nil
            }
        }
        return records
    }

    /// Written before the build state it names, so a build killed between the two leaves records no state names.
    func save(for output: URL, state: String) {
        var text = Self.header + state + "\nbase " + base + "\n"
        for (name, digest) in inputs.sorted(by: { $0.key < $1.key }) where !name.contains("\n") {
            text += "input \(digest) \(name)\n"
        }
        for (path, page) in pages.sorted(by: { $0.key < $1.key }) where !path.contains("\n") {
            text += "page \(page.key) \(page.size) \(page.hash) \(path)\n"
        }
        let destination = Self.location(for: output)
        try? AtomicFile.write(Data(text.utf8), to: destination, temporaryName: destination.lastPathComponent + ".tmp")
    }
}

/// The page's key: a digest of the template's name and of every value the template is given besides what all
/// pages share. Nil when a value cannot be digested (a lambda): such a page is always rendered.
enum PageKey {
    static func of(template: String, values: MustacheValue) -> String? {
        var digest = Digest()
        digest.add(template)
        guard add(values, to: &digest) else { return nil }
        return FNV1a.hex(digest.value)
    }

    /// `FNV1a.addWords`' digest, fed values a word at a time.
    struct Digest {
        var value = FNV1a().value

        mutating func add(_ word: UInt64) {
            value = FNV1a.wordStep(value, word)
        }

        /// Its length first, so no two texts in a row read alike.
        mutating func add(_ text: String) {
            var text = text
            text.withUTF8 { bytes in
                add(UInt64(bytes.count))
                let raw = UnsafeRawBufferPointer(bytes)
                let words = raw.count / 8
                for index in 0..<words { add(UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: index * 8, as: UInt64.self))) }
                var last: UInt64 = 0
                for (shift, byte) in raw[(words * 8)...].enumerated() { last |= UInt64(byte) << (8 * shift) }
                add(last)
            }
        }
    }

    private static func add(_ value: MustacheValue, to digest: inout Digest) -> Bool {
        // A tag before each value, so no two values read alike.
        switch value {
        case .string(let text):
            digest.add(1)
            digest.add(text)
        case .int(let number):
            digest.add(2)
            digest.add(UInt64(bitPattern: Int64(number)))
        case .double(let number):
            digest.add(3)
            digest.add(number.bitPattern)
        case .bool(let flag):
            digest.add(flag ? 4 : 5)
        case .null:
            digest.add(6)
        case .array(let items):
            digest.add(7)
            digest.add(UInt64(items.count))
            for item in items where !add(item, to: &digest) { return false }
        case .object(let members):
            // Members in any order: each is digested alone and the mixed digests summed, so no keys are sorted.
            digest.add(8)
            digest.add(UInt64(members.count))
            var sum: UInt64 = 0
            for (name, member) in members {
                var inner = Digest()
                inner.add(name)
                guard add(member, to: &inner) else { return false }
                sum &+= mixed(inner.value)
            }
            digest.add(sum)
        case .lambda:
            return false
        }
        return true
    }

    /// SplitMix64's finalizer: spreads each member's digest over all 64 bits before they are summed.
    private static func mixed(_ value: UInt64) -> UInt64 {
        var value = value
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }
}

/// One build's use of the last build's page records: which pages it left as published, and the keys of every page
/// for the next build.
final class PageReuse: Sendable {
    private let earlier: [String: PageRecords.Page]
    private let keepPublished: @Sendable (String) throws -> Bool
    private let keys = Mutex<[String: String]>([:])
    private let kept = Atomic<Int>(0)
    private let seen = Atomic<Int>(0)

    /// `earlier` empty renders every page.
    init(earlier: [String: PageRecords.Page], keepPublished: @escaping @Sendable (String) throws -> Bool) {
        self.earlier = earlier
        self.keepPublished = keepPublished
    }

    /// The last build's record of the page at `path` when it may stay as published (same key, and the file is
    /// there); nil when it must be rendered. Remembers the key either way.
    func keep(_ path: String, key: String?) throws -> PageRecords.Page? {
        seen.add(1, ordering: .relaxed)
        guard let key else { return nil }
        keys.withLock { $0[path] = key }
        guard let page = earlier[path], page.key == key, try keepPublished(path) else { return nil }
        kept.add(1, ordering: .relaxed)
        return page
    }

    /// "rendered 5 of 7,087 pages: articles/portal-guns.md changed", once every page went by.
    func line(reason: String) -> String {
        let (all, kept) = (seen.load(ordering: .relaxed), kept.load(ordering: .relaxed))
        let pages = CountText.of(all, "page")
        return "rendered " + (kept == 0 ? pages : String(all - kept) + " of " + pages) + ": " + reason
    }

    /// The keys of this build's pages, each with its file's size and hash as `ledger` noted them.
    func pages(_ ledger: PocketFiles.Ledger) -> [String: PageRecords.Page] {
        var pages: [String: PageRecords.Page] = [:]
        for (path, key) in keys.withLock({ $0 }) {
            if let entry = ledger[path], let hash = entry.hash {
                pages[path] = PageRecords.Page(key: key, size: entry.size, hash: hash)
            }
        }
        return pages
    }
}
