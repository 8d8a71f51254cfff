// No signal at the table: a hand recorded without the network is kept on the phone
// (IndexedDB), shown as "not sent yet", and sent when the network returns, with its own
// request id so that sending it again never records it twice. A hand another phone
// recorded meanwhile is a conflict, offered as in the form: record mine as the next
// hand, or discard mine. The service worker (/sw.js) keeps the pages themselves.
(function () {
  "use strict";

  if ("serviceWorker" in navigator) {
    window.addEventListener("load", function () {
      navigator.serviceWorker.register("/sw.js", { scope: "/" }).catch(function () {});
    });
  }

  // --- the queue, in IndexedDB ----------------------------------------------------------
  var DB = "tento", STORE = "hands";

  function open() {
    return new Promise(function (resolve, reject) {
      var request = indexedDB.open(DB, 1);
      request.onupgradeneeded = function () {
        request.result.createObjectStore(STORE, { keyPath: "id" });
      };
      request.onsuccess = function () { resolve(request.result); };
      request.onerror = function () { reject(request.error); };
    });
  }

  function store(mode, work) {
    return open().then(function (db) {
      return new Promise(function (resolve, reject) {
        var tx = db.transaction(STORE, mode);
        var result = work(tx.objectStore(STORE));
        tx.oncomplete = function () { resolve(result && result.result); };
        tx.onerror = function () { reject(tx.error); };
      });
    });
  }

  function all() {
    return store("readonly", function (s) { return s.getAll(); }).then(function (items) {
      return (items || []).sort(function (a, b) { return a.at - b.at; });
    });
  }
  function put(item) { return store("readwrite", function (s) { return s.put(item); }); }
  function remove(id) { return store("readwrite", function (s) { return s.delete(id); }); }

  // --- the page -------------------------------------------------------------------------
  function form() { return document.querySelector("form[data-hand-form]"); }
  function code() {
    var f = form();
    return f ? f.dataset.match : null;
  }
  function text(name, fallback) {
    var panel = document.getElementById("pending");
    return (panel && panel.dataset[name]) || fallback;
  }
  function csrf() {
    try {
      return JSON.parse(document.body.getAttribute("hx-headers") || "{}")["X-CSRFToken"];
    } catch (error) { return ""; }
  }

  function fields(formElement, submitter) {
    var data = new FormData(formElement, submitter || undefined);
    var out = [];
    data.forEach(function (value, name) { if (typeof value === "string") out.push([name, value]); });
    return out;
  }

  function field(item, name) {
    var found = item.fields.filter(function (pair) { return pair[0] === name; });
    return found.length ? found[found.length - 1][1] : "";
  }

  // The form moves on to the next hand, as if the server had answered: a new request
  // id, the next number, the fields as they were drawn.
  function nextHand(f, number) {
    f.reset();
    delete f.dataset.dirty;
    var id = f.querySelector("[name=request_id]");
    if (id && window.crypto && crypto.randomUUID) id.value = crypto.randomUUID();
    var expected = f.querySelector("[name=expected_number]");
    if (expected) expected.value = String(number);
    f.dataset.number = String(number);
    var label = f.querySelector("[data-hand-label]");
    if (label) label.textContent = label.dataset.template.replace("%s", number);
  }

  function keep(f, submitter) {
    var entries = fields(f, submitter);
    var item = {
      id: field({ fields: entries }, "request_id") || String(Date.now()),
      url: f.getAttribute("action"),
      match: f.dataset.match,
      number: parseInt(field({ fields: entries }, "expected_number"), 10) || 0,
      fields: entries,
      at: Date.now(),
      state: "waiting",
    };
    return put(item).then(function () {
      nextHand(f, item.number + 1);
      draw();
    });
  }

  function draw() {
    var panel = document.getElementById("pending");
    if (!panel) return Promise.resolve();
    return all().then(function (items) {
      items = items.filter(function (item) { return item.match === code(); });
      panel.hidden = items.length === 0;
      var list = panel.querySelector("ol");
      list.innerHTML = "";
      items.forEach(function (item) {
        var li = document.createElement("li");
        li.dataset.pending = item.id;
        li.dataset.state = item.state;
        var title = document.createElement("strong");
        title.textContent = text("handText", "Hand %s").replace("%s", item.renumbered || item.number);
        var state = document.createElement("span");
        state.textContent = " · " + (item.state === "conflict"
          ? text("conflictText", "Another phone recorded hand %s.").replace("%s", item.number)
          : item.state === "refused" ? (item.message || text("refusedText", "Refused."))
          : text("waitingText", "Not sent yet: kept on this phone."));
        li.append(title, state);
        if (item.state === "conflict" || item.state === "refused") {
          var row = document.createElement("div");
          row.className = "row";
          if (item.state === "conflict") {
            var mine = document.createElement("button");
            mine.type = "button";
            mine.className = "primary";
            mine.textContent = text("renumberText", "Record mine as hand %s").replace("%s", item.next);
            mine.addEventListener("click", function () {
              item.fields.push(["renumber", String(item.next)]);
              item.renumbered = item.next;
              item.state = "waiting";
              put(item).then(send);
            });
            row.append(mine);
          }
          var discard = document.createElement("button");
          discard.type = "button";
          discard.textContent = text("discardText", "Discard mine");
          discard.addEventListener("click", function () { remove(item.id).then(draw); });
          row.append(discard);
          li.append(row);
        }
        list.append(li);
      });
      // A reload offline shows the page as it was: the form moves past the kept hands.
      var f = form();
      var waiting = items.filter(function (item) { return item.state === "waiting"; });
      if (f && !f.dataset.dirty && waiting.length) {
        var last = Math.max.apply(null, waiting.map(function (item) { return item.number; }));
        if (parseInt(f.dataset.number, 10) <= last) nextHand(f, last + 1);
      }
    });
  }

  var sending = false;
  function send() {
    if (sending || !navigator.onLine) return Promise.resolve();
    sending = true;
    return all().then(function (items) {
      var waiting = items.filter(function (item) { return item.state === "waiting"; });
      return waiting.reduce(function (chain, item) {
        return chain.then(function () { return sendOne(item); });
      }, Promise.resolve());
    }).catch(function () {}).then(function () {
      sending = false;
      draw();
    });
  }

  function sendOne(item) {
    var body = new URLSearchParams();
    item.fields.forEach(function (pair) { body.append(pair[0], pair[1]); });
    return fetch(item.url, {
      method: "POST",
      body: body,
      credentials: "same-origin",
      headers: { "X-CSRFToken": csrf(), "HX-Request": "true" },
    }).then(function (response) {
      return response.text().then(function (html) {
        // The answer is the hand form drawn again: with a refusal in it, or fresh.
        var page = new DOMParser().parseFromString(html, "text/html");
        var renumber = page.querySelector("#hand-form [name=renumber]");
        var refusal = page.querySelector("#hand-form .violations, #hand-form .errorlist");
        if (response.ok && !renumber && !refusal) return remove(item.id);
        if (renumber) {
          item.state = "conflict";
          item.next = parseInt(renumber.value, 10);
        } else {
          item.state = "refused";
          var reason = page.querySelector(".violations li span, .errorlist li");
          item.message = reason ? reason.textContent.trim() : "";
        }
        return put(item);
      });
    });
    // A network failure rejects: the item stays waiting for the next try.
  }

  // --- catching the taps that cannot reach the server ----------------------------------
  var lastSubmitter = null;
  document.addEventListener("submit", function (event) {
    var f = event.target;
    if (!f.matches || !f.matches("form[data-hand-form]")) return;
    lastSubmitter = event.submitter || null;
    var stepping = lastSubmitter && lastSubmitter.name === "step";
    if (navigator.onLine) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    if (stepping) notSaved(f);
    else keep(f, lastSubmitter);
  }, true);

  // Online as far as the phone knew, but the request never arrived (or its answer
  // never came back): keep the hand; its request id makes a second arrival harmless.
  document.addEventListener("htmx:sendError", function (event) {
    var f = event.detail.elt && event.detail.elt.closest && event.detail.elt.closest("form[data-hand-form]");
    if (!f) {
      notSaved(event.detail.elt);
      return;
    }
    if (lastSubmitter && lastSubmitter.name === "step") notSaved(f);
    else keep(f, lastSubmitter);
  });

  // A step (a call, a bet) needs the other phones: say it was not saved, offer a retry.
  function notSaved(where) {
    var f = where && where.closest ? where.closest("form") : null;
    var note = f && f.querySelector("[data-offline-note]");
    if (!note) return;
    note.hidden = false;
    note.className = "offline-note";
    note.setAttribute("role", "alert");
    note.textContent = text("notSavedText", "Not saved: no connection.");
    var retry = document.createElement("button");
    retry.type = "button";
    retry.textContent = text("retryText", "Try again");
    var submitter = lastSubmitter;
    retry.addEventListener("click", function () {
      note.hidden = true;
      if (submitter) submitter.click(); else f.requestSubmit();
    });
    note.append(" ", retry);
  }

  window.addEventListener("online", send);
  document.addEventListener("DOMContentLoaded", function () {
    draw().then(send);
    window.setInterval(send, 15000);
  });
})();
