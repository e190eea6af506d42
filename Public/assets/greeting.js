// "Hello!" on a first visit, "Welcome back!" afterwards. Without JavaScript the page simply says hello.
(function () {
  "use strict";
  // The search field needs this script's sibling on the search page: with JavaScript it takes the place of
  // the links to the A–Z and the indexes that readers without it get.
  var search = document.querySelector("[data-home-search]");
  var browse = document.querySelector("[data-home-browse]");
  if (search) search.hidden = false;
  if (browse) browse.hidden = true;
  var heading = document.querySelector("[data-greeting]");
  if (!heading) return;
  var key = "rmwiki.visits";
  var visits = 0;
  try {
    visits = parseInt(window.localStorage.getItem(key) || "0", 10) || 0;
    window.localStorage.setItem(key, String(visits + 1));
  } catch (error) {
    return; // Storage blocked (private mode): keep the first-visit greeting.
  }
  if (visits > 0) heading.textContent = heading.getAttribute("data-returning");
})();
