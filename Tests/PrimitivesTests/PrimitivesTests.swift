import Foundation
@testable import Primitives
import Testing

/// A fresh folder for one test, deleted afterwards.
private func withFolder<T>(_ body: (URL) throws -> T) throws -> T {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("rmwiki-primitives-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    return try body(folder)
}

@Suite struct FileLockTests {
    @Test func aSecondHolderIsRefusedUntilTheFirstReleasesOrCloses() throws {
        try withFolder { folder in
            let path = folder.appendingPathComponent(".lock").path
            let first = try FileLock(path: path)
            #expect(try first.tryLock())
            let second = try FileLock(path: path)
            #expect(try !second.tryLock())
            first.release()
            #expect(try second.tryLock())
            var third: FileLock? = try FileLock(path: path)
            #expect(try third?.tryLock() == false)
            second.release()
            #expect(try third?.tryLock() == true)
            // Closing (the last reference going away, as when a process dies) releases too.
            third = nil
            #expect(try FileLock(path: path).tryLock())
        }
    }

    @Test func foldersLockWithoutFollowingLinks() throws {
        try withFolder { folder in
            let staging = folder.appendingPathComponent("staging")
            try FileManager.default.createDirectory(at: staging, withIntermediateDirectories: false)
            let lock = try FileLock(path: staging.path, folder: true)
            #expect(try lock.tryLock())
            #expect(try !FileLock(path: staging.path, folder: true).tryLock())
            let link = folder.appendingPathComponent("link")
            try FileManager.default.createSymbolicLink(at: link, withDestinationURL: staging)
            #expect(throws: FileLock.Failure.self) { try FileLock(path: link.path, folder: true) }
            #expect(throws: FileLock.Failure.self) { try FileLock(path: folder.appendingPathComponent("missing").path, folder: true) }
        }
    }
}

@Suite struct AtomicFileTests {
    @Test func aWriteReplacesTheFileAndLeavesNoTemporaryFile() throws {
        try withFolder { folder in
            let file = folder.appendingPathComponent("state.json")
            try AtomicFile.write(Data("old".utf8), to: file)
            try AtomicFile.write(Data("new".utf8), to: file, temporaryName: "state.json.tmp")
            #expect(try Data(contentsOf: file) == Data("new".utf8))
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["state.json"])
        }
    }

    @Test func aFailedWriteOrMoveLeavesNothingBehind() throws {
        try withFolder { folder in
            let missing = folder.appendingPathComponent("missing/file")
            let failure = #expect(throws: AtomicFile.Failure.self) { try AtomicFile.write(Data("x".utf8), to: missing) }
            #expect(failure?.detail.isEmpty == false)
            let source = folder.appendingPathComponent("source")
            try Data("x".utf8).write(to: source)
            #expect(throws: AtomicFile.Failure.self) { try AtomicFile.move(source, to: missing) }
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
        }
    }
}

@Suite struct DurationTextTests {
    @Test func elapsedTimesInMillisecondsThenTenthsOfSeconds() {
        #expect(DurationText.elapsed(.milliseconds(840)) == "840 ms")
        #expect(DurationText.elapsed(.microseconds(999_400)) == "999 ms")
        #expect(DurationText.elapsed(.milliseconds(12_340)) == "12.3 s")
        #expect(DurationText.compact(.milliseconds(12_340)) == "12.3s")
        #expect(DurationText.compact(.milliseconds(90)) == "0.1s")
    }

    @Test func limitsPrintInTheLargestWholeUnitAndReadBack() {
        #expect(DurationText.limit(.seconds(5400)) == "90m")
        #expect(DurationText.limit(.seconds(7200)) == "2h")
        #expect(DurationText.limit(.seconds(45)) == "45s")
        for text in ["600s", "90m", "2h", "24h"] {
            #expect(DurationText.limit(text).map(DurationText.limit) == (text == "600s" ? "10m" : text))
        }
        for text in ["", "0s", "25h", "1441m", "5d", "m", "99999999999999999h"] {
            #expect(DurationText.limit(text) == nil, "\(text)")
        }
    }
}

@Suite struct CountTextTests {
    @Test func oneTakesTheSingularEveryOtherCountThePlural() {
        #expect(CountText.of(1, "entry", "entries") == "1 entry")
        #expect(CountText.of(0, "entry", "entries") == "0 entries")
        #expect(CountText.of(2, "file") == "2 files")
        #expect(CountText.noun(1, "request") == "request")
        #expect(CountText.noun(826, "request") == "requests")
    }
}

