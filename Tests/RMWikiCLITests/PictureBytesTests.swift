import Foundation
import HTTPServer
import LoopbackAPI
import TestSupport
import Testing
@testable import RMWikiCLI

/// What a fan's phone (390 × 844, 3 device pixels a CSS pixel) transfers on a first visit of the pages the
/// pictures issue names, read from the browser's own resource timing once every picture in reach has loaded.
@Suite(.enabled(if: BrowserSession.chromiumPath != nil && SharedFixtures.hasAPIData,
                "needs chromium on the PATH and ../shared/rickandmorty-api: the picture bytes test is skipped"))
struct PictureBytesTests {
    static let faceLimit = 8 * 1024
    static let rickLimit = 150_000

    /// The size of a text file of the site gzipped as static hosts send it (level 6), or nil for pictures,
    /// a path that is no file, or a machine without `gzip`.
    static func gzipSize(_ path: String, in site: URL) -> Int? {
        let texts: Set = ["", "html", "css", "js", "svg", "json", "webmanifest", "xml"]
        guard !path.contains("/images/"), texts.contains((path as NSString).pathExtension) else { return nil }
        var file = site.appendingPathComponent(String(path.drop { $0 == "/" }))
        if path.hasSuffix("/") { file.appendPathComponent("index.html") }
        guard FileManager.default.fileExists(atPath: file.path) else { return nil }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["gzip", "-6", "-c", file.path]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return nil }
        let bytes = pipe.fileHandleForReading.readDataToEndOfFile().count
        process.waitUntilExit()
        return process.terminationStatus == 0 ? bytes : nil
    }

    @Test func firstVisitsOnAPhoneFetchCopiesAtTheSizeShown() async throws {
        let work = try SharedFixtures.temporaryDirectory("rmwiki-bytes")
        defer { try? FileManager.default.removeItem(at: work) }
        let cache = work.appendingPathComponent("cache")
        let output = work.appendingPathComponent("site")
        let fetched = try await LoopbackSession.withSharedData { _, base in
            await ConsoleRecorder.run(["fetch", "--api", base.absoluteString, "--cache", cache.path, "--quiet"])
        }
        try #require(fetched.code == 0, "\(fetched.err)")
        let built = await ConsoleRecorder.run([
            "build", "--offline", "--cache", cache.path, "--output", output.path,
            "--templates", ProjectTheme.templates.path, "--public", ProjectTheme.publicFolder.path,
        ])
        try #require(built.code == 0, "\(built.err)")
        #expect(built.out.contains("826 avatars with smaller copies, 826 decoded"), "\(built.out)")
        #expect(!built.err.contains("cannot be made smaller"), "\(built.err)")
        // "Save for offline" stores every original picture (the worker answers for a copy with its original).
        let list = try JSONSerialization.jsonObject(with: Data(contentsOf: output.appendingPathComponent("offline/files.json")))
        let listed = Set(((list as? [String: Any])?["pictures"] as? [[Any]] ?? []).compactMap { $0.first as? String })
        let published = try FileManager.default.contentsOfDirectory(atPath: output.appendingPathComponent("images/characters").path)
        #expect(published.count == 826 * 4)
        let originals = published.filter { !$0.contains("-") }.map { "images/characters/" + $0 }
        #expect(originals.count == 826 && Set(originals) == listed, "the offline list names every original picture")
        let served = ServedBytes()
        let files = StaticFileHandler(root: output)
        let server = HTTPServer(handler: ClosureHandler { request in
            let response = await files.handle(request)
            served.add(request.path, response)
            return response
        })
        let port = try await server.start()
        let site = try #require(URL(string: "http://127.0.0.1:\(port)/"))
        let browser: BrowserSession
        do {
            browser = try await BrowserSession.launch()
        } catch {
            await server.stop()
            throw error
        }
        do {
            try await browser.emulate(width: 390, height: 844, mobile: true, scale: 3)
            let pages = [("home", ""), ("characters page 1", "characters/"), ("Rick", "characters/1/"),
                         ("the Citadel of Ricks", "locations/3/"), ("a search for Rick", "search/?q=Rick")]
            var firstScreen: [String] = []
            var eager: [String] = []
            for (name, path) in pages {
                try await browser.clearSiteData(origin: site)
                served.reset()
                try await browser.open(try #require(URL(string: site.absoluteString + path)), seconds: 45)
                if path.hasPrefix("search") {
                    // The characters come after the places and episodes found: a fan scrolls to them.
                    try await browser.wait(until: "document.querySelectorAll('.card').length > 0", seconds: 45)
                    try await browser.run("document.querySelector('.card').scrollIntoView()")
                }
                // Every picture in view or within a screen below has arrived (lazy ones farther away are not asked
                // for yet); `complete` alone is also true of a lazy picture not yet asked for.
                try await browser.wait(until: """
                    Array.from(document.images).filter(i => {
                      const box = i.getBoundingClientRect()
                      return box.bottom > 0 && box.top < innerHeight * 2
                    }).every(i => i.complete && i.naturalWidth > 0)
                    """, seconds: 45)
                let entries = """
                    performance.getEntriesByType('navigation').concat(performance.getEntriesByType('resource'))
                    """
                let total = try await browser.text("String(\(entries).reduce((s, e) => s + e.transferSize, 0))")
                let pictures = try await browser.text("""
                    String(\(entries).filter(e => e.name.includes('/images/')).reduce((s, e) => s + e.encodedBodySize, 0))
                    """)
                let faces = try await browser.texts("""
                    performance.getEntriesByType('resource').filter(e => /-\\d+\\.jpg$/.test(e.name))
                      .map(e => e.name.split('/').pop() + ' ' + e.encodedBodySize)
                    """)
                let bodies = try await browser.texts("""
                    \(entries).map(e => new URL(e.name).pathname + ' ' + e.encodedBodySize)
                    """)
                let compressed = bodies.reduce(0) { sum, entry in
                    let parts = entry.split(separator: " ")
                    let size = Int(parts.last ?? "") ?? 0
                    return sum + (Self.gzipSize(String(parts.first ?? ""), in: output) ?? size)
                }
                if path == "characters/" {
                    firstScreen = try await browser.texts("""
                        Array.from(document.querySelectorAll('.card-image'))
                          .filter(i => i.getBoundingClientRect().top < innerHeight).map(i => i.src.split('/').pop())
                        """)
                    eager = try await browser.texts("""
                        Array.from(document.querySelectorAll('.card-image[loading=eager]')).map(i => i.src.split('/').pop())
                        """)
                }
                // The worker's install stores the shared files for offline reading, on top of what the page showed.
                try await browser.run("void navigator.serviceWorker.ready.then(() => { window.workerReady = true })")
                try await browser.wait(until: "window.workerReady === true", seconds: 45)
                print("first visit at 390 px, DPR 3: \(name): \(total) bytes (\(compressed) with text gzipped as a "
                    + "static host sends it), pictures \(pictures), \(faces.count) copies; with the worker's install "
                    + "the server sent \(served.total) bytes of bodies: \(served.byKind)")
                if name == "Rick", Self.gzipSize("/assets/site.css", in: output) != nil {
                    #expect(compressed <= Self.rickLimit, "Rick's first visit, text gzipped: \(bodies)")
                }
                if name == "Rick" {
                    #expect((1...12).contains(faces.count), "the faces of 'seen most often with' in reach: \(faces)")
                    for face in faces {
                        let size = Int(face.split(separator: " ").last ?? "") ?? .max
                        #expect(face.contains("-132.jpg"), "a 44-px face on a 3× screen: \(face)")
                        #expect(size <= Self.faceLimit, "\(face)")
                    }
                }
            }
            // The HTML asks first for the pictures a phone shows on its first screen, and for no other.
            #expect(!firstScreen.isEmpty && eager == firstScreen, "eager \(eager), on the first screen \(firstScreen)")
        } catch {
            await browser.close()
            await server.stop()
            throw error
        }
        await browser.close()
        await server.stop()
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
