/// The few bytes that make a served page reload itself: a script served from memory, and the tag that
/// `serve` puts before `</body>` of every HTML answer. Files on disk never contain either.
enum LiveReloadScript {
    static let scriptPath = "/__rmwiki/live-reload.js"
    static let eventsPath = "/__rmwiki/events"

    /// Reads the page's build generation from its own tag, then listens for build events. The `hello`
    /// sent on (re)connection carries the current generation, so a rebuild that finished while the page
    /// was loading, or a restarted server, still reloads it. Error text goes in with `textContent`.
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
          var events = new EventSource("\(eventsPath)");
          events.addEventListener("hello", function (event) {
            var state = JSON.parse(event.data);
            if (state.generation !== generation) { window.location.reload(); return; }
            if (state.error) showError(state.error); else clearError();
          });
          events.addEventListener("reload", function () { window.location.reload(); });
          events.addEventListener("build-error", function (event) { showError(event.data); });
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
