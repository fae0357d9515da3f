// Ranked tables (a benchmark's results, its charts as tables, MLPerf Power tables, the results
// of a submitter or an accelerator) re-sorted by any column with tablesort
// (assets/javascripts/tablesort/, vendored, see SOURCE.txt there), as Material for MkDocs
// documents it ("Data tables", sortable tables): every table marked data-sortable is set up
// after each page load, first or instant (document$).
// A heading is focusable and sorts with Enter (and Space, added here: a heading acts as a
// button); tablesort states the order in its aria-sort. Numeric cells carry their raw value
// in data-sort (the locale's "1.234,5" is only their text) and their heading forces the number
// sort. A figure's heading carries tablesort's data-sort-reverse, so that its first click sorts
// the largest first, as a reader of results expects (the rank's first click keeps rank 1 first).
// Each <tbody> is sorted on its own, so the open division stays ranked apart; a row
// marked data-sort-method="none" keeps its place.
document$.subscribe(function () {
  "use strict";
  document.querySelectorAll("article table[data-sortable]").forEach(function (table) {
    new Tablesort(table);
    // A heading that does not sort loses the role tablesort gives every heading, and with it
    // Material's sort icon.
    table.querySelectorAll("thead th[data-sort-method='none']").forEach(function (th) {
      th.removeAttribute("role");
    });
    table.querySelectorAll("thead th[tabindex]").forEach(function (th) {
      th.addEventListener("keydown", function (event) {
        if (event.key === " ") {
          event.preventDefault();
          th.click();
        }
      });
    });
  });
});
