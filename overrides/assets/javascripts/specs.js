// The table of accelerator specifications (results/specifications/): a reader ticks two or
// more accelerators and follows "Compare the chosen", whose address (?compare=id,id) shows
// only their rows, in the table's order, so that a comparison of cards can be shared. An id
// the table does not hold is ignored; with fewer than two known ids the whole table shows.
document$.subscribe(function () {
  "use strict";
  var table = document.querySelector("article table[data-spec-table]");
  if (!table) {
    return;
  }
  var rows = Array.prototype.slice.call(table.tBodies[0].rows);
  var known = rows.map(function (row) { return row.dataset.accelerator; });
  var asked = (new URLSearchParams(window.location.search).get("compare") || "")
    .split(",").filter(function (id) { return known.indexOf(id) >= 0; });
  var link = document.querySelector("[data-spec-compare]");
  var note = document.querySelector("[data-spec-compared]");
  var comparing = asked.length >= 2;
  rows.forEach(function (row) {
    var box = row.querySelector("input[data-compare]");
    row.hidden = comparing && asked.indexOf(row.dataset.accelerator) < 0;
    box.checked = comparing && !row.hidden;
    box.addEventListener("change", update);
  });
  note.hidden = !comparing;
  function update() {
    var ids = rows.filter(function (row) {
      return row.querySelector("input[data-compare]").checked;
    }).map(function (row) { return row.dataset.accelerator; });
    link.href = "?compare=" + ids.map(encodeURIComponent).join(",");
    link.setAttribute("aria-disabled", String(ids.length < 2));
    link.classList.toggle("mlperf-disabled", ids.length < 2);
  }
  update();
});
