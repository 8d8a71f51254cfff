// The night's standing as a PNG, drawn in the phone (nights/night.html). Messaging apps
// preview a PNG but not the SVG the server draws, and no well-kept rasteriser runs on the
// server without system libraries; every phone's browser rasterises SVG already. The
// picture (the server's SVG drawn twice its size into a canvas) is made as the page
// opens, so that the share button hands it on within the tap (share.js, as the button's
// shareFiles) and the "Download the standing (PNG)" link is ready. Without a canvas, or
// if the drawing fails, the share button hands on the text and the SVG link stays.
(function () {
  "use strict";

  var SCALE = 2; // a phone's screen has two or three pixels to the CSS pixel

  function drawn(url) {
    // The SVG is this site's own (img-src 'self'), so the canvas stays readable.
    return new Promise(function (resolve, reject) {
      var image = new Image();
      image.onload = function () {
        var canvas = document.createElement("canvas");
        canvas.width = image.naturalWidth * SCALE;
        canvas.height = image.naturalHeight * SCALE;
        var context = canvas.getContext("2d");
        context.drawImage(image, 0, 0, canvas.width, canvas.height);
        canvas.toBlob(function (blob) {
          if (blob) resolve(blob);
          else reject(new Error("the canvas made no PNG"));
        }, "image/png");
      };
      image.onerror = function () { reject(new Error("the standing's SVG did not load")); };
      image.src = url;
    });
  }

  function setUp() {
    var svg = document.querySelector("[data-standing-image]");
    var download = document.querySelector("[data-standing-png]");
    if (!svg || !download || !HTMLCanvasElement.prototype.toBlob) return;
    drawn(svg.href).then(function (blob) {
      var name = download.getAttribute("download") || "standing.png";
      var file = new File([blob], name, { type: "image/png" });
      document.querySelectorAll("[data-night-share] [data-share-sheet]").forEach(function (button) {
        button.shareFiles = [file];
      });
      // An object URL is a link the phone downloads from, not an image the page shows:
      // the Content-Security-Policy's img-src does not apply to it.
      download.href = URL.createObjectURL(blob);
      download.hidden = false;
    }).catch(function () { /* the text and the SVG link are still there */ });
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", setUp);
  else setUp();
})();
