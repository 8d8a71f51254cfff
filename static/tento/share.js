// Handing a match's links on (ledger/_share_link.html): the copy button, and the phone's
// own share sheet where it has one (with any files a page's script gave the button). Without this script the QR code and the link field
// are still there to scan or copy by hand.
(function () {
  "use strict";

  function say(button, text) {
    var status = button.closest(".share-link").querySelector("[data-share-status]");
    if (status) status.textContent = text;
  }

  function copyByHand(button) {
    // Older browsers, or a page not served over HTTPS: select the field and copy it.
    var field = button.closest(".share-link").querySelector(".link");
    field.focus();
    field.select();
    var done = false;
    try { done = document.execCommand("copy"); } catch (error) { done = false; }
    say(button, done ? button.dataset.copiedText : button.dataset.copyFailedText);
  }

  function copy(button) {
    var url = button.dataset.copyLink;
    if (navigator.clipboard && window.isSecureContext) {
      navigator.clipboard.writeText(url).then(
        function () { say(button, button.dataset.copiedText); },
        function () { copyByHand(button); }
      );
    } else {
      copyByHand(button);
    }
  }

  function share(button) {
    // A night's results hand on a few lines of text with their link (nights/night.html).
    var shared = { title: button.dataset.shareTitle, url: button.dataset.shareSheet };
    if (button.dataset.shareText) shared.text = button.dataset.shareText;
    // Files another script made ready for this button (the night's standing as a PNG,
    // nights/standing-image.js) go with the text where the phone can share them.
    var files = button.shareFiles;
    if (files && typeof navigator.canShare === "function" && navigator.canShare({ files: files })) {
      shared.files = files;
    }
    navigator.share(shared)
      .catch(function () { /* the player closed the sheet: nothing to say */ });
  }

  function setUp() {
    if (typeof navigator.share === "function") {
      document.querySelectorAll("[data-share-sheet]").forEach(function (button) {
        button.hidden = false;
      });
    }
  }

  document.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest("[data-copy-link], [data-share-sheet]");
    if (!button) return;
    if (button.hasAttribute("data-copy-link")) copy(button);
    else share(button);
  });
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", setUp);
  else setUp();
})();
