// Results explorer (results/explore/): the table, the notes and the downloads of a view, and
// the page's set-up. The view's rules (filters, figures, sorting, the address) are in
// explore.js. Data reaches the page only as text nodes, never as markup.
(function () {
  "use strict";
  var x = window.mlperfExplore, element = x.element, fill = x.fill, setText = x.setText;
  var setContent = x.setContent, shown = x.shown;
  var cite = window.mlperfExploreCite;  // a row's citation (explore-cite.js)
  var downloads = window.mlperfExploreDownloads;  // the view's CSV and JSON (explore-downloads.js)

  // Intl.NumberFormat of the page's locale, with the decimals of the other pages
  // (formatting.result_decimals): two below 100, one below 10,000, none above; three
  // significant digits below 1; rounded half to even and grouped from four digits on, as
  // Babel writes them there (3.062,7 in Italian, where Intl's default writes 3062,7; counts
  // too: 3.397 risultati), so that a row's figure and its citation read as on the other pages.
  // Each formatter is made once: making one costs 10-70 ms at CPU ×4 the first time (ICU's data
  // for the locale), which a filter change would otherwise wait for. prepare() makes those of
  // up to PREPARED_DECIMALS decimals while the page is idle.
  var PREPARED_DECIMALS = 4;
  function formatter(locale, hanWord) {
    var cache = {}, list = null;
    function decimals(value) {
      var a = Math.abs(value);
      if (a > 0 && a < 1) return Math.max(2, 2 - Math.floor(Math.log10(a)));
      return a < 100 ? 2 : a < 10000 ? 1 : 0;
    }
    function numbers(d) {
      return cache[d] || (cache[d] = new Intl.NumberFormat(locale, {
        maximumFractionDigits: d, roundingMode: "halfEven", useGrouping: "always" }));
    }
    function lists() { return list || (list = new Intl.ListFormat(locale)); }
    return {
      result: function (value) { return numbers(decimals(value)).format(value); },
      count: new Intl.NumberFormat(locale, { useGrouping: "always" }).format,
      // An open-division result's published accuracy in the locale's number format, every
      // published digit kept ("acc: 76.454" -> "acc 76,454" in Italian), as the static pages
      // write it (formatting.format_accuracy); a text of another form is quoted as published.
      accuracy: function (text, labels) {
        var parts = [], metric = /\s*(?:([A-Za-z][\w-]*):\s*)?(-?\d+(?:\.(\d+))?)(?=\s|$)/y;
        for (var found; metric.lastIndex < text.length && (found = metric.exec(text));) {
          var value = numbers(found[3] ? found[3].length : 0).format(found[2]);
          parts.push(found[1] ? found[1] + " " + value : value);
        }
        return parts.length && !text.slice(metric.lastIndex).trim()
          ? parts.join(labels.comma) : fill(labels.quoted, { text: text });
      },
      // CLDR's Chinese joiner 和 touches its items; beside a Latin word or a figure it takes a
      // space, as formatting.format_items writes it on the static pages.
      list: function (items) {
        if (!/^zh/.test(locale)) return lists().format(items);
        var parts = lists().formatToParts(items), out = "";
        parts.forEach(function (part, i) {
          var text = part.value;
          if (part.type === "literal" && hanWord.test(text)) {
            var before = parts[i - 1] ? parts[i - 1].value : "", after = parts[i + 1] ? parts[i + 1].value : "";
            if (/[\x21-\x7e]$/.test(before)) text = " " + text;
            if (/^[\x21-\x7e]/.test(after)) text = text + " ";
          }
          out += text;
        });
        return out;
      },
      prepare: function () {
        for (var d = 0; d <= PREPARED_DECIMALS; d++) numbers(d);
        lists();
      }
    };
  }

  // A figure's units as a chart's axis names them: per accelerator, and per TB/s or per peak
  // TFLOPS of the card for a spec figure (the precision of each bar is in its table row).
  function unitsText(labels, figure) {
    var symbol = labels.units[figure.units] || figure.units;
    if (figure.spec) {
      return fill(labels[figure.spec === "bandwidth" ? "per_tb_s_label" : "per_peak_label"],
                  { units: symbol, peak: figure.divisor[1] });
    }
    return figure.perAccelerator ? fill(labels.per_label, { units: symbol }) : symbol;
  }

  // The table's columns: the column each heading sorts by (explore.js COLUMNS lists every
  // order; the suite and the category are shown below the benchmark and the division).
  var HEADINGS = ["round", "result_id", "model", "scenario", "division", "submitter", "system",
                  "accelerator", "accelerators", "result"];

  // Each cell's class, and the lines under its first text (the suite under the benchmark, the
  // category under the division, an open result's model run and accuracy under the system).
  // A model's name wraps after its hyphens ("wan-2.2-" / "t2v-a14b"), never inside a part:
  // kept on one line it ran into the Scenario column at 1280 px.
  var CLASSES = { round: "keep", result_id: "nowrap", model: "name", scenario: "keep",
                  division: "keep", accelerators: "num", result: "num" };
  var LINES = { model: 1, division: 1, system: 2 };

  // A row of the table, made once: every cell holds the nodes it will ever show (a text, its
  // lines and marks, hidden when empty), which a redraw fills with texts only, so that no
  // element is made or styled again.
  function makeRow(body, labels) {
    var tr = body.insertRow();
    HEADINGS.forEach(function (column) {
      var td = tr.insertCell();
      td.dataset.label = labels[column];
      if (CLASSES[column]) td.className = CLASSES[column];
      if (column === "result_id") return;  // explore-cite.js fills it
      td.appendChild(document.createTextNode(""));
      for (var k = 0; k < (LINES[column] || 0); k++) td.append(element("br"), element("small"));
      if (column === "result") {
        var inferred = element("sup", "*");  // MLCommons' mark, as on the ranked pages
        inferred.title = labels.inferred_title;
        td.append(inferred, element("sup", "‡"));
      }
    });
    return tr;
  }

  // The k-th line under a cell's text, hidden when there is none.
  function line(td, k, text) {
    var br = td.childNodes[1 + 2 * k], small = br.nextSibling;
    shown(br, !!text);
    shown(small, !!text);
    if (small.textContent !== text) small.textContent = text;
  }

  // The cells of one result (row) showing figure (explore.js measure()).
  function fillRow(tr, row, figure, labels, format) {
    var c = tr.cells, open = row.division === "open";
    setText(c[0].firstChild, row.round);
    cite.cell(c[1], row, labels);
    setText(c[2].firstChild, row.model);
    line(c[2], 0, labels[row.suite] || row.suite);
    setText(c[3].firstChild, row.scenario);
    setText(c[4].firstChild, labels[row.division]);
    line(c[4], 0, x.categoryText(row, labels));
    setText(c[5].firstChild, row.submitter);
    setText(c[6].firstChild, row.system);
    line(c[6], 0, open && row.used_model && row.used_model !== row.model
      ? fill(labels.model_run, { model: row.used_model }) : "");
    line(c[6], 1, open && row.accuracy ? fill(labels.accuracy, { accuracy: format.accuracy(row.accuracy, labels) }) : "");
    setText(c[7].firstChild, row.accelerator_id ? row.accelerator_name : labels.cpu_only);
    setText(c[8].firstChild, row.accelerators === null ? "—" : format.count(row.accelerators));
    // The unit alone: the column's heading already says "per accelerator" in such a view.
    setText(c[9].firstChild, format.result(figure.value) + " " +
            (labels.units[figure.units] || figure.units) +
            (figure.precision ? " · " + labels.precisions[figure.precision] : ""));
    shown(c[9].lastChild.previousSibling, row.inferred === 1);
    shown(c[9].lastChild, figure.derived);
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

  // Rows from..to-1 of the table's pairs, into its body (its rows reused). A phone shows each
  // row as a card whose fields are labelled by their headings (data-label): the result's is
  // the heading of the view's figure (drawn.resultLabel, "Result per accelerator").
  function fillRows(drawn, from, to, labels, format) {
    var body = drawn.body, pairs = drawn.pairs;
    for (var i = from; i < Math.min(to, pairs.length); i++) {
      var tr = body.rows[i] || makeRow(body, labels);
      var result = tr.cells[9];
      if (result.dataset.label !== drawn.resultLabel) result.dataset.label = drawn.resultLabel;
      // Sorted by result, the first row of each ranking after the first is marked (a rule
      // above it), as the rankings follow one another.
      var starts = drawn.byResult && i > 0 && x.ranking(pairs[i]) !== x.ranking(pairs[i - 1]);
      if (tr.classList.contains("mlperf-explore__ranking") !== starts) {
        tr.classList.toggle("mlperf-explore__ranking", starts);
      }
      if (drawnFigure.get(tr) === pairs[i][1]) continue;
      fillRow(tr, pairs[i][0], pairs[i][1], labels, format);
      drawnFigure.set(tr, pairs[i][1]);
    }
  }

  // The notes and blocks around the table, made once (and hidden when a view has none): a
  // redraw writes their texts, so that it makes and styles no element.
  function parts(view) {
    if (view.parts) return view.parts;
    var labels = view.labels, made = {
      noPower: element("p"), leftOut: element("p"), apart: element("p", null, "mlperf-apart"),
      none: element("p", labels.none), showing: element("p"),
      more: element("button", null, "md-button"),
      idNote: element("p", "† " + labels.id_derived + labels.period),
      inferredNote: element("p"),
      derived: element("p", labels.derived), downloads: downloads(labels, view.format),
      chart: window.mlperfExploreChart(view, unitsText)
    };
    made.more.type = "button";
    made.more.addEventListener("click", function () {
      var drawn = view.table, first = drawn.shown;
      var next = Math.min(first + x.PAGE, drawn.pairs.length);
      fillRows(drawn, first, next, labels, view.format);
      drawn.shown = next;
      moreLabels(view);
      // The last rows shown, the button goes: the focus moves to the first row it added
      // (its result's link), not to the page's start.
      if (made.more.hidden) drawn.body.rows[first].cells[1].firstChild.focus();
    });
    view.before.append(made.noPower, made.leftOut, made.apart, made.none);
    view.after.append(made.showing, made.more, made.idNote, made.inferredNote, made.derived,
                      made.downloads.node,
                      made.chart.node);
    return (view.parts = made);
  }

  // "The table shows the first 40." and "Show 20 more", or neither when every row is shown.
  function moreLabels(view) {
    var drawn = view.table, made = view.parts, left = drawn.pairs.length - drawn.shown;
    var labels = view.labels, format = view.format;
    shown(made.showing, left > 0);  // "the first N" only while rows are left to show
    shown(made.more, left > 0);
    setContent(made.showing, fill(labels.showing, { shown: format.count(drawn.shown) }));
    setContent(made.more, x.counted(Math.min(x.PAGE, left), labels.more_one, labels.more, {},
                                    format.count));
  }

  // The note under the filters on the accelerator-count limits (a live region, which each of
  // the two fields names as its description): each limit typed that is not a count, not
  // applied, a least count above the most (the fields concerned are marked invalid), and, while
  // a limit applies, that it leaves out the systems without accelerators. The
  // largest count is written as a reader types it, in digits only (explore.js isCount).
  function limitsNote(view) {
    var labels = view.labels, format = view.format, state = view.state, texts = [], bad = {};
    view.invalid.forEach(function (item) {
      bad[item.name] = true;
      texts.push(fill(labels.count_invalid, { field: labels[item.name], value: item.value,
                                              limit: String(x.MOST_ACCELERATORS) }));
    });
    if (state.min_accelerators !== null && state.max_accelerators !== null &&
        state.min_accelerators > state.max_accelerators) {
      bad.min_accelerators = bad.max_accelerators = true;
      texts.push(fill(labels.range_empty, { min: format.count(state.min_accelerators),
                                            max: format.count(state.max_accelerators) }));
    }
    // A limit applied leaves out the systems without accelerators, which have no count.
    if (state.min_accelerators !== null || state.max_accelerators !== null) {
      var cpuOnly = (state.filters.accelerator || []).indexOf(x.CPU_ONLY) >= 0;
      texts.push(cpuOnly ? labels.limit_cpu_only_chosen : labels.limit_cpu_only);
    }
    x.LIMITS.forEach(function (name) {
      var input = view.form.elements[name];
      if (bad[name]) input.setAttribute("aria-invalid", "true");
      else if (input.hasAttribute("aria-invalid")) input.removeAttribute("aria-invalid");
    });
    setContent(view.limits, texts.join(labels.gap));
    shown(view.limits, texts.length > 0);
  }

  function render(view) {
    var labels = view.labels, state = view.state, format = view.format;
    var match = x.matcher(state), rows = view.rows, all = [], pairs = [];
    var every = x.pairsOf(rows, state.per, view.data.units);
    for (var i = 0; i < rows.length; i++) {
      if (!match(rows[i])) continue;
      all.push(rows[i]);
      if (every[i]) pairs.push(every[i]);
    }
    pairs = x.sortRows(pairs, state.sort, rows, state.per, view.data.units);
    var made = parts(view);
    // The count is the page's live region: a screen reader hears it after each change, not the
    // whole table. It counts the results that match the filters; those the view's figure
    // leaves out are said below (leftOut).
    setContent(view.count, x.counted(all.length, labels.shown_one, labels.shown, {},
                                     format.count));
    view.count.hidden = false;
    // Per unit of energy, the rounds of the view in which MLPerf Power measured no system
    // (the dataset's power_rounds, explorer.py), named, oldest first.
    var unmeasured = [];
    if (state.per === "watt") {
      var rounds = {};
      all.forEach(function (row) { rounds[row.round] = true; });
      unmeasured = Object.keys(rounds).filter(function (round) {
        return view.data.power_rounds.indexOf(round) < 0;
      }).reverse();
    }
    shown(made.noPower, unmeasured.length > 0);
    if (unmeasured.length) {
      setContent(made.noPower, fill(unmeasured.length > 1 ? labels.no_power_rounds
        : labels.no_power, { round: unmeasured[0], rounds: view.format.list(unmeasured) }));
    }
    limitsNote(view);
    var left = all.length - pairs.length;
    shown(made.leftOut, left > 0);
    if (left) {
      var why = state.per === "watt" || state.per === "accelerator" ? state.per
        : state.per === "system" ? "accelerator" : "spec";
      setContent(made.leftOut, x.counted(left, labels["left_out_" + why + "_one"],
        labels["left_out_" + why], {}, format.count));
    }
    // Sorted by result, the rankings of the view (explore.js ranking()), said when more than one.
    var rankings = 0;
    if (state.sort && state.sort.column === "result") {
      for (var k = 0; k < pairs.length; k++) {
        // explore.js ranking(), read here as the figure's number: a call per result costs
        // 10 ms at CPU ×4 before the engine has optimized it.
        if (!k || pairs[k][1].ranking !== pairs[k - 1][1].ranking) rankings++;
      }
    }
    shown(made.apart, rankings > 1);
    if (rankings > 1) {
      setContent(made.apart, fill(labels.rankings_apart, { count: format.count(rankings) }));
    }
    var drawn = table(view), body = drawn.body;
    drawn.pairs = pairs;
    drawn.byResult = !!state.sort && state.sort.column === "result";
    shown(drawn.region, pairs.length > 0);
    shown(made.none, !all.length);  // matching results the figure leaves out are said (leftOut)
    view.after.hidden = !pairs.length;
    if (!pairs.length) {
      drawn.shown = 0;
      cite.follow(view);
      return;
    }
    // By result, the order of the figures themselves: each ranking best (or worst) first, so
    // that throughputs and latencies together are in no one order ("other").
    var higher = drawn.byResult && pairs.some(function (p) { return p[1].higher; });
    var lower = drawn.byResult && pairs.some(function (p) { return !p[1].higher; });
    drawn.headings.forEach(function (th, index) {
      var column = HEADINGS[index], sorted = state.sort && state.sort.column === column;
      var down = sorted && (column !== "result" || higher ? state.sort.descending
                                                          : !state.sort.descending);
      var order = !sorted ? "none" : column === "result" && higher && lower ? "other"
        : down ? "descending" : "ascending";
      if (th.getAttribute("aria-sort") !== order) th.setAttribute("aria-sort", order);
      if (column === "result") {
        var button = th.firstChild;
        setContent(button, labels["per_" + state.per]);
        drawn.resultLabel = button.textContent;
        var title = fill(labels.sort_by, { column: button.textContent });
        if (button.title !== title) button.title = title;
      }
    });
    drawn.shown = Math.min(x.PAGE, pairs.length);
    while (body.rows.length > drawn.shown) body.deleteRow(-1);
    fillRows(drawn, 0, drawn.shown, labels, format);
    cite.follow(view);  // a citation of a row no longer listed is closed
    moreLabels(view);
    shown(made.idNote, pairs.some(function (p) { return p[0].result_id_derived === 1; }));
    // What MLCommons' inferred mark means in each round of the rows that carry it.
    var rounds = [];
    pairs.forEach(function (p) {
      if (p[0].inferred === 1 && rounds.indexOf(p[0].round) < 0) rounds.push(p[0].round);
    });
    shown(made.inferredNote, rounds.length > 0);
    setContent(made.inferredNote, "* " + rounds.map(function (name) {
      return rounds.length > 1 ? name + ": " + labels.inferred_notes[name]
                               : labels.inferred_notes[name];
    }).join(" "));
    shown(made.derived, pairs.some(function (p) { return p[1].derived; }));
    setContent(made.derived, labels[state.per === "bandwidth" || state.per === "compute"
      ? "derived_spec" : "derived"]);
    made.downloads.update(pairs, state.per);
    made.chart.update(pairs);
  }

  var current = null;  // the explorer on the page, if any (Material swaps pages in place)

  // The parts of the address a notice names: up to NAMED of them, and how many others.
  var NAMED = 10;
  function named(items, labels, format) {
    if (items.length <= NAMED) return items;
    return items.slice(0, NAMED - 1).concat([
      fill(labels.ignored_more, { count: format.count(items.length - NAMED + 1) })]);
  }

  function setUp(form) {
    var labels = JSON.parse(form.dataset.labels);
    var output = form.parentNode.querySelector(".mlperf-explore__output");
    var notice = form.parentNode.querySelector(".mlperf-explore__notice");
    var limits = form.parentNode.querySelector("#explore-limits");
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
                     format: formatter(form.dataset.locale, x.chinese(form).word), limits: limits, invalid: [],
                     before: element("div"), after: element("div") };
        output.replaceChildren(view.before, view.after);
        function fromAddress() {
          var parsed = x.parse(window.location.search, options);
          notice.hidden = !parsed.ignored.length && !parsed.state.superseded;
          notice.textContent = parsed.ignored.length ?
            fill(labels.ignored, { items: view.format.list(named(parsed.ignored, labels, view.format)) }) : "";
          if (parsed.state.superseded) supersededNotice(notice, parsed.state.superseded);
          delete parsed.state.superseded;
          view.state = parsed.state;
          view.invalid = [];
          x.showState(form, view.state);
          render(view);
        }
        // What an address naming a derived ID of a round whose official IDs MLCommons has
        // published means now (explore.js parse): the system it meant, under its official
        // ID, or none; and a link to the system that carries the same text as its official
        // ID, if another does. Names reach the page as text only.
        function supersededNotice(node, said) {
          var systemOf = function (id) {
            var row = rows.find(function (r) { return r.result_id === id; });
            return row ? row.submitter + " " + row.system : id;
          };
          var text = fill(said.official ? labels.superseded : labels.superseded_gone,
                          { old: said.id, system: said.system, round: said.round,
                            official: said.official });
          node.append((node.textContent ? " " : "") + text);
          if (!said.now) return;
          var link = element("a", labels.superseded_show);
          link.href = "?id=" + encodeURIComponent(said.now) + "&ids=official";
          node.append(" " + fill(labels.superseded_now, { old: said.id, other: systemOf(said.now) }) + " ", link);
        }
        function change(state) {
          view.state = state;
          view.invalid = x.invalidLimits(form);
          x.showState(form, state, view.invalid.map(function (item) { return item.name; }));
          render(view);
          shown(notice, false);
          // The address follows after the paint, unless the view has moved on by then (the
          // back button, or another change): a stale address is never written over a newer.
          x.afterPaint(function () {
            if (view.state !== state) return;
            var url = new URL(window.location.href);
            url.search = x.query(state, data.superseded);
            if (url.href !== window.location.href) {
              window.history.pushState(null, "", url.href);
            }
          });
        }
        // An ID the reader types is read as official, as the table shows IDs; one whose text
        // was a derived ID of another system (copied from an older article, say) is said, with
        // a link to the system it named.
        function typedNotice(id) {
          var old = data.superseded[id];
          notice.textContent = fill(old.official ? labels.superseded_typed : labels.superseded_gone,
                                    { old: id, system: old.submitter + " " + old.system_name,
                                      round: old.round, official: old.official });
          if (old.official) {
            var link = element("a", labels.superseded_show);
            link.href = "?id=" + encodeURIComponent(old.official) + "&ids=official";
            notice.append(labels.gap, link);
          }
          shown(notice, true);
        }
        form.addEventListener("change", function (event) {
          var state = x.readState(form, view.state);
          change(state);
          if (event.target === form.elements.id && state.id &&
              Object.prototype.hasOwnProperty.call(data.superseded || {}, state.id)) {
            typedNotice(state.id);
          }
        });
        form.addEventListener("submit", function (event) { event.preventDefault(); });
        output.addEventListener("click", function (event) {
          var button = event.target.closest("button.mlperf-explore__sort");
          if (!button) return;
          var column = button.dataset.column, sort = view.state.sort;
          var state = Object.assign({}, view.state);
          // A second click on the sorted column turns the order round; a first click sorts
          // results best first (explore.js sortRows: a latency lowest first), counts and rounds
          // highest first, and names from A.
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
        // While the page is idle, one short task at a time: each figure's results with their
        // rankings, and the order of every column both ways (explore.js pairsOf(), order()),
        // so that even a first sort is one pass over the view; and the number
        // formats a change may need (formatter()).
        if (window.requestIdleCallback) {
          var later = [view.format.prepare];
          ["system", "accelerator", "watt"].forEach(function (per) {
            later.push(function () { x.pairsOf(rows, per, data.units); });
            // A sort by result makes the figure's order both ways (explore.js sortRows).
            later.push(function () {
              x.sortRows([], { column: "result", descending: true }, rows, per, data.units);
            });
          });
          x.COLUMNS.forEach(function (column) {
            if (column === "result") return;
            [false, true].forEach(function (descending) {
              later.push(function () {
                x.sortRows([], { column: column, descending: descending }, rows, "system",
                           data.units);
              });
            });
          });
          later.forEach(function (task) { window.requestIdleCallback(task); });
        }
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
