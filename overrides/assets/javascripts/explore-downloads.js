// Results explorer (results/explore/): the downloads of a view, exactly its rows in its order,
// each with its citation (explore-cite.js). explore-table.js makes them once per page and gives
// them each view. Data reaches the files as values only, never as markup.
(function () {
  "use strict";
  var element = window.mlperfExplore.element;
  var cite = window.mlperfExploreCite;

  // What a reader downloads: exactly the rows of the view, in its order, with the fields
  // MLCommons' results guidelines ask a citation to give, in MLCommons' units.
  function downloadRow(row, figure, per, labels, format) {
    return {
      round: row.round, division: row.division, category: row.category, suite: row.suite,
      submitter: row.submitter, system_name: row.system, model: row.model,
      used_model: row.used_model || row.model, scenario: row.scenario,
      // The ID as the whole dataset names it (data/datapackage.json), as every download of the
      // site does: canonical (4.1-0043), as MLCommons published it (v4.1-0043; empty when
      // derived) and whether this site derived it.
      result_id: row.result_id, result_id_published: row.result_id_published || "",
      result_id_derived: row.result_id_derived === 1, inferred: row.inferred === 1,
      result: row.result, units: row.units,
      total_accelerators: row.accelerators, accelerator: row.accelerator,
      accelerator_id: row.accelerator_id, accelerator_family: row.family,
      shown: per, shown_value: figure.value,
      shown_units: figure.spec === "bandwidth" ? row.units + " per accelerator per TB/s"
        : figure.spec === "compute" ? row.units + " per accelerator per peak " +
          figure.divisor[1] + " (" + figure.precision + ")"
        : figure.perAccelerator ? row.units + " per accelerator" : figure.units,
      // The card value a spec figure divides by: the vendor's figure, not an MLCommons result.
      spec_divisor: figure.spec ? figure.divisor[0] : null,
      spec_divisor_units: figure.spec ? figure.divisor[1] : null,
      spec_divisor_sparsity: figure.spec ? figure.divisor[2] : null,
      shown_derived: figure.derived, power_result: row.power, power_units: row.power_units,
      accuracy: row.accuracy, result_url: row.result_url,
      citation: cite.text(row, labels, format)
    };
  }

  // "Data of this view: CSV · JSON", made once per page: {node, update(pairs, per)}; each file,
  // and the rows it holds (those of the view update() was last given), is made when the reader asks for it: making them for
  // the whole dataset at every redraw took longer than drawing the table.
  window.mlperfExploreDownloads = function (labels, format) {
    var objectUrls = [], made = null, rowsOf = null, links = [];
    function rowsOnce() { return made || (made = rowsOf()); }
    function csv() {
      var rows = rowsOnce();
      var fields = Object.keys(rows[0]);
      function csvCell(value) {
        var text = value === null || value === undefined ? "" : String(value);
        return /[",\n]/.test(text) ? '"' + text.replace(/"/g, '""') + '"' : text;
      }
      return [fields.join(",")].concat(rows.map(function (row) {
        return fields.map(function (field) { return csvCell(row[field]); }).join(",");
      })).join("\n") + "\n";
    }
    function json() { return JSON.stringify(rowsOnce(), null, 1) + "\n"; }
    var p = element("p", labels.download + labels.gap, "mlperf-downloads");
    [["CSV", csv, "text/csv"], ["JSON", json, "application/json"]].forEach(function (file, i) {
      if (i) p.appendChild(document.createTextNode(" · "));
      var a = element("a", file[0]);
      a.href = "#";
      a.download = "mlperf-results." + file[0].toLowerCase();
      // The click's default action (the download) reads the address set here.
      a.addEventListener("click", function () {
        if (a.dataset.ready) return;
        var url = URL.createObjectURL(new Blob([file[1]()], { type: file[2] }));
        objectUrls.push(url);
        a.href = url;
        a.dataset.ready = "1";
      });
      links.push(a);
      p.appendChild(a);
    });
    return {
      node: p,
      // The view's [row, figure] pairs and its per (explore.js measure()).
      update: function (pairs, per) {
        objectUrls.forEach(URL.revokeObjectURL);
        objectUrls = [];
        made = null;
        rowsOf = function () {
          return pairs.map(function (p) { return downloadRow(p[0], p[1], per, labels, format); });
        };
        links.forEach(function (a) {
          if (a.dataset.ready) { delete a.dataset.ready; a.href = "#"; }
        });
      }
    };
  };

})();
