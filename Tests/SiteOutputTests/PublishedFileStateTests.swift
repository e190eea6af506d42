import Foundation
@testable import SiteOutput
import Testing
import TestSupport
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

@Suite("Published file states")
struct PublishedFileStateTests {
    static let sampleFolders = ["characters", "characters/1", "characters/2", "locations", "locations/1"]

    static func states(_ workspace: Workspace) throws -> [PublishedFileState] {
        try #require(PublishedFileState.read(
            files: Workspace.sampleFiles.map(\.path), folders: sampleFolders, in: workspace.output))
    }

    @Test("the states of a published site: its files and folders, the output itself as ./, folders ending in /, by path")
    func statesOfThePublishedSite() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        _ = try workspace.publisher.publish(Workspace.sampleFiles)
        let states = try Self.states(workspace)
        #expect(states.map(\.path) == [
            "./", "characters/", "characters/1/", "characters/1/index.html", "characters/2/", "characters/2/index.html",
            "index.html", "locations/", "locations/1/", "locations/1/index.html", "style.css",
        ])
        #expect(states.first { $0.path == "style.css" }?.size == 6)
        let inode = try workspace.inode(workspace.output.appendingPathComponent("index.html").path)
        #expect(states.first { $0.path == "index.html" }?.inode == inode)
        #expect(PublishedFileState.read(files: ["missing.html"], folders: [], in: workspace.output) == nil)
        #expect(PublishedFileState.read(files: [], folders: [], in: workspace.root.appendingPathComponent("missing")) == nil)
    }

    enum HandChange: String, CaseIterable, CustomTestStringConvertible {
        case editInPlace, replaceByRename, deleteFile, addFileInFolder, addFileAtTop, addFolder, removeFolder, renameFile

        var testDescription: String { rawValue }

        func apply(to output: URL) throws {
            let file = output.appendingPathComponent("characters/1/index.html")
            switch self {
            case .editInPlace:
                let handle = try FileHandle(forWritingTo: file)
                try handle.seekToEnd()
                try handle.write(contentsOf: Data("!".utf8))
                try handle.close()
            case .replaceByRename:
                let copy = output.appendingPathComponent("characters/1/copy")
                try FileManager.default.copyItem(at: file, to: copy)
                #expect(rename(copy.path, file.path) == 0)
            case .deleteFile:
                try FileManager.default.removeItem(at: file)
            case .addFileInFolder:
                try Data("stray".utf8).write(to: output.appendingPathComponent("characters/1/notes.txt"))
            case .addFileAtTop:
                try Data("stray".utf8).write(to: output.appendingPathComponent("notes.txt"))
            case .addFolder:
                try FileManager.default.createDirectory(
                    at: output.appendingPathComponent("characters/3"), withIntermediateDirectories: false)
            case .removeFolder:
                try FileManager.default.removeItem(at: output.appendingPathComponent("locations"))
            case .renameFile:
                #expect(rename(file.path, output.appendingPathComponent("characters/1/other.html").path) == 0)
            }
        }
    }

    @Test("an untouched output still matches its states; any change by hand, even of the same size, does not",
          arguments: HandChange.allCases)
    func handChangesAreSeen(change: HandChange) throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        _ = try workspace.publisher.publish(Workspace.sampleFiles)
        try Backdating.dateEverything(in: workspace.output)
        let states = try Self.states(workspace)
        #expect(PublishedFileState.stillMatch(states, in: workspace.output))
        try change.apply(to: workspace.output)
        #expect(!PublishedFileState.stillMatch(states, in: workspace.output))
    }

    @Test("states without the output's own entry never match: they could not tell a file added at the top")
    func statesWithoutTheOutputFolderNeverMatch() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        _ = try workspace.publisher.publish(Workspace.sampleFiles)
        let states = try Self.states(workspace)
        #expect(PublishedFileState.stillMatch(states, in: workspace.output))
        #expect(!PublishedFileState.stillMatch(states.filter { $0.path != "./" }, in: workspace.output))
        #expect(!PublishedFileState.stillMatch(states, in: workspace.root.appendingPathComponent("missing")))
    }
}
