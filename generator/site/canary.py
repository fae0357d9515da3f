"""The canary: the English site built with Zensical, Material for MkDocs' successor, into
``site-canary/en/`` (``make canary``, in its own virtual environment, ``.cache/canary-venv``, from the hashed
pins of ``requirements-canary.txt``).

Zensical reads ``mkdocs.yml`` but runs no MkDocs hooks and drops unknown plugins, so the canary
shows what the site looks like once only our own stages are left: generated pages and
configuration, the claims and raw-HTML Python-Markdown extensions, and the finishing step
(``finish.finish_language``). Its configuration, ``mkdocs.canary.yml``, is the English one in a
single file (Zensical 0.0.73 follows no ``INHERIT``), less what Zensical refuses or would fetch:
the hooks, the social cards (they download their font), the tags plugin's custom slug function,
and the theme's ``sitemap.xml`` override (its template reads values Zensical does not set).
README.md, "The successor engine", lists what differs.

Run as ``python -m generator.site.canary`` with the canary's interpreter, after
``python -m generator build`` wrote ``docs/en/``.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

from generator.files import write_text_atomic
from generator.i18n.languages import language
from generator.project import ROOT, site_root_url
from generator.site.assets import theme_names
from generator.site.config import base_config, dump, language_config
from generator.site.finish import finish_language

# Zensical wants the site inside the folder of its configuration, and keeps its own cache (one
# file per page) in .cache/ there, beside the project's.
CONFIG = Path("mkdocs.canary.yml")
OUT = Path("site-canary")
OVERRIDES = Path(".cache") / "canary" / "overrides"
# Theme overrides whose templates Zensical cannot render.
LEFT_OUT = ("sitemap.xml",)


def merged(base: dict, child: dict) -> dict:
    """``child`` over ``base``: mappings merged key by key, anything else replaced (what
    MkDocs' ``INHERIT`` does)."""
    out = dict(base)
    for key, value in child.items():
        out[key] = (merged(base[key], value) if isinstance(value, dict)
                    and isinstance(base.get(key), dict) else value)
    return out


def canary_config(root: Path, lang_code: str = "en") -> dict:
    """The standalone Zensical configuration of one language (paths relative to ``root``)."""
    base = base_config(root)
    lang = language(lang_code)
    config = merged(base, language_config(base, lang, site_root_url(root), {"enabled": False},
                                          theme_names(root), root=root))
    del config["INHERIT"]
    config.pop("hooks", None)
    config["plugins"].pop("social", None)
    config["plugins"].get("tags", {}).pop("tags_slugify", None)
    config["site_dir"] = str(OUT / lang.code)
    config["theme"]["custom_dir"] = str(OVERRIDES)
    return config


def main(root: Path = ROOT) -> int:
    """Write the configuration, build with Zensical, finish the output; 1 on failure."""
    overrides = root / OVERRIDES
    shutil.rmtree(overrides, ignore_errors=True)
    shutil.copytree(root / "overrides", overrides,
                    ignore=lambda folder, names: [n for n in names if n in LEFT_OUT])
    write_text_atomic(root / CONFIG, dump(canary_config(root)))
    shutil.rmtree(root / OUT / "en", ignore_errors=True)
    started = time.perf_counter()
    # Not --clean: Zensical's clean deletes the whole .cache/ folder, this venv included.
    # The extensions are our modules: Zensical imports them from the project folder.
    env = {**os.environ, "PYTHONPATH": str(root), "PYTHONHASHSEED": "0"}
    done = subprocess.run([str(Path(sys.executable).with_name("zensical")), "build",
                           "-f", str(CONFIG)], cwd=root, env=env)
    if done.returncode != 0:
        print(f"canary: Zensical failed (exit {done.returncode})", file=sys.stderr)
        return 1
    finish_language(root / OUT / "en", language("en"))
    print(f"canary: site-canary/en/ built with Zensical in {time.perf_counter() - started:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
