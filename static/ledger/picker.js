// The card picker and the steppers, for every game and referee page. Both only fill
// ordinary form fields, so every form works the same without this script (type the
// numbers and the cards). Listeners sit on the document, so forms HTMX swaps in work too.
(function () {
  "use strict";

  function changed(field) {
    field.dispatchEvent(new Event("input", { bubbles: true }));
    field.dispatchEvent(new Event("change", { bubbles: true }));
  }

  // --- steppers: − 0 + -------------------------------------------------------------
  function step(button) {
    var input = button.closest(".stepper").querySelector("input");
    var by = parseInt(button.dataset.step, 10) * (parseInt(input.step, 10) || 1);
    var value = (parseInt(input.value, 10) || 0) + by;
    var max = input.max === "" ? Infinity : parseInt(input.max, 10);
    var min = input.min === "" ? 0 : parseInt(input.min, 10);
    var next = Math.max(min, Math.min(max, value));
    if (String(next) === input.value) return;
    input.value = next;
    changed(input);
  }

  // --- the picker --------------------------------------------------------------------
  // The first key tapped (a rank or a suit) stays chosen: K then ♥ ♠ ♦ lays three kings,
  // ♠ then 4 5 6 lays a run of spades; another key of the same kind takes its place.
  function target(picker) {
    return document.getElementById(picker.dataset.target);
  }

  function isMelds(input) {
    return input && input.tagName === "TEXTAREA";
  }

  function show(picker) {
    var anchor = picker.dataset.anchor || "";
    picker.querySelectorAll("[data-rank], [data-suit]").forEach(function (b) {
      var key = b.dataset.rank ? "rank:" + b.dataset.rank : "suit:" + b.dataset.suit;
      b.setAttribute("aria-pressed", key === anchor ? "true" : "false");
    });
    picker.querySelectorAll("button[data-to]").forEach(function (b) {
      b.setAttribute("aria-pressed", b.dataset.to === picker.dataset.target ? "true" : "false");
      b.hidden = !fieldShown(b);
    });
  }

  // A one-card target whose field the page does not show (a seat a smaller table does
  // not have) is neither offered nor moved on to. (A many-card field may be folded away
  // while the picker fills it: that one stays.)
  function fieldShown(toggle) {
    var field = document.getElementById(toggle.dataset.to);
    return toggle.dataset.one === undefined || !field || field.getClientRects().length > 0;
  }

  function append(picker, token) {
    var input = target(picker);
    if (!input) return;
    if (isMelds(input)) {
      var lines = input.value.split("\n");
      var last = lines.length - 1;
      lines[last] = lines[last].trim() ? lines[last].trimEnd() + " " + token : token;
      input.value = lines.join("\n");
    } else {
      input.value = input.value.trim() ? input.value.trimEnd() + " " + token : token;
    }
    changed(input);
  }

  // A target whose toggle says data-one takes one card (a seat's card in a trick): a
  // card laid replaces what it held and the picker moves on to the next target, the
  // held key let go (the last target keeps the picker). Other targets take many cards.
  function lay(picker, token) {
    var toggles = Array.prototype.slice.call(picker.querySelectorAll("button[data-to]"));
    var at = toggles.findIndex(function (b) {
      return b.dataset.to === picker.dataset.target;
    });
    if (at < 0 || toggles[at].dataset.one === undefined) {
      append(picker, token);
      return;
    }
    var input = target(picker);
    if (!input) return;
    input.value = token;
    changed(input);
    var next = toggles.slice(at + 1).find(fieldShown);
    if (next) picker.dataset.target = next.dataset.to;
    picker.dataset.anchor = "";
    show(picker);
  }

  function back(picker) {
    var input = target(picker);
    if (!input) return;
    if (/\n\s*$/.test(input.value)) {
      input.value = input.value.replace(/\s+$/, ""); // back into the meld before
    } else {
      input.value = input.value.replace(/\s+$/, "").replace(/\S+$/, "").replace(/[ \t]+$/, "");
    }
    changed(input);
  }

  function newMeld(picker) {
    var melds = picker.querySelector("[data-to][data-melds]");
    if (melds) picker.dataset.target = melds.dataset.to;
    var input = target(picker);
    if (!input) return;
    if (input.value.trim() && !/\n\s*$/.test(input.value)) {
      input.value = input.value.trimEnd() + "\n";
      changed(input);
    }
    picker.dataset.anchor = "";
    show(picker);
    input.focus({ preventScroll: true });
  }

  function tap(picker, kind, value) {
    var anchor = picker.dataset.anchor || "";
    var other = kind === "rank" ? "suit:" : "rank:";
    if (anchor.indexOf(other) === 0) {
      var held = anchor.slice(other.length);
      lay(picker, kind === "rank" ? value + held : held + value);
    } else {
      // The key tapped becomes the one that stays chosen (tapping it again keeps it,
      // so a rank then a suit for every card works as well as one rank, many suits).
      picker.dataset.anchor = kind + ":" + value;
    }
    show(picker);
  }

  // What the page shows may change with a choice (the number of players): each picker
  // then offers only the fields shown, and leaves a field that is no longer shown.
  function refit(root) {
    root.querySelectorAll("[data-picker]").forEach(function (picker) {
      var toggles = Array.prototype.slice.call(picker.querySelectorAll("button[data-to]"));
      var current = toggles.find(function (b) { return b.dataset.to === picker.dataset.target; });
      if (current && !fieldShown(current)) {
        var first = toggles.find(fieldShown);
        if (first) picker.dataset.target = first.dataset.to;
      }
      show(picker);
    });
  }
  document.addEventListener("DOMContentLoaded", function () { refit(document); });
  document.addEventListener("htmx:afterSettle", function (event) { refit(event.target); });
  document.addEventListener("change", function (event) {
    if (event.target.tagName === "SELECT" && event.target.form) refit(event.target.form);
  });

  // One-tap values: the button sets the number beside it.
  function set(button) {
    var group = button.closest(".stepper");
    var input = group.querySelector("input");
    input.value = button.dataset.set;
    group.querySelectorAll("[data-set]").forEach(function (b) {
      b.setAttribute("aria-pressed", b === button ? "true" : "false");
    });
    changed(input);
  }

  document.addEventListener("click", function (event) {
    var button = event.target.closest("button");
    if (!button) return;
    if (button.dataset.step && button.closest(".stepper")) {
      step(button);
      return;
    }
    if (button.dataset.set !== undefined && button.closest(".stepper")) {
      set(button);
      return;
    }
    var picker = button.closest("[data-picker]");
    if (!picker) return;
    if (button.dataset.rank) tap(picker, "rank", button.dataset.rank);
    else if (button.dataset.suit) tap(picker, "suit", button.dataset.suit);
    else if (button.dataset.card) lay(picker, button.dataset.card);
    else if (button.dataset.to) {
      // Another field: the key held for the last one is let go.
      picker.dataset.target = button.dataset.to;
      picker.dataset.anchor = "";
      show(picker);
    } else if (button.dataset.key === "back") back(picker);
    else if (button.dataset.key === "new-meld") newMeld(picker);
    else if (button.dataset.key === "clear") {
      var input = target(picker);
      if (input && input.value) {
        input.value = "";
        changed(input);
      }
    }
  });
})();
