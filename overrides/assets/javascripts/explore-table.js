// Results explorer (results/explore/): the table, the notes and the downloads of a view, and
// the page's set-up. The view's rules (filters, figures, sorting, the address) are in
// explore.js. Data reaches the page only as text nodes, never as markup.
(function () {
  "use strict";
  var x = window.mlperfExplore, element = x.element, fill = x.fill;
  var cite = window.mlperfExploreCite;  // a row's citation (explore-cite.js)

  // Intl.NumberFormat of the page's locale, with the decimals of the other pages
  // (formatting.result_decimals): two below 100, one below 10,000, none above; three
  // significant digits below 1; rounded half to even and grouped from four digits on, as
  // Babel writes them there (3.062,7 in Italian, where Intl's default writes 3062,7), so that a
  // row's figure and its citation read as on the other pages.
  function formatter(locale) {
    var cache = {};
    function decimals(value) {
      var a = Math.abs(value);
      if (a > 0 && a < 1) return Math.max(2, 2 - Math.floor(Math.log10(a)));
      return a < 100 ? 2 : a < 10000 ? 1 : 0;
    }
    return {
      result: function (value) {
        var d = decimals(value);
        if (!cache[d]) {
          cache[d] = new Intl.NumberFormat(locale, { maximumFractionDigits: d,
                                                     roundingMode: "halfEven",
                                                     useGrouping: "always" });
        }
        return cache[d].format(value);
      },
      count: new Intl.NumberFormat(locale).format
    };
  }

  function unitsText(labels, figure) {
    var symbol = labels.units[figure.units] || figure.units;
    return figure.perAccelerator ? fill(labels.per_label, { units: symbol }) : symbol;
  }

  // The table's columns: the column each heading sorts by (explore.js COLUMNS lists every
  // order; the suite and the category are shown below the benchmark and the division).
  var HEADINGS = ["round", "result_id", "model", "scenario", "division", "submitter", "system",
                  "accelerator", "accelerators", "result"];

  // The cells of one result, as [text, nodes or a function filling the cell, class] per
  // heading of HEADINGS.
  function cells(row, figure, labels, format) {
    function under(main, small) {
      return [document.createTextNode(main), element("br"), element("small", small)];
    }
    var system = [document.createTextNode(row.system)];
    if (row.division === "open") {
      if (row.used_model && row.used_model !== row.model) {
        system.push(element("br"), element("small", fill(labels.model_run,
                                                         { model: row.used_model })));
      }
      if (row.accuracy) {
        system.push(element("br"), element("small", fill(labels.accuracy,
                                                         { accuracy: row.accuracy })));
      }
    }
    var accelerator = row.accelerator_id ? row.accelerator_name : labels.cpu_only;
    var result = [document.createTextNode(format.result(figure.value) + " " +
                                          unitsText(labels, figure))];
    if (figure.derived) result.push(element("sup", "‡"));
    return [[row.round, "keep"], [function (td) { cite.cell(td, row, labels); }, "nowrap"],
            [under(row.model, labels[row.suite] || row.suite), "keep"], [row.scenario, "keep"],
            [under(labels[row.division], labels[row.category]), "keep"],
            [row.submitter], [system], [accelerator],
            [row.accelerators === null ? "—" : format.count(row.accelerators), "num"],
            [result, "num"]];
  }

  // What a reader downloads: exactly the rows of the view, in its order, with the fields
  // MLCommons' results guidelines ask a citation to give, in MLCommons' units.
  function downloadRow(row, figure, per, labels, format) {
    return {
      round: row.round, division: row.division, category: row.category, suite: row.suite,
      submitter: row.submitter, system_name: row.system, model: row.model,
      used_model: row.used_model || row.model, scenario: row.scenario,
      // The ID as pages show it (MLCommons' spelling, v4.1-0043), its canonical form (4.1-0043)
      // and whether this site derived it, as every other download of the site names an ID.
      result_id: row.result_id, result_id_canonical: row.result_id.replace(/^v/, ""),
      result_id_derived: row.result_id_derived === 1, result: row.result, units: row.units,
      total_accelerators: row.accelerators, accelerator: row.accelerator,
      accelerator_id: row.accelerator_id, accelerator_family: row.family,
      shown: per, shown_value: figure.value,
      shown_units: figure.perAccelerator ? row.units + " per accelerator" : figure.units,
      shown_derived: figure.derived, power_result: row.power, power_units: row.power_units,
      accuracy: row.accuracy, result_url: row.result_url,
      citation: cite.text(row, labels, format)
    };
  }

  // "Data of this view: CSV · JSON". Each file, and the rows it holds (rowsOf()), is made
  // when the reader asks for it: making them for the whole dataset at every redraw took
  // longer than drawing the table.
  var objectUrls = [];
  function downloads(labels, rowsOf) {
    objectUrls.forEach(URL.revokeObjectURL);
    objectUrls = [];
    var made = null;
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
      p.appendChild(a);
    });
    return p;
  }

  // The table stays on the page from one view to the next (set up once, in view.table): its
  // headings are updated and its rows filled in place, rows added only where a view has more
  // than the last, so that a redraw makes, styles and removes as few elements as it can.
  function table(view) {
    if (view.table) return view.table;
    var labels = view.labels;
    var region = element("div", null, "mlperf-table mlperf-table--cards");
    region.tabIndex = 0;
    region.setAttribute("role", "region");
    region.setAttribute("aria-label", labels.title);
    var node = element("table");
    var head = node.createTHead().insertRow(), headings = [];
    HEADINGS.forEach(function (column) {
      var th = element("th", null, column === "accelerators" || column === "result" ? "num" : "");
      th.setAttribute("scope", "col");
      var button = element("button", labels[column], "mlperf-explore__sort");
      button.type = "button";
      button.dataset.column = column;
      button.title = fill(labels.sort_by, { column: button.textContent });
      th.appendChild(button);
      head.appendChild(th);
      headings.push(th);
    });
    region.appendChild(node);
    view.table = { region: region, headings: headings, body: node.createTBody(), pairs: [] };
    cite.listen(view);  // the rows' "Cite" buttons (explore-cite.js)
    view.output.insertBefore(region, view.after);
    return view.table;
  }

  // The figure each row shows (measure() makes one object per result and figure): a row that
  // shows the same one already is left as it is, and only the rows that changed are laid out.
  var drawnFigure = new WeakMap();

  // Rows from..to-1 of the view's pairs, into the table's body (its rows reused).
  function fillRows(body, pairs, from, to, labels, format) {
    for (var i = from; i < Math.min(to, pairs.length); i++) {
      var tr = body.rows[i];
      if (tr && drawnFigure.get(tr) === pairs[i][1]) continue;
      if (!tr) {
        tr = body.insertRow();
        HEADINGS.forEach(function (column) {
          tr.insertCell().dataset.label = labels[column];
        });
      }
      cells(pairs[i][0], pairs[i][1], labels, format).forEach(function (cell, index) {
        var td = tr.cells[index];
        if (td.className !== (cell[1] || "")) td.className = cell[1] || "";
        if (typeof cell[0] === "function") cell[0](td);
        else if (Array.isArray(cell[0])) td.replaceChildren.apply(td, cell[0]);
        else if (td.childNodes.length === 1 && td.firstChild.nodeType === 3) {
          if (td.firstChild.data !== cell[0]) td.firstChild.data = cell[0];
        } else td.textContent = cell[0];
      });
      drawnFigure.set(tr, pairs[i][1]);
    }
  }

  function render(view) {
    var labels = view.labels, state = view.state, format = view.format;
    var all = view.rows.filter(x.matcher(state));
    var pairs = [];
    all.forEach(function (row) {
      var figure = x.measure(row, state.per, view.data.units);
      if (figure) pairs.push([row, figure]);
    });
    pairs = x.sortRows(pairs, state.sort, view.rows, state.per, view.data.units);
    var before = view.before, output = view.after;
    before.replaceChildren();
    output.replaceChildren();
    // The count is the page's live region: a screen reader hears it after each change, not the
    // whole table.
    view.count.textContent = fill(labels.shown, { count: format.count(pairs.length) });
    view.count.hidden = false;
    var left = all.length - pairs.length;
    if (left) {
      before.appendChild(element("p", fill(state.per === "watt" ? labels.left_out_watt
        : labels.left_out_accelerator, { count: format.count(left) })));
    }
    var units = {};
    pairs.forEach(function (p) { units[p[1].units] = true; });
    if (Object.keys(units).length > 1) {
      before.appendChild(element("p", fill(labels.units_apart,
        { count: format.count(Object.keys(units).length) }), "mlperf-apart"));
    }
    var drawn = table(view), body = drawn.body;
    drawn.pairs = pairs;
    drawn.region.hidden = !pairs.length;
    if (!pairs.length) {
      before.appendChild(element("p", labels.none));
      return;
    }
    drawn.headings.forEach(function (th, index) {
      var column = HEADINGS[index], sorted = state.sort && state.sort.column === column;
      th.setAttribute("aria-sort", !sorted ? "none" : state.sort.descending ? "descending"
                                                                           : "ascending");
      if (column === "result") {
        var button = th.firstChild;
        button.textContent = labels["per_" + state.per];
        button.title = fill(labels.sort_by, { column: button.textContent });
      }
    });
    var shown = Math.min(x.PAGE, pairs.length);
    while (body.rows.length > shown) body.deleteRow(-1);
    function draw(from, to) { fillRows(body, pairs, from, to, labels, format); }
    draw(0, shown);
    if (pairs.length > x.PAGE) {
      var note = element("p", fill(labels.showing, { shown: format.count(x.PAGE) }));
      var more = element("button", null, "md-button");
      more.type = "button";
      function label() {
        more.textContent = fill(labels.more, {
          count: format.count(Math.min(x.PAGE, pairs.length - shown)) });
      }
      label();
      more.addEventListener("click", function () {
        draw(shown, shown + x.PAGE);
        shown = Math.min(shown + x.PAGE, pairs.length);
        note.textContent = fill(labels.showing, { shown: format.count(shown) });
        if (shown >= pairs.length) more.remove(); else label();
      });
      output.appendChild(note);
      output.appendChild(more);
    }
    if (pairs.some(function (p) { return p[0].result_id_derived === 1; })) {
      output.appendChild(element("p", "† " + labels.id_derived + labels.period));
    }
    if (pairs.some(function (p) { return p[1].derived; })) {
      output.appendChild(element("p", labels.derived));
    }
    output.appendChild(downloads(labels, function () {
      return pairs.map(function (p) {
        return downloadRow(p[0], p[1], state.per, labels, format);
      });
    }));
    var chart = window.mlperfExploreChart(view, pairs, unitsText);
    if (chart) output.appendChild(chart);
  }

  var current = null;  // the explorer on the page, if any (Material swaps pages in place)

  function setUp(form) {
    var labels = JSON.parse(form.dataset.labels);
    var output = form.parentNode.querySelector(".mlperf-explore__output");
    var notice = form.parentNode.querySelector(".mlperf-explore__notice");
    fetch(new URL(form.dataset.src, document.baseURI).href)
      .then(function (response) {
        if (!response.ok) throw new Error(response.status + " " + response.url);
        return response.json();
      })
      .then(function (data) {
        var rows = x.decode(data);
        var options = x.filterOptions(rows, data, labels);
        x.fillMenus(form, options, data, labels);
        // The output: notes before the table, the table (table()), what follows it.
        var view = { form: form, labels: labels, output: output, data: data, rows: rows,
                     count: form.parentNode.querySelector(".mlperf-explore__count"),
                     format: formatter(form.dataset.locale),
                     before: element("div"), after: element("div") };
        output.replaceChildren(view.before, view.after);
        function fromAddress() {
          var parsed = x.parse(window.location.search, options);
          notice.hidden = !parsed.ignored.length;
          notice.textContent = parsed.ignored.length ?
            fill(labels.ignored, { items: parsed.ignored.join(", ") }) : "";
          view.state = parsed.state;
          x.showState(form, view.state);
          render(view);
        }
        function change(state) {
          view.state = state;
          x.showState(form, state);
          render(view);
          notice.hidden = true;
          var url = new URL(window.location.href);
          url.search = x.query(state);
          if (url.href !== window.location.href) {
            window.history.pushState(null, "", url.href);
          }
        }
        form.addEventListener("change", function () { change(x.readState(form, view.state)); });
        form.addEventListener("submit", function (event) { event.preventDefault(); });
        output.addEventListener("click", function (event) {
          var button = event.target.closest("button.mlperf-explore__sort");
          if (!button) return;
          var column = button.dataset.column, sort = view.state.sort;
          var state = Object.assign({}, view.state);
          // A second click on the sorted column turns the order round; a first click sorts
          // figures highest first and names from A.
          state.sort = { column: column, descending: sort && sort.column === column
            ? !sort.descending : column === "result" || column === "accelerators" ||
              column === "round" };
          change(state);
          var again = output.querySelector("button[data-column='" + column + "']");
          if (again) again.focus();
        });
        view.fromAddress = fromAddress;
        current = view;
        fromAddress();
        // Each figure's order largest first, the sort a reader asks for most, is made while the
        // page is idle (explore.js order()): even the first sort by result is then one pass.
        ["system", "accelerator", "watt"].forEach(function (per) {
          if (window.requestIdleCallback) window.requestIdleCallback(function () {
            x.sortRows([], { column: "result", descending: true }, rows, per, data.units); });
        });
      })
      .catch(function (error) {
        notice.textContent = labels.failed;
        notice.hidden = false;
        console.error("explorer:", error);
      });
  }

  // Back and forward within the explorer redraw the view of the address at once. (Material's
  // instant navigation then also swaps in the page again, whose set-up shows the same view.)
  window.addEventListener("popstate", function () {
    if (current && document.body.contains(current.form)) current.fromAddress();
  });

  // Material's document$ emits on the first load and after every instant navigation.
  document$.subscribe(function () {
    current = null;
    var form = document.querySelector("form.mlperf-explore");
    if (form) setUp(form);
  });
})();
