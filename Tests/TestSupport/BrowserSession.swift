import Foundation

/// A page of the test process's headless Chromium (`Chromium.pages`, or `Chromium.installable` for a page that
/// must be installable), driven over the DevTools protocol.
/// Each session has a browser context of its own (its own HTTP cache, storage and service workers), so suites
/// running side by side neither see nor disturb each other's pages. Every call blocks on a socket, so the async
/// methods run it on a thread of its own; calls are made one after another, hence the unchecked `Sendable`.
package final class BrowserSession: @unchecked Sendable {
    package struct Failure: Error, CustomStringConvertible {
        package let description: String

        package init(description: String) {
            self.description = description
        }
    }

    /// Debian's `chromium` (what CI installs), or another Chromium-family binary on the PATH.
    package static let chromiumPath = executable(named: ["chromium", "chromium-browser", "google-chrome", "google-chrome-stable"])

    /// Chromium's headless shell (Debian's `chromium-headless-shell`, which CI installs too): the same Blink, V8,
    /// network stack and service workers without the browser's own layer, which cost as much CPU as every page it
    /// rendered. The browser suites ran in 88 s of wall time and 148 CPU-s of Chromium with it, against 125 s and
    /// 216 CPU-s in `chromium --headless=new` (quiet machine, in turn). What the shell lacks is that layer's
    /// install check: its `Page.getInstallabilityErrors` answers none for any page, so installable sessions run in
    /// `chromium`. Debian's `/usr/bin/chromium-headless-shell` is a script that starts the shell without `exec`:
    /// stopping the script left the browser running, so the binary behind it is taken (or Chrome for Testing's
    /// `chrome-headless-shell`, a binary itself).
    package static let headlessShellPath = ["/usr/lib/chromium/chromium-headless-shell"].first(where: FileManager.default.isExecutableFile)
        ?? executable(named: ["chrome-headless-shell"])

    private static func executable(named names: [String]) -> String? {
        let folders = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        for name in names {
            for folder in folders where FileManager.default.isExecutableFile(atPath: "\(folder)/\(name)") {
                return "\(folder)/\(name)"
            }
        }
        return nil
    }

    private let browser: DevToolsConnection
    private let page: DevToolsConnection
    /// The session's own context, or nil for the browser's default one.
    private let context: String?
    private let target: String
    /// Whether the page's scripts run (`setScripts`): without them its timers never fire, so a wait checks from here.
    private var scriptsRun = true

    /// Opens a page of `Chromium.pages` in a fresh browser context. `ownContext: false` opens it in the default
    /// one instead, which Chromium treats as a real profile (a fresh context is an incognito one, with a small
    /// storage quota, and incognito pages cannot be installed as apps); only one session at a time may use it.
    /// `installable: true` opens it in `Chromium.installable`'s default context, for `installabilityErrors()`.
    package static func launch(ownContext: Bool = true, installable: Bool = false) async throws -> BrowserSession {
        let chromium = installable ? Chromium.installable : Chromium.pages
        let port = try await chromium.acquire()
        do {
            return try await ServeTestSocket.run { try BrowserSession(chromium, port: port, ownContext: ownContext && !installable) }
        } catch {
            await chromium.release()
            throw error
        }
    }

    /// `body` with a session `launch(installable:)` opened, closed however the body ends (after a screenshot of
    /// the page left open to `failureShot`, if given, when it throws).
    package static func with<Result>(
        installable: Bool = false, failureShot: URL? = nil, _ body: (BrowserSession) async throws -> Result
    ) async throws -> Result {
        let session = try await launch(installable: installable)
        do {
            let result = try await body(session)
            await session.close()
            return result
        } catch {
            if let failureShot { try? await session.screenshot(to: failureShot) }
            await session.close()
            throw error
        }
    }

    private let chromium: Chromium

    private init(_ chromium: Chromium, port: Int, ownContext: Bool) throws {
        self.chromium = chromium
        let version = try ServeTestSocket(port: port)
        // Chromium builds the debugger URLs from the Host field, so it must name the port.
        try version.send("GET /json/version HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\r\n")
        let about = try JSONSerialization.jsonObject(with: Data(try version.readResponse().body)) as? [String: Any] ?? [:]
        guard let address = about["webSocketDebuggerUrl"] as? String else { throw Failure(description: "Chromium names no browser target") }
        browser = DevToolsConnection(try BrowserWebSocket(address))
        context = ownContext ? try browser.call("Target.createBrowserContext")["browserContextId"] as? String : nil
        // The window size the browser was started with; a new page would otherwise get 800 × 600.
        var parameters: [String: Any] = ["url": "about:blank", "width": 1200, "height": 900]
        // Chromium sizes only a page in a window of its own; a fresh context's first page always has one.
        if let context { parameters["browserContextId"] = context } else { parameters["newWindow"] = true }
        guard let target = try browser.call("Target.createTarget", parameters)["targetId"] as? String else {
            throw Failure(description: "Chromium opened no page")
        }
        self.target = target
        page = DevToolsConnection(try BrowserWebSocket("ws://127.0.0.1:\(port)/devtools/page/\(target)"))
    }

    /// Closes the page (and its context) and lets go of the browser, which stops once no session uses it.
    package func close() async {
        _ = try? await ServeTestSocket.run { [self] in
            if let context {
                _ = try browser.call("Target.disposeBrowserContext", ["browserContextId": context])
            } else {
                _ = try browser.call("Target.closeTarget", ["targetId": target])
            }
        }
        await chromium.release()
    }

    private func call(_ method: String, _ parameters: [String: Any] = [:]) throws -> [String: Any] {
        try page.call(method, parameters)
    }

    // MARK: - DevTools calls

    private func evaluateBlocking(_ expression: String) throws -> Any? {
        let result = try call("Runtime.evaluate", ["expression": expression, "returnByValue": true, "awaitPromise": true])
        if let exception = result["exceptionDetails"] { throw Failure(description: "\(expression) threw \(exception)") }
        return (result["result"] as? [String: Any])?["value"]
    }

    /// The least time any wait allows. A wait ends as soon as its condition holds, so its deadline only ends a
    /// hang; with both cores busy, pictures served by a service worker took over 20 s to complete.
    package static let shortestWait = 120.0

    /// Waits until `condition` (a JavaScript expression) is true, checking it in the page: one DevTools call waits
    /// for a promise that checks at 5, 10, 20 ms and then every 50 (a load or a frame away is seen within a few
    /// milliseconds of holding), where a call a check kept the browser process, the page's main thread and this
    /// process busy with a round trip each time, for as long as any wait lasted. A call ends after a few seconds
    /// at most, and a navigation ends it at once (its page is gone): the next call asks the page then shown. With the
    /// page's scripts off, its timers never fire: each call then checks once, every 50 ms.
    private func waitBlocking(_ condition: String, seconds: Double) throws {
        let seconds = max(seconds, Self.shortestWait)
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            let slice = Int(min(5, max(deadline.timeIntervalSinceNow, 0.05)) * 1000)
            let check = scriptsRun ? Self.inPageWait(condition, milliseconds: slice) : "Boolean(\(condition))"
            if (try? evaluateBlocking(check)) as? Bool == true { return }
            // Not yet, or the call failed at once (no page yet, or one being replaced). The pause guesses at no
            // duration: the wait ends when the condition holds, however long that takes, or at its deadline (at
            // least 120 s, which only a hang reaches). It spaces retries of a call that failed at once, and with the
            // page's scripts off, checks the page cannot schedule itself; without it the loop would spin a core.
            usleep(scriptsRun ? 5_000 : 50_000)
        }
        throw Failure(description: "still false after \(seconds) s: \(condition)")
    }

    /// A promise of whether `condition` holds within `milliseconds`; a condition that throws does not hold.
    package static func inPageWait(_ condition: String, milliseconds: Int) -> String {
        """
        new Promise(resolve => {
          const end = Date.now() + \(milliseconds);
          let pause = 5;
          const check = () => {
            let holds = false;
            try { holds = Boolean(\(condition)); } catch (error) {}
            if (holds || Date.now() >= end) return resolve(holds);
            setTimeout(check, pause);
            pause = Math.min(pause * 2, 50);
          };
          check();
        })
        """
    }

    // MARK: - What tests use

    /// Opens `url` and waits (up to `seconds`) for it to finish loading.
    package func open(_ url: URL, seconds: Double = 10) async throws {
        try await ServeTestSocket.run { [self] in
            _ = try call("Page.navigate", ["url": url.absoluteString])
            try waitBlocking("location.href === \(Self.literal(url.absoluteString)) && document.readyState === 'complete'", seconds: seconds)
        }
    }

    package func wait(until condition: String, seconds: Double = 10) async throws {
        try await ServeTestSocket.run { [self] in try waitBlocking(condition, seconds: seconds) }
    }

    /// The value of a JavaScript expression, as text (`String(value)`).
    package func text(_ expression: String) async throws -> String {
        try await ServeTestSocket.run { [self] in try evaluateBlocking("String(\(expression))") as? String ?? "" }
    }

    /// A JavaScript expression whose value is a list of strings.
    package func texts(_ expression: String) async throws -> [String] {
        try await ServeTestSocket.run { [self] in try evaluateBlocking(expression) as? [String] ?? [] }
    }

    /// Types as a user would: the text goes into the focused field and fires its `input` event.
    package func type(_ text: String, into selector: String) async throws {
        try await ServeTestSocket.run { [self] in
            _ = try evaluateBlocking("document.querySelector(\(Self.literal(selector))).focus()")
            _ = try call("Input.insertText", ["text": text])
        }
    }

    /// Types into whatever has the focus, as a phone's keyboard does: nothing focuses a field first, so a page
    /// that left the focus elsewhere gets no text.
    package func typeIntoFocus(_ text: String) async throws {
        try await ServeTestSocket.run { [self] in _ = try call("Input.insertText", ["text": text]) }
    }

    package func run(_ script: String) async throws {
        try await ServeTestSocket.run { [self] in _ = try evaluateBlocking(script) }
    }

    /// Lays pages out as a phone or a desktop of `width` × `height` CSS pixels would, in the light or dark scheme.
    /// `scale` is the device pixel ratio (3 for most phones), which decides the picture `srcset` picks.
    package func emulate(width: Int, height: Int, mobile: Bool, dark: Bool = false, scale: Double = 1) async throws {
        try await ServeTestSocket.run { [self] in
            _ = try call("Emulation.setDeviceMetricsOverride", [
                "width": width, "height": height, "deviceScaleFactor": scale, "mobile": mobile,
            ])
            _ = try call("Emulation.setEmulatedMedia", [
                "features": [["name": "prefers-color-scheme", "value": dark ? "dark" : "light"]],
            ])
        }
    }

    /// From here on every page loads as on a first visit, over the network: nothing comes from the HTTP cache and
    /// no service worker answers (one installed by an earlier page is bypassed, so no page is controlled by it).
    /// Set, where `clearSiteData` before each page had the browser forget and the page reinstall the worker every
    /// time, a third of the page budget walk's browser CPU. `false` goes back to the cache and the worker.
    package func setFirstVisits(_ firstVisits: Bool) async throws {
        try await ServeTestSocket.run { [self] in
            _ = try call("Network.enable")
            _ = try call("Network.setCacheDisabled", ["cacheDisabled": firstVisits])
            _ = try call("Network.setBypassServiceWorker", ["bypass": firstVisits])
        }
    }

    /// Forgets everything `origin` left (HTTP cache, service worker and its caches, storage), so the next page
    /// is a true first visit: a worker installed by an earlier page would otherwise answer from its cache.
    package func clearSiteData(origin: URL) async throws {
        try await ServeTestSocket.run { [self] in
            _ = try call("Network.enable")
            _ = try call("Network.clearBrowserCache")
            var text = origin.absoluteString
            if text.hasSuffix("/") { text.removeLast() }
            _ = try call("Storage.clearDataForOrigin", ["origin": text, "storageTypes": "all"])
        }
    }

    /// Makes requests for URLs matching the patterns (`*search/index.json`) fail, as a dropped connection would.
    package func block(_ patterns: [String]) async throws {
        try await ServeTestSocket.run { [self] in
            _ = try call("Network.enable")
            _ = try call("Network.setBlockedURLs", ["urls": patterns])
        }
    }

    /// What Chromium's own install check finds wrong with the open page (`Page.getInstallabilityErrors`): the
    /// errors' ids, empty when the page can be installed as an app.
    package func installabilityErrors() async throws -> [String] {
        try await ServeTestSocket.run { [self] in
            let result = try call("Page.getInstallabilityErrors")
            return (result["installabilityErrors"] as? [[String: Any]] ?? []).map { error in
                let arguments = (error["errorArguments"] as? [[String: Any]] ?? []).map { "\($0["name"] ?? ""): \($0["value"] ?? "")" }
                return ([error["errorId"] as? String ?? "?"] + arguments).joined(separator: " ")
            }
        }
    }

    /// Cuts the page off the network, or gives it back (`Network.emulateNetworkConditions`). The service
    /// worker's own requests are not the page's: a test that means "no network" stops the server as well.
    package func setOffline(_ offline: Bool) async throws {
        try await ServeTestSocket.run { [self] in
            _ = try call("Network.enable")
            _ = try call("Network.emulateNetworkConditions", [
                "offline": offline, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1,
            ])
        }
    }

    /// One finger tap at a point of the viewport, as a phone's touch screen sends it (touch start, touch end).
    package func tap(x: Double, y: Double) async throws {
        try await ServeTestSocket.run { [self] in
            _ = try call("Emulation.setTouchEmulationEnabled", ["enabled": true, "maxTouchPoints": 1])
            _ = try call("Input.dispatchTouchEvent", ["type": "touchStart", "touchPoints": [["x": x, "y": y]]])
            _ = try call("Input.dispatchTouchEvent", ["type": "touchEnd", "touchPoints": [[String: Any]]()])
        }
    }

    /// Runs the page's scripts, or not, as a reader who turned JavaScript off (`Emulation.setScriptExecutionDisabled`;
    /// the test's own expressions still run).
    package func setScripts(enabled: Bool) async throws {
        try await ServeTestSocket.run { [self] in
            _ = try call("Emulation.setScriptExecutionDisabled", ["value": !enabled])
            scriptsRun = enabled
        }
    }

    /// Runs `body` with `localStorage` throwing on every page it opens, as in a browser that keeps no data for
    /// the site (Chromium's "block site data", some private windows); pages opened afterwards have it again.
    package func withoutStorage(_ body: () async throws -> Void) async throws {
        let identifier = try await ServeTestSocket.run { [self] in
            _ = try call("Page.enable")
            return try call("Page.addScriptToEvaluateOnNewDocument", ["source": """
                for (const name of ['getItem', 'setItem', 'removeItem', 'clear']) Storage.prototype[name] = function () {
                  throw new DOMException('Access is denied for this document.', 'SecurityError') }
                """])["identifier"] as? String ?? ""
        }
        let removeScript = { [self] in
            try await ServeTestSocket.run { [self] in
                _ = try call("Page.removeScriptToEvaluateOnNewDocument", ["identifier": identifier])
            }
        }
        do {
            try await body()
        } catch {
            try? await removeScript()
            throw error
        }
        try await removeScript()
    }

    /// Presses Tab once, as a keyboard user would.
    package func pressTab() async throws {
        try await ServeTestSocket.run { [self] in
            for type in ["keyDown", "keyUp"] {
                _ = try call("Input.dispatchKeyEvent", [
                    "type": type, "key": "Tab", "code": "Tab", "windowsVirtualKeyCode": 9, "nativeVirtualKeyCode": 9,
                ])
            }
        }
    }

    /// Whether the screenshots for people to look at (`.test-artifacts/`) are taken: only when `RMWIKI_SCREENSHOTS`
    /// is set. No check reads them, and they cost Chromium much: a whole-page shot lays the page out again at its
    /// full height, paints it and encodes it. A failure's screenshot is taken
    /// whatever this says.
    package static let keepsScreenshots = ProcessInfo.processInfo.environment["RMWIKI_SCREENSHOTS"] != nil

    /// Saves a PNG for people to look at, of the whole page (not only the viewport) when `fullPage`, if
    /// `keepsScreenshots`.
    package func keepScreenshot(to file: URL, fullPage: Bool = false) async throws {
        guard Self.keepsScreenshots else { return }
        guard fullPage else { return try await screenshot(to: file) }
        try await ServeTestSocket.run { [self] in
            let width = try evaluateBlocking("document.documentElement.clientWidth") as? Double ?? 390
            // The top of very long pages is enough to look at; the file stays small.
            let height = min(try evaluateBlocking("document.documentElement.scrollHeight") as? Double ?? 900, 6000)
            let result = try call("Page.captureScreenshot", [
                "format": "png", "captureBeyondViewport": true,
                "clip": ["x": 0, "y": 0, "width": width, "height": height, "scale": 1],
            ])
            guard let base64 = result["data"] as? String, let data = Data(base64Encoded: base64) else {
                throw Failure(description: "no screenshot data")
            }
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try data.write(to: file)
        }
    }

    /// Saves a PNG of the viewport, whatever `keepsScreenshots` says (a failure's screenshot).
    package func screenshot(to file: URL) async throws {
        try await ServeTestSocket.run { [self] in
            let result = try call("Page.captureScreenshot", ["format": "png"])
            guard let base64 = result["data"] as? String, let data = Data(base64Encoded: base64) else {
                throw Failure(description: "no screenshot data")
            }
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try data.write(to: file)
        }
    }

    /// A JavaScript string literal (JSON is a subset).
    package static func literal(_ text: String) -> String {
        (try? JSONSerialization.data(withJSONObject: [text])).map { String(String(decoding: $0, as: UTF8.self).dropFirst().dropLast()) } ?? "\"\""
    }
}

