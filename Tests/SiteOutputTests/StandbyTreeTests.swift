import Foundation
@testable import SiteOutput
import TestSupport
import Testing

/// The tree switched out by a publish is kept as the standby and brought up to date in place by the next one, which
/// switches it back in (`StandbyTree`): the published site must be each new site exactly, whatever changed between
/// the two trees, and a standby that is half updated or touched by hand must never be switched in.
@Suite("The standby tree")
struct StandbyTreeTests {
    /// The inode of a folder, which tells which of the two trees is where.
    private func inode(_ url: URL) throws -> UInt64 {
        let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
        return try #require((attributes[.systemFileNumber] as? NSNumber)?.uint64Value)
    }

    @Test("a series of publishes through the standby tree: each publishes exactly its site, switching the two trees")
    func seriesSwitchesTheTwoTrees() throws {
        // A fixed series, so every run is the same; `RMWIKI_SEED=<seed>` explores another.
        let seed = ProcessInfo.processInfo.environment["RMWIKI_SEED"].flatMap { UInt64($0) } ?? 0x5EED_0038
        var random = SeededRandom(seed: seed)
        let workspace = try Workspace()
        defer { workspace.remove() }
        var last: PublishedListing?
        var previous: SiteTreeSnapshot?
        var recorded: RecordedStandby?
        for step in 0..<24 {
            let site = Workspace.randomSite(&random, step: step)
            let before = try workspace.snapshot()
            let standbyBefore = try? inode(workspace.standby)
            let outputBefore = try? inode(workspace.output)
            // Every other publish takes the standby as the last one recorded it, as `serve` does; the others read it.
            var kept = step.isMultiple(of: 2) ? recorded : nil
            let (summary, listing) = try workspace.publisher.publish(site, after: last, standby: &kept)
            (last, recorded) = (listing, kept)
            let expected = try Workspace()
            defer { expected.remove() }
            _ = try expected.publisher.publish(site)
            let now = try workspace.snapshot()
            #expect(now.hasSameContent(as: try expected.snapshot()), "seed \(seed), step \(step): \(summary.line)")
            guard summary.hasChanges || now.folders != before.folders else { continue }
            if let standbyBefore {
                #expect(try inode(workspace.output) == standbyBefore, "step \(step): the standby was switched in")
            }
            if let outputBefore, let previous {
                #expect(try inode(workspace.standby) == outputBefore, "step \(step): the old site is the standby")
                #expect(try SiteTreeSnapshot(of: workspace.standby).hasSameContent(as: previous))
            }
            // What did not change was not written again: the same inode, so rsync and CDNs see no change.
            for path in summary.unchanged {
                #expect(now.files[path]?.inode == before.files[path]?.inode, "step \(step): \(path) rewritten")
            }
            previous = now
        }
        #expect(try workspace.rootEntries() == ["site"])
    }

    private static let first = [SiteFile(path: "index.html", text: "one"), SiteFile(path: "a/1.html", text: "one"),
                                SiteFile(path: "b/1.html", text: "one")]
    private static let second = [SiteFile(path: "index.html", text: "two"), SiteFile(path: "a/1.html", text: "one"),
                                 SiteFile(path: "c/1.html", text: "two")]
    /// The standby holding this one is wrong for the fourth site in `a/1.html`.
    private static let third = [SiteFile(path: "index.html", text: "three"), SiteFile(path: "a/1.html", text: "three"),
                                SiteFile(path: "b/1.html", text: "three")]

    /// Two publishes, so that the standby holds the first site and is trusted.
    private func twoPublishes(_ workspace: Workspace) throws -> PublishedListing {
        let (_, listing) = try workspace.publisher.publish(Self.first, after: nil)
        let (_, second) = try workspace.publisher.publish(Self.second, after: listing)
        #expect(FileManager.default.fileExists(atPath: workspace.standbyRecord.path))
        return second
    }

    /// The second site with a new home: `a/1.html` is the same in the live tree and in this site, so only a standby
    /// known to hold it too may leave it as it is.
    private static let fourth = [SiteFile(path: "index.html", text: "four"), SiteFile(path: "a/1.html", text: "one"),
                                 SiteFile(path: "c/1.html", text: "two")]

