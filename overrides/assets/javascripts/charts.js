// Interactive charts. Each chart is a <figure class="mlperf-chart" data-spec="…vl.json"> holding
// a static SVG; when the page has one, the self-hosted Vega bundle is loaded (once) and the SVG
// is replaced by the interactive chart. Material's document$ emits on the first load and after
// every instant navigation, so charts draw in both cases.
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

  function draw(figure, vegaEmbed) {
    var specUrl = new URL(figure.dataset.spec, document.baseURI).href;
    return fetch(specUrl)
      .then(function (response) { return response.json(); })
      .then(function (spec) {
        var options = (spec.usermeta && spec.usermeta.embedOptions) || {};
        spec.width = "container";
        var target = document.createElement("div");
        target.className = "mlperf-chart__view";
        var fallback = figure.querySelector("img");
        figure.insertBefore(target, fallback);
        return vegaEmbed(target, spec, Object.assign({renderer: "svg"}, options)).then(function () {
          if (fallback) fallback.remove();
          figure.dataset.drawn = "true";
        });
      });
  }

  document$.subscribe(function () {
    var figures = document.querySelectorAll("figure.mlperf-chart[data-spec]:not([data-drawn])");
    if (!figures.length) return;
    loadBundle().then(function (vegaEmbed) {
      figures.forEach(function (figure) {
        draw(figure, vegaEmbed).catch(function (error) { console.warn(error); });
      });
    });
  });
})();
