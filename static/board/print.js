/* The paper pages' print button: the browser's own print, with the print stylesheet. */
document.addEventListener("click", function (event) {
  if (event.target.closest("[data-print]")) window.print();
});
