// The history's hands that wait for the other side (scoring/acceptance): a small
// "pending" or "disputed" beside each. The history's rows are cached per revision and
// know nothing of acceptance; the acceptance panel, drawn afresh with every live answer,
// lists the hands that wait ([data-pending-hand], with their [data-status]). This reads
// it after every change to the page and marks the rows; a row no longer listed loses its
// mark. Without this script the panel above still lists every hand that waits.
(function () {
  "use strict";

  function waiting(panel) {
    var found = {};
    if (!panel) return found;
    panel.querySelectorAll("[data-pending-hand]").forEach(function (section) {
      found[section.dataset.pendingHand] = section.dataset.status || "pending";
    });
    return found;
  }

  // Only what differs is touched, so that marking the rows does not mark them again.
  function mark() {
    var panel = document.querySelector("[data-acceptance]");
    var statuses = waiting(panel);
    document.querySelectorAll("#history-list li.hand[data-hand]").forEach(function (row) {
      var status = statuses[row.dataset.hand] || "";
      var badge = row.querySelector("[data-hand-mark]");
      if (!status) {
        if (badge) badge.remove();
        if (row.dataset.acceptance) delete row.dataset.acceptance;
        return;
      }
      var text = panel.dataset[status === "disputed" ? "disputedText" : "pendingText"] || status;
      if (!badge) {
        badge = document.createElement("small");
        badge.className = "hand-status";
        badge.dataset.handMark = "";
        var number = row.querySelector(".number") || row;
        number.append(badge);
      }
      if (badge.textContent !== text) badge.textContent = text;
      if (row.dataset.acceptance !== status) row.dataset.acceptance = status;
    });
  }

  var queued = false;
  function soon() {
    if (queued) return;
    queued = true;
    requestAnimationFrame(function () {
      queued = false;
      mark();
    });
  }

  function start() {
    mark();
    // However the page is changed (a live answer, a hand recorded, an earlier page of
    // hands), the rows are marked again.
    new MutationObserver(soon).observe(document.body, { childList: true, subtree: true });
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
