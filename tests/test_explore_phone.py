"""The results explorer on a phone (390 px): each row is a card whose fields are labelled by
their column's heading, and a card's citation opens where the reader can read it."""

from __future__ import annotations

import pytest

from tests.test_charts import LEGEND_CUT
from tests.test_explore import EXPLORE, ROWS

pytestmark = pytest.mark.browser


@pytest.fixture
def phone(page):
    """The worker's page (the ``page`` fixture) at a phone's 390 × 844 CSS px."""
    page.set_viewport_size({"width": 390, "height": 844})
    return page


def settle(tab):
    """Three frames later: what the page lays out after a change is laid out."""
    tab.evaluate("""() => new Promise(done => requestAnimationFrame(() =>
        requestAnimationFrame(() => requestAnimationFrame(done))))""")


@pytest.mark.parametrize("lang", ["en", "it"])
def test_a_cards_citation_opens_in_view(phone, base_url, lang):
    # The 4th card of the largest results per accelerator: the cards above it are laid out at
    # their real height, so the citation the button focuses stays on screen.
    phone.goto(f"{base_url}{lang}/{EXPLORE}?per=accelerator&sort=-result")
    phone.locator(".mlperf-explore__count").wait_for()
    phone.locator(ROWS).nth(3).locator("button.mlperf-cite-button").click()
    settle(phone)
    phone.wait_for_timeout(300)
    settle(phone)
    box = phone.locator(".mlperf-cite-panel pre").bounding_box()
    assert box is not None and 0 <= box["y"] and box["y"] + min(box["height"], 100) <= 844


@pytest.mark.parametrize("lang, per", [("en", "accelerator"), ("it", "watt"), ("zh", "system")])
def test_a_cards_result_is_labelled_with_the_views_figure(phone, base_url, lang, per):
    # The desktop heading of the result column names the view's figure ("Result per
    # accelerator"); a card's result field carries the same words, in every card drawn.
    phone.goto(f"{base_url}{lang}/{EXPLORE}?round=v4.1&per={per}")
    phone.locator(".mlperf-explore__count").wait_for()
    heading = phone.locator(".mlperf-explore__output th").nth(9).inner_text().strip()
    labels = phone.locator(f"{ROWS} td:nth-child(10)").evaluate_all(
        "cells => cells.map(c => c.dataset.label)"
    )
    assert labels and set(labels) == {heading.rstrip(" ▲▼")}


def test_the_views_chart_names_every_submitter_whole(phone, base_url):
    # Closed Offline llama2-70b-99.9 results of v6.1: twelve submitters among the 20
    # best (data/results/v6.1.csv), whose legend in two columns was cut at the chart's edge.
    phone.goto(
        f"{base_url}en/{EXPLORE}?round=v6.1&model=llama2-70b-99.9&scenario=Offline&division=closed"
    )
    phone.locator(".mlperf-explore__count").wait_for()
    phone.locator(".mlperf-explore__chart summary").click()
    figure = phone.locator(".mlperf-explore__chart figure")
    figure.locator("svg .role-legend-symbol path").first.wait_for(timeout=15000)
    assert figure.locator("svg .role-legend-label text").count() > 10
    assert figure.evaluate(LEGEND_CUT) == []
