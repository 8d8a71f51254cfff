// Pif-Paf's few lines of script: the card keypad, and the first dealer's choice showing
// the betting again at once. Everything else is HTMX attributes and plain forms.
(function () {
  "use strict";
  // The hand form brings this script along (the correction page has no other way to get
  // it), so it can arrive again with every form HTMX swaps in: set up once.
  if (window.pifpafReady) return;
  window.pifpafReady = true;
  document.documentElement.classList.add("pifpaf-js");

  function cardsIn(input) {
    var text = input.value.trim();
    return text ? text.split(/[\s,;]+/) : [];
  }

  function choose(pad, rankButton) {
    pad.querySelectorAll("[data-rank]").forEach(function (button) {
      button.setAttribute("aria-pressed", button === rankButton ? "true" : "false");
    });
    pad.dataset.rank = rankButton ? rankButton.dataset.rank : "";
  }

  // Tap a rank, then a suit: the card goes on the end of the field the keypad serves.
  // The field's input event lets HTMX check the cards on the spot.
  document.addEventListener("click", function (event) {
    var key = event.target.closest("[data-keypad] button");
    if (!key) return;
    var pad = key.closest("[data-keypad]");
    var input = document.getElementById(pad.dataset.keypad);
    if (!input) return;
    if (key.dataset.rank) {
      choose(pad, key);
      return;
    }
    var cards = cardsIn(input);
    if (key.dataset.suit) {
      if (!pad.dataset.rank) return;
      cards.push(pad.dataset.rank + key.dataset.suit);
      choose(pad, null);
    } else if (key.dataset.key === "back") {
      cards.pop();
    } else if (key.dataset.key === "clear") {
      cards = [];
    }
    input.value = cards.join(" ");
    input.dispatchEvent(new Event("input", { bubbles: true }));
  });

  // Who speaks first follows from the dealer: show the form again when it changes.
  document.addEventListener("change", function (event) {
    var field = event.target.closest("[data-resubmit]");
    if (!field || !field.form) return;
    // A click (not requestSubmit) so that HTMX, like the browser, sends the button.
    var update = field.form.querySelector('button[name="bet"][value=""]');
    if (update) update.click();
  });
})();
