/* The board on the club's TV: nobody touches it all night. Its pages are polled with
   their ETag (304 while nothing changed) and replaced whole when something did, so the
   page never grows; a network drop is retried, more slowly, until the server answers.
   When the pages do not fit one screen, they turn every few seconds. */
(function () {
  "use strict";
  var POLL_MS = 5000;
  var MOST_MS = 60000;

  function start() {
    var board = document.getElementById("tv-board");
    if (!board) return;
    var offline = board.querySelector("[data-tv-offline]");
    var wait = POLL_MS;
    var showing = 1;

    function pages() { return board.querySelectorAll("[data-page]"); }

    function show(number) {
      var all = pages();
      if (!all.length) return;
      showing = ((number - 1) % all.length) + 1;
      all.forEach(function (page) { page.hidden = Number(page.dataset.page) !== showing; });
    }

    function replace(html) {
      var holder = document.createElement("template");
      holder.innerHTML = html.trim();
      var fresh = holder.content.getElementById("tv-pages");
      var old = document.getElementById("tv-pages");
      if (!fresh || !old) return;
      old.replaceWith(fresh);
      show(showing);
    }

    function poll() {
      var etag = document.getElementById("tv-pages").dataset.etag;
      fetch(board.dataset.live, {
        headers: { "If-None-Match": '"' + etag + '"' }, cache: "no-store", credentials: "same-origin"
      })
        .then(function (response) {
          if (response.status === 304) return null;
          if (!response.ok) throw new Error(String(response.status));
          return response.text().then(replace);
        })
        .then(function () {
          wait = POLL_MS;
          offline.hidden = true;
        })
        .catch(function () {
          wait = Math.min(wait * 2, MOST_MS);
          offline.textContent = board.dataset.offlineText;
          offline.hidden = false;
        })
        .then(function () { setTimeout(poll, wait); });
    }

    setInterval(function () { if (pages().length > 1) show(showing + 1); },
      Number(board.dataset.turnMs) || 12000);
    setTimeout(poll, POLL_MS);
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
