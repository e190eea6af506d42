import Foundation
import Primitives
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

@Suite struct FNV1aTests {
    @Test func knownDigestsAndPiecewiseAdding() {
        // Reference values of 64-bit FNV-1a.
        #expect(FNV1a().hex == "cbf29ce484222325")
        #expect(FNV1a(Array("a".utf8)).value == 0xaf63dc4c8601ec8c)
        #expect(FNV1a(Array("foobar".utf8)).hex == "85944171f73967e8")
        var pieces = FNV1a(Array("foo".utf8))
        pieces.add(Array("bar".utf8))
        #expect(pieces == FNV1a(Array("foobar".utf8)))
    }
}
