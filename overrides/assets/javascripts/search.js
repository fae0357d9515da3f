// Search, three corrections to Material's (9.8) search on the reader's side; all leave the
// index and the worker as Material ships them.
//
// 1. A Chinese query of one word ("集群") is cut by Material's segmenter to its first character
//    ("集"), because the segmenter never tries the whole run of Han characters as a word. A
//    placeholder character (〇, which no page of the site indexes) after each run of two or
//    more makes the whole run a candidate; the segmenter then drops the placeholder, since no
//    indexed word holds it.
// 2. A one-character term is not highlighted (?h=t marked every "t" of a page): it is removed
//    from the ?h= of search result links and of the page's own address, before Material reads
//    it. Upstream Zensical skips such terms too.
// 3. Chinese result titles and excerpts are shown without zero-width spaces (U+200B). Material's
//    search plugin puts one between the words jieba finds in each run of Han characters, in the
//    index's titles and texts, so that the browser's tokenizer (whose separator holds U+200B)
//    splits the run into words; the results show those strings as they are, and a reader who
//    copies a title copies the invisible characters too. They are removed from the text of the
//    result list as it is drawn, after the index has used them.
(function () {
  "use strict";
  var QUERY = 2;  // Material's SearchMessageType.QUERY
  var HAN_RUN = /\p{sc=Han}{2,}/gu;
  var PLACEHOLDER = "\u3007";
  var ZERO_WIDTH_SPACE = /\u200b/g;

  var post = Worker.prototype.postMessage;
  Worker.prototype.postMessage = function (message) {
    if (message && message.type === QUERY && typeof message.data === "string") {
      arguments[0] = {type: QUERY,
                      data: message.data.replace(HAN_RUN, function (run) { return run + PLACEHOLDER; })};
    }
    return post.apply(this, arguments);
  };

  // The ?h= terms of ``url`` without those of one character (a string's length counts UTF-16
  // units; Array.from counts characters). Returns true when it changed anything.
  function dropShortTerms(url) {
    var terms = url.searchParams.get("h");
    if (terms === null) return false;
    var kept = terms.split(/\s+/).filter(function (term) { return Array.from(term).length > 1; });
    if (kept.join(" ") === terms) return false;
    if (kept.length) url.searchParams.set("h", kept.join(" "));
    else url.searchParams.delete("h");
    return true;
  }

  var here = new URL(location.href);
  if (dropShortTerms(here)) history.replaceState(history.state, "", here.href);

  function cleanLinks(root) {
    root.querySelectorAll("a.md-search-result__link").forEach(function (link) {
      var url = new URL(link.href);
      if (dropShortTerms(url)) link.href = url.href;
    });
  }
  // The text below ``root`` without U+200B (text nodes only: markup and links stay as they are).
  function dropZeroWidthSpaces(root) {
    var walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (var node = walker.nextNode(); node; node = walker.nextNode()) {
      if (node.data.indexOf("\u200b") !== -1) node.data = node.data.replace(ZERO_WIDTH_SPACE, "");
    }
  }

  var results = document.querySelector(".md-search-result__list");
  if (results) {
    // Text edits are not childList mutations: the observer does not wake itself.
    new MutationObserver(function () { cleanLinks(results); dropZeroWidthSpaces(results); })
      .observe(results, {childList: true, subtree: true});
  }
})();
