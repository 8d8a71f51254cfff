// The replay's arrow keys: ← and → press the Back and Forward links (which work without
// this, and without HTMX). Not while typing a move number.
(function () {
  "use strict";
  document.addEventListener("keyup", function (event) {
    if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    var typing = event.target.closest && event.target.closest("input, textarea, select");
    if (typing) return;
    var id = { ArrowLeft: "step-back", ArrowRight: "step-forward" }[event.key];
    var link = id && document.getElementById(id);
    if (link) link.click();
  });
})();
