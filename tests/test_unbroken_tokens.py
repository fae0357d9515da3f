"""Numbers, units and IDs are never broken inside, at 390 and 1280 px, in every language (the
native review of December 2026, LY-1 and IT-F7: claims tables broke "2,705,1"/"30",
"6.1-"/"0073", "tokens/"/"秒" and "Contestat"/"o", because their cells could break anywhere).

Measured in headless Chromium: the line boxes of each figure, ID and date in a table, of each
``.keep`` span (a figure with its unit, an ID, a date) and, in claims tables, of each word must
all lie on one line, as must the Chinese words of a flag's label. Chinese figure captions are upright (no synthetic italics).
"""

from __future__ import annotations

import pytest

from tests.test_explore import tab_at

pytestmark = pytest.mark.browser

PAGES = [
    "verification/",
    "blog/2026/09/22/vera-rubin-nvl72-preview-debut/",
    "blog/2026/10/01/mlperf-v6-1-buyers-guide/",
    "results/v6.1/",
]
# The pieces broken across lines, as [text, ...]: hidden cells (a phone's optional columns) are
# not read.
BROKEN = r"""() => {
  const broken = [];
  const oneLine = rects => rects.every(r => Math.abs(r.top - rects[0].top) < 2);
  const boxes = target => [...target.getClientRects()].filter(r => r.width > 0 && r.height > 0);
  document.querySelectorAll(".md-content .keep").forEach(el => {
    const rects = boxes(el);
    if (rects.length && !oneLine(rects)) broken.push(el.textContent);
  });
  // A figure (grouped or decimal), an ID (6.1-0073, v4.1-0070), a version; not digits inside a
  // name (VR200-288GB), which may break where a long name must. In claims tables, every word.
  const token = /(?<![\p{L}\p{N}_.\-])v?\d+(?:[.,]\d+)*(?:-\d{4,})?(?![\p{L}\p{N}_\-])/gu;
  const word = /\p{Script=Latin}{2,}/gu;
  const han = /\p{Script=Han}{2,}/gu;
  const walker = document.createTreeWalker(document.querySelector(".md-content"),
                                           NodeFilter.SHOW_TEXT);
  for (let node; (node = walker.nextNode());) {
    const cell = node.parentElement.closest(".mlperf-table td");
    if (!cell || !cell.offsetParent) continue;
    // A flag's label ("预览", "本站计算"): its Chinese words too.
    const patterns = !cell.closest(".claims-table") ? [token]
      : node.parentElement.closest(".claim__flag") ? [token, word, han] : [token, word];
    for (const pattern of patterns) {
      for (const match of node.data.matchAll(pattern)) {
        const range = document.createRange();
        range.setStart(node, match.index);
        range.setEnd(node, match.index + match[0].length);
        const rects = boxes(range);
        if (rects.length && !oneLine(rects)) broken.push(match[0]);
      }
    }
  }
  return broken;
}"""


@pytest.mark.parametrize("width", [390, 1280])
def test_numbers_units_ids_and_words_are_never_broken_inside(browser, base_url, width):
    found = {}
    with tab_at(browser, width) as tab:
        for code in ("zh", "it", "en"):
            for path in PAGES:
                tab.goto(f"{base_url}{code}/{path}")
                if broken := tab.evaluate(BROKEN):
                    found[f"{code}/{path}"] = broken[:5]
    assert found == {}


def test_chinese_figure_captions_are_upright(browser, base_url):
    # ZH-F4: Material slants every <figcaption>, which draws a synthetic oblique of the Han
    # glyphs; Chinese typography has no italics (mlperf.css, :lang(zh)). Italian keeps them.
    styles = {}
    with tab_at(browser, 1280) as tab:
        for code in ("zh", "it"):
            tab.goto(f"{base_url}{code}/results/v6.1/datacenter/gpt-oss-120b/offline/")
            styles[code] = tab.evaluate(
                "getComputedStyle(document.querySelector('.md-content figcaption')).fontStyle"
            )
    assert styles == {"zh": "normal", "it": "italic"}