@Suite struct FNV1aTests {
    @Test func knownDigestsAndPiecewiseAdding() {
        // Reference values of 64-bit FNV-1a.
        #expect(FNV1a().hex == "cbf29ce484222325")
        #expect(FNV1a(Array("a".utf8)).value == 0xaf63dc4c8601ec8c)
        #expect(FNV1a(Array("foobar".utf8)).hex == "85944171f73967e8")
        var pieces = FNV1a(Array("foo".utf8))
        pieces.add(Array("bar".utf8))
        #expect(pieces == FNV1a(Array("foobar".utf8)))
        // A sequence without contiguous storage takes the byte loop: the same digest.
        #expect(FNV1a("foobar".utf8.lazy.map { $0 }) == FNV1a(Array("foobar".utf8)))
    }

    @Test func wordsAtATimeAreStableAndSeeEveryByte() {
        func words(_ bytes: [UInt8]) -> String {
            var digest = FNV1a()
            digest.addWords(bytes)
            return digest.hex
        }
        let page = Array("<!doctype html><title>Rick Sanchez</title>".utf8)
        #expect(words([]) == FNV1a().hex)
        var seen = Set([words(page)])
        for index in page.indices {
            var changed = page
            changed[index] ^= 1
            seen.insert(words(changed))
        }
        #expect(seen.count == page.count + 1, "a change to any byte, in a word or in the tail, changes the digest")
        var noncontiguous = FNV1a()
        noncontiguous.addWords(page.lazy.map { $0 })
        #expect(noncontiguous.hex == words(page), "contiguous or not, the same bytes give the same digest")
    }
}

@Suite struct FolderWalkTests {
    private func write(_ relative: String, in folder: URL) throws {
        let file = folder.appendingPathComponent(relative)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(relative.utf8).write(to: file)
    }

    @Test func foldersComeBeforeTheirContentsInByteOrder() throws {
        try withFolder { folder in
            for path in ["b.txt", "a/z.txt", "a/b/c.txt", "B.txt", "a.txt"] { try write(path, in: folder) }
            let expected = [
                FolderWalk.Entry(path: "B.txt", kind: .file),
                FolderWalk.Entry(path: "a", kind: .folder),
                FolderWalk.Entry(path: "a/b", kind: .folder),
                FolderWalk.Entry(path: "a/b/c.txt", kind: .file),
                FolderWalk.Entry(path: "a/z.txt", kind: .file),
                FolderWalk.Entry(path: "a.txt", kind: .file),
                FolderWalk.Entry(path: "b.txt", kind: .file),
            ]
            #expect(FolderWalk.entries(under: folder.path, skippingHidden: true) == expected)
            #expect(FolderWalk.entries(under: folder.path, skippingHidden: false) == expected)
        }
    }

    @Test func hiddenEntriesAreSkippedWithEverythingUnderThem() throws {
        try withFolder { folder in
            for path in [".swap", ".git/config", ".git/objects/x", "site/.backup~", "site/page.html"] {
                try write(path, in: folder)
            }
            #expect(FolderWalk.entries(under: folder.path, skippingHidden: true).map(\.path) == ["site", "site/page.html"])
            #expect(FolderWalk.entries(under: folder.path, skippingHidden: false).map(\.path) == [
                ".git", ".git/config", ".git/objects", ".git/objects/x", ".swap", "site", "site/.backup~", "site/page.html",
            ])
        }
    }

    @Test func symbolicLinksAreReportedNotFollowed() throws {
        try withFolder { folder in
            try write("outside/secret.txt", in: folder)
            try write("tree/file.txt", in: folder)
            let tree = folder.appendingPathComponent("tree")
            let files = FileManager.default
            try files.createSymbolicLink(
                at: tree.appendingPathComponent("folder-link"), withDestinationURL: folder.appendingPathComponent("outside"))
            try files.createSymbolicLink(
                at: tree.appendingPathComponent("file-link"), withDestinationURL: tree.appendingPathComponent("file.txt"))
            // A link to its own folder would loop forever if followed.
            try files.createSymbolicLink(at: tree.appendingPathComponent("loop"), withDestinationURL: tree)
            #expect(FolderWalk.entries(under: tree.path, skippingHidden: true) == [
                FolderWalk.Entry(path: "file-link", kind: .symlink),
                FolderWalk.Entry(path: "file.txt", kind: .file),
                FolderWalk.Entry(path: "folder-link", kind: .symlink),
                FolderWalk.Entry(path: "loop", kind: .symlink),
            ])
        }
    }

    @Test func anEmptyMissingOrNonFolderPathYieldsNothing() throws {
        try withFolder { folder in
            #expect(FolderWalk.entries(under: folder.path, skippingHidden: true).isEmpty)
            #expect(FolderWalk.entries(under: folder.appendingPathComponent("missing").path, skippingHidden: true).isEmpty)
            try write("file.txt", in: folder)
            #expect(FolderWalk.entries(under: folder.appendingPathComponent("file.txt").path, skippingHidden: true).isEmpty)
        }
    }
}

