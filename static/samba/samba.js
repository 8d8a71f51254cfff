// Samba's hand entry: +/− steppers and the card picker. Both only fill ordinary form
// fields, so the form works the same without this script (type the numbers and the
// card tokens). Loaded with every hand form; it binds its listeners once.
(function () {
  "use strict";
  if (window.tentoSamba) return;
  window.tentoSamba = true;
  document.documentElement.classList.add("samba-js");

  function changed(field) {
    field.dispatchEvent(new Event("input", { bubbles: true }));
    field.dispatchEvent(new Event("change", { bubbles: true }));
  }

  function step(button) {
    var input = button.closest(".controls").querySelector("input");
    var by = parseInt(button.dataset.step, 10) * (parseInt(input.step, 10) || 1);
    var value = (parseInt(input.value, 10) || 0) + by;
    var max = input.max === "" ? Infinity : parseInt(input.max, 10);
    input.value = Math.max(0, Math.min(max, value));
    changed(input);
  }

  // The picker: the first thing tapped (a rank or a suit) stays chosen, so K then
  // ♥ ♠ ♦ lays three kings, and ♠ then 4 5 6 lays a run of spades.
  function field(picker) {
    var target = picker.dataset.target || "melds";
    return document.getElementById(picker.dataset[target]);
  }

  function press(picker) {
    var anchor = picker.dataset.anchor || "";
    picker.querySelectorAll("[data-rank], [data-suit]").forEach(function (b) {
      var key = b.dataset.rank ? "rank:" + b.dataset.rank : "suit:" + b.dataset.suit;
      b.setAttribute("aria-pressed", key === anchor ? "true" : "false");
    });
    picker.querySelectorAll("[data-target]").forEach(function (b) {
      b.setAttribute("aria-pressed", b.dataset.target === (picker.dataset.target || "melds") ? "true" : "false");
    });
  }

  function append(picker, token) {
    var input = field(picker);
    if (input.tagName === "TEXTAREA") {
      var lines = input.value.split("\n");
      var last = lines.length - 1;
      lines[last] = lines[last].trim() ? lines[last].trimEnd() + " " + token : token;
      input.value = lines.join("\n");
    } else {
      input.value = input.value.trim() ? input.value.trimEnd() + " " + token : token;
    }
    changed(input);
  }

  function undo(picker) {
    var input = field(picker);
    if (/\n\s*$/.test(input.value)) {
      input.value = input.value.replace(/\s+$/, ""); // back to the meld before
    } else {
      input.value = input.value.replace(/\s+$/, "").replace(/\S+$/, "").replace(/[ \t]+$/, "");
    }
    changed(input);
  }

  function newMeld(picker) {
    picker.dataset.target = "melds";
    var input = field(picker);
    if (input.value.trim() && !/\n\s*$/.test(input.value)) input.value = input.value.trimEnd() + "\n";
    picker.dataset.anchor = "";
    press(picker);
    changed(input);
  }

  function tap(picker, kind, value) {
    var anchor = picker.dataset.anchor || "";
    var other = kind === "rank" ? "suit:" : "rank:";
    if (anchor.indexOf(other) === 0) {
      var held = anchor.slice(other.length);
      append(picker, kind === "rank" ? value + held : held + value);
    } else {
      picker.dataset.anchor = anchor === kind + ":" + value ? "" : kind + ":" + value;
    }
    press(picker);
  }

  document.addEventListener("click", function (event) {
    var button = event.target.closest("button");
    if (!button) return;
    if (button.dataset.step) { step(button); return; }
    var picker = button.closest("[data-picker]");
    if (!picker) return;
    if (button.dataset.rank) tap(picker, "rank", button.dataset.rank);
    else if (button.dataset.suit) tap(picker, "suit", button.dataset.suit);
    else if (button.dataset.joker) append(picker, button.dataset.joker);
    else if (button.dataset.target) { picker.dataset.target = button.dataset.target; press(picker); }
    else if (button.dataset.action === "undo") undo(picker);
    else if (button.dataset.action === "new-meld") newMeld(picker);
  });
})();
