import Foundation
import HTTPServer

/// A built site in headless Chromium, as the browser suites use it: served on loopback, a browser launched, and
/// both stopped however the suite's body ends (a screenshot of the page left open first, when it throws).
package enum BrowserSite {
    package static func with(
        _ handler: some HTTPHandler, failureShot: URL, _ body: (BrowserSession, URL) async throws -> Void
    ) async throws {
        try await with(handler, failureShot: failureShot) { browser, site, _ in try await body(browser, site) }
    }

    /// The same, with a way to stop the server before the body ends (to read the site offline); stopping it again
    /// at the end does nothing.
    package static func with(
        _ handler: some HTTPHandler, failureShot: URL,
        _ body: (BrowserSession, URL, _ stopServer: @Sendable () async -> Void) async throws -> Void
    ) async throws {
        let server = HTTPServer(handler: handler)
        let port = try await server.start()
        guard let site = URL(string: "http://127.0.0.1:\(port)/") else {
            await server.stop()
            throw BrowserSession.Failure(description: "no URL for port \(port)")
        }
        do {
            try await BrowserSession.with(failureShot: failureShot) { browser in
                try await body(browser, site, { await server.stop() })
            }
        } catch {
            await server.stop()
            throw error
        }
        await server.stop()
    }

    /// The folder `root` as a plain static host serves it.
    package static func with(
        serving root: URL, failureShot: URL, _ body: (BrowserSession, URL) async throws -> Void
    ) async throws {
        try await with(StaticFileHandler(root: root), failureShot: failureShot, body)
    }
}

extension BrowserSession {
    /// Waits two animation frames: by then every picture that has come into view has been asked for.
    package func twoFrames() async throws {
        try await run("""
            window.framesSeen = false
            requestAnimationFrame(() => requestAnimationFrame(() => { window.framesSeen = true }))
            """)
        try await wait(until: "window.framesSeen === true", seconds: 45)
    }

    /// Lays the open page out again at each phone width in turn (the emulated screen resized, as when a phone
    /// turns) and runs `body` at each: one load serves every width, where a load per width cost the browser
    /// suites most of their page loads. The site's scripts read no width when a page loads (`pocket.js` checks
    /// its pictures again on `resize`), so each layout is the one a load at that width gives.
    package func atPhoneWidths(_ widths: [Int] = [320, 390], _ body: (Int) async throws -> Void) async throws {
        for width in widths {
            try await emulate(width: width, height: 844, mobile: true)
            try await wait(until: "innerWidth === \(width)")
            try await body(width)
        }
    }

    /// A JavaScript expression's value as a number.
    package func number(_ expression: String) async throws -> Double {
        let value = try await text(expression)
        guard let number = Double(value) else { throw Failure(description: "\(expression) is not a number: \(value)") }
        return number
    }
}

/// The parts a browser suite's long walk over pages is cut into: each part a test case of its own, in a browser
/// context of its own, so the parts run side by side (two renderer processes keep both cores busy where one walk
/// kept one) and the walk ends with the rest of the run rather than long after it.
package enum PageParts {
    package static let count = 3
    package static let all = Array(0..<count)
}

extension Array {
    /// Every `PageParts.count`-th element from `part` on: the parts interleave, so each gets pages of every kind.
    package func part(_ part: Int) -> [Element] {
        enumerated().filter { $0.offset % PageParts.count == part }.map(\.element)
    }
}
