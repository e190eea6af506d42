import Foundation
@testable import HTTPServer
import TestSupport
import Testing

/// What a fan's phone (390 × 844, 3 device pixels a CSS pixel) transfers on a first visit of the pages the
/// pictures issue names, read from the browser's own resource timing: once the page has loaded and its first
/// screen's pictures have arrived, and again once the fan has scrolled to the faces, residents or search results
/// and the pictures of that screen and the next have arrived. Then the same pages without JavaScript: every
/// picture arrives as it comes into view.
@Suite(.ownThread, .tags(.browser, .fullData, .process), .skippable(.browser, .fullData, .process),
       .enabled(if: RMWikiExecutable.path != nil, Comment(rawValue: RMWikiExecutable.missingMessage)),
       .enabled(if: BrowserSession.chromiumPath != nil && SharedFixtures.hasAPIData,
                "needs chromium on the PATH and ../shared/rickandmorty-api: the picture bytes test is skipped"))
struct PictureBytesTests {
    static let faceLimit = 8 * 1024
    static let rickLimit = 150_000

    /// The size of a text file of the site gzipped as static hosts send it (level 6), or nil for pictures,
    /// a path that is no file, or a machine without `gzip`.
    static func gzipSize(_ path: String, in site: URL) async throws -> Int? {
        let texts: Set = ["", "html", "css", "js", "svg", "json", "webmanifest", "xml"]
        guard !path.contains("/images/"), texts.contains((path as NSString).pathExtension) else { return nil }
        var file = site.appendingPathComponent(String(path.drop { $0 == "/" }))
        if path.hasSuffix("/") { file.appendPathComponent("index.html") }
        guard FileManager.default.fileExists(atPath: file.path) else { return nil }
        return try await gzipSize(of: file)
    }

