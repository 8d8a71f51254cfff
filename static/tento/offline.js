// No signal at the table: a hand recorded without the network is kept on the phone
// (IndexedDB), shown as "not sent yet" with what it says, and sent when the network
// returns, with its own request id so that sending it again never records it twice.
// Kept hands go in the order they were recorded: a hand another phone recorded
// meanwhile is a conflict, shown beside that phone's hand and offered as in the form
// (record mine as the next hand, or discard mine), and the hands after it wait for the
// player's answer. A server that cannot save (5xx, no answer) is asked again later, the
// hand kept waiting; only a hand the server refused by a rule is "refused". The service
// worker (/sw.js) keeps the pages themselves.
(function () {
  "use strict";

  var PAGES_CACHE = "tento-pages"; // the service worker's cache of pages (ledger/sw.js)
  var TIMEOUT = 15000; // an answer slower than this is taken for none
  var BACKOFF = [1000, 2000, 4000, 8000, 15000, 30000];

  if ("serviceWorker" in navigator) {
    window.addEventListener("load", function () {
      navigator.serviceWorker.register("/sw.js", { scope: "/" }).catch(function () {});
      keepThisPage();
    });
  }

  // The first visit is served before the worker controls the page, so the worker never
  // saw it: keep it here, so that a match opened once reloads with no signal.
  function keepThisPage() {
    if (!window.caches || navigator.serviceWorker.controller || !navigator.onLine) return;
    if (!document.querySelector("form[data-hand-form]")) return;
    caches.open(PAGES_CACHE).then(function (cache) {
      return cache.add(location.pathname + location.search);
    }).catch(function () {});
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

  // The numbers this phone's kept hands became, per match: a later kept hand whose number
  // one of them took follows them, rather than being taken for another phone's.
  function placed(match) {
    try {
      return JSON.parse(localStorage.getItem("tento:placed:" + match) || "null") || { numbers: [] };
    } catch (error) { return { numbers: [] }; }
  }
  function place(match, number) {
    var record = placed(match);
    record.numbers.push(number);
    record.next = number + 1;
    try { localStorage.setItem("tento:placed:" + match, JSON.stringify(record)); } catch (error) { /* private mode */ }
  }
  function forget(match) {
    try { localStorage.removeItem("tento:placed:" + match); } catch (error) { /* private mode */ }
  }

  // --- the page -------------------------------------------------------------------------
  function form() { return document.querySelector("form[data-hand-form]"); }
  function code() {
    var f = form() || document.querySelector("form[data-queue-tap]");
    return f ? f.dataset.match : null;
  }
  function text(name, fallback) {
    var texts = document.querySelector("[data-offline-texts]");
    return (texts && texts.dataset[name]) || fallback;
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

  function clean(value) { return (value || "").replace(/\s+/g, " ").trim(); }

  // What the hand says, as the player entered it: each field changed from how it was
  // drawn (its label and value), and the button tapped, so that a kept hand can be told
  // from the one another phone recorded.
  function summary(f, submitter) {
    var parts = [];
    f.querySelectorAll("input, select, textarea").forEach(function (el) {
      if (!el.name || el.type === "hidden" || el.disabled) return;
      var label = clean(el.labels && el.labels.length ? el.labels[0].textContent : el.name).replace(/:$/, "");
      if (el.type === "checkbox" || el.type === "radio") {
        if (el.checked !== el.defaultChecked && el.checked) parts.push(label);
        return;
      }
      if (el.tagName === "SELECT") {
        var option = el.selectedOptions[0];
        if (option && !option.defaultSelected) parts.push(label + ": " + clean(option.textContent));
        return;
      }
      if (el.value !== el.defaultValue && clean(el.value)) parts.push(label + ": " + clean(el.value));
    });
    if (submitter && submitter.name && submitter.name !== "step" && !submitter.hasAttribute("data-record")) {
      var group = submitter.closest("[data-team], fieldset");
      var head = group && group.querySelector("h3, legend");
      parts.push(clean((head ? head.textContent + ": " : "") + submitter.textContent));
    }
    return parts;
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
      values: summary(f, submitter),
      at: Date.now(),
      state: "waiting",
    };
    return put(item).then(function () {
      nextHand(f, item.number + 1);
      draw();
    });
  }

  // An accept or a dispute tapped with no signal (scoring/acceptance): kept like a hand,
  // sent once (its request id makes a second arrival harmless), after the hands before it.
  function keepTap(f, submitter) {
    var entries = fields(f, submitter);
    var item = {
      id: field({ fields: entries }, "request_id") || String(Date.now()),
      kind: "tap",
      url: f.getAttribute("action") || location.pathname,
      match: f.dataset.match,
      number: parseInt(f.dataset.hand, 10) || 0,
      fields: entries,
      values: [f.dataset.tapLabel || ""],
      at: Date.now(),
      state: "waiting",
    };
    return put(item).then(function () {
      var note = f.querySelector("[data-offline-note]");
      if (note) {
        note.hidden = false;
        note.textContent = text("waitingText", "Not sent yet: kept on this phone.");
      }
      f.querySelectorAll("button[type=submit]").forEach(function (b) { b.disabled = true; });
      draw();
    });
  }

  function button(label, primary, action) {
    var b = document.createElement("button");
    b.type = "button";
    if (primary) b.className = "primary";
    b.textContent = label;
    b.addEventListener("click", action);
    return b;
  }

  function line(className, label, value) {
    var p = document.createElement("p");
    p.className = className;
    var strong = document.createElement("strong");
    strong.textContent = label;
    p.append(strong, " " + value);
    return p;
  }

  function stateText(item) {
    if (item.state === "conflict") return text("conflictText", "Another phone recorded hand %s.").replace("%s", item.number);
    if (item.state === "refused") return item.message || text("refusedText", "Refused.");
    if (item.reason === "behind") return text("behindText", "Waits for the hand before it.");
    if (item.reason === "server") return text("serverText", "Not sent yet: the server could not save it (error %s).").replace("%s", item.status);
    if (item.reason === "network") return text("networkText", "Not sent yet: the server did not answer.");
    if (item.reason === "signed-out") return text("signedOutText", "Not sent: open the match again.");
    return text("waitingText", "Not sent yet: kept on this phone.");
  }

  function draw() {
    var panel = document.getElementById("pending");
    if (!panel) return Promise.resolve();
    return all().then(function (items) {
      items = items.filter(function (item) { return item.match === code(); });
      panel.hidden = items.length === 0;
      var list = panel.querySelector("ol");
      list.innerHTML = "";
      var head = true; // only the first hand that waits for an answer offers one
      items.forEach(function (item) {
        var li = document.createElement("li");
        li.dataset.pending = item.id;
        li.dataset.state = item.state;
        if (item.reason) li.dataset.reason = item.reason;
        var title = document.createElement("strong");
        title.textContent = text("handText", "Hand %s").replace("%s", item.renumbered || item.number);
        var state = document.createElement("span");
        state.textContent = " · " + stateText(item);
        li.append(title, state);
        if (item.values && item.values.length) {
          li.append(line("mine", text("mineText", "Yours:"), item.values.join(" · ")));
        }
        if (item.state === "conflict" && item.theirs) {
          li.append(line("theirs", text("theirsText", "The other phone's hand %s:").replace("%s", item.number),
            item.theirs.join(" · ")));
        }
        var row = document.createElement("div");
        row.className = "row";
        if ((item.state === "conflict" || item.state === "refused") && head) {
          if (item.state === "conflict") {
            row.append(button(text("renumberText", "Record mine as hand %s").replace("%s", item.next), true, function () {
              item.renumbered = item.next;
              item.state = "waiting";
              delete item.reason;
              put(item).then(function () { return send(true); });
            }));
          }
          row.append(button(text("discardText", "Discard mine"), false, function () {
            remove(item.id).then(function () { return send(true); });
          }));
        }
        if (item.reason === "signed-out") {
          row.append(button(text("reopenText", "Open the match again"), true, function () { location.reload(); }));
          row.append(button(text("discardText", "Discard mine"), false, function () {
            remove(item.id).then(draw);
          }));
        }
        if (item.state !== "waiting" || item.reason === "signed-out") head = false;
        if (row.childElementCount) li.append(row);
        list.append(li);
      });
      // A reload offline shows the page as it was: the form moves past the kept hands.
      var f = form();
      var hands = items.filter(function (item) { return item.kind !== "tap"; });
      if (f && !f.dataset.dirty && hands.length && !navigator.onLine) {
        var last = Math.max.apply(null, hands.map(function (item) { return item.number; }));
        if (parseInt(f.dataset.number, 10) <= last) nextHand(f, last + 1);
      }
    });
  }

  // --- sending, in order ---------------------------------------------------------------
  var sending = false, again = false, failures = 0, retryAt = 0, retryTimer = null;

  function retryLater() {
    failures += 1;
    var delay = BACKOFF[Math.min(failures, BACKOFF.length) - 1];
    retryAt = Date.now() + delay;
    window.clearTimeout(retryTimer);
    retryTimer = window.setTimeout(function () { send(true); }, delay);
  }

  // ``now``: the network came back or the player tapped; otherwise a retry waits its turn.
  function send(now) {
    if (!navigator.onLine) return Promise.resolve();
    if (sending) {
      again = again || now === true;
      return Promise.resolve();
    }
    if (now !== true && Date.now() < retryAt) return Promise.resolve();
    sending = true;
    var sent = 0, stop = false, blocked = {};
    return all().then(function (items) {
      return items.reduce(function (chain, item) {
        return chain.then(function () {
          if (stop) return null;
          if (blocked[item.match]) {
            if (item.state !== "waiting" || item.reason === "behind") return null;
            item.reason = "behind";
            return put(item);
          }
          if (item.state !== "waiting") {
            blocked[item.match] = true;
            return null;
          }
          return sendOne(item).then(function (outcome) {
            if (outcome === "sent") {
              sent += 1;
              failures = 0;
              retryAt = 0;
            } else if (outcome === "retry") {
              stop = true; // the server is down or out of reach: everything waits
              retryLater();
            } else {
              blocked[item.match] = true;
            }
          });
        });
      }, Promise.resolve()).then(function () {
        var left = {};
        items.forEach(function (item) { left[item.match] = true; });
        return all().then(function (now) {
          now.forEach(function (item) { delete left[item.match]; });
          Object.keys(left).forEach(forget);
        });
      });
    }).catch(function () {}).then(function () {
      sending = false;
      if (sent) announce(sent);
      return draw();
    }).then(function () {
      if (again) {
        again = false;
        return send(true);
      }
    });
  }

  function announce(count) {
    var note = document.querySelector("[data-synced]");
    if (!note) return;
    var texts = {};
    try { texts = JSON.parse(document.getElementById("pending").dataset.sentTexts || "{}"); } catch (error) { /* none */ }
    var category = window.Intl && Intl.PluralRules
      ? new Intl.PluralRules(document.documentElement.lang || undefined).select(count) : (count === 1 ? "one" : "other");
    var template = texts[category] || texts.other || (count === 1 ? "%(count)s hand sent." : "%(count)s hands sent.");
    note.textContent = template.replace("%(count)s", count);
    note.hidden = false;
    window.clearTimeout(note.timer);
    note.timer = window.setTimeout(function () { note.hidden = true; }, 20000);
  }

  // The number to send a kept hand as: the one the player chose, or, when one of this
  // phone's kept hands already took its number, the next one; else the number it was.
  function expectedFor(item) {
    if (item.renumbered) return item.renumbered;
    var record = placed(item.match);
    if (record.next && record.numbers.indexOf(item.number) !== -1) return record.next;
    return item.number;
  }

  function waitAgain(item, reason, status) {
    item.state = "waiting";
    item.reason = reason;
    item.status = status || "";
    return put(item);
  }

  // The answer to one kept hand: "sent", "conflict", "refused" (by a rule), "retry" (the
  // server could not save it now) or "reopen" (this phone may no longer record here).
  function sendOne(item) {
    var body = new URLSearchParams();
    var expected = expectedFor(item);
    item.fields.forEach(function (pair) {
      if (pair[0] === "renumber") return;
      body.append(pair[0], pair[0] === "expected_number" ? String(expected) : pair[1]);
    });
    var controller = window.AbortController ? new AbortController() : null;
    var timer = window.setTimeout(function () { if (controller) controller.abort(); }, TIMEOUT);
    return fetch(item.url, {
      method: "POST",
      body: body,
      credentials: "same-origin",
      redirect: "manual",
      headers: { "X-CSRFToken": csrf(), "HX-Request": "true" },
      signal: controller ? controller.signal : undefined,
    }).then(function (response) {
      return response.text().then(function (html) { return answer(item, response, html); });
    }, function () {
      return waitAgain(item, "network").then(function () { return "retry"; });
    }).then(function (outcome) {
      window.clearTimeout(timer);
      return outcome;
    }, function () {
      window.clearTimeout(timer);
      return waitAgain(item, "network").then(function () { return "retry"; });
    });
  }

  function recordedNumber(response) {
    try {
      var events = JSON.parse(response.headers.get("HX-Trigger") || "{}");
      return events.handRecorded ? events.handRecorded.number : null;
    } catch (error) { return null; }
  }

  function answer(item, response, html) {
    var status = response.status;
    if (response.type === "opaqueredirect" || [401, 403, 404, 410].indexOf(status) !== -1) {
      // Signed out, or the link was taken away: the player opens the match again.
      return waitAgain(item, "signed-out", status).then(function () { return "reopen"; });
    }
    if (status >= 500 || status === 408 || status === 429) {
      return waitAgain(item, "server", status).then(function () { return "retry"; });
    }
    if (item.kind === "tap") {
      if (response.ok) return remove(item.id).then(function () { return "sent"; });
      // Refused by a rule (accepted on another phone, corrected meanwhile): said why.
      item.state = "refused";
      item.message = clean(html).slice(0, 300);
      return put(item).then(function () { return "refused"; });
    }
    var number = recordedNumber(response);
    if (response.ok && number) {
      place(item.match, number);
      return remove(item.id).then(function () { return "sent"; });
    }
    // The answer is the hand form drawn again, with the refusal in it.
    var page = new DOMParser().parseFromString(html, "text/html");
    var renumber = page.querySelector("#hand-form [name=renumber]");
    if (renumber) {
      item.state = "conflict";
      delete item.reason;
      delete item.renumbered;
      item.next = parseInt(renumber.value, 10);
      var theirs = page.querySelector("#hand-form .conflict .hand");
      item.theirs = theirs ? Array.prototype.map.call(theirs.querySelectorAll(".total-of"), function (total) {
        return clean(total.textContent);
      }) : [];
      return put(item).then(function () { return "conflict"; });
    }
    var refusal = page.querySelector("#hand-form .violations, #hand-form .errorlist");
    if (refusal) {
      item.state = "refused";
      delete item.reason;
      var reason = page.querySelector("#hand-form .violations li span, #hand-form .errorlist li");
      item.message = reason ? clean(reason.textContent) : "";
      return put(item).then(function () { return "refused"; });
    }
    // Neither recorded nor refused by a rule (a page in between, a proxy's answer): kept.
    return waitAgain(item, "server", status).then(function () { return "retry"; });
  }

  // --- catching the taps that cannot reach the server ----------------------------------
  var lastSubmitter = null;
  document.addEventListener("submit", function (event) {
    var f = event.target;
    if (f.matches && f.matches("form[data-queue-tap]")) {
      if (navigator.onLine) return;
      event.preventDefault();
      event.stopImmediatePropagation();
      keepTap(f, event.submitter || null);
      return;
    }
    if (!f.matches || !f.matches("form[data-hand-form]")) return;
    lastSubmitter = event.submitter || null;
    var stepping = lastSubmitter && lastSubmitter.name === "step";
    if (navigator.onLine) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    if (stepping) notSaved(f, "offline");
    else keep(f, lastSubmitter);
  }, true);

  // A request the player sent by a tap (a form, a button), not a poll or a live check
  // fired by typing: only those can be "not saved", and only a tapped hand is kept.
  function posted(event) {
    var config = event.detail.requestConfig;
    if (!config || (config.verb || "").toLowerCase() === "get") return false;
    var cause = config.triggeringEvent;
    return !cause || cause.type === "submit" || cause.type === "click";
  }

  // Online as far as the phone knew, but the request never arrived (or its answer
  // never came back): keep the hand; its request id makes a second arrival harmless.
  document.addEventListener("htmx:sendError", function (event) {
    if (!posted(event)) return;
    var elt = event.detail.elt;
    var f = elt && elt.closest && elt.closest("form[data-hand-form]");
    if (!f) {
      notSaved(elt, "offline");
      return;
    }
    if (lastSubmitter && lastSubmitter.name === "step") notSaved(f, "offline");
    else keep(f, lastSubmitter);
  });

  // The server answered with an error (it could not save, or this phone may no longer
  // change the match): nothing was saved, and the page says so where the tap was.
  document.addEventListener("htmx:responseError", function (event) {
    if (!posted(event)) return;
    var xhr = event.detail.xhr;
    var status = xhr ? xhr.status : 0;
    notSaved(event.detail.elt, [401, 403, 404, 410].indexOf(status) !== -1 ? "forbidden" : "error", status);
  });

  // A step (a call, a bet) needs the other phones, and a tap the server could not save
  // is not kept: say it was not saved, and offer to try again while it is still the hand
  // it was made in.
  function notSaved(where, kind, status) {
    var f = where && where.closest ? where.closest("form") : null;
    if (!f) return;
    var note = f.querySelector("[data-offline-note]");
    if (!note) {
      note = document.createElement("p");
      note.dataset.offlineNote = "";
      (f.querySelector("[data-actionbar]") || f).append(note);
    }
    note.hidden = false;
    note.className = "offline-note not-saved";
    note.dataset.kind = kind;
    note.setAttribute("role", "alert");
    note.textContent = kind === "offline" ? text("notSavedText", "Not saved: no connection.")
      : kind === "forbidden" ? text("forbiddenText", "Not saved: open the match again.")
      : text("errorText", "Not saved: the server could not save it (error %s).").replace("%s", status);
    if (kind === "forbidden") {
      note.append(" ", button(text("reopenText", "Open the match again"), false, function () { location.reload(); }));
      return;
    }
    var submitter = lastSubmitter && f.contains(lastSubmitter) ? lastSubmitter : null;
    var hand = { number: f.dataset.number, draft: f.dataset.draft };
    note.append(" ", button(text("retryText", "Try again"), false, function () {
      if (!sameHand(f, hand)) {
        note.textContent = text("movedText", "Not sent: the hand has moved on since.");
        return;
      }
      note.hidden = true;
      note.textContent = "";
      if (submitter && f.contains(submitter)) submitter.click(); else f.requestSubmit();
    }));
  }

  // The form is still the one the tap was made in, and the match has not moved past it.
  function sameHand(f, hand) {
    if (!document.contains(f) || f.dataset.number !== hand.number || f.dataset.draft !== hand.draft) return false;
    var live = document.getElementById("live");
    if (!live || f.hasAttribute("data-correction")) return true;
    return live.dataset.next === hand.number && live.dataset.draft === hand.draft;
  }

  // Back online, a note about a tap the network lost is stale: the form is what stands.
  function clearStaleNotes() {
    document.querySelectorAll("[data-offline-note].not-saved[data-kind=offline]").forEach(function (note) {
      note.hidden = true;
      note.textContent = "";
      note.className = "offline-note";
      delete note.dataset.kind;
    });
  }

  window.addEventListener("online", function () {
    clearStaleNotes();
    send(true);
  });
  document.addEventListener("DOMContentLoaded", function () {
    draw().then(function () { return send(true); });
    window.setInterval(send, 15000);
  });
})();
