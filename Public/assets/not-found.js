// Hosts that serve one 404.html for every missing path (GitHub Pages, many nginx setups) show this page, in the
// site's first language, for a broken link into another language's folder too (/fr/…). There, this shows that
// language's own 404 page in its place. Without JavaScript, or when that page cannot be had, the line in that
// language below the message still links to its home page.
(function () {
  "use strict";
  var path = window.location.pathname + "/";
  var chosen = null;
  var lines = document.querySelectorAll("[data-notfound-base]");
  for (var i = 0; i < lines.length; i++) {
    var base = lines[i].getAttribute("data-notfound-base");
    if (path.indexOf(base) === 0 && (!chosen || base.length > chosen.getAttribute("data-notfound-base").length)) {
      chosen = lines[i];
    }
  }
  if (!chosen || !window.fetch || !window.DOMParser) return;
  fetch(chosen.getAttribute("data-notfound-page"), { credentials: "same-origin" })
    .then(function (response) {
      if (!response.ok) throw new Error("HTTP " + response.status);
      return response.text();
    })
    .then(function (text) {
      var page = new DOMParser().parseFromString(text, "text/html");
      if (!page.body || !page.documentElement.lang) return;
      document.documentElement.lang = page.documentElement.lang;
      document.title = page.title;
      var description = page.querySelector('meta[name="description"]');
      var own = document.querySelector('meta[name="description"]');
      if (description && own) own.setAttribute("content", description.getAttribute("content"));
      // Scripts of a parsed document never run, so the other page's copy of this one stays inert.
      document.body.replaceWith(document.adoptNode(page.body));
    })
    .catch(function () {});
})();