/// One DevTools WebSocket: a call sends a command and waits for its answer, passing over events.
package final class DevToolsConnection {
    private let socket: BrowserWebSocket
    private var lastID = 0

    package init(_ socket: BrowserWebSocket) {
        self.socket = socket
    }

    package func call(_ method: String, _ parameters: [String: Any] = [:]) throws -> [String: Any] {
        lastID += 1
        let id = lastID
        let message = try JSONSerialization.data(withJSONObject: ["id": id, "method": method, "params": parameters])
        try socket.send(String(decoding: message, as: UTF8.self))
        while true {
            let reply = try JSONSerialization.jsonObject(with: Data(try socket.receive().utf8)) as? [String: Any] ?? [:]
            guard reply["id"] as? Int == id else { continue }
            if let error = reply["error"] { throw BrowserSession.Failure(description: "\(method) failed: \(error)") }
            return reply["result"] as? [String: Any] ?? [:]
        }
    }
}

/// A headless Chromium the browser sessions of this test process share: launched by the first session,
/// stopped when the last one closes, so a run that ends leaves no browser behind.
package actor Chromium {
    /// Where pages are opened: the headless shell, or `chromium` where the shell is not installed.
    package static let pages = Chromium(path: BrowserSession.headlessShellPath ?? BrowserSession.chromiumPath)
    /// `chromium` itself, for the sessions that check a page can be installed.
    package static let installable = Chromium(path: BrowserSession.chromiumPath)

    private let path: String?

    private init(path: String?) {
        self.path = path
    }

    private var running: Task<ChromiumProcess, Error>?
    private var sessions = 0

    /// The DevTools port of the running browser, launching it first if no session holds it.
    package func acquire() async throws -> Int {
        sessions += 1
        let task = running ?? Task { [path] in try await ServeTestSocket.run { try ChromiumProcess(path: path) } }
        running = task
        do {
            return try await task.value.port
        } catch {
            // Nobody holds a browser that failed to start: the next session tries afresh.
            if running == task { running = nil }
            sessions -= 1
            throw error
        }
    }

    package func release() async {
        sessions -= 1
        guard sessions == 0, let task = running else { return }
        running = nil
        if let process = try? await task.value {
            _ = try? await ServeTestSocket.run { process.stop() }
        }
    }
}

