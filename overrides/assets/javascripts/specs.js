// The table of accelerator specifications (results/specifications/): a reader ticks two or
// more accelerators and follows "Compare the chosen", whose address (?compare=id,id) shows
// only their rows, in the table's order, so that a comparison of cards can be shared. An id
// the table does not hold is left out, and with fewer than two known ids the whole table
// shows: either way a notice (data-spec-notice) names the ids left out and says what is shown.
// A comparison also shows the chosen accelerators' best results per benchmark: the section
// below the table, whose rows the script loads then, one file per accelerator compared
// (data-rows: comparison/<id>.json, for the cards data-rows-of names: a card without a
// throughput result has none), rather than the page carrying every card's rows hidden.
document$.subscribe(function () {
  "use strict";
  var table = document.querySelector("article table[data-spec-table]");
  if (!table) {
    return;
  }
  var rows = Array.prototype.slice.call(table.tBodies[0].rows);
  var known = rows.map(function (row) { return row.dataset.accelerator; });
  var named = (new URLSearchParams(window.location.search).get("compare") || "")
    .split(",").map(function (id) { return id.trim(); })
    .filter(function (id, i, all) { return id && all.indexOf(id) === i; });
  var asked = named.filter(function (id) { return known.indexOf(id) >= 0; });
  var unknown = named.filter(function (id) { return known.indexOf(id) < 0; });
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
  explain(document.querySelector("[data-spec-notice]"));
  var results = document.querySelector("[data-spec-results]");
  if (results && comparing) {
    showResults(results);
  }
  // The section stays hidden until its rows are in, so that a reader (or a test) who sees it
  // sees the whole comparison; if a file cannot be loaded it says so beside the downloads.
  function showResults(section) {
    var table = section.querySelector("table[data-spec-results-table]");
    var withRows = table.dataset.rowsOf.split(" ");
    var loaded = asked.filter(function (id) { return withRows.indexOf(id) >= 0; });
    Promise.all(loaded.map(function (id) {
      var url = new URL(table.dataset.rows + encodeURIComponent(id) + ".json", window.location.href);
      return fetch(url).then(function (response) {
        if (!response.ok) {
          throw new Error(response.status + " " + url);
        }
        return response.json();
      });
    }))
      .then(function (files) {
        var rows = [];
        files.forEach(function (file, i) {
          file.forEach(function (row) {
            rows.push({ accelerator: loaded[i], order: row.order, cells: row.cells });
          });
        });
        // The table's order (benchmark, then accelerator), as the files number their rows.
        rows.sort(function (a, b) { return a.order - b.order; });
        var body = table.tBodies[0];
        body.textContent = "";
        rows.forEach(function (row) {
          var tr = document.createElement("tr");
          tr.dataset.accelerator = row.accelerator;
          // The cells are the site's own markup, rendered and escaped by the page's template
          // when the site was built (partials/spec_results.md.j2), marks included.
          tr.innerHTML = row.cells;
          body.appendChild(tr);
        });
        section.hidden = false;
      })
      .catch(function () {
        section.querySelector("[data-spec-results-failed]").hidden = false;
        section.hidden = false;
      });
  }
  // What the address asked for and could not be shown, in the page's language: the ids the
  // table does not hold, then what is shown instead (the others compared, or every card).
  function explain(notice) {
    if (!notice || !named.length || (comparing && !unknown.length)) {
      return;
    }
    var texts = notice.dataset;
    var said = [];
    if (unknown.length) {
      said.push(texts.unknown.replace("%(ids)s", unknown.join(texts.list)));
    }
    said.push(comparing ? texts.rest : (unknown.length ? texts.all : texts.one));
    notice.textContent = said.join(texts.gap);
    notice.hidden = false;
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
