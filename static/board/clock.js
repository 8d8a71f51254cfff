/* The round clock on every phone and the board. The server sends when the round ends
   (ends_at) and its own now; this phone's clock may be minutes off, so the time left is
   ends_at − (this phone's now + the offset measured at the last answer). Polled with
   its ETag (304 while the director has not touched it); it keeps counting through a
   network drop and catches up when the server answers again. */
(function () {
  "use strict";
  var POLL_MS = 15000;
  var MOST_MS = 60000;

  function text(seconds) {
    var s = Math.max(0, seconds);
    var h = Math.floor(s / 3600), m = Math.floor((s % 3600) / 60), r = s % 60;
    var mm = (h ? String(m).padStart(2, "0") : String(m)) + ":" + String(r).padStart(2, "0");
    return h ? h + ":" + mm : mm;
  }

  function setup(el) {
    var state = null, offset = 0, etag = null, wait = POLL_MS, shown = "";
    var time = el.querySelector("[data-clock-time]");
    var round = el.querySelector("[data-clock-round]");
    var label = el.querySelector("[data-clock-state]");
    var atTime = el.querySelector("[data-clock-at-time]");

    function left() {
      if (!state || state.left === null) return null;
      if (state.state !== "running") return state.left;
      return Math.ceil((Date.parse(state.ends_at) - (Date.now() + offset)) / 1000);
    }

    function draw() {
      var seconds = left();
      el.hidden = seconds === null;
      if (seconds === null) return;
      var over = state.state === "running" && seconds <= 0;
      var key = [seconds, state.state, state.round].join("|");
      if (key === shown) return;
      shown = key;
      time.textContent = text(seconds);
      el.dataset.left = String(Math.max(0, seconds));
      el.dataset.state = over ? "over" : state.state;
      round.textContent = el.dataset.roundText.replace("%s", state.round);
      label.textContent = over ? el.dataset.timeText
        : state.state === "paused" ? el.dataset.pausedText
        : state.state === "ready" ? el.dataset.readyText : "";
      el.classList.toggle("warning", !over && state.state === "running" && seconds <= state.warning);
      el.classList.toggle("over", over);
      atTime.hidden = !over;
      atTime.textContent = over ? state.at_time : "";
    }

    function poll() {
      var sent = Date.now();
      var headers = etag ? { "If-None-Match": etag } : {};
      fetch(el.dataset.src, { headers: headers, cache: "no-store", credentials: "same-origin" })
        .then(function (response) {
          var got = Date.now();
          wait = POLL_MS;
          if (response.status !== 200) return null;
          etag = response.headers.get("ETag");
          return response.json().then(function (answer) {
            // The server's now was read about half way between asking and hearing back.
            offset = Date.parse(answer.now) - (sent + got) / 2;
            state = answer;
            shown = "";
          });
        })
        .catch(function () { wait = Math.min(wait * 2, MOST_MS); })
        .then(function () { draw(); setTimeout(poll, wait); });
    }

    poll();
    setInterval(draw, 250);
  }

  function start() {
    document.querySelectorAll("[data-round-clock]").forEach(setup);
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
