// "Hello!" on a first visit, "Welcome back!" afterwards. Without JavaScript the page simply says hello.
(function () {
  "use strict";
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
