// Language selector: the reader stays on the same page with the same query string and fragment.
// Material would request the sitemap of every language at load to find the page in each (not
// sent: partials/on-demand.html) and would look the address up including its query (?a=…&b=…
// of a linked comparison), find nothing and open that language's home page. This script
// requests the chosen language's sitemap when the reader picks it, looks the page up without
// its query and keeps the query, falling back to the language's home page as Material does.
(function () {
  "use strict";
  var sitemaps = {};

  function pages(root) {
    if (!sitemaps[root]) {
      sitemaps[root] = fetch(new URL("sitemap.xml", root))
        .then(function (response) { return response.ok ? response.text() : ""; })
        .then(function (text) {
          var xml = new DOMParser().parseFromString(text, "application/xml");
          // Paths only: the sitemap names the published host, the reader may be elsewhere.
          return new Set(Array.from(xml.querySelectorAll("url > loc"), function (loc) {
            return new URL(loc.textContent.trim()).pathname;
          }));
        })
        .catch(function () { return new Set(); });
    }
    return sitemaps[root];
  }

  document.addEventListener("click", function (event) {
    var link = event.target instanceof Element && event.target.closest("a.md-select__link[hreflang]");
    if (!link || event.metaKey || event.ctrlKey) return;
    var config = JSON.parse(document.getElementById("__config").textContent);
    var ownRoot = new URL(config.base + "/", location.href);
    var otherRoot = new URL(link.href);
    if (!location.pathname.startsWith(ownRoot.pathname)) return;
    var target = new URL(location.pathname.slice(ownRoot.pathname.length), otherRoot);
    event.preventDefault();
    event.stopPropagation();  // before Material's own handler, which would drop the query
    pages(otherRoot.href).then(function (known) {
      location.assign(known.has(target.pathname)
        ? target.href + location.search + location.hash : otherRoot.href);
    });
  }, true);
})();
