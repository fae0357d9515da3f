// Interactive charts. Each chart is a <figure class="mlperf-chart" data-spec="…vl.json"> holding
// a static SVG, the chart until the reader reaches for it: when the pointer enters the figure,
// a finger touches it, it is clicked or something in it gets the focus, the self-hosted Vega
// bundle is loaded (once) and the SVG replaced by the interactive chart, as wide as its
// column. A chart behind a tab has no SVG (data-on-demand): it is drawn when the tab opens. A chart merely in view loads nothing: the static SVG already shows it. Once wanted,
// a chart draws again when a tab or collapsed block that holds it opens, when its column
// changes width, and in the other theme when the reader switches the colour scheme.
(function () {
  "use strict";
  // The bundle is the same in every language: published once, at the site root
  // (<root>/<lang>/assets/javascripts/charts.js -> <root>/assets/vendor/), under its
  // content-hashed name, which the generator writes here (generator/site/assets.py).
  var bundleUrl = new URL("../../../assets/vendor/vega-bundle.js", document.currentScript.src).href;
  var bundle = null;
  var NARROW = 600;  // px: below this column width, the phone layout of a chart

  function loadBundle() {
    if (!bundle) {
      bundle = new Promise(function (resolve, reject) {
        var script = document.createElement("script");
        script.src = bundleUrl;
        script.onload = function () { resolve(window.vegaEmbed); };
        script.onerror = function () { reject(new Error("cannot load " + bundleUrl)); };
        document.head.appendChild(script);
      });
    }
    return bundle;
  }

  function dark() {
    return document.body.getAttribute("data-md-color-scheme") === "slate";
  }

  function scheme() { return dark() ? "dark" : "light"; }

  // A chart's spec laid out for a column width px wide (in place): on a phone (below NARROW) the
  // system names and the legend would leave the bars no room, so the legend goes below the
  // chart, one name per line (two columns cut the second one off at the chart's edge), and the
  // names on the y axis are cut to 40 % of the width (the tooltip and the table keep them
  // whole). Every chart of the site, the explorer's too (explore-chart.js), is laid out here.
  function forPhone(spec, width) {
    if (width >= NARROW) return spec;
    spec.config = Object.assign({}, spec.config, {legend: {orient: "bottom", columns: 1,
                                                           labelLimit: Math.round(width * 0.5)}});
    // Bar charts name systems on the y axis; a layered chart (a timeline) has no top-level
    // encoding and its axes are numbers.
    if (spec.encoding && spec.encoding.y) {
      spec.encoding.y.axis = Object.assign({}, spec.encoding.y.axis,
                                           {labelLimit: Math.round(width * 0.4)});
    }
    return spec;
  }
  window.mlperfCharts = {forPhone: forPhone};

  function draw(figure, vegaEmbed) {
    var specUrl = new URL(figure.dataset.spec, document.baseURI).href;
    return fetch(specUrl)
      .then(function (response) { return response.json(); })
      .then(function (spec) {
        var options = Object.assign({renderer: "svg"},
                                    (spec.usermeta && spec.usermeta.embedOptions) || {});
        if (dark()) options.theme = "dark";
        spec.width = "container";  // the bar chart fills the column; its height is per bar
        spec.autosize = {type: "fit-x", contains: "padding"};
        // A height in pixels (one step per bar), not a step: with a step, Vega-Lite warns
        // 'Dropping "fit-y"' on every draw although only x is fitted (vega/vega-lite#8579).
        if (spec.height && spec.height.step) {
          spec.height = spec.height.step * spec.data.values.length;
        }
        forPhone(spec, figure.clientWidth);
        var old = figure.querySelector(".mlperf-chart__view");
        var target = old;
        if (old && !old.firstChild) {
          // The empty view of a chart drawn on demand, as high as the chart (its min-height,
          // templates/benchmark.md.j2): drawn into, so nothing below it moves.
          old = null;
        } else {
          target = document.createElement("div");
          target.className = "mlperf-chart__view";
          figure.insertBefore(target, figure.firstChild);
        }
        return vegaEmbed(target, spec, options).then(function () {
          // The spec's description is the drawn chart's accessible name (Vega sets it on the
          // SVG; set here too so that no version names it "Vega visualization").
          var svg = target.querySelector("svg");
          if (svg && spec.description) svg.setAttribute("aria-label", spec.description);
          if (old) old.remove();
          var fallback = figure.querySelector("img");
          if (fallback) fallback.remove();
          figure.dataset.drawn = scheme();
        });
      });
  }

  function drawAll(figures) {
    if (!figures.length) return;
    loadBundle().then(function (vegaEmbed) {
      figures.forEach(function (figure) {
        figure.dataset.width = String(figure.clientWidth);
        figure.dataset.scheme = scheme();
        draw(figure, vegaEmbed).catch(function (error) { console.warn(error); });
      });
    });
  }

  // A chart draws when its figure has a width: at once when it is visible, later when it is
  // inside a tab or a collapsed block the reader opens (its width is 0 until then). It draws
  // again when its width changes (window resized, sidebar toggled), a moment after the last
  // change, so that "container" width is always the column's.
  var pending = new Map();
  var sizes = new ResizeObserver(function (entries) {
    entries.forEach(function (entry) {
      var figure = entry.target;
      var width = figure.clientWidth;
      if (!figure.dataset.wanted) return;  // not yet reached for: the SVG stays
      // Unchanged width and theme: nothing to draw (e.g. the height changed as it drew).
      if (!width || (String(width) === figure.dataset.width &&
                     figure.dataset.scheme === scheme())) return;
      clearTimeout(pending.get(figure));
      pending.set(figure, setTimeout(function () {
        pending.delete(figure);
        if (figure.isConnected) drawAll([figure]);
      }, figure.dataset.drawn ? 150 : 0));
    });
  });

  // A chart is wanted when the reader reaches for it; then the size observer draws it (at once
  // if it has a width).
  function want(figure) {
    if (figure.dataset.wanted) return;
    figure.dataset.wanted = "1";
    sizes.unobserve(figure);
    sizes.observe(figure);
  }

  // Material's document$ emits on the first load (and after an instant navigation, were it on).
  document$.subscribe(function () {
    sizes.disconnect();
    document.querySelectorAll("figure.mlperf-chart[data-spec]").forEach(function (figure) {
      // A chart with no static image (behind a tab: data-on-demand) is wanted from the start,
      // and drawn as soon as it has a width, when its tab opens.
      if (figure.hasAttribute("data-on-demand")) {
        want(figure);
        return;
      }
      ["pointerenter", "touchstart", "focusin", "click"].forEach(function (event) {
        figure.addEventListener(event, function () { want(figure); }, {once: true, passive: true});
      });
    });
  });

  // A hidden chart is drawn in the new theme when it is shown (see sizes).
  new MutationObserver(function () {
    drawAll(Array.prototype.filter.call(
      document.querySelectorAll('figure.mlperf-chart[data-drawn]:not([data-drawn="' +
                                scheme() + '"])'),
      function (figure) { return figure.clientWidth > 0; }));
  }).observe(document.body, {attributes: true, attributeFilter: ["data-md-color-scheme"]});
})();
