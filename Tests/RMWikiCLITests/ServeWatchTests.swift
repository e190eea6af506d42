import Foundation
import Primitives
import TestSupport
import Testing
@testable import RMWikiCLI

/// `serve --watch` against a copy of the templates: edits rebuild and reach open pages over the event
/// stream; broken templates are reported while the last good site stays up. Every wait is for an event,
/// bounded by the test socket's read timeout.
@Suite struct ServeWatchTests {
    struct Theme {
        let work: URL
        let templates: URL
        let output: URL
        var home: URL { templates.appendingPathComponent("home.mustache") }

        init() throws {
            work = try SharedFixtures.temporaryDirectory("rmwiki-watch")
            templates = work.appendingPathComponent("Templates")
            output = work.appendingPathComponent("site")
            try FileManager.default.copyItem(at: ProjectTheme.templates, to: templates)
        }

        var arguments: [String] {
            ["--demo", "--watch", "--quiet", "--output", output.path, "--templates", templates.path,
             "--public", ProjectTheme.publicFolder.path]
        }

        func edit(_ change: (String) -> String) throws {
            let text = try String(contentsOf: home, encoding: .utf8)
            try Data(change(text).utf8).write(to: home)
        }

        func remove() { try? FileManager.default.removeItem(at: work) }
    }

    static let marker = "<p id=\"watch-marker\">Edited while serving</p>"

    /// Opens the event stream and reads its `hello`.
    private func subscribe(_ port: Int) async throws -> (ServeTestSocket, String) {
        try await ServeTestSocket.run {
            let socket = try ServeTestSocket(port: port)
            try socket.send("GET \(LiveReloadScript.eventsPath) HTTP/1.1\r\nHost: localhost\r\n\r\n")
            _ = try socket.readHead()
            return (socket, try socket.readEvent())
        }
    }

    private func nextEvent(_ socket: ServeTestSocket) async throws -> String {
        try await ServeTestSocket.run { try socket.readEvent() }
    }

    @Test func aContentEditRebuildsAndABrokenLinkKeepsTheLastGoodSite() async throws {
        let theme = try Theme()
        defer { theme.remove() }
        let content = theme.work.appendingPathComponent("content")
        let article = content.appendingPathComponent("articles/news.md")
        try FileManager.default.createDirectory(at: article.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("First words.".utf8).write(to: article)
        let (_, code) = try await ServeTestRun.with(theme.arguments + ["--content", content.path]) { run in
            let (events, _) = try await subscribe(run.port)
            #expect((try await run.get("/articles/news/")).text.contains("First words."))
            try Data("Second words, about [[Rick Sanchez]].".utf8).write(to: article)
            let reload = try await nextEvent(events)
            #expect(reload.hasPrefix("event: reload\n"), "\(reload)")
            #expect((try await run.get("/articles/news/")).text.contains("Second words"))
            try Data("A link to [[Nobody]].".utf8).write(to: article)
            let failure = try await nextEvent(events)
            #expect(failure.hasPrefix("event: build-error\n") && failure.contains("news.md:1:11"), "\(failure)")
            #expect((try await run.get("/articles/news/")).text.contains("Second words"), "the last good site is still served")
            // The third site is published through the standby tree: the second build kept the first site as it, and
            // the third switches that very folder in (a staging publish would switch in a new one).
            let standby = theme.work.appendingPathComponent(".site.standby").path
            let standbyBefore = FileStamp(path: standby)?.inode
            #expect(standbyBefore != nil, "the second build kept a standby")
            try Data("Third words.".utf8).write(to: article)
            let again = try await nextEvent(events)
            #expect(again.hasPrefix("event: reload\n"), "\(again)")
            let third = try await run.get("/articles/news/").text
            #expect(third.contains("Third words") && !third.contains("Second words"))
            #expect(FileStamp(path: theme.output.path)?.inode == standbyBefore,
                    "the standby was switched in")
        }
        #expect(code == .success)
    }

