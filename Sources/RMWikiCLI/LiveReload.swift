import Foundation
import HTTPServer
import Synchronization

/// The preview's build state and the Server-Sent Events stream that tells open pages about it.
///
/// Every successful build gets a new generation; HTML answers carry the generation they were served at,
/// and a page whose generation is not the current one reloads. Generations start with a per-run number so
/// pages left open across a server restart reload too.
final class LiveReloadChannel: Sendable {
    private struct State {
        var builds = 0
        var error: String?
        /// A superseded build changed the site and told no page.
        var owed = false
    }

    /// What a (re)connecting page is told first.
    private struct Hello: Encodable {
        let generation: String
        let error: String?
    }

    private let run = String(UInt32.random(in: 1...UInt32.max))
    private let state = Mutex(State())
    private let broadcaster = EventBroadcaster()

    var generation: String { state.withLock { "\(run).\($0.builds)" } }

    /// The message of the last build when it failed.
    var error: String? { state.withLock { $0.error } }

    var subscriberCount: Int { broadcaster.subscriberCount }

    /// A build succeeded and was published: every open page reloads, unless the site is byte for byte
    /// what the pages already show. `superseded`: the watched paths changed again while it ran (a `git checkout`
    /// longer than the settle window), and the next build shows what they hold: pages are told nothing now, and the
    /// next build's news includes what this one changed.
    func built(changed: Bool, superseded: Bool = false) {
        let generation = state.withLock { state -> String? in
            if superseded {
                state.owed = state.owed || changed
                return nil
            }
            guard changed || state.owed || state.error != nil else { return nil }
            state.builds += 1
            state.error = nil
            state.owed = false
            return "\(run).\(state.builds)"
        }
        if let generation { broadcaster.send(event: "reload", data: generation) }
    }

    /// A build failed: open pages show `message` over the last good site, unless the build was superseded (a
    /// half-made change may well fail; the next build says how the whole change does).
    func failed(_ message: String, superseded: Bool = false) {
        guard !superseded else { return }
        state.withLock { $0.error = message }
        broadcaster.send(event: "build-error", data: message)
    }

    /// What superseded builds changed, told now: the changes that superseded them started no build (they changed
    /// nothing the stamps see).
    func tellOwed() {
        if state.withLock({ $0.owed }) { built(changed: true) }
    }

    /// The event stream for one page: a `hello` with the current state, then every event.
    func subscribe() -> HTTPResponse {
        // Subscribe before reading the state, so a build finishing in between is announced at least once.
        var response = broadcaster.subscribe()
        guard case .stream(let events) = response.body else { return response }
        let (stream, continuation) = AsyncStream<[UInt8]>.makeStream(bufferingPolicy: .bufferingNewest(64))
        let (generation, error) = state.withLock { ("\(run).\($0.builds)", $0.error) }
        continuation.yield(Self.hello(Hello(generation: generation, error: error)))
        // The forwarder lives exactly as long as the page's connection: the server cancels the stream it
        // reads when the page goes away, and that cancels the forwarder, which unsubscribes.
        let forwarder = Task {
            for await chunk in events { continuation.yield(chunk) }
            continuation.finish()
        }
        continuation.onTermination = { _ in forwarder.cancel() }
        response.body = .stream(stream)
        return response
    }

    /// Ends every page's stream (they reconnect to the next server) and refuses new subscriptions.
    func finish() {
        broadcaster.finish()
    }

    private static func hello(_ hello: Hello) -> [UInt8] {
        let json = (try? JSONEncoder().encode(hello)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
        return Array("event: hello\ndata: \(json)\n\n".utf8)
    }
}

/// The few bytes that make a served page reload itself: a script served from memory, and the tag that
/// `serve` puts before `</body>` of every HTML answer. Files on disk never contain either.
enum LiveReloadScript {
    static let scriptPath = "/__rmwiki/live-reload.js"
    static let eventsPath = "/__rmwiki/events"

    /// Reads the page's build generation from its own tag, then listens for build events while the page is
    /// shown. The `hello` sent on (re)connection carries the current generation, so a rebuild that finished
    /// while the page was loading or hidden, or a restarted server, still reloads it. Error text goes in with `textContent`.
    static let source = """
        (function () {
          "use strict";
          var tag = document.currentScript;
          var generation = tag ? tag.getAttribute("data-generation") : null;
          var overlay = null;
          function showError(text) {
            if (!overlay) {
              overlay = document.createElement("pre");
              overlay.id = "rmwiki-build-error";
              overlay.setAttribute("role", "alert");
              overlay.style.cssText = "position:fixed;inset:0;z-index:2147483647;margin:0;padding:2rem;overflow:auto;" +
                "background:rgba(32,0,0,.94);color:#fff;font:14px/1.5 ui-monospace,Menlo,Consolas,monospace;white-space:pre-wrap";
              document.body.appendChild(overlay);
            }
            overlay.textContent = "rmwiki: the site did not build; still serving the last good build.\\n\\n" + text;
          }
          function clearError() {
            if (overlay) { overlay.remove(); overlay = null; }
          }
          if (!window.EventSource) return;
          var events = null;
          function listen() {
            events = new EventSource("\(eventsPath)");
            events.addEventListener("hello", function (event) {
              var state = JSON.parse(event.data);
              if (state.generation !== generation) { window.location.reload(); return; }
              if (state.error) showError(state.error); else clearError();
            });
            events.addEventListener("reload", function () { window.location.reload(); });
            events.addEventListener("build-error", function (event) { showError(event.data); });
          }
          // A page left for the back-forward cache would keep its stream, one of the browser's six connections
          // to the preview: a few pages later the next page's pictures wait for a free one. Back in view, the
          // `hello` of a new stream reloads it if the site was rebuilt meanwhile.
          window.addEventListener("pagehide", function () { if (events) { events.close(); events = null; } });
          window.addEventListener("pageshow", function () { if (!events) listen(); });
          listen();
        })();

        """

    static let bytes = Array(source.utf8)

    /// The tag for a page built at `generation` (generations are made of digits and dots only).
    static func tag(generation: String) -> [UInt8] {
        Array("<script src=\"\(scriptPath)\" data-generation=\"\(generation)\"></script>\n".utf8)
    }

    /// The page with the tag before its last `</body>` (matched without regard to case), or at the end
    /// when it has none.
    static func inject(into page: [UInt8], generation: String) -> [UInt8] {
        var result = page
        result.insert(contentsOf: tag(generation: generation), at: lastBodyEnd(in: page) ?? page.endIndex)
        return result
    }

    private static let bodyEnd = Array("</body>".utf8)

    private static func lastBodyEnd(in page: [UInt8]) -> Int? {
        guard page.count >= bodyEnd.count else { return nil }
        for start in stride(from: page.count - bodyEnd.count, through: 0, by: -1) {
            var matches = true
            for (offset, wanted) in bodyEnd.enumerated() where page[start + offset] | 0x20 != wanted | 0x20 {
                matches = false
                break
            }
            if matches { return start }
        }
        return nil
    }
}
