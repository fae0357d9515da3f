// The table of accelerator specifications (results/specifications/): a reader ticks two or
// more accelerators and follows "Compare the chosen", whose address (?compare=id,id) shows
// only their rows, in the table's order, so that a comparison of cards can be shared. An id
// the table does not hold is ignored; with fewer than two known ids the whole table shows.
// A comparison also shows the chosen accelerators' best results per benchmark (the section
// below the table, written hidden: without a comparison it would list every card's).
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
  var results = document.querySelector("[data-spec-results]");
  if (results) {
    results.hidden = !comparing;
    Array.prototype.forEach.call(
      results.querySelectorAll("tr[data-accelerator]"),
      function (row) { row.hidden = !comparing || asked.indexOf(row.dataset.accelerator) < 0; }
    );
  }
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
