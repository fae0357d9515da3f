"""The chart drawing processes' fonts (generator/site/chart_fonts.py): only the Chinese collection
besides vl-convert's bundled Liberation Sans, and every chart drawn byte for byte as with all the
system fonts. Each drawing runs in its own process: vl-convert loads its fonts once a process."""

import json
import subprocess
import sys

import pytest

from generator.i18n.languages import language
from generator.model.benchmarks import benchmarks_of
from generator.model.chart_rows import assign_colours
from generator.pages import charts
from generator.site import chart_fonts, social
from tests.conftest import ROOT

DRAW = (
    "import json, sys; from generator.site import chart_fonts; from pathlib import Path; "
    "chart_fonts.use(Path(sys.argv[1]) if sys.argv[1] else None); "
    "from generator.pages.charts import render_svg; from generator.i18n.languages import "
    "language; print(json.dumps([render_svg(s, language(c)) for s, c in "
    "json.load(sys.stdin)]))"
)


def draw(specs: list[tuple[dict, str]], config) -> list[str]:
    """The SVG of each (spec, language code), drawn in a new process given ``config``."""
    done = subprocess.run(
        [sys.executable, "-c", DRAW, str(config or "")],
        cwd=ROOT,
        check=True,
        input=json.dumps(specs),
        capture_output=True,
        text=True,
    )
    return json.loads(done.stdout)


def test_the_config_names_one_folder_holding_only_the_collection(tmp_path):
    system = tmp_path / "system" / "opentype" / "noto"
    system.mkdir(parents=True)
    (system / "NotoSansCJK-Regular.ttc").write_bytes(b"collection")
    (system / "NotoSerifCJK-Regular.ttc").write_bytes(b"another")
    config = chart_fonts.font_config(tmp_path / "cache", (str(tmp_path / "system"),))
    assert config.read_text().count("<dir>") == 1
    assert f"<dir>{(tmp_path / 'cache' / 'fonts').resolve()}</dir>" in config.read_text()
    assert [p.name for p in (tmp_path / "cache" / "fonts").iterdir()] == ["NotoSansCJK-Regular.ttc"]
    assert (tmp_path / "cache" / "fonts" / "NotoSansCJK-Regular.ttc").read_bytes() == b"collection"


def test_without_the_collection_nothing_is_written(tmp_path):
    assert chart_fonts.font_config(tmp_path / "cache", (str(tmp_path / "none"),)) is None
    assert not (tmp_path / "cache").exists()


def test_charts_are_drawn_as_with_every_system_font(dataset, tmp_path):
    if social.find_collection(social.COLLECTIONS["Regular"]) is None:
        pytest.skip("Noto Sans CJK is not installed (.ci/run installs fonts-noto-cjk)")
    benchmarks = benchmarks_of(dataset.of_round("v6.1"))
    colours = assign_colours(benchmarks)
    chosen = [b for b in benchmarks if b.model == "gpt-oss-120b"][:2]
    specs = [
        (charts.leaders_chart(b, language(code), colours, per), code)
        for b in chosen
        for code in ("zh", "en", "it")
        for per in (False, True)
    ]
    # A Chinese label sets the chart's left margin: its width must be the collection's.
    zh = language("zh")
    specs.append(
        (
            charts.bar_chart(
                [
                    {
                        "rank": 1,
                        "label": "1. 中文名称的系统",
                        "system": "中文",
                        "submitter": "甲",
                        "accelerators": "",
                        "category": "可用",
                        "result": 12.5,
                    }
                ],
                "每秒样本数",
                zh,
                {},
                "条形图",
            ),
            "zh",
        )
    )
    expected = draw(specs, None)
    assert draw(specs, chart_fonts.font_config(tmp_path / "fonts")) == expected
    # The check can fail: without the collection, the Chinese label is measured otherwise.
    (tmp_path / "empty").mkdir()
    (tmp_path / "empty.conf").write_text(
        f"<fontconfig><dir>{tmp_path / 'empty'}</dir></fontconfig>\n"
    )
    assert draw(specs[-1:], tmp_path / "empty.conf") != expected[-1:]