/// The Chromium process with its throw-away profile.
package final class ChromiumProcess: @unchecked Sendable {
    private let process: SpawnedProcess
    private let profile: URL
    package let port: Int

    package init(path: String?) throws {
        guard let chromium = path else { throw BrowserSession.Failure(description: "no chromium binary") }
        profile = try SharedFixtures.temporaryDirectory("rmwiki-chromium")
        let arguments = [
            "--headless=new", "--no-sandbox", "--disable-gpu", "--remote-debugging-port=0",
            "--remote-debugging-address=127.0.0.1", "--user-data-dir=\(profile.path)", "--window-size=1200,900",
            "--no-first-run", "--no-default-browser-check", "--disable-extensions", "--disable-sync",
            "--disable-background-networking", "--disable-component-update", "--disable-default-apps", "--no-pings",
            "--hide-scrollbars", "--disable-back-forward-cache", "about:blank",
        ]
        // Its standard output (nothing the tests read) goes to a file in the profile, removed with it.
        process = try SpawnedProcess(chromium, arguments, captureIn: profile, piping: .errors)
        do {
            guard let errors = process.pipe else { throw BrowserSession.Failure(description: "no pipe from Chromium") }
            port = try Self.devToolsPort(announcedOn: errors)
        } catch {
            process.send(SIGTERM)
            _ = process.waitUntilExit()
            try? FileManager.default.removeItem(at: profile)
            throw error
        }
    }

    /// Chromium says where it listens on its standard error once it does ("DevTools listening on
    /// ws://127.0.0.1:PORT/…"): the reader waits for that line, as long as any wait, then goes on reading and
    /// dropping what Chromium writes there, so a full pipe never stalls it.
    private static func devToolsPort(announcedOn errors: FileHandle) throws -> Int {
        let announced = DispatchSemaphore(value: 0)
        let heard = Heard()
        Thread.detachNewThread {
            var text = ""
            while case let data = errors.availableData, !data.isEmpty {
                guard heard.port == nil else { continue }
                text += String(decoding: data, as: UTF8.self)
                if let match = text.firstMatch(of: /DevTools listening on ws:\/\/[^\s\/]+:(\d+)\//), let port = Int(match.1) {
                    heard.set(port: port, text: text)
                    announced.signal()
                }
            }
            if heard.port == nil {
                heard.set(port: nil, text: text)
                announced.signal()
            }
        }
        guard announced.wait(timeout: .now() + BrowserSession.shortestWait) == .success else {
            throw BrowserSession.Failure(description: "Chromium did not open its DevTools port within \(Int(BrowserSession.shortestWait)) s")
        }
        guard let port = heard.port else {
            throw BrowserSession.Failure(description: "Chromium stopped before it listened: \(heard.text.suffix(2_000))")
        }
        return port
    }

    /// What the reader of Chromium's standard error has heard, read by the thread that waits for it.
    private final class Heard: @unchecked Sendable {
        private let lock = NSLock()
        private var heardPort: Int?
        private var heardText = ""

        package var port: Int? { lock.withLock { heardPort } }
        package var text: String { lock.withLock { heardText } }

        package func set(port: Int?, text: String) {
            lock.withLock { (heardPort, heardText) = (port, text) }
        }
    }

    package func stop() {
        process.send(SIGTERM)
        _ = process.waitUntilExit()
        try? FileManager.default.removeItem(at: profile)
    }
}
