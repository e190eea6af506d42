// The offline page: what this device keeps for offline reading, and "Save the wiki for offline" for this
// page's language (every page and picture, in the cache the service worker answers from). The service worker
// shows this page in place of a page it does not have, so it also says when that happened.
(function () {
  "use strict";
  var root = document.querySelector("[data-offline]");
  if (!root) return;
  var lang = root.getAttribute("data-lang");
  var filesURL = new URL(root.getAttribute("data-files"), window.location.href).href;
  var offlineURL = new URL(".", filesURL).href;
  var savedName = "rmwiki-saved-" + lang;
  var marker = new URL("saved", offlineURL).href;
  var controls = root.querySelector("[data-offline-controls]");
  var saveButton = root.querySelector("[data-offline-save]");
  var removeButton = root.querySelector("[data-offline-remove]");
  var progress = root.querySelector("[data-offline-progress]");
  var statusLine = root.querySelector("[data-offline-status]");
  var list = root.querySelector("[data-offline-list]");
  var number = new Intl.NumberFormat(lang, { maximumFractionDigits: 1 });

  function fill(text, values) {
    Object.keys(values).forEach(function (key) { text = text.split("{" + key + "}").join(String(values[key])); });
    return text;
  }

  // The units are the page's language's ("47,3 Mo" in French), as its number format is.
  function size(bytes) {
    return bytes >= 1e6
      ? fill(root.getAttribute("data-megabytes"), { size: number.format(bytes / 1e6) })
      : fill(root.getAttribute("data-kilobytes"), { size: number.format(Math.max(1, Math.round(bytes / 1e3))) });
  }

  // Shown by the worker at another page's address: that page is not on this device.
  if (window.location.href.split(/[?#]/)[0] !== offlineURL) {
    root.querySelector("[data-offline-missing]").hidden = false;
  }

  if (!("serviceWorker" in navigator) || !window.caches || !document.body.hasAttribute("data-worker")) {
    root.querySelector("[data-offline-unsupported]").hidden = false;
    return;
  }
  controls.hidden = false;

  var files = null;
  function loadList() {
    if (files) return Promise.resolve(files);
    return fetch(filesURL).then(function (response) {
      if (!response.ok) throw new Error("HTTP " + response.status);
      return response.json();
    }).then(function (data) {
      files = data.pages.map(function (entry) { return [entry[0], entry[1]]; }).concat(data.pictures);
      return files;
    });
  }

  function total(entries) { return entries.reduce(function (sum, entry) { return sum + entry[1]; }, 0); }

  function absolute(path) { return new URL(path, new URL(root.getAttribute("data-root") || "/", window.location.href)).href; }

  function showSaved(info) {
    removeButton.hidden = !info;
    if (info) statusLine.textContent = fill(root.getAttribute("data-saved"), { count: number.format(info.count), size: size(info.bytes) });
  }

  function readMarker() {
    return caches.open(savedName).then(function (cache) { return cache.match(marker); })
      .then(function (response) { return response ? response.json() : null; });
  }

  // The size is said before anything is downloaded.
  loadList().then(function (entries) {
    saveButton.textContent = fill(root.getAttribute("data-save"), { size: size(total(entries)) });
  }).catch(function () {});
  caches.has(savedName).then(function (has) { return has ? readMarker() : null; }).then(showSaved).catch(function () {});

  var saving = false;
  saveButton.addEventListener("click", function () {
    if (saving) return;
    saving = true;
    saveButton.disabled = true;
    loadList().then(function (entries) {
      var bytes = total(entries);
      var done = 0, doneBytes = 0, next = 0;
      progress.hidden = false;
      progress.max = entries.length;
      return caches.open(savedName).then(function (cache) {
        function report() {
          progress.value = done;
          statusLine.textContent = fill(root.getAttribute("data-saving"), {
            done: number.format(done), total: number.format(entries.length), size: size(bytes - doneBytes)
          });
        }
        report();
        // Four at a time: quick on a good connection, and a phone stays responsive.
        function worker() {
          if (next >= entries.length) return Promise.resolve();
          var entry = entries[next++];
          var url = absolute(entry[0]);
          return cache.match(url).then(function (hit) {
            if (hit) return;
            return fetch(url, { cache: "no-cache" }).then(function (response) {
              if (!response.ok) throw new Error(entry[0] + ": HTTP " + response.status);
              return cache.put(url, response);
            });
          }).then(function () {
            done += 1;
            doneBytes += entry[1];
            if (done % 10 === 0 || done === entries.length) report();
            return worker();
          });
        }
        return Promise.all([worker(), worker(), worker(), worker()]).then(function () {
          var info = { count: entries.length, bytes: bytes };
          return cache.put(marker, new Response(JSON.stringify(info), { headers: { "Content-Type": "application/json" } }))
            .then(function () { showSaved(info); });
        });
      });
    }).catch(function (error) {
      statusLine.textContent = fill(root.getAttribute("data-failed"), { reason: error && error.message ? error.message : "error" });
    }).then(function () {
      saving = false;
      saveButton.disabled = false;
      progress.hidden = true;
    });
  });

  removeButton.addEventListener("click", function () {
    caches.delete(savedName).then(function () {
      removeButton.hidden = true;
      statusLine.textContent = root.getAttribute("data-removed");
      saveButton.focus();
    });
  });

  // Pages opened on this device, in this language (a title read from each stored page, without the site's
  // name that ends every title).
  var siteSuffix = document.title.lastIndexOf(" · ") === -1 ? "" : document.title.slice(document.title.lastIndexOf(" · "));
  caches.open("rmwiki-visited-pages").then(function (cache) {
    return cache.keys().then(function (requests) {
      var home = new URL(root.getAttribute("data-home"), window.location.href).href;
      var others = Array.prototype.map.call(document.querySelectorAll(".language-switcher a[hreflang]"), function (link) {
        return new URL(link.getAttribute("href"), window.location.href).href;
      }).filter(function (url) { return url.indexOf(home) === 0 && url !== home; });
      var mine = requests.filter(function (request) {
        return request.url.indexOf(home) === 0 && !others.some(function (other) { return request.url.indexOf(other.replace(/offline\/$/, "")) === 0; });
      }).reverse();
      return Promise.all(mine.map(function (request) {
        return cache.match(request).then(function (response) { return response.text(); }).then(function (text) {
          // Parsed, never inserted: the stored page's scripts do not run and its markup goes nowhere.
          var title = new DOMParser().parseFromString(text, "text/html").title || request.url;
          if (siteSuffix && title.length > siteSuffix.length && title.slice(-siteSuffix.length) === siteSuffix) title = title.slice(0, -siteSuffix.length);
          return [request.url, title];
        });
      }));
    });
  }).then(function (pages) {
    if (!pages.length) {
      list.appendChild(document.createElement("li")).textContent = root.getAttribute("data-none");
      return;
    }
    pages.forEach(function (page) {
      var link = document.createElement("a");
      link.href = page[0];
      link.textContent = page[1];
      list.appendChild(document.createElement("li")).appendChild(link);
    });
  }).catch(function () {});
})();
