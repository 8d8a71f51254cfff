// Tento's page script: what HTMX attributes cannot say. Everything works without it,
// only less smoothly: forms post and redirect, the scoreboard refreshes on reload.
(function () {
  "use strict";
  // What needs this script (the picker, the steppers' buttons) shows only with it.
  document.documentElement.classList.add("js");

  function hand() { return document.getElementById("hand-form"); }
  function live() { return document.getElementById("live"); }

  // --- the history: a poll sends only the hands that changed --------------------------
  // Each comes as a list item inside a <template data-history-delta>: a new hand goes on
  // top, a corrected one replaces its old self, an undone one (data-undone) leaves.
  function applyHistoryDelta(root) {
    var list = document.getElementById("history-list");
    root.querySelectorAll("template[data-history-delta]").forEach(function (template) {
      if (!list) return;
      Array.prototype.slice.call(template.content.children).forEach(function (item) {
        var old = document.getElementById(item.id);
        if (item.hasAttribute("data-undone")) {
          if (old) old.remove();
          return;
        }
        var fresh = document.importNode(item, true);
        if (old) {
          var open = old.querySelector("details[open]");
          if (open) fresh.querySelector("details").open = true;
          old.replaceWith(fresh);
          return;
        }
        var number = parseInt(fresh.dataset.hand, 10);
        var after = Array.prototype.find.call(list.children, function (li) {
          return li.dataset.hand && parseInt(li.dataset.hand, 10) < number;
        });
        var empty = list.querySelector(".empty");
        if (empty) empty.remove();
        list.insertBefore(fresh, after || list.querySelector(".earlier"));
      });
      template.remove();
    });
  }

  // --- a form belongs to the hand it was opened for ------------------------------------
  // Typing marks the hand form as this phone's own. When another phone records a hand
  // (the scoreboard's next number moves), a form with nothing typed is simply fetched
  // again; a form with input stays as it is and says what happened, offering to record
  // it as the next hand or to discard it. When another phone moves the shared hand (a
  // Truco call, a bet), the form is fetched again.
  document.addEventListener("input", function (event) {
    var form = event.target.closest && event.target.closest("form[data-hand-form]");
    if (form) form.dataset.dirty = "1";
  });

  function refreshForm(form) {
    if (!window.htmx) return;
    var url = form.getAttribute("action").replace(/hands\/$/, "hand-form/");
    // With no signal the fetch fails and htmx rejects with nothing; the form the phone
    // has stays, and the next change brings a fresh one.
    htmx.ajax("GET", url, { target: form, swap: "outerHTML" }).catch(function () {});
  }

  function conflictNote(form, next) {
    var note = form.querySelector("[data-offline-note]");
    if (!note || form.dataset.warned === String(next)) return;
    // The server already said it, in the conflict's box: a conflict is said once.
    if (form.querySelector("[data-conflict]")) return;
    form.dataset.warned = String(next);
    var number = form.dataset.number;
    note.hidden = false;
    note.className = "offline-note conflict";
    note.setAttribute("role", "alert");
    note.textContent = (form.dataset.conflictText || "Hand %s was recorded from another phone.")
      .replace("%s", number);
    var mine = document.createElement("button");
    mine.type = "submit";
    mine.name = "renumber";
    mine.value = String(next);
    mine.className = "primary";
    mine.textContent = (form.dataset.renumberText || "Record mine as hand %s").replace("%s", next);
    var discard = document.createElement("button");
    discard.type = "button";
    discard.textContent = form.dataset.discardText || "Discard mine";
    discard.addEventListener("click", function () { refreshForm(form); });
    var row = document.createElement("div");
    row.className = "row";
    row.append(mine, discard);
    note.append(row);
  }

  function followLive() {
    var section = live(), form = hand();
    if (!section || !form || form.hasAttribute("data-correction")) return;
    var next = section.dataset.next, number = form.dataset.number;
    if (next && number && next !== number) {
      if (form.dataset.dirty) conflictNote(form, next);
      else refreshForm(form);
    } else if (section.dataset.draft !== form.dataset.draft) {
      refreshForm(form);
    }
  }

  // --- the match chart follows the scoreboard ------------------------------------------
  // A changed scoreboard brings the chart in a <template data-match-chart>, or says where
  // to fetch it (data-reload); it goes into the chart's slot below the hands. (Not an
  // out-of-band swap: a poll answered after its section was replaced would find no slot.)
  function applyChart(root) {
    root.querySelectorAll("template[data-match-chart]").forEach(function (template) {
      var slot = document.getElementById("match-chart-slot");
      if (slot && template.dataset.reload && window.htmx) {
        htmx.ajax("GET", template.dataset.reload,
          { target: slot, select: "#match-chart", swap: "innerHTML" })
          .catch(function () {}); // no signal: the chart shown stays until the next change
      } else if (slot && template.content.firstElementChild) {
        slot.replaceChildren(document.importNode(template.content, true));
      }
      template.remove();
    });
  }

  // --- after every swap --------------------------------------------------------------
  document.addEventListener("htmx:afterSwap", function () {
    applyHistoryDelta(document);
    applyChart(document);
    // A refusal shows beside the button that was tapped: take the eye (and the screen
    // reader) there, once.
    var focus = document.querySelector("[data-focus]:not([data-focused])");
    if (focus) {
      focus.dataset.focused = "1";
      focus.focus({ preventScroll: true });
      focus.scrollIntoView({ block: "nearest" });
    }
  });
  // --- after a step, what is tapped next is on the screen (issue 27) -----------------
  // A game marks the action its hand goes on with (data-main-action: the bet to answer,
  // Aceito, the move button); a hand form drawn again scrolls it into view if it is off
  // the screen, above the sticky action bar (where a refusal shows), never further. A
  // field checked as it is typed is not the form drawn again: nothing moves then.
  document.addEventListener("htmx:afterSettle", function (event) {
    var form = hand();
    if (!form || event.target !== form) return;
    var next = Array.prototype.find.call(form.querySelectorAll("[data-main-action]"), function (el) {
      return el.offsetParent !== null;
    });
    if (!next) return;
    var box = next.getBoundingClientRect();
    var bar = form.querySelector("[data-actionbar]");
    // the sticky bar covers the screen's foot only where it is drawn over it
    var bottom = Math.min(window.innerHeight, bar ? bar.getBoundingClientRect().top : Infinity);
    // as little as it takes: the top of a tall action first
    if (box.top < 0 || box.height > bottom) window.scrollBy(0, box.top - 8);
    else if (box.bottom > bottom) window.scrollBy(0, box.bottom - bottom + 8);
  });
  document.addEventListener("htmx:afterSettle", function (event) {
    if (event.detail.elt && event.detail.elt.id === "live") followLive();
    keepAwake();
  });
  document.addEventListener("DOMContentLoaded", function () { applyHistoryDelta(document); });

  // --- a side's part of a long hand form folds away once it is done -------------------
  document.addEventListener("click", function (event) {
    var toggle = event.target.closest && event.target.closest("[data-collapse]");
    if (!toggle) return;
    var section = toggle.closest("fieldset");
    var folded = section.toggleAttribute("data-collapsed");
    toggle.setAttribute("aria-expanded", folded ? "false" : "true");
  });

  // Counted by hand, a side folds by itself once its points are typed and the player
  // goes on to another side (issue 27): the record button comes up the page. Once only,
  // and after the tap that moved on, so nothing shifts under the finger; it reopens at
  // a tap on its name.
  function foldDoneSides(event) {
    var form = hand();
    if (!form || !event.target.closest) return;
    // a button is focused as it is pressed: fold after its click, not under the finger
    if (event.type === "focusin" && !event.target.matches("input, textarea, select")) return;
    form.querySelectorAll("fieldset.side:not([data-collapsed]):not([data-auto-folded])").forEach(function (side) {
      if (!side.dataset.touched || side.contains(event.target)) return;
      var points = side.querySelectorAll("[data-side-points] input");
      if (!points.length || points[0].offsetParent === null) return; // card by card
      var filled = Array.prototype.every.call(points, function (input) { return input.value !== ""; });
      if (!filled || !event.target.closest("fieldset.side, #went-out, [data-actionbar]")) return;
      side.dataset.autoFolded = "1";
      side.setAttribute("data-collapsed", "");
      var toggle = side.querySelector("[data-collapse]");
      if (toggle) toggle.setAttribute("aria-expanded", "false");
    });
  }
  document.addEventListener("input", function (event) {
    var side = event.target.closest && event.target.closest("#hand-form fieldset.side");
    if (side) side.dataset.touched = "1";
  });
  document.addEventListener("click", function (event) {
    var side = event.target.closest && event.target.closest("#hand-form fieldset.side");
    if (side && event.target.closest(".stepper")) side.dataset.touched = "1";
    foldDoneSides(event);
  });
  document.addEventListener("focusin", foldDoneSides);

  // --- asking first --------------------------------------------------------------------
  // A form that ends something (a match) or records something odd (an all-zero hand)
  // asks before it goes.
  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (form.hasAttribute("hx-post")) return; // HTMX asks through htmx:confirm below
    var question = form.dataset.confirm;
    if (question && !window.confirm(question)) {
      event.preventDefault();
      event.stopImmediatePropagation();
    }
  }, true);
  document.addEventListener("htmx:confirm", function (event) {
    var form = event.detail.elt.closest && event.detail.elt.closest("form[data-confirm]");
    if (!form) return;
    event.preventDefault();
    if (window.confirm(form.dataset.confirm)) event.detail.issueRequest(true);
  });

  // --- names are remembered on this phone and offered when a match is set up ----------
  var NAMES = "tento:names";
  function rememberedNames() {
    try { return JSON.parse(localStorage.getItem(NAMES) || "[]"); } catch (error) { return []; }
  }
  function offerNames() {
    var list = document.getElementById("player-names");
    if (!list || list.dataset.remembered) return;
    list.dataset.remembered = "1";
    var offered = Array.prototype.map.call(list.options, function (option) {
      return option.value.toLowerCase();
    });
    rememberedNames().filter(function (name) {
      return offered.indexOf(name.toLowerCase()) === -1;
    }).forEach(function (name) {
      var option = document.createElement("option");
      option.value = name;
      list.append(option);
    });
  }
  document.addEventListener("DOMContentLoaded", offerNames);
  document.addEventListener("htmx:afterSettle", offerNames);
  // A datalist refilled as a name is typed asks for the names that start with what was
  // typed in the field that fired, the one the phone's keyboard is in (no eval, no :focus).
  document.addEventListener("htmx:configRequest", function (event) {
    var list = event.detail.elt;
    var typed = event.detail.triggeringEvent && event.detail.triggeringEvent.target;
    if (!list.matches || !list.matches("datalist[data-names-typed]") || !typed) return;
    if (typed.value !== undefined) event.detail.parameters.q = typed.value;
  });
  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (!form.matches || !form.matches("form[data-remember-names]")) return;
    var typed = [];
    form.querySelectorAll("[list=player-names]").forEach(function (field) {
      field.value.split(/[,;\n]/).forEach(function (name) {
        name = name.trim().replace(/\s+/g, " ");
        if (name) typed.push(name);
      });
    });
    var names = typed.concat(rememberedNames().filter(function (name) {
      return typed.indexOf(name) === -1;
    })).slice(0, 60);
    try { localStorage.setItem(NAMES, JSON.stringify(names)); } catch (error) { /* private mode */ }
  });

  // --- the rulebook: find a rule on the page ------------------------------------------
  // Accents and case are ignored both ways: "paciencia" finds "Paciência", "mão" finds "mao".
  function folded(text) {
    return text.normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase();
  }
  document.addEventListener("input", function (event) {
    var box = event.target;
    if (!box.matches || !box.matches("[data-rule-search]")) return;
    var words = folded(box.value).trim().split(/\s+/).filter(Boolean);
    var shown = 0;
    document.querySelectorAll(".rule-section").forEach(function (section) {
      var any = false;
      section.querySelectorAll("article.rule-text").forEach(function (rule) {
        var haystack = folded(rule.textContent + " " + rule.id);
        var match = words.every(function (word) { return haystack.indexOf(word) !== -1; });
        rule.hidden = !match;
        if (match) { any = true; shown += 1; }
      });
      section.hidden = !any;
    });
    var none = document.querySelector("[data-rule-search-none]");
    if (none) none.hidden = shown > 0;
  });

  // --- keep the screen on while a match is open, where the browser allows it ---------
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
})();
