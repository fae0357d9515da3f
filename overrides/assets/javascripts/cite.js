// The citation of any row of a ranked table. The table's wrapper carries the citation pattern
// of the page's language (data-cite-pattern, placeholders {name}), the words its rows share
// (data-cite) and the labels (data-cite-labels); each row carries its own words (data-cite).
// The build writes all of them from the function that writes the downloads' citations
// (generator/pages/citations.py). This script adds a "Cite" button to each row or cell; it
// shows the row's citation in a panel after the table, moves the focus there and copies the
// text to the clipboard when the browser allows it. Text only: nothing becomes markup.
// Pages whose rows the browser builds (the comparison, the explorer) cite them with
// window.mlperfCite: button(labels, id), show(after, pattern, labels, words) and hide(after),
// with the pattern and labels their page gives (citations.script_texts).
(function () {
  "use strict";

  function fill(pattern, words) {
    return pattern.replace(/\{(\w+)\}/g, function (all, name) {
      return Object.prototype.hasOwnProperty.call(words, name) ? words[name] : all;
    });
  }

  function panelAfter(table) {
    var panel = table.nextElementSibling;
    if (panel && panel.classList.contains("mlperf-cite-panel")) return panel;
    panel = document.createElement("div");
    panel.className = "mlperf-cite-panel";
    panel.hidden = true;
    var heading = document.createElement("p");
    heading.className = "mlperf-cite-panel__heading";
    var status = document.createElement("p");
    status.className = "mlperf-cite-panel__status";
    status.setAttribute("role", "status");
    var pre = document.createElement("pre");
    pre.className = "mlperf-citation";
    pre.tabIndex = 0;
    pre.appendChild(document.createElement("code"));
    panel.append(heading, pre, status);
    table.after(panel);
    return panel;
  }

  // The citation of ``words`` in a panel after the element ``table``, focused and copied.
  function show(table, pattern, labels, words) {
    var panel = panelAfter(table);
    var text = fill(pattern, words);
    var heading = labels.heading.replace("%(id)s", words.id);
    panel.querySelector(".mlperf-cite-panel__heading").textContent = heading;
    panel.querySelector("pre").setAttribute("aria-label", heading);
    panel.querySelector("code").textContent = text;
    var status = panel.querySelector(".mlperf-cite-panel__status");
    status.textContent = "";
    panel.hidden = false;
    panel.querySelector("pre").focus();
    if (navigator.clipboard && window.isSecureContext) {
      navigator.clipboard.writeText(text).then(function () {
        status.textContent = labels.copied;
      }, function () { /* the text is shown and focused: the reader copies it */ });
    }
  }

  // The panel after ``table`` closed and emptied (no citation stays shown for a row gone).
  function hide(table) {
    var panel = table.nextElementSibling;
    if (!panel || !panel.classList.contains("mlperf-cite-panel") || panel.hidden) return;
    panel.hidden = true;
    panel.querySelectorAll("p, code").forEach(function (node) { node.textContent = ""; });
    panel.querySelector("pre").removeAttribute("aria-label");
  }

  // A "Cite" button, named for the result it cites (its ID).
  function makeButton(labels, id) {
    var button = document.createElement("button");
    button.type = "button";
    button.className = "mlperf-cite-button";
    button.textContent = labels.cite;
    button.setAttribute("aria-label", labels.cite_result.replace("%(id)s", id));
    return button;
  }

  window.mlperfCite = { button: makeButton, show: show, hide: hide, fill: fill };

  function setUp() {
    document.querySelectorAll("[data-cite-pattern]").forEach(function (table) {
      if (table.dataset.citeReady) return;
      table.dataset.citeReady = "true";
      var labels = JSON.parse(table.dataset.citeLabels);
      var shared = JSON.parse(table.dataset.cite);
      // A row cites its result from its last cell; a cell (a family's table) cites its own.
      table.querySelectorAll("tr[data-cite], td[data-cite]").forEach(function (row) {
        var words = Object.assign({}, shared, JSON.parse(row.dataset.cite));
        var button = makeButton(labels, words.id);
        button.addEventListener("click", function () {
          show(table, table.dataset.citePattern, labels, words);
        });
        // In the row's last cell, its result ID (a phone shows every cell, as a card).
        var cells = row.tagName === "TR" ? row.cells : [row];
        cells[cells.length - 1].append(" ", button);
      });
    });
  }

  // Material's document$ emits on the first load and after every instant navigation.
  document$.subscribe(setUp);
})();