    private func expectSite(_ files: [SiteFile], in workspace: Workspace, _ comment: Comment) throws {
        let expected = try Workspace()
        defer { expected.remove() }
        _ = try expected.publisher.publish(files)
        #expect(try workspace.snapshot().hasSameContent(as: try expected.snapshot()), comment)
        #expect(try workspace.rootEntries() == ["site"], comment)
        #expect(FileManager.default.fileExists(atPath: workspace.standbyRecord.path), comment)
    }

    @Test("a publish stopped while the standby is updated, or just before the switch, leaves the site whole; the next is right")
    func stoppedPublishes() throws {
        struct Stopped: Error {}
        // Stopped after one file went into the standby, as SIGKILL would stop it: no finish, no abandon.
        let killed = try Workspace()
        defer { killed.remove() }
        var listing = try twoPublishes(killed)
        var published = try killed.snapshot()
        let session = try killed.publisher.session(lastPublished: listing)
        try session.add(SiteFile(path: "a/1.html", text: "half"))
        #expect(!FileManager.default.fileExists(atPath: killed.standbyRecord.path), "marked as being updated first")
        #expect(try killed.snapshot() == published)
        _ = try killed.publisher.publish(Self.fourth, after: listing)
        try expectSite(Self.fourth, in: killed, "after a kill mid-update")

        // Stopped with the standby complete, at the last moment before the switch.
        let stopped = try Workspace()
        defer { stopped.remove() }
        listing = try twoPublishes(stopped)
        published = try stopped.snapshot()
        #expect(throws: Stopped.self) {
            try stopped.publisher.publish(Self.third, after: listing) { throw Stopped() }
        }
        #expect(try stopped.snapshot() == published, "not one published file written to, replaced or removed")
        _ = try stopped.publisher.publish(Self.fourth, after: listing)
        try expectSite(Self.fourth, in: stopped, "after a stop before the switch")
        #expect(try SiteTreeSnapshot(of: stopped.standby).hasSameContent(as: published), "the standby is the last site")
    }

    @Test("a standby changed by hand, cut short, or deleted: the publish is right (a standby whose folders changed is not switched in)")
    func touchedStandbyIsNotUsed() throws {
        let touches: [(String, (Workspace) throws -> Void)] = [
            ("a file added", { try Data("mine".utf8).write(to: $0.standby.appendingPathComponent("a/extra.html")) }),
            ("a file removed", { try FileManager.default.removeItem(at: $0.standby.appendingPathComponent("a/1.html")) }),
            ("a file replaced", {
                try FileManager.default.removeItem(at: $0.standby.appendingPathComponent("a/1.html"))
                try Data("mine".utf8).write(to: $0.standby.appendingPathComponent("a/1.html"))
            }),
            ("the record cut short", {
                let record = try Data(contentsOf: $0.standbyRecord)
                try record.dropLast().write(to: $0.standbyRecord)
            }),
            ("the standby deleted", { try FileManager.default.removeItem(at: $0.standby) }),
        ]
        for (touch, apply) in touches {
            let workspace = try Workspace()
            defer { workspace.remove() }
            let listing = try twoPublishes(workspace)
            try apply(workspace)
            _ = try workspace.publisher.publish(Self.fourth, after: listing)
            try expectSite(Self.fourth, in: workspace, "\(touch)")
        }
    }

    @Test("a standby kept from the publish that recorded it is taken without looking at its folders, until another publish rewrites its record")
    func keptStandbyStandsForItsRecord() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        var kept: RecordedStandby?
        let (_, first) = try workspace.publisher.publish(Self.first, after: nil, standby: &kept)
        let (_, second) = try workspace.publisher.publish(Self.second, after: first, standby: &kept)
        let recorded = try #require(kept)
        let location = try OutputLocation(workspace.output)
        #expect(StandbyTree.trusted(for: location, recorded: nil)?.differingFiles == recorded.tree.differingFiles)
        // A folder of the standby changed: read from its record, it is not trusted; kept, its folders are not looked at
        // (`serve` owns the trees beside its output between its builds).
        try Data("mine".utf8).write(to: workspace.standby.appendingPathComponent("a/extra.html"))
        #expect(StandbyTree.trusted(for: location, recorded: nil) == nil)
        #expect(StandbyTree.trusted(for: location, recorded: recorded)?.differingFiles == recorded.tree.differingFiles)
        try FileManager.default.removeItem(at: workspace.standby.appendingPathComponent("a/extra.html"))
        // Its root is looked at: a standby deleted by hand is not taken.
        let aside = workspace.root.appendingPathComponent("aside")
        try FileManager.default.moveItem(at: workspace.standby, to: aside)
        #expect(StandbyTree.trusted(for: location, recorded: recorded) == nil)
        try FileManager.default.moveItem(at: aside, to: workspace.standby)
        // Another publish (a `build` beside the preview) rewrites the record: the kept one no longer stands for it.
        var other: RecordedStandby?
        _ = try workspace.publisher.publish(Self.third, after: second, standby: &other)
        let rewritten = try #require(other)
        #expect(rewritten.tree.differingFiles != recorded.tree.differingFiles)
        #expect(StandbyTree.trusted(for: location, recorded: recorded)?.differingFiles == rewritten.tree.differingFiles)
    }

    @Test("a published file edited by hand where the caller did not look keeps the state the caller knew, whatever the publish went through")
    func handEditsAreNotTakenIntoTheStates() throws {
        // Nothing to switch, through the standby, through a staging tree (the standby's record gone).
        let ways: [(String, [SiteFile], (Workspace) throws -> Void)] = [
            ("nothing changed", Self.second, { _ in }),
            ("the standby", Self.fourth, { _ in }),
            ("a staging tree", Self.fourth, { try FileManager.default.removeItem(at: $0.standbyRecord) }),
        ]
        for (way, site, prepare) in ways {
            let workspace = try Workspace()
            defer { workspace.remove() }
            let listing = try twoPublishes(workspace)
            try prepare(workspace)
            // In place: same inode, another size and time. `a/1.html` is the same in the second and fourth sites.
            let edited = workspace.output.appendingPathComponent("a/1.html")
            let handle = try FileHandle(forWritingTo: edited)
            try handle.seekToEnd()
            try handle.write(contentsOf: Data(" by hand".utf8))
            try handle.close()
            // Kept as published, as the pages of a maker that did not run (a file added is compared, and put right).
            let session = try workspace.publisher.session(lastPublished: listing)
            #expect(try session.keep(["a/1.html"]))
            for file in site where file.path != "a/1.html" { try session.add(file) }
            _ = try session.finish()
            session.recordStandby()
            let states = try #require(session.publishedStates(), "\(way)")
            #expect(states.first { $0.path == "a/1.html" } == listing.states.first { $0.path == "a/1.html" }, "\(way)")
            #expect(!PublishedFileState.stillMatch(states, in: workspace.output), "\(way): the next look sees the edit")
        }
    }

    @Test("a file the last publish changed, edited in place in the standby, is never published")
    func editedDifferingFileIsReplaced() throws {
        // The record covers the standby's folders only: its differing files are replaced or removed by the next
        // publish whatever they hold. Here the second site's home comes back unchanged, so the standby's old home
        // (edited by hand where it is: same inode, same folder) must be linked again from the live tree.
        let fifth = Self.second + [SiteFile(path: "d.html", text: "five")]
        for edited in ["index.html", "b/1.html"] {
            let workspace = try Workspace()
            defer { workspace.remove() }
            let listing = try twoPublishes(workspace)
            let handle = try FileHandle(forWritingTo: workspace.standby.appendingPathComponent(edited))
            try handle.write(contentsOf: Data("mine".utf8))
            try handle.close()
            let standby = try inode(workspace.standby)
            _ = try workspace.publisher.publish(fifth, after: listing)
            try expectSite(fifth, in: workspace, "\(edited) edited in the standby")
            #expect(try inode(workspace.output) == standby, "the standby was switched in, not a staging tree")
        }
    }
}