    /// The size of a file gzipped at level 6, or nil on a machine without `gzip`.
    static func gzipSize(of file: URL) async throws -> Int? {
        let counted = try await SpawnedProcess.run(
            "/bin/sh", ["-c", #"command -v gzip >/dev/null && gzip -6 -c "$0" | wc -c"#, file.path],
            captureIn: try SharedFixtures.temporaryDirectory("rmwiki-gzip"))
        guard counted.termination == .exited(0) else { return nil }
        return Int(counted.out.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    @Test func firstVisitsOnAPhoneFetchCopiesAtTheSizeShown() async throws {
        let built = try await FullSite.built()
        let output = built.output
        #expect(built.out.contains("826 avatars with smaller copies, 826 decoded"), "\(built.out)")
        #expect(!built.err.contains("cannot be made smaller"), "\(built.err)")
        // "Save for offline" stores every original picture (the worker answers for a copy with its original).
        let list = try JSONSerialization.jsonObject(with: Data(contentsOf: output.appendingPathComponent("offline/files.json")))
        let listed = Set(((list as? [String: Any])?["pictures"] as? [[Any]] ?? []).compactMap { $0.first as? String })
        let published = try FileManager.default.contentsOfDirectory(atPath: output.appendingPathComponent("images/characters").path)
        #expect(published.count == 826 * 5)
        // Every face at every density fits its 8 KB, not only Rick's co-stars (the busiest are encoded coarser).
        let faces = published.filter { name in ["-44.", "-88.", "-132."].contains { name.contains($0) } }
        #expect(faces.count == 826 * 3)
        let heavy = faces.filter { name in
            let file = output.appendingPathComponent("images/characters/" + name)
            return ((try? FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int) ?? .max) > Self.faceLimit
        }
        #expect(heavy.isEmpty, "faces over \(Self.faceLimit) bytes: \(heavy.sorted())")
        let originals = published.filter { !$0.contains("-") }.map { "images/characters/" + $0 }
        #expect(originals.count == 826 && Set(originals) == listed, "the offline list names every original picture")
        let served = ServedBytes()
        let files = StaticFileHandler(root: output)
        let counting = ClosureHandler { request in
            let response = await files.handle(request)
            served.add(request.path, response)
            return response
        }
        let failureShot = SharedFixtures.packageRoot.appendingPathComponent(".test-artifacts/bytes/failure.png")
        try await BrowserSite.with(counting, failureShot: failureShot) { browser, site in
            try await browser.emulate(width: 390, height: 844, mobile: true, scale: 3)
            // Each page, and where a fan scrolls to on it: the faces "seen most often with", the Citadel's residents,
            // the characters a search finds (they come after the places and episodes found).
            let pages = [("home", "", nil), ("characters page 1", "characters/", nil),
                         ("Rick", "characters/1/", ".character-row"), ("the Citadel of Ricks", "locations/3/", ".character-row"),
                         ("a search for Rick", "search/?q=Rick", "#search-results li:nth-child(20)")]
            var firstScreen: [String] = []
            var eager: [String] = []
            var fetchedFirst: [String] = []
            for (name, path, scrollTarget) in pages {
                try await browser.clearSiteData(origin: site)
                served.reset()
                try await browser.open(try #require(URL(string: site.absoluteString + path)), seconds: 45)
                try await settle(browser)
                let first = try await Self.transferred(browser, output: output)
                var line = "first visit at 390 px, DPR 3: \(name): \(first.total) bytes (\(first.compressed) with text "
                    + "gzipped as a static host sends it), pictures \(first.pictures)"
                if path == "characters/" {
                    firstScreen = try await browser.texts("""
                        Array.from(document.querySelectorAll('.card-image'))
                          .filter(i => i.getBoundingClientRect().top < innerHeight).map(i => i.currentSrc.split('/').pop())
                        """)
                    eager = try await browser.texts("""
                        Array.from(document.querySelectorAll('.card-image[loading=eager]')).map(i => i.currentSrc.split('/').pop())
                        """)
                    fetchedFirst = first.names.filter { $0.contains("/images/") }.map { String($0.split(separator: "/").last ?? "") }
                }
                if name == "Rick" {
                    #expect(first.total <= Self.rickLimit, "Rick's first visit, as the server sends it: \(first.names)")
                }
                if name == "home" || name == "Rick", let layer = try await Self.yoursLayerBytes(first, page: path, output: output) {
                    #expect(layer <= Self.yoursLayerLimit, "\(name): the favourites layer adds \(layer) bytes gzipped to the first screen")
                    line += "; of which the favourites layer \(layer) gzipped"
                }
                if let scrollTarget {
                    if path.hasPrefix("search") {
                        try await browser.wait(until: "document.querySelectorAll('#search-results li').length >= 20", seconds: 45)
                    }
                    try await browser.run("document.querySelector('\(scrollTarget)').scrollIntoView()")
                    try await settle(browser, screens: 2)
                    if path.hasPrefix("search") {
                        // A result shows a face, with the copies a row of faces lists.
                        #expect(try await browser.text("document.querySelector('#search-results .card-image').srcset")
                            == "/images/characters/1-44.jpg 44w, /images/characters/1-88.jpg 88w, /images/characters/1-132.jpg 132w, /images/characters/1.jpeg 300w")
                    }
                    let scrolled = try await Self.transferred(browser, output: output)
                    line += "; scrolled to \(scrollTarget): \(scrolled.total) bytes (\(scrolled.compressed) gzipped), "
                        + "pictures \(scrolled.pictures)"
                    if name == "Rick", try await Self.gzipSize("/assets/site.css", in: output) != nil {
                        // Scrolled to the faces, the whole visit fits too, with text gzipped as static hosts send it.
                        #expect(scrolled.compressed <= Self.rickLimit, "Rick scrolled to his faces: \(scrolled.sizes)")
                    }
                    if name == "Rick" {
                        let faces = scrolled.sizes.filter { $0.name.hasPrefix("/images/") && $0.name.contains("-") }
                        #expect((1...12).contains(faces.count), "the faces of 'seen most often with' in reach: \(faces)")
                        for face in faces {
                            #expect(face.name.hasSuffix("-132.jpg"), "a 44-px face on a 3× screen: \(face)")
                            #expect(face.size <= Self.faceLimit, "\(face)")
                        }
                    }
                }
                // The worker's install stores the shared files for offline reading, on top of what the page showed.
                try await browser.run("void navigator.serviceWorker.ready.then(() => { window.workerReady = true })")
                try await browser.wait(until: "window.workerReady === true", seconds: 45)
                print(line + "; with the worker's install the server sent \(served.total) bytes of bodies: \(served.byKind)")
            }
            // The HTML asks first for the pictures a phone shows on its first screen; until the fan scrolls, no other.
            #expect(!firstScreen.isEmpty && eager == firstScreen, "eager \(eager), on the first screen \(firstScreen)")
            #expect(fetchedFirst.sorted() == firstScreen.sorted(), "fetched before any scroll \(fetchedFirst), on the first screen \(firstScreen)")
            try await withoutScripts(browser, site)
        }
    }

    /// Waits for the load event, two frames (so every picture that comes into view has been asked for), the
    /// pictures within `screens` screens from the top of the view, each with a picture of the site, not the
    /// transparent stand-in of a picture still waiting (`assets/later.svg`), and every picture asked for (one
    /// on its way has a `currentSrc` and is not `complete`; a lazy picture not asked for has no `currentSrc`, or
    /// the stand-in's, which a lazy one far below never asks for either).
    private func settle(_ browser: BrowserSession, screens: Int = 1) async throws {
        try await browser.twoFrames()
        try await browser.wait(until: """
            Array.from(document.images).filter(i => {
              const box = i.getBoundingClientRect()
              return box.bottom > 0 && box.top < innerHeight * \(screens) && box.width > 0
            }).every(i => i.complete && i.naturalWidth > 0 && !i.currentSrc.endsWith('later.svg'))
              && Array.from(document.images).every(i => !i.currentSrc || i.currentSrc.endsWith('later.svg') || i.complete)
            """, seconds: 45)
    }

    /// What "Your wiki" may add to the first screen of the home and of Rick's page, text gzipped (issue 39).
    static let yoursLayerLimit = 6 * 1024

    /// What the favourites layer added to a first visit, gzipped as a static host sends it: the files it
    /// fetched (`yours.js`; `recent.json` if it came before the first screen was counted) and what its markup
    /// adds to the page (the page gzipped, less the page without the layer's elements and attributes gzipped).
    /// Nil on a machine without `gzip`.
    static func yoursLayerBytes(_ visit: Transferred, page: String, output: URL) async throws -> Int? {
        var files = 0
        for name in visit.names where name.hasSuffix("/yours.js") || name.hasSuffix("/recent.json") {
            guard let size = try await gzipSize(name, in: output) else { return nil }
            files += size
        }
        let html = try String(contentsOf: output.appendingPathComponent(page + "index.html"), encoding: .utf8)
        var without = html
        for pattern in [#"<div hidden data-yours-text[^>]*></div>\n"#, #"<script src="[^"]*yours\.js" defer></script>\n"#,
                        #"  <p class="footer-yours"[^\n]*</p>\n"#, #" data-yours-[a-z]+="[^"]*""#, #" data-episode="[0-9]+""#] {
            without = without.replacingOccurrences(of: pattern, with: "", options: .regularExpression)
        }
        #expect(without.count < html.count, "the layer's markup is on /\(page)")
        let withoutFile = try SharedFixtures.temporaryDirectory("rmwiki-without-layer").appendingPathComponent("index.html")
        try Data(without.utf8).write(to: withoutFile)
        guard let with = try await gzipSize(of: output.appendingPathComponent(page + "index.html")),
              let before = try await gzipSize(of: withoutFile) else { return nil }
        return files + with - before
    }

    struct Transferred {
        var total = 0
        var compressed = 0
        var pictures = 0
        var names: [String] = []
        var sizes: [(name: String, size: Int)] = []
    }

    /// The page and what it has fetched, in the browser's own resource timing.
    private static let entries = "performance.getEntriesByType('navigation').concat(performance.getEntriesByType('resource'))"

    /// The bytes the page has transferred so far, in the browser's own resource timing. Once the service worker
    /// controls the page (it claims it after its install), what it fetches for the page has no transfer size of
    /// its own: the body's size stands for it.
    static func transferredTotal(_ browser: BrowserSession) async throws -> Int {
        Int(try await browser.text("""
            String(\(entries).reduce((s, e) => s + (e.transferSize || e.encodedBodySize), 0))
            """)) ?? 0
    }

    /// The total, and each resource's size as sent and gzipped (`gzipSize`: a `gzip` process a text file).
    static func transferred(_ browser: BrowserSession, output: URL) async throws -> Transferred {
        var result = Transferred()
        result.total = try await transferredTotal(browser)
        for entry in try await browser.texts("\(entries).map(e => new URL(e.name).pathname + ' ' + e.encodedBodySize)") {
            let parts = entry.split(separator: " ")
            let name = String(parts.first ?? ""), size = Int(parts.last ?? "") ?? 0
            result.names.append(name)
            result.sizes.append((name, size))
            if name.contains("/images/") { result.pictures += size }
            result.compressed += try await gzipSize(name, in: output) ?? size
        }
        return result
    }

    /// Without JavaScript every picture is there: the browser skips the stand-in (`media="(scripting: enabled)"`)
    /// and loads each picture lazily itself, as it comes near.
    private func withoutScripts(_ browser: BrowserSession, _ site: URL) async throws {
        try await browser.setScripts(enabled: false)
        for path in ["characters/", "characters/1/"] {
            try await browser.clearSiteData(origin: site)
            try await browser.open(try #require(URL(string: site.absoluteString + path)), seconds: 45)
            let count = Int(try await browser.text("String(document.querySelectorAll('.card-image').length)")) ?? 0
            #expect(count >= 12, "\(path)")
            for index in 0..<count {
                try await browser.run("document.querySelectorAll('.card-image')[\(index)].scrollIntoView()")
                try await browser.wait(until: """
                    (i => i.complete && i.naturalWidth > 0 && i.currentSrc.includes('/images/characters/'))\
                    (document.querySelectorAll('.card-image')[\(index)])
                    """, seconds: 45)
            }
        }
        try await browser.setScripts(enabled: true)
    }
}

/// The body bytes the test server sent, as a static host would count them (no compression).
private final class ServedBytes: @unchecked Sendable {
    private let lock = NSLock()
    private var bytes: [String: Int] = [:]

    var total: Int { lock.withLock { bytes.values.reduce(0, +) } }

    /// Bytes by kind of file (pages, stylesheet, scripts, pictures…), largest first.
    var byKind: String {
        lock.withLock {
            bytes.sorted { $0.value > $1.value }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
        }
    }

    func reset() { lock.withLock { bytes = [:] } }

    func add(_ path: String, _ response: HTTPResponse) {
        let size: Int
        switch response.body {
        case .bytes(let body): size = body.count
        case .sized(let length, _): size = length
        case .stream: size = 0
        }
        let name = (path as NSString).lastPathComponent
        let kind = switch (name as NSString).pathExtension {
        case "", "html": "pages"
        case _ where path.contains("/images/"): "pictures"
        case "png", "svg", "webmanifest": "icons and manifest"
        case let other: other
        }
        lock.withLock { bytes[kind, default: 0] += size }
    }
}
