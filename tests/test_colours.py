"""Chart colours: within any chart no two series closer than CIE ΔE*ab 12, one colour per
submitter across charts; every chart spec has a description in its page's language."""

import itertools
import json
from collections import defaultdict

import pytest

from generator.model.chart_rows import PALETTE
from tests.conftest import SITE


def lab(hex_colour: str) -> tuple[float, float, float]:
    """CIE L*a*b* (D65) of an sRGB colour, by the sRGB and CIE 1976 formulas."""
    rgb = [int(hex_colour[i : i + 2], 16) / 255 for i in (1, 3, 5)]
    r, g, b = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in rgb]
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883
    f = [t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116 for t in (x, y, z)]
    return 116 * f[1] - 16, 500 * (f[0] - f[1]), 200 * (f[1] - f[2])


def delta_e(a: str, b: str) -> float:
    return sum((p - q) ** 2 for p, q in zip(lab(a), lab(b))) ** 0.5


def test_delta_e_tells_the_colours_the_issue_found_alike():
    # CoreWeave #ff9d9a and Oracle #ff9da7 (Tableau 20) side by side on one chart.
    assert delta_e("#ff9d9a", "#ff9da7") < 12
    assert delta_e("#000000", "#ffffff") == pytest.approx(100, abs=0.1)


def colour_scales(spec: dict):
    """(domain, range) of every colour scale of a spec, layers included."""
    for part in [spec, *spec.get("layer", [])]:
        scale = part.get("encoding", {}).get("color", {}).get("scale")
        if scale and "range" in scale:
            values = [v[part["encoding"]["color"]["field"]] for v in spec["data"]["values"]]
            yield scale.get("domain") or sorted(set(values)), scale["range"]


@pytest.mark.parametrize("lang", ["en", "zh", "it"])
def test_every_chart_has_distinct_colours_and_a_description(lang):
    specs = list((SITE / lang).rglob("*.vl.json"))
    assert len(specs) > 200
    by_submitter = defaultdict(set)
    for path in specs:
        spec = json.loads(path.read_text(encoding="utf-8"))
        assert spec.get("description"), path
        scales = list(colour_scales(spec))
        assert scales, path
        for domain, colours in scales:
            shown = colours[: len(domain)]
            for a, b in itertools.combinations(shown, 2):
                assert delta_e(a, b) >= 12, (path, a, b)
            if (
                "submitter" in json.dumps(spec["encoding"]["color"])
                if "encoding" in spec
                else False
            ):
                for name, colour in zip(domain, colours):
                    by_submitter[name].add(colour)
    assert by_submitter and all(len(c) == 1 for c in by_submitter.values())


def test_the_palette_is_distinct_in_itself():
    assert min(delta_e(a, b) for a, b in itertools.combinations(PALETTE, 2)) >= 15
