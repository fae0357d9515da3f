// Interactive charts. Each chart is a <figure class="mlperf-chart" data-spec="…vl.json"> holding
// a static SVG; when the page has one, the self-hosted Vega bundle is loaded (once) and the SVG
// is replaced by the interactive chart. Material's document$ emits on the first load and after
// every instant navigation, so charts draw in both cases; they are drawn again in the other
// theme when the reader switches between the light and dark colour schemes.
(function () {
  "use strict";
  var bundleUrl = new URL("vendor/vega-bundle.js", document.currentScript.src).href;
  var bundle = null;

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
        var old = figure.querySelector(".mlperf-chart__view");
        var target = document.createElement("div");
        target.className = "mlperf-chart__view";
        figure.insertBefore(target, figure.firstChild);
        return vegaEmbed(target, spec, options).then(function () {
          if (old) old.remove();
          var fallback = figure.querySelector("img");
          if (fallback) fallback.remove();
          figure.dataset.drawn = dark() ? "dark" : "light";
        });
      });
  }

  function drawAll(selector) {
    var figures = document.querySelectorAll(selector);
    if (!figures.length) return;
    loadBundle().then(function (vegaEmbed) {
      figures.forEach(function (figure) {
        draw(figure, vegaEmbed).catch(function (error) { console.warn(error); });
      });
    });
  }

  document$.subscribe(function () {
    drawAll("figure.mlperf-chart[data-spec]:not([data-drawn])");
  });

  new MutationObserver(function () {
    var scheme = dark() ? "dark" : "light";
    drawAll('figure.mlperf-chart[data-drawn]:not([data-drawn="' + scheme + '"])');
  }).observe(document.body, {attributes: true, attributeFilter: ["data-md-color-scheme"]});
})();
