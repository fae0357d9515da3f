// Language selector: the reader stays on the same page with the same query string and fragment,
// and opens the language's home page when that language has no such page. Each link already
// names the same page in its language (partials/alternate.html), for readers without scripts;
// this script keeps the rest of the address and checks that the page exists, wherever the site
// is served (its published address, a fork's repository name, a custom domain, a local server
// at /).
// Material would request the sitemap of every language at load to find the page in each (not
// sent: partials/on-demand.html), would look the address up including its query (?a=…&b=…
// of a linked comparison), and compares full addresses after changing only their host name, so
// the page is found only when the site is served under the path of the configured site_url.
// This script requests the chosen language's sitemap when the reader picks it and compares
// paths relative to each language's site root: on this side the root of the page's language
// (Material's `base` in the page's #__config, the root that __md_scope is made from unless
// extra.scope widens it), on the sitemap's side the folder that all its addresses share (the
// language's site_url, whose home page it lists). It keeps the query and the fragment, and
// falls back to the language's home page as Material does.
(function () {
  "use strict";
  var sitemaps = {};

  // The longest leading folder ("/a/b/") shared by all ``paths``, or "/" for none.
  function sharedFolder(paths) {
    if (!paths.length) return "/";
    var first = paths[0];
    var length = first.length;
    paths.forEach(function (path) {
      var i = 0;
      while (i < length && path[i] === first[i]) i++;
      length = i;
    });
    return first.slice(0, first.lastIndexOf("/", length - 1) + 1) || "/";
  }

  // The pages of the language whose root is ``root``, as paths relative to that root
  // ("", "results/", "blog/2026/09/17/amd-512-accelerator-record/"); an empty set when the
  // sitemap cannot be read.
  function pages(root) {
    if (!sitemaps[root]) {
      sitemaps[root] = fetch(new URL("sitemap.xml", root))
        .then(function (response) { return response.ok ? response.text() : ""; })
        .then(function (text) {
          var xml = new DOMParser().parseFromString(text, "application/xml");
          var paths = Array.from(xml.querySelectorAll("url > loc"), function (loc) {
            return new URL(loc.textContent.trim()).pathname;
          });
          var published = sharedFolder(paths);
          return new Set(paths.map(function (path) { return path.slice(published.length); }));
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
    // The link is the same page in the other language (partials/alternate.html, which works
    // without scripts); data-root its home page.
    var otherRoot = new URL(link.dataset.root || link.href, location.href);
    if (!location.pathname.startsWith(ownRoot.pathname)) return;
    var page = location.pathname.slice(ownRoot.pathname.length).replace(/index\.html$/, "");
    event.preventDefault();
    event.stopPropagation();  // before Material's own handler, which would drop the query
    pages(otherRoot.href).then(function (known) {
      location.assign(known.has(page)
        ? new URL(page, otherRoot).href + location.search + location.hash : otherRoot.href);
    });
  }, true);
})();
