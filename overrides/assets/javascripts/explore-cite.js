// Results explorer (results/explore/): the citation of a row, as every other page gives it
// (cite.js). The dataset holds no text of any language, so the words of a row's citation
// (citations.words, guidelines.citation_words) are put together here from the row and the
// page's texts (labels.cite, citations.script_texts: the pattern, the button's and panel's
// labels, the sentence on a derived ID, the dates each round was read); the wording is the
// catalogs', none is written here. explore-table.js calls cell() for each row's result ID,
// listen() once for its table, follow() after each redraw, text() for each line of a download.
(function () {
  "use strict";

  // The words of a row's citation: its official result per system, whatever figure the view
  // shows, formatted as the table formats it, and its folder's address as Python's quote()
  // writes it (encodeURIComponent also keeps !'()*).
  function words(row, labels, format) {
    var cite = labels.cite;
    return {
      submitter: row.submitter_published || row.submitter, system: row.system,
      round: row.round, model: row.model, scenario: row.scenario,
      result: format.result(row.result) + " " + (labels.units[row.units] || row.units),
      division: labels[row.division], category: labels[row.category], suite: labels[row.suite],
      url: row.result_url.replace(/[!'()*]/g, function (c) {
        return "%" + c.charCodeAt(0).toString(16).toUpperCase();
      }),
      date: Object.prototype.hasOwnProperty.call(cite.dates, row.round) ? cite.dates[row.round]
                                                                        : row.round,
      id: row.shown_id,
      // A derived ID says so and how (guidelines.DERIVED_ID); a published one says nothing.
      id_note: row.result_id_derived !== 1 ? "" : cite.gap + cite.derived_id
        .replace("%(id)s", function () { return row.shown_id; })
        .replace("%(round)s", function () { return row.round; })
    };
  }

  function show(region, row, labels, format) {
    window.mlperfCite.show(region, labels.cite.pattern, labels.cite.labels,
                           words(row, labels, format));
  }

  window.mlperfExploreCite = {
    // The result ID's cell of a row: the link to its official folder and, below it, its
    // "Cite" button, made once per row of the table and given the result of each fill (no
    // element is made again at a redraw).
    cell: function (td, row, labels) {
      var link = td.firstChild;
      if (!link) {
        link = document.createElement("a");
        // The † of an ID this site derived, as the benchmark pages mark it; shown or hidden.
        var mark = document.createElement("sup");
        mark.textContent = "†";
        mark.title = labels.id_derived;
        td.append(link, mark, document.createElement("br"),
                  window.mlperfCite.button(labels.cite.labels, row.shown_id));
      }
      var derived = row.result_id_derived === 1;
      if (link.nextSibling.hidden === derived) link.nextSibling.hidden = !derived;
      if (link.textContent !== row.shown_id) {
        link.textContent = row.shown_id;
        td.lastChild.setAttribute("aria-label",
                                  labels.cite.labels.cite_result.replace("%(id)s", row.shown_id));
      }
      if (link.getAttribute("href") !== row.result_url) link.href = row.result_url;
    },
    // One listener on the view's table for every row's button: the citation of the row's
    // result (view.table.pairs, the view's [row, figure] pairs), in a panel after the table.
    listen: function (view) {
      view.table.region.addEventListener("click", function (event) {
        var button = event.target.closest("button.mlperf-cite-button");
        if (!button) return;
        var tr = button.closest("tr");
        view.table.cited = view.table.pairs[tr.sectionRowIndex][0];
        show(view.table.region, view.table.cited, view.labels, view.format);
      });
    },
    // After a redraw: the citation shown is closed when the table no longer lists its row
    // (view.table.pairs, of which the first view.table.shown are drawn).
    follow: function (view) {
      var drawn = view.table, cited = drawn.cited;
      if (!cited) return;
      for (var i = 0; i < drawn.shown; i++) if (drawn.pairs[i][0] === cited) return;
      drawn.cited = null;
      window.mlperfCite.hide(drawn.region);
    },
    // The citation's text, for the view's downloads.
    text: function (row, labels, format) {
      return window.mlperfCite.fill(labels.cite.pattern, words(row, labels, format));
    }
  };
})();
