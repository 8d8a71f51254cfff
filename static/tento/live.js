// Following a match live (issue 29). The scoreboard section (#live) is fetched again by
// the "tento:ask" event, with the ETag of what this phone shows: the server answers 304,
// or the scoreboard and only the hands that changed.
//
// - Pushed: the match's stream (Server-Sent Events) tells of each new version the moment
//   it is saved; the phone then asks once. Reconnecting, the browser sends the last
//   version it heard (Last-Event-ID) and is told if it missed one.
// - Polled, as the fallback, while no stream lives (a proxy that buffers it, a browser
//   that dropped it): every 2 s, slowing to 6 s and then 12 s once the match has been
//   still for a minute; back to 2 s at any tap.
// - A hidden page neither streams nor polls; shown again, it asks once and goes on.
// - A finished match stops both.
(function () {
  "use strict";
  var STILL_MS = 60000;       // a minute without a change or a tap: the poll slows
  var SLOWER = [1, 3, 6];     // × the base poll (2 s): 2 s, 6 s, 12 s
  var SILENT_MS = 50000;      // a stream quiet this long (it speaks every 20 s) is dead

  var ASK_MS = 10000;         // an answer this late is given up on: the next ask goes
  var source = null, streaming = false, heard = 0, asking = 0, posting = 0;
  var timer = null, dueAt = 0, watchdog = null;
  var moved = Date.now(), tapped = Date.now();

  function section() { return document.getElementById("live"); }
  function known() {
    var live = section();
    return live ? parseInt(live.dataset.version, 10) || 0 : 0;
  }
  function finished() {
    var live = section();
    return !live || live.hasAttribute("data-finished");
  }
  function base() { return parseInt(section().dataset.pollMs, 10) || 2000; }

  function ask() {
    var live = section();
    if (!live || Date.now() - asking < ASK_MS || !window.htmx) return;
    htmx.trigger(live, "tento:ask");
  }

  // --- the poll ------------------------------------------------------------------------
  function interval() {
    var still = Date.now() - Math.max(moved, tapped);
    var step = Math.min(Math.floor(still / STILL_MS), SLOWER.length - 1);
    return base() * SLOWER[step];
  }

  function stopPolling() {
    window.clearTimeout(timer);
    timer = null;
    dueAt = 0;
  }

  function schedule() {
    stopPolling();
    if (document.hidden || finished() || streaming) return;
    var wait = interval();
    dueAt = Date.now() + wait;
    timer = window.setTimeout(function () {
      ask();
      schedule();
    }, wait);
  }

  // --- the stream ----------------------------------------------------------------------
  function alive() {
    streaming = true;
    stopPolling();
    window.clearTimeout(watchdog);
    watchdog = window.setTimeout(function () { // it stopped speaking: poll, and try again
      closeStream();
      schedule();
      openStream();
    }, SILENT_MS);
  }

  function openStream() {
    var live = section();
    if (source || !window.EventSource || !live || !live.dataset.stream) return;
    if (document.hidden || finished()) return;
    source = new EventSource(live.dataset.stream + "?v=" + known());
    source.addEventListener("version", function (event) {
      alive();
      heard = Math.max(heard, parseInt(event.data, 10) || 0);
      // This phone's own change brings the new scoreboard with its answer: no need to ask.
      if (heard > known() && Date.now() - posting > ASK_MS) ask();
    });
    source.addEventListener("alive", alive);
    source.addEventListener("error", function () {
      // The browser reconnects by itself (unless the server said no): poll meanwhile.
      streaming = false;
      window.clearTimeout(watchdog);
      if (source && source.readyState === EventSource.CLOSED) source = null;
      if (!timer) schedule();
    });
  }

  function closeStream() {
    if (source) source.close();
    source = null;
    streaming = false;
    window.clearTimeout(watchdog);
  }

  // --- what the page does --------------------------------------------------------------
  // One ask at a time. Its answer replaces the section (whose own events then no longer
  // reach the document) or leaves it (304, an error): either ends the ask.
  function sent(event) {
    var config = event.detail.requestConfig;
    return config && (config.verb || "").toLowerCase() !== "get";
  }
  document.addEventListener("htmx:beforeRequest", function (event) {
    if (event.detail.elt === section()) asking = Date.now();
    else if (sent(event)) posting = Date.now();
  });
  document.addEventListener("htmx:afterRequest", function (event) {
    if (event.detail.elt === section()) asking = 0;
    else if (sent(event) && posting) {
      posting = 0;
      if (heard > known()) ask(); // refused, or answered without the scoreboard
    }
  });
  // A swapped scoreboard: a change (the poll goes back to 2 s), maybe the end.
  var shown = 0;
  document.addEventListener("htmx:afterSettle", function () {
    var version = known();
    if (version !== shown) asking = posting = 0;
    if (version === shown) return;
    shown = version;
    moved = Date.now();
    if (finished()) {
      closeStream();
      stopPolling();
      return;
    }
    if (heard > version) ask(); // heard of another change while this one was fetched
    if (!streaming) schedule();
  });

  function tap() {
    tapped = Date.now();
    // Slowed down: the next ask comes within the base interval again.
    if (!streaming && !document.hidden && !finished() && dueAt - Date.now() > base()) schedule();
  }
  document.addEventListener("pointerdown", tap, true);
  document.addEventListener("keydown", tap, true);

  document.addEventListener("visibilitychange", function () {
    if (!section()) return;
    if (document.hidden) {
      closeStream();
      stopPolling();
      return;
    }
    if (finished()) return;
    ask();
    openStream();
    schedule();
  });

  document.addEventListener("DOMContentLoaded", function () {
    if (!section() || finished()) return;
    shown = known();
    openStream();
    schedule();
  });
})();
