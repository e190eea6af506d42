// Your wiki: stars on records, episodes marked seen, "You have seen 12 of 52", the next episode to watch, what
// changed since this device's last visit, and the "Your wiki" page. Everything lives in this browser's
// localStorage under one key and is sent nowhere; without JavaScript none of it shows and pages are as built.
(function () {
  "use strict";
  var text = document.querySelector("[data-yours-text]");
  if (!text) return;
  var KEY = "rmwiki.yours";
  var base = text.getAttribute("data-base") || "/";
  var say = function (key, values) {
    return (text.getAttribute("data-" + key) || "").replace(/\{(\w+)\}/g, function (all, name) {
      return values && name in values ? values[name] : all;
    });
  };
  var make = function (tag, className, content) {
    var node = document.createElement(tag);
    if (className) node.className = className;
    if (content) node.textContent = content;
    return node;
  };

  // A store this script can read: version 1, favourites by kind and id with the name they had when starred (a
  // record gone from the data is then still named), seen episodes by id, and the newest rebuild this device was
  // told about.
  var valid = function (data) {
    return !!data && data.v === 1 && Array.isArray(data.favourites) && Array.isArray(data.seen) &&
      data.favourites.every(function (item) {
        return item && typeof item.kind === "string" && /^(character|location|episode)$/.test(item.kind) &&
          Number.isInteger(item.id) && typeof item.name === "string";
      }) && data.seen.every(Number.isInteger) && typeof data.visit === "string";
  };
  var empty = function () { return { v: 1, favourites: [], seen: [], visit: "" }; };
  var state = empty();
  var storage = null;
  // A store this script cannot read is left as it is, never overwritten: the layer stays off.
  var load = function () {
    var raw = storage.getItem(KEY);
    if (raw === null) return empty();
    var read = JSON.parse(raw);
    if (!valid(read)) throw new Error("unreadable");
    return read;
  };
  try {
    storage = window.localStorage;
    state = load();
  } catch (error) {
    storage = null;
  }

  var off = null;
  var sayOff = function () {
    if (off) return;
    off = make("p", "yours-off", say("off"));
    off.setAttribute("role", "status");
    var main = document.querySelector("main");
    main.insertBefore(off, main.firstChild);
  };
  var changed = [];
  var update = function () { changed.forEach(function (draw) { draw(); }); };
  // Every change reads the store again first, since another tab may have changed it after this page loaded; `edit`
  // changes the state or returns one to replace it. False when the change is not kept (storage full or gone).
  var change = function (edit) {
    var kept = !!storage;
    try {
      if (storage) state = load();
    } catch (error) {
      storage = null; // Another tab left a store this script cannot read: it stays as it is.
      kept = false;
    }
    state = edit(state) || state;
    try {
      if (storage) storage.setItem(KEY, JSON.stringify(state));
    } catch (error) {
      kept = false;
    }
    if (!kept) sayOff(); // What the page shows stays, and the fan is told it is not kept.
    update();
    return kept;
  };
  // A change made in another tab shows here at once.
  window.addEventListener("storage", function (event) {
    if (!storage || event.key !== KEY) return;
    try {
      state = load();
      update();
    } catch (error) {}
  });

  var favouriteAt = function (kind, id) {
    for (var i = 0; i < state.favourites.length; i++) {
      if (state.favourites[i].kind === kind && state.favourites[i].id === id) return i;
    }
    return -1;
  };
  var seen = function (id) { return state.seen.indexOf(id) !== -1; };
  var setSeen = function (ids, on) {
    change(function (state) {
      ids.forEach(function (id) {
        var at = state.seen.indexOf(id);
        if (on && at === -1) state.seen.push(id);
        if (!on && at !== -1) state.seen.splice(at, 1);
      });
    });
  };

  // A toggle: a button of at least 24 × 24 px with its state in aria-pressed.
  var toggle = function (className, label, visible, pressed, press) {
    var button = make("button", "yours-toggle " + className);
    button.type = "button";
    if (visible) button.appendChild(make("span", "", visible));
    else button.setAttribute("aria-label", label);
    var draw = function () { button.setAttribute("aria-pressed", pressed() ? "true" : "false"); };
    button.addEventListener("click", function () { press(); });
    changed.push(draw);
    draw();
    return button;
  };
  var star = function (kind, id, name, withText) {
    return toggle("yours-star", say("favourite-of", { name: name }), withText ? say("favourite") : "",
      function () { return favouriteAt(kind, id) !== -1; },
      function () {
        change(function (state) {
          var at = favouriteAt(kind, id);
          if (at === -1) state.favourites.push({ kind: kind, id: id, name: name });
          else state.favourites.splice(at, 1);
        });
      });
  };
  var seenToggle = function (id, name, withText) {
    return toggle("yours-seen", say("seen-of", { name: name }), withText ? say("seen") : "",
      function () { return seen(id); }, function () { setSeen([id], !seen(id)); });
  };

  var main = document.querySelector("main");
  var footer = document.querySelector("[data-yours-link]");
  var rows = Array.prototype.slice.call(document.querySelectorAll("li[data-episode]"));
  var record = main && main.getAttribute("data-yours-record");
  if (!storage) {
    // Storage blocked or unreadable: nothing of the layer shows, and the pages that would show it say why.
    if (record || rows.length || document.querySelector("[data-yours-page]")) sayOff();
    return;
  }
  if (footer) footer.hidden = false;

  // A record's page: its star (and an episode's seen mark) below the heading.
  var bar = null;
  var heading = main && main.querySelector("h1");
  if (record && heading) {
    var kind = record.split(" ")[0], id = Number(record.split(" ")[1]);
    var name = heading.textContent.trim();
    bar = make("div", "yours-bar");
    bar.appendChild(star(kind, id, name, true));
    if (kind === "episode") bar.appendChild(seenToggle(id, name, true));
    heading.parentNode.insertBefore(bar, heading.nextSibling);
  }

  // A card (a character or a location): its star in the corner, stacked above the link stretched over the card,
  // so a tap on the star stars and a tap anywhere else opens the record. Kind and id come from the card's link.
  var kinds = { characters: "character", locations: "location", episodes: "episode" };
  Array.prototype.forEach.call(document.querySelectorAll(".card > .card-link"), function (link) {
    var match = /\/(characters|locations|episodes)\/(\d+)\/?$/.exec(link.getAttribute("href") || "");
    var nameNode = link.querySelector(".card-name");
    if (match) link.parentNode.appendChild(star(kinds[match[1]], Number(match[2]), nameNode ? nameNode.textContent.trim() : "", false));
  });

  // Episode rows (a season, a character's episodes, the episodes index): each can be marked seen. A season's page
  // and a character's say how many of theirs the fan has seen; a season's can mark them all at once.
  var ids = [];
  rows.forEach(function (row) {
    var id = Number(row.getAttribute("data-episode"));
    var nameNode = row.querySelector(".episode-name");
    if (ids.indexOf(id) === -1) ids.push(id);
    row.classList.add("has-seen");
    row.appendChild(seenToggle(id, nameNode ? nameNode.textContent : "", false));
  });
  var countable = rows.length && (record ? record.indexOf("character ") === 0 : document.querySelector(".group-kind"));
  if (countable) {
    var count = make("p", "yours-count");
    count.setAttribute("aria-live", "polite");
    var drawCount = function () {
      count.textContent = say("seen-count", { seen: ids.filter(seen).length, total: ids.length });
    };
    changed.push(drawCount);
    drawCount();
    if (!bar && heading) {
      bar = make("div", "yours-bar");
      heading.parentNode.insertBefore(bar, heading.nextSibling);
      bar.appendChild(toggle("yours-season", "", say("mark-season"),
        function () { return ids.every(seen); }, function () { setSeen(ids, !ids.every(seen)); }));
    }
    if (bar) bar.appendChild(count);
  }

  var getJSON = function (path) {
    return fetch(base + path).then(function (response) {
      if (!response.ok) throw new Error(response.status);
      return response.json();
    });
  };
  var episodeLink = function (entry) {
    var link = make("a", "", entry[1] + " " + entry[2]);
    link.href = base + "episodes/" + entry[0] + "/";
    return link;
  };

  // The home: what changed since this device's last visit, and the next episode to watch in air order (the API
  // numbers episodes in the order they aired, as the search index lists them).
  // Only once the page has loaded: nothing the layer fetches competes with the first screen's pictures.
  var afterLoad = function (work) {
    if (document.readyState === "complete") work();
    else window.addEventListener("load", work);
  };
  var greeting = document.querySelector("[data-greeting]");
  if (greeting) afterLoad(function () {
    getJSON("whats-new/recent.json").then(function (recent) {
      var newest = recent.groups.length ? recent.groups[0].updated : "";
      var fresh = state.visit ? recent.groups.filter(function (group) { return group.updated > state.visit; }) : [];
      if (newest && newest !== state.visit) change(function (state) { state.visit = newest; });
      if (!fresh.length) return;
      var totals = recent.labels.map(function (label, at) {
        return fresh.reduce(function (sum, group) { return sum + group.counts[at]; }, 0);
      });
      var parts = recent.labels.map(function (label, at) {
        return totals[at] ? label.replace("{count}", totals[at].toLocaleString(document.documentElement.lang)) : "";
      }).filter(Boolean);
      // The heading on a line of its own: the counts carry colons of their own ("New characters: 3").
      var line = make("p", "yours-since");
      line.appendChild(make("strong", "", say("since")));
      line.appendChild(document.createElement("br"));
      line.appendChild(document.createTextNode(parts.join(" · ") + " "));
      var link = make("a", "", say("since-link"));
      link.href = fresh.length === 1 ? fresh[0].url : recent.whatsNew;
      line.appendChild(link);
      greeting.parentNode.insertBefore(line, greeting.nextSibling);
    }).catch(function () {});
  });
  var pageRoot = document.querySelector("[data-yours-page]");
  var index = null;
  // `fallback` runs when the index cannot be had (offline before the worker stored it).
  var withIndex = function (use, fallback) {
    (index ? Promise.resolve(index) : getJSON("search/index.json")).then(function (loaded) {
      index = loaded;
      use(loaded);
    }).catch(function () { if (fallback) fallback(); });
  };
  if (greeting && state.seen.length) afterLoad(function () {
    withIndex(function (loaded) {
      var next = loaded.episodes.filter(function (entry) { return !seen(entry[0]); })[0];
      var line = make("p", "yours-next", next ? say("next") + " " : say("all-seen"));
      if (next) line.appendChild(episodeLink(next));
      var lead = document.querySelector(".hero .lead");
      if (lead) lead.parentNode.insertBefore(line, lead.nextSibling);
    });
  });

  if (pageRoot) yoursPage(pageRoot);

  // "Your wiki": the favourites with their current names and faces from this language's search index (a record
  // gone from the data keeps the name it had and says it was removed), the count of episodes seen, and the
  // fan's data as a file to export, import or clear.
  function yoursPage(root) {
    root.hidden = false;
    var list = root.querySelector("[data-yours-list]");
    var order = root.querySelector("[data-yours-order]");
    var status = root.querySelector("[data-yours-status]");
    var saw = root.querySelector("[data-yours-seen]");
    var exporter = root.querySelector("[data-yours-export]");
    var drawList = function () {
      changed = [drawList];
      var folders = { character: "characters", location: "locations", episode: "episodes" };
      // Without the index (it could not be fetched) every favourite shows the name it had, none as removed.
      var known = !!index;
      var data = index || {};
      var found = {};
      ["character", "location", "episode"].forEach(function (kind) {
        found[kind] = {};
        (data[folders[kind]] || []).forEach(function (entry) { found[kind][entry[0]] = entry; });
      });
      var items = state.favourites.map(function (favourite) {
        var entry = found[favourite.kind][favourite.id];
        var shown = !entry ? favourite.name : favourite.kind === "episode" ? entry[1] + " " + entry[2] : entry[1];
        return { favourite: favourite, entry: entry, gone: known && !entry, name: shown };
      });
      if (order.value === "name") {
        items.sort(function (a, b) { return a.name.localeCompare(b.name, document.documentElement.lang); });
      }
      list.textContent = "";
      if (!items.length) list.appendChild(make("li", "yours-empty", root.getAttribute("data-empty")));
      items.forEach(function (item) {
        var row = make("li", "yours-row" + (item.gone ? " yours-removed" : ""));
        var kind = item.favourite.kind;
        if (item.entry && kind === "character") {
          var face = make("img", "yours-face");
          var entry = item.entry;
          face.src = entry[9] && index.faces ? index.faces.copy.replace("{id}", entry[0]).replace("{side}", "88").replace("{ext}", entry[9])
            : entry[5].indexOf("/") === -1 ? index.avatar.replace("{id}", entry[0]).replace("{ext}", entry[5]) : entry[5];
          face.alt = "";
          face.width = 44;
          face.height = 44;
          row.appendChild(face);
        }
        if (!item.gone) {
          var link = make("a", "yours-name", item.name);
          link.href = root.getAttribute("data-url-" + kind).replace("{id}", item.favourite.id);
          row.appendChild(link);
        } else {
          row.appendChild(make("span", "yours-name", item.name));
          row.appendChild(make("span", "yours-gone", root.getAttribute("data-removed")));
        }
        row.appendChild(star(kind, item.favourite.id, item.name, false));
        list.appendChild(row);
      });
      drawExport();
      saw.textContent = known ? say("seen-count", { seen: state.seen.filter(function (id) { return found.episode[id]; }).length, total: (data.episodes || []).length }) : "";
    };
    // The file is made again when asked for, so it holds what is stored then, even before the index arrives.
    var drawExport = function () { exporter.href = "data:application/json," + encodeURIComponent(JSON.stringify(state)); };
    drawExport();
    exporter.addEventListener("click", drawExport);
    // A star pressed on this page removes the favourite from the list at once.
    order.addEventListener("change", drawList);
    withIndex(drawList, drawList);
    var clear = root.querySelector("[data-yours-clear]");
    var confirm = root.querySelector("[data-yours-clear-confirm]");
    clear.addEventListener("click", function () { confirm.hidden = false; confirm.focus(); });
    confirm.addEventListener("click", function () {
      confirm.hidden = true;
      status.textContent = change(empty) ? root.getAttribute("data-cleared") : "";
    });
    root.querySelector("[data-yours-import]").addEventListener("change", function (event) {
      var file = event.target.files[0];
      if (!file) return;
      file.text().then(function (content) {
        var data = JSON.parse(content);
        if (!valid(data)) throw new Error("not an export");
        status.textContent = change(function () { return data; }) ? root.getAttribute("data-imported") : "";
      }).catch(function () {
        status.textContent = root.getAttribute("data-import-bad");
      });
      event.target.value = "";
    });
  }
})();