@Suite struct JSONTextTests {
    private func literal(_ text: String) -> String {
        var bytes: [UInt8] = []
        JSONText.appendString(text, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    @Test func escapesWhatHTMLAndJavaScriptWouldRead() {
        #expect(literal("Rick") == #""Rick""#)
        #expect(literal("") == #""""#)
        #expect(literal(#"</script><img onerror="x">&'"#)
            == #""\u003c/script\u003e\u003cimg onerror=\"x\"\u003e\u0026\u0027""#)
        #expect(literal("a\\b\n\r\t\u{1}\u{1f}") == #""a\\b\n\r\t\u0001\u001f""#)
        #expect(literal("line\u{2028}para\u{2029}end") == #""line\u2028para\u2029end""#)
        // Other characters, multibyte ones included, as they are.
        #expect(literal("Évêque • 漢字 \u{2027}\u{202A} 🙂") == "\"Évêque • 漢字 \u{2027}\u{202A} 🙂\"")
    }

    /// Whatever the text, the literal reads back as it (Foundation's reader) and holds no byte a page could take for markup.
    @Test func readsBackAsTheText() throws {
        var generator = SystemRandomNumberGenerator()
        let pieces = ["a", "é", "<", ">", "&", "'", "\"", "\\", "\n", "\u{0}", "\u{7f}", "\u{2028}", "\u{2029}", "\u{2026}", "🙂", " "]
        for _ in 0..<300 {
            let text = (0..<Int.random(in: 0...12, using: &generator)).map { _ in pieces.randomElement(using: &generator) ?? "" }.joined()
            var bytes: [UInt8] = []
            JSONText.appendString(text, to: &bytes)
            let read = try JSONSerialization.jsonObject(with: Data(bytes), options: .fragmentsAllowed) as? String
            #expect(read == text)
            #expect(!bytes.contains { [UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "&"), UInt8(ascii: "'")].contains($0) || $0 < 0x20 })
        }
    }
}

/// A line's fields as the standard library's `split` at single spaces would give them (empty fields kept, the last field
/// the rest of the line), on lines that stress the edges.
@Suite struct LineRecordsTests {
    @Test func fieldsAreSplitAtSingleSpacesWithTheRestLast() {
        let lines = ["", " ", "a", "a b", "a  b", " a b ", "page k 12 h en#x 0 1 a path/with spaces.html", "a b c d e", "abc "]
        for text in lines {
            let line = ArraySlice(Array(text.utf8))
            for count in 1...9 {
                let expected = line.split(separator: UInt8(ascii: " "), maxSplits: count - 1, omittingEmptySubsequences: false)
                #expect(LineRecords.fields(line, count: count).map(Array.init) == expected.map(Array.init), "\"\(text)\", \(count)")
            }
        }
        // A slice of a larger buffer: its indices are not from 0.
        let file = Array("first line\nread 3 abc a name\n".utf8)
        let second = file[11..<(file.count - 1)]
        #expect(LineRecords.fields(second, count: 4).map { String(decoding: $0, as: UTF8.self) } == ["read", "3", "abc", "a name"])
    }

    @Test func aTextFitsALineWithoutALineBreak() {
        #expect(LineRecords.fits("characters/1/index.html"))
        #expect(LineRecords.fits(""))
        #expect(!LineRecords.fits("a\nb"))
        #expect(!LineRecords.fits("é\n"))
    }
}

@Suite struct SortedSearchTests {
    @Test func aMergeOfSortedListsIsTheirSort() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<200 {
            let left = (0..<Int.random(in: 0...12, using: &generator)).map { _ in Int.random(in: 0...20, using: &generator) }.sorted()
            let right = (0..<Int.random(in: 0...12, using: &generator)).map { _ in Int.random(in: 0...20, using: &generator) }.sorted()
            // Tagged by side, so that the order of equal keys shows: this list's first.
            let merged = left.map { ($0, 0) }.mergedSorted(with: right.map { ($0, 1) }) { $0.0 }
            let expected = (left.map { ($0, 0) } + right.map { ($0, 1) }).sorted { ($0.0, $0.1) < ($1.0, $1.1) }
            #expect(merged.map(\.0) == expected.map(\.0) && merged.map(\.1) == expected.map(\.1), "\(left) \(right)")
        }
    }

    @Test func aSortedIndexIsFoundOnlyForWhatIsThere() {
        let names = ["a", "b", "d", "f"]
        #expect(["a", "b", "d", "f"].map { names.sortedIndex(of: $0) } == [0, 1, 2, 3])
        #expect(["", "c", "e", "g"].allSatisfy { names.sortedIndex(of: $0) == nil })
        #expect([String]().sortedIndex(of: "a") == nil)
    }
}
