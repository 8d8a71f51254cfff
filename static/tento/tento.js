// Tento's few lines of script; everything else is HTMX attributes in the templates.
(function () {
  "use strict";

  // The live scoreboard polls with the ETag it was rendered with. Because the header is
  // set here, the browser hands a 304 straight to htmx, which is told not to swap it, so
  // a breakdown someone has opened stays open while nothing changes.
  document.addEventListener("htmx:configRequest", function (event) {
    var el = event.detail.elt;
    if (el && el.id === "live" && el.dataset.etag && event.detail.verb === "get") {
      event.detail.headers["If-None-Match"] = '"' + el.dataset.etag + '"';
    }
  });

  // Keep the screen on while a match is open, where the browser allows it.
  var lock = null;
  function keepAwake() {
    if (!document.querySelector("[data-keep-awake]") || !("wakeLock" in navigator)) return;
    if (document.visibilityState !== "visible" || lock) return;
    navigator.wakeLock.request("screen").then(function (l) {
      lock = l;
      lock.addEventListener("release", function () { lock = null; });
    }).catch(function () { lock = null; });
  }
  document.addEventListener("visibilitychange", keepAwake);
  document.addEventListener("DOMContentLoaded", keepAwake);
  document.addEventListener("htmx:afterSettle", keepAwake);
})();
