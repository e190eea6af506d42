import Foundation
import SiteOutput
import TestSupport
import Testing
import WikiModel
@testable import WikiBuild

@Suite("Build state")
struct BuildStateTests {
    @Test("the state reads back exactly as written, nanosecond times and spaces in paths included")
    func roundTrip() {
        let state = BuildState(inputs: "5e02075b20be8446", files: [
            PublishedFileState(path: "404.html", size: 2838, modified: 1_795_370_773_942_409_157, inode: 325_041),
            PublishedFileState(path: "a folder/with spaces.html", size: 0, modified: -1_000, inode: UInt64(Int64.max)),
        ])
        #expect(BuildState(lines: state.lines) == state)
    }

    @Test("a damaged state is no state (one full build), never a different one", arguments: [
        "abc", "abc\n12 34 56\n", "abc\n12 x 56 a.html\n", "abc\n12 34 56 a.html", "abc\n99999999999999999999 1 2 a.html\n",
    ])
    func damaged(text: String) {
        #expect(BuildState(lines: Array(text.utf8)) == nil)
    }

    @Test("the check fingerprints the bytes of the cache files it read: any change to them, and only that, changes it")
    func fingerprintFollowsTheFilesBytes() throws {
        let folder = try SharedFixtures.temporaryDirectory("build-state")
        defer { try? FileManager.default.removeItem(at: folder) }
        let snapshot = folder.appendingPathComponent("snapshot.json")
        try Data(#"{"characters": []}"#.utf8).write(to: snapshot)
        let theme = try Theme(templatesDirectory: ProjectTheme.templates, publicDirectory: ProjectTheme.publicFolder)
        func fingerprint() throws -> String {
            try BuildState.Check.fingerprint(
                theme: theme, configuration: try SiteConfiguration(), data: .files([snapshot]), avatars: [:])
        }
        let first = try fingerprint()
        #expect(try fingerprint() == first)
        try Data(#"{"characters": [1]}"#.utf8).write(to: snapshot)
        #expect(try fingerprint() != first)
    }
}
