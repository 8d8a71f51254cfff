// Truco: when another phone changes the match, the poll brings a fresh hand form and this
// phone's hand in progress starts over. Not when the form already shows the hand the match
// is on (this phone's own hand raced the poll): then the taps made since are kept.
(function () {
  "use strict";
  document.addEventListener("htmx:oobBeforeSwap", function (event) {
    var target = event.detail.target;
    if (!target || target.id !== "hand-form") return;
    var fragment = event.detail.fragment;
    var incoming = fragment && fragment.firstElementChild;
    if (incoming && incoming.dataset.hand && incoming.dataset.hand === target.dataset.hand) {
      event.detail.shouldSwap = false;
    }
  });
})();