    @Test func editsReloadPagesAndBrokenTemplatesKeepTheLastGoodSite() async throws {
        let theme = try Theme()
        defer { theme.remove() }
        let (_, code) = try await ServeTestRun.with(theme.arguments) { run in
            let (events, hello) = try await subscribe(run.port)
            #expect(hello.hasPrefix("event: hello\n"))
            #expect(!(try await run.get("/")).text.contains(Self.marker))

            try theme.edit { $0.replacingOccurrences(of: "{{$main}}", with: "{{$main}}\n" + Self.marker) }
            let reload = try await nextEvent(events)
            #expect(reload.hasPrefix("event: reload\n"), "\(reload)")
            #expect((try await run.get("/")).text.contains(Self.marker))

            try theme.edit { $0 + "\n{{#never-closed}}\n" }
            let failure = try await nextEvent(events)
            #expect(failure.hasPrefix("event: build-error\n"), "\(failure)")
            #expect(failure.contains("home"), "the message names the template: \(failure)")
            let lastGood = try await run.get("/")
            #expect(lastGood.status == 200)
            #expect(lastGood.text.contains(Self.marker), "the last good site is still served")
            let (_, helloDuringFailure) = try await subscribe(run.port)
            #expect(helloDuringFailure.contains("\"error\":"), "a page opened now shows the error: \(helloDuringFailure)")

            try theme.edit { $0.replacingOccurrences(of: "\n{{#never-closed}}\n", with: "") }
            let fixed = try await nextEvent(events)
            #expect(fixed.hasPrefix("event: reload\n"), "fixing the template reloads the pages: \(fixed)")
            #expect(run.console.err.contains("rmwiki: build failed:"), "\(run.console.err)")
        }
        #expect(code == .success)
    }

    @Test func aFirstBuildThatFailsIsShownUntilAChangeFixesIt() async throws {
        let theme = try Theme()
        defer { theme.remove() }
        try theme.edit { $0 + "{{/not-open}}" }
        let (_, code) = try await ServeTestRun.with(theme.arguments) { run in
            let page = try await run.get("/characters/1/")
            #expect(page.status == 404)
            #expect(page.headers["Content-Type"] == "text/html; charset=utf-8")
            #expect(page.text.contains("The site did not build"))
            #expect(page.text.contains("home"), "\(page.text)")
            #expect(page.text.contains(LiveReloadScript.scriptPath), "the error page reloads itself once fixed")

            let (events, _) = try await subscribe(run.port)
            try theme.edit { $0.replacingOccurrences(of: "{{/not-open}}", with: "") }
            #expect(try await nextEvent(events).hasPrefix("event: reload\n"))
            #expect(try await run.get("/characters/1/").status == 200)
        }
        #expect(code == .success)
    }

    /// The watcher's baseline used to be taken after the URL was announced: an edit made in between became the
    /// baseline and was never built (a loaded machine hit it: the reload never came).
    @Test func anEditMadeAsTheURLIsAnnouncedIsBuilt() async throws {
        let theme = try Theme()
        defer { theme.remove() }
        let edit = { @Sendable in try? theme.edit { $0.replacingOccurrences(of: "{{$main}}", with: "{{$main}}\n" + Self.marker) } }
        let (_, code) = try await ServeTestRun.with(theme.arguments, whenReady: { _ = edit() }) { run in
            let (events, _) = try await subscribe(run.port)
            if !(try await run.get("/")).text.contains(Self.marker) {
                #expect(try await nextEvent(events).hasPrefix("event: reload\n"))
            }
            #expect((try await run.get("/")).text.contains(Self.marker))
        }
        #expect(code == .success)
    }

    @Test func withoutWatchAFailedFirstBuildEndsServeWithItsExitCode() async throws {
        let theme = try Theme()
        defer { theme.remove() }
        try theme.edit { $0 + "{{/not-open}}" }
        do {
            _ = try await ServeTestRun.with(theme.arguments.filter { $0 != "--watch" }) { _ in }
            Issue.record("serve should not have started")
        } catch let failure as ServeTestRun.NeverServed {
            #expect(failure.code == .templateError)
            #expect(failure.errors.contains("home"), "\(failure.errors)")
        }
    }

