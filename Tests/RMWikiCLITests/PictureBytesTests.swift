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
        let server = HTTPServer(handler: StaticFileHandler(root: output))
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
            for (name, path) in pages {
                try await browser.clearCache()
                try await browser.open(try #require(URL(string: site.absoluteString + path)), seconds: 45)
                if path.hasPrefix("search") {
                    try await browser.wait(until: "document.querySelectorAll('.card').length > 0", seconds: 45)
                }
                // Every picture within two screens has arrived (lazy ones farther away are not asked for yet).
                try await browser.wait(until: """
                    Array.from(document.images).filter(i => i.getBoundingClientRect().top < innerHeight * 2)
                      .every(i => i.complete)
                    """, seconds: 45)
                let entries = """
                    performance.getEntriesByType('navigation').concat(performance.getEntriesByType('resource'))
                    """
                let total = try await browser.text("String(\(entries).reduce((s, e) => s + e.transferSize, 0))")
                let pictures = try await browser.text("""
                    String(\(entries).filter(e => e.name.includes('/images/')).reduce((s, e) => s + e.transferSize, 0))
                    """)
                let faces = try await browser.texts("""
                    performance.getEntriesByType('resource').filter(e => /-\\d+\\.jpg$/.test(e.name))
                      .map(e => e.name.split('/').pop() + ' ' + e.encodedBodySize)
                    """)
                print("first visit at 390 px, DPR 3: \(name): \(total) bytes, pictures \(pictures), "
                    + "\(faces.count) copies fetched")
                if name == "Rick" {
                    #expect((1...12).contains(faces.count), "the faces of 'seen most often with' in reach: \(faces)")
                    for face in faces {
                        let size = Int(face.split(separator: " ").last ?? "") ?? .max
                        #expect(face.contains("-132.jpg"), "a 44-px face on a 3× screen: \(face)")
                        #expect(size <= Self.faceLimit, "\(face)")
                    }
                }
            }
        } catch {
            await browser.close()
            await server.stop()
            throw error
        }
        await browser.close()
        await server.stop()
    }
}
