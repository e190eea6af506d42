// What every page gets: the service worker (offline reading, install), "Back to top" once a reader is a few
// screens down, and "Random character". Without JavaScript the links still go somewhere: the top of the page
// and the character of the day.
(function () {
  "use strict";
  // The layout puts the site's root, and the worker's address when the site has one, on <body>.
  var worker = document.body.getAttribute("data-worker");

  if ("serviceWorker" in navigator) {
    var scope = new URL(document.body.getAttribute("data-root") || "/", window.location.href).href;
    // `rmwiki serve` puts its live-reload script in every page: a preview must not keep pages offline.
    var preview = document.querySelector("script[src*='/__rmwiki/']");
    if (worker && !preview) {
      // After the page has loaded: the worker's install downloads the shared files for offline reading, which
      // must not hold up the first page's pictures on a slow phone connection.
      var register = function () {
        navigator.serviceWorker.register(worker, { scope: scope }).then(function () {
          return navigator.serviceWorker.ready;
        }).then(function (registration) {
          // The worker stores what this page's language needs offline (its search index, home, search and
          // offline pages) the first time a page of that language asks: a reader of one language never
          // downloads the other's.
          if (registration.active) registration.active.postMessage({ read: window.location.pathname });
        }).catch(function () {
          // No worker (a private window, say): every page still works online.
        });
      };
      if (document.readyState === "complete") register();
      else window.addEventListener("load", register);
    } else {
      navigator.serviceWorker.getRegistrations().then(function (registrations) {
        registrations.forEach(function (registration) {
          if (registration.scope.indexOf(scope) === 0) registration.unregister();
        });
      }).catch(function () {});
    }
  }

  // Pictures below the first screen wait behind a <source media="(scripting: enabled)"> showing nothing (a
  // browser without scripts skips it and loads them lazily itself) until they come into view; once the reader
  // scrolls, from a screen ahead. A first visit then fetches its first screen's pictures only: Chromium's own
  // lazy loading reaches some 1,250 px below the screen, and no attribute changes that.
  var waiting = Array.prototype.slice.call(document.querySelectorAll("picture > source[media='(scripting: enabled)']"));
  var release = function (source) {
    if (source && source.parentNode) source.parentNode.removeChild(source);
  };
  var watch = function (margin) {
    var observer = new IntersectionObserver(function (entries) {
      entries.forEach(function (entry) {
        if (!entry.isIntersecting) return;
        observer.unobserve(entry.target);
        release(entry.target.parentNode.querySelector("source"));
      });
    }, { rootMargin: margin });
    waiting.forEach(function (source) {
      var image = source.parentNode && source.parentNode.querySelector("img");
      if (image) observer.observe(image);
    });
    return observer;
  };
  if (waiting.length && !("IntersectionObserver" in window)) waiting.forEach(release);
  else if (waiting.length) {
    var inView = watch("0px");
    var ahead = function () {
      window.removeEventListener("scroll", ahead);
      inView.disconnect();
      waiting = waiting.filter(function (source) { return source.parentNode; });
      watch("100% 0px");
    };
    window.addEventListener("scroll", ahead, { passive: true });
    // A printed page shows every picture.
    window.addEventListener("beforeprint", function () { waiting.forEach(release); });
  }

  // Back to top: a fixed button past three screens; focus goes to the main content, so a keyboard or
  // screen-reader user continues from the top too.
  var top = document.querySelector("[data-back-to-top]");
  if (top) {
    var holder = top.parentNode;
    holder.classList.add("back-to-top-floating");
    var shown = null;
    var check = function () {
      var show = window.scrollY > window.innerHeight * 3;
      if (show === shown) return;
      shown = show;
      holder.classList.toggle("is-shown", show);
      holder.hidden = !show;
    };
    window.addEventListener("scroll", check, { passive: true });
    window.addEventListener("resize", check, { passive: true });
    check();
    top.addEventListener("click", function (event) {
      event.preventDefault();
      var still = window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
      window.scrollTo({ top: 0, behavior: still ? "auto" : "smooth" });
      var main = document.getElementById("main");
      if (main) main.focus({ preventScroll: true });
    });
  }

  // Random character: any of them, from the id ranges the link carries ("1-826" or "1-3,5-9").
  Array.prototype.forEach.call(document.querySelectorAll("[data-random-character]"), function (link) {
    var ranges = (link.getAttribute("data-ids") || "").split(",").map(function (part) {
      var bounds = part.split("-").map(Number);
      return [bounds[0], bounds.length > 1 ? bounds[1] : bounds[0]];
    }).filter(function (range) { return range[0] > 0 && range[1] >= range[0]; });
    var total = ranges.reduce(function (sum, range) { return sum + range[1] - range[0] + 1; }, 0);
    var pattern = link.getAttribute("data-pattern");
    if (!total || !pattern) return;
    function pick() {
      var chosen = Math.floor(Math.random() * total);
      for (var index = 0; index < ranges.length; index++) {
        var size = ranges[index][1] - ranges[index][0] + 1;
        if (chosen < size) return pattern.replace("{id}", String(ranges[index][0] + chosen));
        chosen -= size;
      }
      return link.href;
    }
    link.addEventListener("click", function (event) {
      if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button) return;
      event.preventDefault();
      window.location.href = pick();
    });
    // Opened directly (a bookmark, the app's shortcut): any character, not only today's.
    if (document.querySelector("[data-random-page]")) window.location.replace(pick());
  });
})();