    @Test func theWatcherReportsOneSettledChange() async throws {
        let theme = try Theme()
        defer { theme.remove() }
        let watcher = ServeWatcher(paths: [theme.templates, theme.work.appendingPathComponent("absent.json")],
                                   interval: .milliseconds(20))
        let baseline = watcher.stamps()
        #expect(baseline[theme.home.path] != nil)
        async let change = watcher.nextChange(after: baseline)
        try theme.edit { $0 + "\n" }
        try Data("{}".utf8).write(to: theme.templates.appendingPathComponent("partials/new.mustache"))
        let settled = try #require(await change)
        #expect(settled != baseline)
        #expect(settled == watcher.stamps(), "nothing changed after it settled")
    }

    /// With inotify, a change is seen when it happens, not at the next poll: these watchers poll once an hour, so
    /// each change below can only be seen through an event (a broken watcher fails at the suite's hang guard).
    #if os(Linux)
    @Test(.hangGuard) func eventsWakeTheWatcherAtOnceInFoldersMadeLaterAndThroughAReplacedLink() async throws {
        let theme = try Theme()
        defer { theme.remove() }
        let hour = Duration.seconds(3600)
        let watcher = ServeWatcher(paths: [theme.templates], interval: hour)
        #expect(watcher.events != nil, "inotify is there on Linux")
        var baseline = watcher.stamps()
        let made = theme.templates.appendingPathComponent("partials/more")
        for change in [
            { try theme.edit { $0 + "\n" } },
            { try FileManager.default.createDirectory(at: made, withIntermediateDirectories: false) },
            // In the folder made after the watch began: it is watched as soon as it appears.
            { try Data("{{x}}".utf8).write(to: made.appendingPathComponent("one.mustache")) },
        ] as [() throws -> Void] {
            let from = baseline
            async let next = watcher.nextChange(after: from)
            try change()
            let settled = try #require(await next, "the change was seen")
            #expect(settled != baseline)
            baseline = settled
        }
        // The cache's snapshot is watched through its `current` link, which a fetch replaces.
        let cache = theme.work.appendingPathComponent("cache")
        for generation in ["g1", "g2"] {
            let folder = cache.appendingPathComponent(generation)
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try Data("[\"\(generation)\"]".utf8).write(to: folder.appendingPathComponent("snapshot.json"))
        }
        try FileManager.default.createSymbolicLink(atPath: cache.appendingPathComponent("current").path, withDestinationPath: "g1")
        let snapshot = ServeWatcher(paths: [cache.appendingPathComponent("current/snapshot.json")], interval: hour)
        let before = snapshot.stamps()
        async let next = snapshot.nextChange(after: before)
        try FileManager.default.createSymbolicLink(atPath: cache.appendingPathComponent("next").path, withDestinationPath: "g2")
        #expect(rename(cache.appendingPathComponent("next").path, cache.appendingPathComponent("current").path) == 0)
        let settled = try #require(await next, "the replaced link was seen")
        #expect(settled != before)
    }

    #endif

    @Test func hiddenFilesAndFoldersAreNotWatched() throws {
        let theme = try Theme()
        defer { theme.remove() }
        let watcher = ServeWatcher(paths: [theme.templates], interval: .milliseconds(20))
        let baseline = watcher.stamps()
        let hidden = theme.templates.appendingPathComponent(".git")
        try FileManager.default.createDirectory(at: hidden, withIntermediateDirectories: false)
        try Data("x".utf8).write(to: hidden.appendingPathComponent("index"))
        try Data("x".utf8).write(to: theme.templates.appendingPathComponent(".home.mustache.swp"))
        #expect(watcher.stamps() == baseline)
        try Data("{}".utf8).write(to: theme.templates.appendingPathComponent("partials/new.mustache"))
        #expect(watcher.stamps()[theme.templates.appendingPathComponent("partials/new.mustache").path] != nil)
    }
}
