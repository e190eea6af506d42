// Search over the compact index written by the build: characters (name, note, type, origin), locations
// (name, type, dimension), episodes (code, name), each record by the data's name too where the language has its own, the
// pages of dimensions, species, types and seasons, and the articles. Every match is reachable: each group comes 20 at a time with a button for the next ones. Every
// value from the index is inserted with textContent or setAttribute, never as HTML, so names cannot inject markup.
//
// Ranking, as MiniSearch and Pagefind do it, runs over the index's distinct words, not its records: each word
// of the query is compared once with each distinct word (a character's name shares "Rick" or "Smith" with
// dozens), and the records come from the words that matched. A record's tier is its query's worst-matched
// word: 0 the whole word, 1 its start, 2 inside it, 3 and 4 within one or two slips (Damerau–Levenshtein,
// bounded as Fuse.js bounds its distance: one slip from 4 letters, two from 8), each 5 lower when the word
// is not in the name (a type, an origin, a dimension). A name equal to the whole query comes first of its
// kind; among equals the best-known record comes first: a character's episodes, a place's residents, an
// episode's cast. Sections follow their best result's tier, then how well known it is among its kind.
// From Lunr and MiniSearch: a term dictionary searched for prefixes and fuzzy terms; from Fuse.js: a
// distance bounded by the word's length; from Pagefind: a small index fetched once, ranked on the device.
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
  var suggestion = root.querySelector("#search-suggestion");
  var results = root.querySelector("#search-sections");
  var kinds = ["characters", "locations", "episodes", "groups", "articles"];
  var sections = {};
  kinds.forEach(function (kind) { sections[kind] = root.querySelector("#search-" + kind); });
  var chips = Array.prototype.slice.call(root.querySelectorAll("[data-query]"));
  var languageLinks = Array.prototype.slice.call(document.querySelectorAll(".language-switcher a[hreflang]"));
  var base = root.getAttribute("data-base");
  var singular = (root.getAttribute("data-plural-one") || "1").split(",").map(Number);
  var pageSize = 20;
  var index = null;
  var matcher = null;

  // With JavaScript the search is usable at once: the form shows, says the index is loading and takes the
  // cursor (the header's magnifier leads here, so one tap opens the keyboard); the links for readers without
  // JavaScript step aside (they come back, with the reason, if the download fails).
  root.hidden = false;
  if (fallback) fallback.hidden = true;
  summary.textContent = root.getAttribute("data-loading");
  languageLinks.forEach(function (link) { link.setAttribute("data-href", link.getAttribute("href")); });

  // Case, accents and punctuation never matter: "Mr. Poopybutthole" is "mr poopybutthole"; an apostrophe
  // joins ("Rick's" is "ricks").
  function fold(text) {
    return String(text || "").normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase()
      .replace(/['\u2019]/g, "").replace(/[^\p{L}\p{N}]+/gu, " ").trim();
  }

  // An episode code in any form a fan writes it (S3E3, s03e03, 3x03) as the index writes it: s03e03.
  function episodeCode(word) {
    var code = /^(?:s(\d{1,2})e|(\d{1,2})x)(\d{1,3})$/.exec(word);
    if (!code) return word;
    var pad = function (number) { return (number.length < 2 ? "0" : "") + number; };
    return "s" + pad(code[1] || code[2]) + "e" + pad(code[3]);
  }

  function wordsOf(text) {
    return fold(text).split(" ").filter(Boolean).map(episodeCode);
  }

  // How many slips a word may hold: none below 4 letters (3 letters in a query of several words, "rik sanchez",
  // where the other words keep it from matching everything), one up to 7, two from 8. None in a word with a
  // digit: S03E03 is not one slip from S03E04, nor C-137 from C-136.
  function slipsAllowed(word, many) {
    if (/\d/.test(word)) return 0;
    if (word.length >= 8) return 2;
    if (word.length >= 4 || (many && word.length === 3)) return 1;
    return 0;
  }

  // A word's letters as bits (a character's code modulo 32), for a cheap bound before the edit distance: each letter
  // of the query that a word lacks costs a slip, so a word lacking more letters than the slips allowed is skipped.
  function letters(word) {
    var bits = 0;
    for (var i = 0; i < word.length; i++) bits |= 1 << (word.charCodeAt(i) & 31);
    return bits;
  }

  function countBits(bits) {
    bits -= (bits >>> 1) & 0x55555555;
    bits = (bits & 0x33333333) + ((bits >>> 2) & 0x33333333);
    return (((bits + (bits >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
  }

  // Damerau–Levenshtein (optimal string alignment) distance of `word` to `token`, or to a start of it when
  // `start` (a fan is still typing), or Infinity past `limit`. Only the cells within `limit` of the diagonal can
  // stay within it (Ukkonen's band), so the others count as limit + 1 and a row is at most 2 × limit + 1 cells;
  // a row whose least value exceeds the limit ends the comparison. `rows` are three reused rows (`scratchRows`).
  function slips(word, token, limit, start, rows) {
    var m = word.length;
    // No start of the token longer than the word and its slips can be within them.
    var n = start ? Math.min(token.length, m + limit) : token.length;
    if (m - n > limit || (!start && n - m > limit)) return Infinity;
    var before = rows[0], previous = rows[1], current = rows[2], spare;
    var far = limit + 1;
    var j;
    for (j = 0; j <= n; j++) previous[j] = j <= limit ? j : far;
    for (var i = 1; i <= m; i++) {
      var low = Math.max(1, i - limit), high = Math.min(n, i + limit);
      var letter = word.charCodeAt(i - 1), last = i > 1 ? word.charCodeAt(i - 2) : -1;
      current[0] = i <= limit ? i : far;
      current[low - 1] = low === 1 ? current[0] : far;
      var least = current[low - 1];
      for (j = low; j <= high; j++) {
        var other = token.charCodeAt(j - 1);
        var value = previous[j - 1] + (letter === other ? 0 : 1);
        if (previous[j] + 1 < value) value = previous[j] + 1;
        if (current[j - 1] + 1 < value) value = current[j - 1] + 1;
        if (j > 1 && letter === token.charCodeAt(j - 2) && last === other && before[j - 2] + 1 < value) value = before[j - 2] + 1;
        if (value > far) value = far;
        current[j] = value;
        if (value < least) least = value;
      }
      if (high < n) current[high + 1] = far;
      if (least > limit) return Infinity;
      spare = before;
      before = previous;
      previous = current;
      current = spare;
    }
    // The whole token, or a start of it at least as long as the word less its slips.
    var best = previous[n];
    if (start) for (j = Math.max(0, m - limit); j < n; j++) if (previous[j] < best) best = previous[j];
    return best <= limit ? best : Infinity;
  }

  function scratchRows(length) {
    return [new Int32Array(length + 2), new Int32Array(length + 2), new Int32Array(length + 2)];
  }

  // The records of every kind in one list, and each distinct word with the records holding it: in their
  // name (`name`) or elsewhere (`other`). Everything a keystroke would otherwise redo is done here, once: the
  // words folded and split, their table sorted, their letters, each record's place among equals.
  function Matcher(data) {
    var records = [];
    var words = new Map();
    // `alias`: a second name, ranked as the name (a record's name in the data beside the language's own).
    function add(kind, entry, name, others, popularity, alias) {
      var record = {
        kind: kind, entry: entry, name: fold(name), code: kind === "episodes" ? fold(entry[1]) : "",
        alias: alias ? fold(alias) : "", popularity: popularity || 0, order: records.length,
      };
      var position = records.length;
      records.push(record);
      function post(text, field) {
        fold(text).split(" ").forEach(function (token) {
          if (!token) return;
          var posting = words.get(token);
          if (!posting) { posting = { name: [], other: [] }; words.set(token, posting); }
          var list = posting[field];
          if (list[list.length - 1] !== position) list.push(position);
        });
      }
      post(name, "name");
      if (alias) post(alias, "name");
      others.forEach(function (text) { post(text, "other"); });
    }
    data.characters.forEach(function (entry) {
      add("characters", entry, entry[1], [entry[6], entry[7], entry[8]], entry[10], entry[11]);
    });
    data.locations.forEach(function (entry) { add("locations", entry, entry[1], [entry[2], entry[3]], entry[4], entry[5]); });
    data.episodes.forEach(function (entry) { add("episodes", entry, entry[2], [entry[1]], entry[4], entry[5]); });
    (data.groups || []).forEach(function (entry) { add("groups", entry, entry[1], [entry[2]], entry[3]); });
    (data.articles || []).forEach(function (entry) { add("articles", entry, entry[1], [entry[2]], 0); });
    // How well known a record is beside the best known of its kind, so that sections can be compared: Morty
    // Smith (all 51 episodes) is better known than the location called "Morty" (one resident).
    // Group pages are compared within their own kind (a dimension with dimensions, not with species).
    var most = {};
    function family(record) { return record.kind === "groups" ? "groups " + record.entry[2] : record.kind; }
    records.forEach(function (record) { most[family(record)] = Math.max(most[family(record)] || 0, record.popularity); });
    records.forEach(function (record) {
      record.fame = most[family(record)] ? record.popularity / most[family(record)] : 0;
    });
    this.records = records;
    // The distinct words in order, so that the words starting with a query's word are one range found by binary
    // search (Lunr's and MiniSearch's term dictionaries).
    this.words = Array.from(words.keys()).sort();
    this.postings = this.words.map(function (word) { return words.get(word); });
    this.letters = Int32Array.from(this.words, letters);
    // Among records of equal match, the best known first, then the shorter name, then the index's order: that
    // order once, so a keystroke sorts numbers, not records.
    this.byFame = records.slice().sort(function (a, b) {
      return b.popularity - a.popularity || a.name.length - b.name.length || a.order - b.order;
    });
    this.fameRank = new Int32Array(records.length);
    for (var r = 0; r < this.byFame.length; r++) this.fameRank[this.byFame[r].order] = r;
    // Per keystroke: each record's level for the word at hand (255: none), its tier and total so far.
    this.level = new Uint8Array(records.length).fill(255);
    this.tier = new Uint8Array(records.length);
    this.total = new Int32Array(records.length);
    this.rows = scratchRows(this.words.reduce(function (most, word) { return Math.max(most, word.length); }, 16));
    // The words each query word matched, for the keystrokes that follow (see `matches`).
    this.known = new Map();
  }

  // The first word in the table that is not before `word`.
  Matcher.prototype.firstFrom = function (word) {
    var low = 0, high = this.words.length;
    while (low < high) {
      var middle = (low + high) >>> 1;
      if (this.words[middle] < word) low = middle + 1;
      else high = middle;
    }
    return low;
  };

  // How `token` matches `word`: 0 the whole word, 1 its start, 2 inside it, 3 and 4 within one or two slips of
  // its start; -1 not at all.
  Matcher.prototype.levelOf = function (word, wanted, limit, t) {
    var token = this.words[t];
    if (token === word) return 0;
    if (token.lastIndexOf(word, 0) === 0) return 1;
    if (token.indexOf(word) !== -1) return 2;
    if (limit === 0 || token.length < word.length - limit || countBits(wanted & ~this.letters[t]) > limit) return -1;
    var distance = slips(word, token, limit, true, this.rows);
    return distance === Infinity ? -1 : 2 + distance;
  };

  // The distinct words `word` matches within `limit` slips, as pairs (word number, level) in one flat list.
  // A word's matches are among those of each start of it with the same slips (a word holding "ricks", or
  // starting within a slip of it, holds or starts within a slip of "rick"), so while a fan types, a keystroke
  // compares only the words the previous one matched, as MiniSearch narrows a search as it goes.
  Matcher.prototype.matches = function (word, limit) {
    var key = limit + " " + word;
    var found = this.known.get(key);
    if (found) return found;
    var earlier = null;
    for (var cut = word.length - 1; cut > 0 && !earlier; cut--) earlier = this.known.get(limit + " " + word.slice(0, cut)) || null;
    var wanted = letters(word);
    var level, t;
    found = [];
    if (earlier) {
      for (var p = 0; p < earlier.length; p += 2) {
        level = this.levelOf(word, wanted, limit, earlier[p]);
        if (level >= 0) found.push(earlier[p], level);
      }
    } else {
      // The words starting with it are one range of the table; the others may hold it or be near it.
      var first = this.firstFrom(word), end = first;
      while (end < this.words.length && this.words[end].lastIndexOf(word, 0) === 0) {
        found.push(end, this.words[end] === word ? 0 : 1);
        end++;
      }
      for (t = 0; t < this.words.length; t++) {
        if (t === first && end > first) { t = end - 1; continue; }
        level = this.levelOf(word, wanted, limit, t);
        if (level >= 0) found.push(t, level);
      }
    }
    // A bounded memory: a long session's words are forgotten and found again.
    if (this.known.size >= 256) this.known.clear();
    this.known.set(key, found);
    return found;
  };

  // Each record matching every word of `text`, best first: [{record, tier, total}].
  Matcher.prototype.rank = function (text) {
    var wanted = wordsOf(text);
    if (!wanted.length) return [];
    var records = this.records, level = this.level, tier = this.tier, total = this.total;
    var many = wanted.length > 1;
    var alive = [];
    var p, position;
    for (var w = 0; w < wanted.length; w++) {
      var matched = this.matches(wanted[w], slipsAllowed(wanted[w], many));
      var touched = [];
      for (p = 0; p < matched.length; p += 2) {
        var posting = this.postings[matched[p]];
        mark(level, touched, posting.name, matched[p + 1]);
        mark(level, touched, posting.other, matched[p + 1] + 5);
      }
      if (w === 0) {
        for (p = 0; p < touched.length; p++) {
          position = touched[p];
          tier[position] = total[position] = level[position];
        }
        alive = touched;
      } else {
        // A record stays only if each word so far matched it.
        var next = [];
        for (p = 0; p < alive.length; p++) {
          position = alive[p];
          if (level[position] === 255) continue;
          if (level[position] > tier[position]) tier[position] = level[position];
          total[position] += level[position];
          next.push(position);
        }
        alive = next;
      }
      for (p = 0; p < touched.length; p++) level[touched[p]] = 255;
    }
    // One number a record orders by: its tier, its total (a name that is the whole query first of its kind,
    // at -1), its place among equals; sorted as numbers.
    var whole = wanted.join(" ");
    var count = records.length, span = 10 * wanted.length + 2;
    var keys = new Float64Array(alive.length);
    for (p = 0; p < alive.length; p++) {
      position = alive[p];
      var record = records[position];
      if (record.name === whole || record.code === whole || record.alias === whole) total[position] = -1;
      keys[p] = (tier[position] * span + total[position] + 1) * count + this.fameRank[position];
    }
    keys.sort();
    var found = new Array(keys.length);
    for (p = 0; p < keys.length; p++) {
      var chosen = this.byFame[keys[p] % count];
      found[p] = { record: chosen, tier: tier[chosen.order], total: total[chosen.order] };
    }
    return found;
  };

  // Each record at `positions` at `value`, unless the word already matched it better; `touched` lists them.
  function mark(level, touched, positions, value) {
    for (var p = 0; p < positions.length; p++) {
      var had = level[positions[p]];
      if (had === 255) touched.push(positions[p]);
      if (value < had) level[positions[p]] = value;
    }
  }

  // The names nearest to a query nothing matched: each distinct word within half the length (at least two
  // slips) of the query's longest word ("brdprsn" is three from "birdperson"), the nearest and best known first.
  Matcher.prototype.nearest = function (text, count) {
    var wanted = wordsOf(text).sort(function (a, b) { return b.length - a.length; })[0];
    if (!wanted || wanted.length < 3) return [];
    var limit = Math.max(2, Math.ceil(wanted.length / 2));
    var bits = letters(wanted);
    var scored = [];
    var records = this.records;
    for (var t = 0; t < this.words.length; t++) {
      if (countBits(bits & ~this.letters[t]) > limit) continue;
      var distance = slips(wanted, this.words[t], limit, false, this.rows);
      if (distance === Infinity) continue;
      this.postings[t].name.forEach(function (position) { scored.push({ record: records[position], distance: distance }); });
    }
    scored.sort(function (a, b) {
      return a.distance - b.distance || b.record.popularity - a.record.popularity || a.record.order - b.record.order;
    });
    var seen = new Set();
    return scored.filter(function (item) {
      if (seen.has(item.record.order)) return false;
      seen.add(item.record.order);
      return true;
    }).slice(0, count).map(function (item) { return item.record; });
  };

  function fill(text, values) {
    Object.keys(values).forEach(function (key) { text = text.split("{" + key + "}").join(String(values[key])); });
    return text;
  }

  function plural(count) {
    if (count === 0) return root.getAttribute("data-results-none");
    var form = singular.indexOf(count) !== -1 ? "one" : "other";
    return fill(root.getAttribute("data-results-" + form), { count: count });
  }

  // A result's face is asked for once it comes within a screen of the view: Chromium's own lazy loading
  // asks some 1,250 px ahead.
  var nearby = "IntersectionObserver" in window ? new IntersectionObserver(function (entries) {
    entries.forEach(function (entry) {
      if (!entry.isIntersecting) return;
      nearby.unobserve(entry.target);
      reveal(entry.target);
    });
  }, { rootMargin: "100% 0px" }) : null;

  function reveal(image) {
    if (image.getAttribute("data-srcset")) {
      image.sizes = "2.75rem";
      image.srcset = image.getAttribute("data-srcset");
    }
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

  function recordPath(record) {
    var entry = record.entry;
    if (record.kind === "groups" || record.kind === "articles") return entry[0];
    return record.kind + "/" + entry[0] + "/";
  }

  // As a suggestion names it: an episode with its code, a namesake with its note ("Birdperson · Soulless Puppet").
  function recordName(record) {
    var entry = record.entry;
    if (record.kind === "episodes") return entry[1] + " " + entry[2];
    return record.kind === "characters" && entry[6] ? entry[1] + " · " + entry[6] : entry[1];
  }

  // The original picture's address: the index keeps its extension alone when it sits where pictures do.
  function original(entry) {
    return entry[5].indexOf("/") === -1 ? index.avatar.replace("{id}", entry[0]).replace("{ext}", entry[5]) : entry[5];
  }

  // A character as a row, as the pages' rows of faces: the face's copies for 1×, 2× and 3× screens (2.75rem),
  // the gender's colour, the name and its namesake note, the status, species and gender.
  function characterRow(entry) {
    var genderBadge = index.genders[entry[3]] || { label: "", cssClass: "gender-unknown" };
    var statusBadge = index.statuses[entry[2]] || { label: "", female: "", cssClass: "status-unknown" };
    var item = element("li", "character-row " + genderBadge.cssClass);
    // The link names the character, so the face is decorative.
    var image = element("img", "card-image");
    var src = original(entry);
    if (entry[9] && index.faces) {
      image.setAttribute("data-srcset", index.faces.sides.map(function (side) {
        return index.faces.copy.replace("{id}", entry[0]).replace("{side}", side).replace("{ext}", entry[9]) + " " + side + "w";
      }).concat([src + " 300w"]).join(", "));
    }
    image.setAttribute("data-src", src);
    image.alt = "";
    image.width = 300;
    image.height = 300;
    image.loading = "lazy";
    image.decoding = "async";
    if (nearby) nearby.observe(image);
    else reveal(image);
    item.appendChild(image);
    var text = element("span", "row-text");
    text.appendChild(link("characters/" + entry[0] + "/", entry[1]));
    if (entry[6]) {
      text.appendChild(document.createTextNode(" "));
      text.appendChild(element("span", "card-note", entry[6]));
    }
    var meta = element("span", "row-count");
    var label = genderBadge.cssClass === "gender-female" && statusBadge.female ? statusBadge.female : statusBadge.label;
    meta.appendChild(element("span", "badge " + statusBadge.cssClass, label));
    meta.appendChild(document.createTextNode(" " + (index.species[entry[4]] || "") + " · " + genderBadge.label));
    text.appendChild(meta);
    item.appendChild(text);
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

  var rows = { characters: characterRow, locations: placeRow, episodes: episodeRow, groups: groupRow, articles: groupRow };

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
        (item.querySelector(".row-count") || item).appendChild(note);
      });
    });
  }

  // Each group comes 20 rows at a time with a button for the next ones, so every match is reachable and a
  // keystroke draws at most 20 rows a group (a first letter matches thousands of records at 10× the data).
  var pages = {};
  kinds.forEach(function (kind) {
    var more = sections[kind].querySelector(".more-button");
    if (!more) {
      var holder = element("p");
      more = element("button", "more-button");
      more.type = "button";
      more.hidden = true;
      holder.appendChild(more);
      sections[kind].appendChild(holder);
    }
    pages[kind] = { list: [], shown: 0, more: more };
    more.addEventListener("click", function () { showMore(kind, true); });
  });

  function same(shown, list) {
    if (shown.length !== list.length) return false;
    for (var i = 0; i < list.length; i++) if (shown[i] !== list[i]) return false;
    return true;
  }

  function show(kind, list) {
    var section = sections[kind];
    // The same records as the keystroke before ("rick sanche", "rick sanchez"): nothing to draw again.
    if (same(pages[kind].list, list)) return;
    pages[kind].list = list;
    pages[kind].shown = 0;
    section.querySelector("[data-list]").replaceChildren();
    section.querySelector("[data-count]").textContent = list.length ? "(" + list.length + ")" : "";
    section.hidden = list.length === 0;
    showMore(kind, false);
  }

  // A record's row is built once and kept: the next keystrokes mostly show the same records again ("rick s",
  // "rick sa" …), and a kept row keeps its face and its offline note.
  var built = new WeakMap();

  function showMore(kind, focusFirst) {
    var page = pages[kind];
    var next = page.list.slice(page.shown, page.shown + pageSize);
    var fragment = document.createDocumentFragment();
    var fresh = [];
    next.forEach(function (entry) {
      var row = built.get(entry);
      if (!row) {
        row = rows[kind](entry);
        built.set(entry, row);
        fresh.push(row);
      }
      fragment.appendChild(row);
    });
    var firstNew = fragment.firstChild;
    sections[kind].querySelector("[data-list]").appendChild(fragment);
    markOffline(fresh);
    page.shown += next.length;
    var rest = page.list.length - page.shown;
    page.more.hidden = rest <= 0;
    if (rest > 0) page.more.textContent = fill(root.getAttribute("data-more"), { count: Math.min(pageSize, rest) });
    // Keyboard and screen-reader users land on the first new row, not back at the top.
    if (focusFirst && firstNew) firstNew.querySelector("a").focus();
  }

  // "Did you mean …": links to the nearest names, when nothing matched better than a slip.
  function suggest(records) {
    suggestion.replaceChildren();
    suggestion.hidden = records.length === 0;
    if (!records.length) return;
    suggestion.appendChild(document.createTextNode(root.getAttribute("data-suggest") + " "));
    records.forEach(function (record, position) {
      if (position > 0) suggestion.appendChild(document.createTextNode(", "));
      suggestion.appendChild(link(recordPath(record), recordName(record)));
    });
    suggestion.appendChild(document.createTextNode(root.getAttribute("data-suggest-end")));
  }

  // What the results were last drawn for: an event that changes nothing (the field losing focus fires
  // `change`) must not redraw them, or the result under a finger is replaced before its click lands.
  var drawn = null;

  function update() {
    if (!index) return;
    var state = [query.value.trim(), status.value, gender.value, species.value].join("\u0000");
    if (state === drawn) return;
    drawn = state;
    var wantStatus = status.value === "" ? -1 : Number(status.value);
    var wantGender = gender.value === "" ? -1 : Number(gender.value);
    var wantSpecies = species.value === "" ? -1 : Number(species.value);
    var filtering = wantStatus >= 0 || wantGender >= 0 || wantSpecies >= 0;
    function kept(entry) {
      return (wantStatus < 0 || entry[2] === wantStatus) && (wantGender < 0 || entry[3] === wantGender)
        && (wantSpecies < 0 || entry[4] === wantSpecies);
    }
    var found = {};
    var best = {};
    kinds.forEach(function (kind) { found[kind] = []; });
    var typed = wordsOf(query.value).length > 0;
    var ranked = typed ? matcher.rank(query.value) : [];
    if (!typed) {
      // No words: the filters alone, the best-known characters first.
      found.characters = matcher.records.filter(function (record) { return record.kind === "characters" && kept(record.entry); })
        .sort(function (a, b) { return b.popularity - a.popularity || a.order - b.order; })
        .map(function (record) { return record.entry; });
    }
    ranked.forEach(function (item) {
      var kind = item.record.kind;
      // The filters are about characters only: with one set, the other kinds step aside.
      if (kind === "characters" ? !kept(item.record.entry) : filtering) return;
      if (!found[kind].length) best[kind] = item;
      found[kind].push(item.record.entry);
    });
    // The sections in the order of their best match: its tier, then how well known it is, a name that is the
    // whole query counting for half the best known of its kind ("replacement dimension" is the dimension's
    // page before the places in it; "morty" is Morty Smith before the place called Morty). A tie keeps the
    // order of `kinds`.
    function weight(item) { return item.record.fame + (item.total < 0 ? 0.5 : 0); }
    var order = kinds.slice().sort(function (a, b) {
      var x = best[a], y = best[b];
      if (!x || !y) return (x ? 0 : 1) - (y ? 0 : 1) || kinds.indexOf(a) - kinds.indexOf(b);
      return x.tier - y.tier || weight(y) - weight(x) || kinds.indexOf(a) - kinds.indexOf(b);
    });
    // Moving a section costs a new style and layout of the results: only when the order changed.
    if (order.some(function (kind, position) { return results.children[position] !== sections[kind]; })) {
      order.forEach(function (kind) { results.appendChild(sections[kind]); });
    }
    kinds.forEach(function (kind) { show(kind, found[kind]); });
    var total = kinds.reduce(function (sum, kind) { return sum + found[kind].length; }, 0);
    summary.textContent = plural(total);
    var closest = ranked.length ? ranked[0].tier : Infinity;
    if (!typed || filtering || closest < 3) suggest([]);
    else if (ranked.length) suggest(ranked.slice(0, 3).map(function (item) { return item.record; }));
    else suggest(matcher.nearest(query.value, 3));

    var words = wordsOf(query.value).join(" ");
    chips.forEach(function (chip) {
      chip.setAttribute("aria-pressed", String(wordsOf(chip.getAttribute("data-query")).join(" ") === words));
    });
    addressLater();
  }

  // The address and the language links follow the query once the results are drawn and the page is idle (at
  // most 200 ms later), with the latest query: Chromium's `history.replaceState` alone cost an eighth of a
  // throttled keystroke, and nothing on screen waits for it.
  var addressPending = false;
  var later = window.requestIdleCallback ? function (task) { window.requestIdleCallback(task, { timeout: 200 }); }
    : function (task) { window.setTimeout(task, 0); };
  function addressLater() {
    if (addressPending) return;
    addressPending = true;
    later(writeAddress);
  }

  function writeAddress() {
    addressPending = false;
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
  // A fan who came to type gets the cursor; one who came with a query (from the home page) sees its results.
  if (!query.value) query.focus();

  form.addEventListener("submit", function (event) { event.preventDefault(); update(); });
  form.addEventListener("input", update);
  // Older browsers fire no `input` for a select; a text field's `change` (on blur) is left out.
  form.addEventListener("change", function (event) { if (event.target !== query) update(); });
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
      matcher = new Matcher(data);
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
