// Results explorer (results/explore/): the chart of a view, drawn when the reader opens it.
// It ranks the best results of the view in one unit and one division only -- those of the view's
// first row (closed results come first: an open one is never ranked with them) --
// in the site's bar-chart style (the page carries a spec made by charts.bar_chart, with the
// language's number format), with the self-hosted Vega bundle, never a CDN.
(function () {
  "use strict";
  var x = window.mlperfExplore, element = x.element, fill = x.fill;
  var BARS = 20;
  var LABEL_CHARS = 44;  // as charts.LABEL_CHARS: the tooltip keeps the whole name

  function loadBundle(url) {
    if (window.vegaEmbed) return Promise.resolve(window.vegaEmbed);
    return new Promise(function (resolve, reject) {
      var script = document.createElement("script");
      script.src = url;
      script.onload = function () { resolve(window.vegaEmbed); };
      script.onerror = function () { reject(new Error("cannot load " + url)); };
      document.head.appendChild(script);
    });
  }

  function shorten(text, limit) {
    return text.length <= limit ? text : text.slice(0, limit - 1).trim() + "…";
  }

  // A bar's label with a preview result's mark, as marks.chart_label writes it on the other
  // charts ("3. NVIDIA Vera Rubin NVL72 · preview"): the name is cut, never the mark.
  function barLabel(text, row, labels) {
    if (!row.preview_due) return shorten(text, LABEL_CHARS);
    var mark = fill(labels.preview_label, { label: "" }).length;
    return fill(labels.preview_label, { label: shorten(text, LABEL_CHARS - mark) });
  }

  // Each submitter's colour on every other chart of the site (charts.assign_colours, given by
  // the page); should two submitters of this chart share one there (they never meet on a
  // generated chart), the one whose best bar ranks lower takes the first palette colour still
  // free here. ranked: the submitters in the order of their best bar.
  function colours(submitters, ranked, setting) {
    var taken = {}, chosen = {};
    ranked.forEach(function (submitter) {
      var colour = setting.colours[submitter];
      if (!colour || taken[colour]) {
        colour = setting.palette.filter(function (c) { return !taken[c]; })[0] || colour;
      }
      taken[colour] = true;
      chosen[submitter] = colour;
    });
    return submitters.map(function (submitter) { return chosen[submitter]; });
  }

  // The spec of the chart: the page's template with the bars, the axis title, the colours and
  // the description (the drawn chart's accessible name, in the page's language).
  function spec(template, bars, axisTitle, setting, labels, description) {
    var chart = JSON.parse(JSON.stringify(template));
    chart.description = description;
    var data = bars.map(function (pair, i) {
      var row = pair[0];
      return { rank: i + 1, label: barLabel((i + 1) + ". " + row.system, row, labels),
               system: row.system,
               submitter: row.submitter,
               accelerators: row.accelerator_name && row.accelerators !== null
                 ? row.accelerator_name + " × " + row.accelerators : "",
               category: x.categoryText(row, labels), result: pair[1].value };
    });
    var ranked = Array.from(new Set(data.map(function (d) { return d.submitter; })));
    var submitters = ranked.slice().sort();
    var largest = Math.max.apply(null, data.map(function (d) { return d.result; }));
    var format = largest < 1 ? ",.3~r" : largest < 100 ? ",.2~f" : ",.0f";
    chart.data = { values: data };
    chart.encoding.x.title = axisTitle;
    chart.encoding.x.axis.format = format;
    chart.encoding.color.scale = { domain: submitters, range: colours(submitters, ranked, setting) };
    chart.encoding.tooltip.forEach(function (tip) {
      if (tip.field === "result") { tip.title = axisTitle; tip.format = format; }
    });
    chart.width = "container";
    chart.height = 22 * data.length;
    chart.autosize = { type: "fit-x", contains: "padding" };
    return chart;
  }

  // A collapsed block with the chart of a view, made once per page: update(pairs) gives it the
  // view's [row, figure] pairs (never empty) and closes it, and its bars are drawn when the
  // reader opens it.
  window.mlperfExploreChart = function (view, unitsText) {
    var labels = view.labels, pairs = [], first = null, ranking = null, same = 0;
    var embedded = null;  // the drawn chart (vegaEmbed's result), finalized when dropped
    // The results of the first row's ranking (explore.js ranking()): one round, benchmark,
    // scenario, division and unit.
    function alike(p) { return p[1].ranking === ranking; }
    var details = element("details", null, "mlperf-explore__chart");
    details.appendChild(element("summary", labels.chart));
    var figure = element("figure", null, "mlperf-chart");
    var caption = element("figcaption");
    var target = element("div", null, "mlperf-chart__view");
    figure.appendChild(target);
    figure.appendChild(caption);
    details.appendChild(figure);
    function axisTitle() { return unitsText(labels, first); }
    // The bars are ranked when the chart is opened, not at every redraw of the view.
    function ranked() {
      return pairs.filter(alike).sort(function (a, b) {
        return (first.higher ? b[1].value - a[1].value : a[1].value - b[1].value) ||
          a[0].index - b[0].index;
      }).slice(0, BARS);
    }
    // What the chart shows and its leading result, as charts.bar_chart describes every chart.
    function describe(lead) {
      var text = caption.textContent + labels.gap + fill(labels.chart_first, {
        system: lead[0].system, submitter: lead[0].submitter,
        result: view.format.result(lead[1].value) + " " + axisTitle() });
      return lead[1].derived ? text + labels.gap + labels.derived : text;
    }
    details.addEventListener("toggle", function () {
      if (!details.open || figure.dataset.drawn) return;
      figure.dataset.drawn = "1";
      var drawing = pairs;
      loadBundle(new URL(view.form.dataset.bundle, document.baseURI).href)
        .then(function (vegaEmbed) {
          if (drawing !== pairs) return;  // another view came meanwhile, its chart closed
          var bars = ranked(), setting = JSON.parse(view.form.dataset.chart);
          var chart = spec(setting.spec, bars, axisTitle(), setting, labels, describe(bars[0]));
          window.mlperfCharts.forPhone(chart, figure.clientWidth);  // as every chart (charts.js)
          var options = Object.assign({ renderer: "svg" }, chart.usermeta.embedOptions);
          if (document.body.getAttribute("data-md-color-scheme") === "slate") {
            options.theme = "dark";
          }
          return vegaEmbed(target, chart, options).then(function (result) {
            embedded = result;
            // Its accessible name, as charts.js sets it on every drawn chart.
            var svg = target.querySelector("svg");
            if (svg) svg.setAttribute("aria-label", chart.description);
          });
        })
        .catch(function (error) { console.error("explorer chart:", error); });
    });
    return {
      node: details,
      update: function (shownPairs) {
        pairs = shownPairs;
        first = pairs[0][1];
        ranking = x.ranking(pairs[0]);
        same = 0;
        pairs.forEach(function (p) { if (alike(p)) same++; });
        var row = pairs[0][0];
        var benchmark = fill(labels.chart_benchmark, {
          model: row.model, scenario: row.scenario, round: row.round,
          division: labels[row.division] });
        // "The 20 best results of …" when the ranking has more than the bars, "All 7 results
        // of …" when it has no more; and how many of the view's results are not drawn.
        var bars = Math.min(BARS, same), values = { units: axisTitle(), benchmark: benchmark };
        var text = x.counted(bars, labels.chart_one, same > BARS
          ? (first.higher ? labels.chart_higher : labels.chart_lower)
          : (first.higher ? labels.chart_all_higher : labels.chart_all_lower),
                             values, view.format.count);
        if (bars < pairs.length) {
          text += labels.gap + x.counted(pairs.length - bars, labels.chart_others_one,
                                         labels.chart_others,
                                         { bars: view.format.count(BARS) }, view.format.count);
        }
        if (caption.textContent !== text) caption.textContent = text;
        // A chart drawn for another view is dropped: the block is closed, and drawn again
        // for this view when the reader opens it.
        if (details.open) details.open = false;
        if (figure.dataset.drawn) {
          delete figure.dataset.drawn;
          if (embedded) embedded.finalize();
          embedded = null;
          target.replaceChildren();
        }
      }
    };
  };
})();
