// Search over the compact index written by the build: characters (name, note, type, origin), locations
// (name, type, dimension), episodes (code, name) and the pages of dimensions, species, types and seasons. Every match is reachable: characters come 60 at a
// time with a button for the next ones. Every value from the index is inserted with textContent or
// setAttribute, never as HTML, so names cannot inject markup.
(function () {
  "use strict";
  var root = document.querySelector("[data-search]");
  if (!root) return;
  var fallback = document.querySelector("[data-search-fallback]");
  var errorLine = document.querySelector("[data-search-error]");
  var form = root.querySelector("form");
  var query = root.querySelector("#search-query");
  var status = root.querySelector("#search-status");
  var gender = root.querySelector("#search-gender");
  var species = root.querySelector("#search-species");
  var summary = root.querySelector("#search-summary");
  var more = root.querySelector("#search-more");
  var sections = {
    groups: root.querySelector("#search-groups"),
    locations: root.querySelector("#search-locations"),
    episodes: root.querySelector("#search-episodes"),
    characters: root.querySelector("#search-characters")
  };
  var chips = Array.prototype.slice.call(root.querySelectorAll("[data-query]"));
  var languageLinks = Array.prototype.slice.call(document.querySelectorAll(".language-switcher a[hreflang]"));
  var base = root.getAttribute("data-base");
  var singular = (root.getAttribute("data-plural-one") || "1").split(",").map(Number);
  var pageSize = 60;
  var index = null;
  var characters = [];
  var shown = 0;

  // With JavaScript the search is usable at once: the form shows and says the index is loading; the
  // links for readers without JavaScript step aside (they come back, with the reason, if the download fails).
  root.hidden = false;
  if (fallback) fallback.hidden = true;
  summary.textContent = root.getAttribute("data-loading");
  languageLinks.forEach(function (link) { link.setAttribute("data-href", link.getAttribute("href")); });

  function fold(text) {
    return String(text || "").normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase();
  }

  function fill(text, values) {
    Object.keys(values).forEach(function (key) { text = text.split("{" + key + "}").join(String(values[key])); });
    return text;
  }

  function plural(count) {
    if (count === 0) return root.getAttribute("data-results-none");
    var form = singular.indexOf(count) !== -1 ? "one" : "other";
    return fill(root.getAttribute("data-results-" + form), { count: count });
  }

  // A result's picture is asked for once it comes within a screen of the view: Chromium's own lazy loading
  // asks some 1,250 px ahead, twenty 300-px originals at once for a search as wide as "Rick".
  var nearby = "IntersectionObserver" in window ? new IntersectionObserver(function (entries) {
    entries.forEach(function (entry) {
      if (!entry.isIntersecting) return;
      nearby.unobserve(entry.target);
      reveal(entry.target);
    });
  }, { rootMargin: "100% 0px" }) : null;

  function reveal(image) {
    if (image.getAttribute("data-sizes")) image.sizes = image.getAttribute("data-sizes");
    if (image.getAttribute("data-srcset")) image.srcset = image.getAttribute("data-srcset");
    image.src = image.getAttribute("data-src");
  }

  function element(name, className, text) {
    var node = document.createElement(name);
    if (className) node.className = className;
    if (text !== undefined) node.textContent = text;
    return node;
  }

  function link(path, text, className) {
    var node = element("a", className, text);
    node.href = base + path;
    return node;
  }

  function card(entry) {
    var genderBadge = index.genders[entry[3]] || { label: "", cssClass: "gender-unknown" };
    var statusBadge = index.statuses[entry[2]] || { label: "", female: "", cssClass: "status-unknown" };
    var item = element("li", "card character-card " + genderBadge.cssClass);
    var anchor = link("characters/" + entry[0] + "/", undefined, "card-link");
    // The link already names the character, so the picture is decorative.
    var image = element("img", "card-image");
    // The card's copy for a 1× screen, named as the build names it; the original stays the largest candidate.
    if (entry[9] && index.cardImage) {
      image.setAttribute("data-sizes", index.cardImage.sizes);
      image.setAttribute("data-srcset", index.cardImage.copy.replace("{id}", entry[0]).replace("{ext}", entry[9])
        + " " + index.cardImage.width + "w, " + entry[5] + " 300w");
    }
    image.setAttribute("data-src", entry[5]);
    image.alt = "";
    image.width = 300;
    image.height = 300;
    image.loading = "lazy";
    if (nearby) nearby.observe(image);
    else reveal(image);
    anchor.appendChild(image);
    anchor.appendChild(element("span", "card-name", entry[1]));
    if (entry[6]) anchor.appendChild(element("span", "card-note", entry[6]));
    var meta = element("p", "card-meta");
    var label = genderBadge.cssClass === "gender-female" && statusBadge.female ? statusBadge.female : statusBadge.label;
    meta.appendChild(element("span", "badge " + statusBadge.cssClass, label));
    meta.appendChild(element("span", "card-detail", " " + (index.species[entry[4]] || "") + " · " + genderBadge.label));
    item.appendChild(anchor);
    item.appendChild(meta);
    return item;
  }

  function placeRow(entry) {
    var item = element("li");
    item.appendChild(link("locations/" + entry[0] + "/", entry[1]));
    item.appendChild(element("span", "result-meta", " " + entry[2] + " · " + entry[3]));
    return item;
  }

  function groupRow(entry) {
    var item = element("li");
    item.appendChild(link(entry[0], entry[1]));
    item.appendChild(element("span", "result-meta", " " + entry[2]));
    return item;
  }

  function episodeRow(entry) {
    var item = element("li");
    item.appendChild(element("span", "episode-code", entry[1] + " "));
    item.appendChild(link("episodes/" + entry[0] + "/", entry[2]));
    item.appendChild(element("span", "result-meta", " " + entry[3]));
    return item;
  }

  function every(words, text) {
    return words.every(function (word) { return text.indexOf(word) !== -1; });
  }

  /// Folded text is computed once per record and kept on it.
  function folded(entry, fields) {
    if (entry.folded === undefined) entry.folded = fold(fields.map(function (field) { return entry[field]; }).join(" "));
    return entry.folded;
  }

  // With the service worker, each result says whether it opens offline (it is in one of the worker's caches);
  // away from the network, those that do not are dimmed.
  var worker = "serviceWorker" in navigator && window.caches && navigator.serviceWorker.controller;
  function markOffline(items) {
    if (!worker) return;
    Array.prototype.forEach.call(items, function (item) {
      var anchor = item.querySelector("a");
      if (!anchor) return;
      // An exact address (pages are stored without a query): `ignoreSearch` would read every stored entry.
      caches.match(anchor.href.split(/[?#]/)[0]).then(function (hit) {
        if (!hit && navigator.onLine) return;
        var note = element("span", hit ? "offline-note offline-yes" : "offline-note offline-no",
          hit ? root.getAttribute("data-offline-yes") : root.getAttribute("data-offline-no"));
        item.classList.toggle("offline-unavailable", !hit);
        (item.querySelector(".card-meta") || item).appendChild(note);
      });
    });
  }

  function show(name, list, draw) {
    var section = sections[name];
    var target = section.querySelector("[data-list]");
    var fragment = document.createDocumentFragment();
    list.forEach(function (entry) { fragment.appendChild(draw(entry)); });
    target.replaceChildren(fragment);
    markOffline(target.children);
    section.querySelector("[data-count]").textContent = list.length ? "(" + list.length + ")" : "";
    section.hidden = list.length === 0;
  }

  function showMoreCharacters(focusFirst) {
    var list = sections.characters.querySelector("[data-list]");
    var next = characters.slice(shown, shown + pageSize);
    var fragment = document.createDocumentFragment();
    next.forEach(function (entry) { fragment.appendChild(card(entry)); });
    var firstNew = fragment.firstChild;
    var added = Array.prototype.slice.call(fragment.children);
    list.appendChild(fragment);
    markOffline(added);
    shown += next.length;
    var rest = characters.length - shown;
    more.hidden = rest <= 0;
    if (rest > 0) more.textContent = fill(root.getAttribute("data-more"), { count: Math.min(pageSize, rest) });
    // Keyboard and screen-reader users land on the first new card, not back at the top.
    if (focusFirst && firstNew) firstNew.querySelector("a").focus();
  }

  // What the results were last drawn for: an event that changes nothing (the field losing focus fires
  // `change`) must not redraw them, or the result under a finger is replaced before its click lands.
  var drawn = null;

  function update() {
    if (!index) return;
    var state = [query.value.trim(), status.value, gender.value, species.value].join("\u0000");
    if (state === drawn) return;
    drawn = state;
    var words = fold(query.value.trim()).split(/\s+/).filter(Boolean);
    var wantStatus = status.value === "" ? -1 : Number(status.value);
    var wantGender = gender.value === "" ? -1 : Number(gender.value);
    var wantSpecies = species.value === "" ? -1 : Number(species.value);
    var filtering = wantStatus >= 0 || wantGender >= 0 || wantSpecies >= 0;
    // Name matches first, then the characters found by their type or origin.
    var byName = [], byOther = [];
    index.characters.forEach(function (entry) {
      if (wantStatus >= 0 && entry[2] !== wantStatus) return;
      if (wantGender >= 0 && entry[3] !== wantGender) return;
      if (wantSpecies >= 0 && entry[4] !== wantSpecies) return;
      if (entry.name === undefined) entry.name = fold(entry[1]);
      if (every(words, entry.name)) byName.push(entry);
      else if (every(words, folded(entry, [1, 6, 7, 8]))) byOther.push(entry);
    });
    characters = byName.concat(byOther);
    // Groups, places and episodes answer a typed query; the filters are about characters only.
    var places = words.length && !filtering
      ? index.locations.filter(function (entry) { return every(words, folded(entry, [1, 2, 3])); }) : [];
    var episodes = words.length && !filtering
      ? index.episodes.filter(function (entry) { return every(words, folded(entry, [1, 2])); }) : [];
    var groups = words.length && !filtering
      ? (index.groups || []).filter(function (entry) { return every(words, folded(entry, [1, 2])); }) : [];
    show("groups", groups, groupRow);
    show("locations", places, placeRow);
    show("episodes", episodes, episodeRow);
    show("characters", [], card);
    shown = 0;
    sections.characters.hidden = characters.length === 0;
    sections.characters.querySelector("[data-count]").textContent = characters.length ? "(" + characters.length + ")" : "";
    showMoreCharacters(false);
    summary.textContent = plural(groups.length + places.length + episodes.length + characters.length);

    chips.forEach(function (chip) {
      chip.setAttribute("aria-pressed", String(fold(chip.getAttribute("data-query")) === words.join(" ")));
    });
    var params = new URLSearchParams();
    if (query.value.trim()) params.set("q", query.value.trim());
    ["status", "gender", "species"].forEach(function (name) {
      var field = form.elements[name];
      if (field.value !== "") params.set(name, field.value);
    });
    var search = params.toString();
    history.replaceState(null, "", search ? "?" + search : window.location.pathname);
    // The other languages' search pages open on the same query (their filters are numbered alike).
    languageLinks.forEach(function (link) {
      link.setAttribute("href", link.getAttribute("data-href") + (search ? "?" + search : ""));
    });
  }

  var initial = new URLSearchParams(window.location.search);
  query.value = initial.get("q") || "";
  ["status", "gender", "species"].forEach(function (name) {
    if (initial.has(name)) form.elements[name].value = initial.get(name);
  });

  form.addEventListener("submit", function (event) { event.preventDefault(); update(); });
  form.addEventListener("input", update);
  // Older browsers fire no `input` for a select; a text field's `change` (on blur) is left out.
  form.addEventListener("change", function (event) { if (event.target !== query) update(); });
  more.addEventListener("click", function () { showMoreCharacters(true); });
  chips.forEach(function (chip) {
    chip.addEventListener("click", function () { query.value = chip.getAttribute("data-query"); update(); query.focus(); });
  });

  fetch(root.getAttribute("data-index"))
    .then(function (response) {
      if (!response.ok) throw new Error("HTTP " + response.status);
      return response.json();
    })
    .then(function (data) {
      index = data;
      update();
    })
    .catch(function (error) {
      // Say what happened, and offer the indexes instead of a search that cannot work.
      root.hidden = true;
      if (errorLine) {
        errorLine.textContent = fill(root.getAttribute("data-failed") || "", { reason: error && error.message ? error.message : "error" });
        errorLine.hidden = false;
      }
      if (fallback) fallback.hidden = false;
    });
})();
