// Character search over the compact index written by the build. Every value from the index is
// inserted with textContent or setAttribute, never as HTML, so names cannot inject markup.
(function () {
  "use strict";
  var root = document.querySelector("[data-search]");
  if (!root) return;
  var fallback = document.querySelector("[data-search-fallback]");
  var form = root.querySelector("form");
  var query = root.querySelector("#search-query");
  var status = root.querySelector("#search-status");
  var gender = root.querySelector("#search-gender");
  var species = root.querySelector("#search-species");
  var summary = root.querySelector("#search-summary");
  var results = root.querySelector("#search-results");
  var chips = Array.prototype.slice.call(root.querySelectorAll("[data-query]"));
  var base = root.getAttribute("data-base");
  var limit = 60;
  var index = null;

  function fold(text) {
    return text.normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase();
  }

  function message(name, values) {
    var text = root.getAttribute("data-results-" + name) || "";
    Object.keys(values).forEach(function (key) { text = text.split("{" + key + "}").join(String(values[key])); });
    return text;
  }

  function card(entry) {
    var statusBadge = index.statuses[entry[2]] || { label: "", cssClass: "status-unknown" };
    var genderBadge = index.genders[entry[3]] || { label: "", cssClass: "gender-unknown" };
    var item = document.createElement("li");
    item.className = "card character-card " + genderBadge.cssClass;
    var link = document.createElement("a");
    link.className = "card-link";
    link.href = base + "characters/" + entry[0] + "/";
    var image = document.createElement("img");
    image.className = "card-image";
    image.src = entry[5];
    image.alt = entry[1];
    image.width = 300;
    image.height = 300;
    image.loading = "lazy";
    var name = document.createElement("span");
    name.className = "card-name";
    name.textContent = entry[1];
    link.appendChild(image);
    link.appendChild(name);
    var meta = document.createElement("p");
    meta.className = "card-meta";
    var badge = document.createElement("span");
    badge.className = "badge " + statusBadge.cssClass;
    badge.textContent = statusBadge.label;
    var detail = document.createElement("span");
    detail.className = "card-detail";
    detail.textContent = " " + (index.species[entry[4]] || "") + " · " + genderBadge.label;
    meta.appendChild(badge);
    meta.appendChild(detail);
    item.appendChild(link);
    item.appendChild(meta);
    return item;
  }

  function update() {
    if (!index) return;
    var words = fold(query.value.trim()).split(/\s+/).filter(Boolean);
    var wantStatus = status.value === "" ? -1 : Number(status.value);
    var wantGender = gender.value === "" ? -1 : Number(gender.value);
    var wantSpecies = species.value === "" ? -1 : Number(species.value);
    var matches = index.characters.filter(function (entry) {
      if (wantStatus >= 0 && entry[2] !== wantStatus) return false;
      if (wantGender >= 0 && entry[3] !== wantGender) return false;
      if (wantSpecies >= 0 && entry[4] !== wantSpecies) return false;
      var name = entry.folded || (entry.folded = fold(entry[1]));
      return words.every(function (word) { return name.indexOf(word) !== -1; });
    });
    chips.forEach(function (chip) {
      chip.setAttribute("aria-pressed", String(fold(chip.getAttribute("data-query")) === words.join(" ")));
    });
    var fragment = document.createDocumentFragment();
    matches.slice(0, limit).forEach(function (entry) { fragment.appendChild(card(entry)); });
    results.replaceChildren(fragment);
    var text = matches.length === 0 ? message("none", {})
      : matches.length === 1 ? message("one", {})
      : message("many", { count: matches.length });
    if (matches.length > limit) text += " " + message("more", { shown: limit });
    summary.textContent = text;
    var params = new URLSearchParams();
    if (query.value.trim()) params.set("q", query.value.trim());
    ["status", "gender", "species"].forEach(function (name) {
      var field = form.elements[name];
      if (field.value !== "") params.set(name, field.value);
    });
    var search = params.toString();
    history.replaceState(null, "", search ? "?" + search : window.location.pathname);
  }

  var initial = new URLSearchParams(window.location.search);
  query.value = initial.get("q") || "";
  ["status", "gender", "species"].forEach(function (name) {
    if (initial.has(name)) form.elements[name].value = initial.get(name);
  });

  form.addEventListener("submit", function (event) { event.preventDefault(); update(); });
  form.addEventListener("input", update);
  form.addEventListener("change", update);
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
      root.hidden = false;
      if (fallback) fallback.hidden = true;
      update();
    })
    .catch(function () { /* The fallback links stay visible. */ });
})();
