"""Each language's MkDocs configuration, ``mkdocs.<code>.yml``, written by the generator.

The base ``mkdocs.yml`` holds what every language shares; each language file inherits it
(``INHERIT``) and sets what differs: its folders and address (``<site_url><code>/``), the texts
of the base file in its language (palette toggles, copyright, description, the heading anchor's
and footnote back-link's tooltips: keys of the message catalogs), the language selector's links
(``extra.alternate``, relative to the language's root so they work under any host and prefix),
the search plugin's language, the feed's channel image, the social cards' font cache (or the
plugin off, ``social.plugin_options``), and the claims extension
(``generator.editorial.claim_markdown``) for the language. Nothing is patched while the engine
runs, so an engine that runs no MkDocs hooks reads the same configuration.

Lists are not merged by ``INHERIT`` (a child's list replaces the parent's), so the palette, the
social links and ``markdown_extensions`` are written whole. The base file's YAML tags
(``!!python/name:...``) are written back as they are, for the engine to resolve.
"""

from __future__ import annotations

from pathlib import Path

import yaml
from markupsafe import Markup, escape

from generator.editorial import registries
from generator.editorial.guidelines import LEGEND
from generator.files import write_text_atomic
from generator.i18n.catalogs import BACKLINK_TITLE, PERMALINK_TITLE, translations
from generator.i18n.languages import LANGUAGES, Language
from generator.site import social
from generator.site.feeds import channel_image

# Material's default favicon, which the feed's channel image is when mkdocs.yml names none.
DEFAULT_FAVICON = "assets/images/favicon.png"
CLAIMS_EXTENSION = "generator.editorial.claim_markdown"
TAG_SLUGIFIER = "tag:yaml.org,2002:python/object/apply:generator.editorial.registries.tag_slugifier"
# The search plugin's options per language (Material's defaults elsewhere).
SEARCH = {
    # Italian pages quote English names and terms (throughput, Offline): both languages load.
    # Every word a reader types is matched as a prefix ("dell*", which skips the pipeline), so
    # the index leaves out the function words (stop-word filter; stemming stays off, word forms
    # are indexed at build by generator.i18n.search) and splits elisions at the apostrophe
    # ("dell'acceleratore" is "dell" and "acceleratore"): a reader's "dell" would match della,
    # delle and dell'… on nearly every page. The list holds "dell", which is also a submitter's
    # name: the pages naming Dell are indexed under it as one word as well (search_aliases.yaml,
    # "DellTechnologies", which "dell" still finds).
    "it": {"lang": ["it", "en"], "separator": r"[\s\-'’]+", "pipeline": ["stopWordFilter"]},
    "zh": {"lang": ["zh", "en"],
           # Material's default for Chinese stems the index in the browser: typed English
           # words ("Offline", "Crusoe") are matched as prefixes of their stems and find nothing.
           "pipeline": ["stopWordFilter"],
           # Domain words jieba's default dictionary splits (英/伟达, 封闭/组...).
           "jieba_dict_user": "data/jieba_userdict.txt"},
}
HEADER = ("# Written by `python -m generator build` (generator/site/config.py) from mkdocs.yml:\n"
          "# never edit by hand.\n")


class Tagged:
    """A YAML node with an application tag (``!ENV``, ``!!python/name:...``), kept as written."""

    def __init__(self, tag: str, value):
        self.tag, self.value = tag, value


class _Loader(yaml.SafeLoader):
    pass


class _Dumper(yaml.SafeDumper):
    pass


def _keep(loader, _suffix, node):
    if isinstance(node, yaml.MappingNode):
        return Tagged(node.tag, loader.construct_mapping(node, deep=True))
    if isinstance(node, yaml.SequenceNode):
        return Tagged(node.tag, loader.construct_sequence(node, deep=True))
    return Tagged(node.tag, loader.construct_scalar(node))


def _represent(dumper, data: Tagged):
    if isinstance(data.value, dict):
        return dumper.represent_mapping(data.tag, data.value)
    if isinstance(data.value, list):
        return dumper.represent_sequence(data.tag, data.value)
    return dumper.represent_scalar(data.tag, data.value)


for _prefix in ("!", "tag:yaml.org,2002:python/"):
    _Loader.add_multi_constructor(_prefix, _keep)
_Dumper.add_representer(Tagged, _represent)


def base_config(root: Path) -> dict:
    """``mkdocs.yml`` of ``root`` as a mapping, its tagged values kept as :class:`Tagged`."""
    with (root / "mkdocs.yml").open(encoding="utf-8") as handle:
        return yaml.load(handle, Loader=_Loader)  # noqa: S506 (a SafeLoader subclass)


def footer(copyright_line: str, lang: Language) -> str:
    """The footer's HTML in ``lang``: ``copyright_line`` translated, then the trademark legend
    that MLCommons' results messaging guidelines (mlcommons/policies,
    ``MLPerf_Results_Messaging_Guidelines.adoc``, "Attribution") ask for wherever the MLPerf name
    is used, in the language's words (the catalog's translation, the marks' names as published),
    once: the How to cite page quotes MLCommons' English text for whoever needs it."""
    translate = translations(lang).gettext  # not named gettext: Babel would extract its arguments
    legend = escape(translate(LEGEND))
    return str(Markup('{line}<br><span class="mlperf-legend">{legend}</span>').format(
        line=translate(copyright_line), legend=legend))


def language_config(base: dict, lang: Language, site_root: str, cards: dict,
                    hashed: dict[str, str] | None = None, *, root: Path) -> dict:
    """What ``mkdocs.<code>.yml`` sets on top of ``base`` for ``lang``.

    Args:
        base: :func:`base_config`.
        lang: the language.
        site_root: the whole site's address, ending with a slash (``project.site_root_url``).
        cards: the social plugin's options (``social.plugin_options``).
        hashed: our stylesheets' and scripts' content-hashed paths (``assets.theme_files``,
            plain -> hashed), named in ``extra_css`` and ``extra_javascript`` instead of the
            base file's plain ones; a path it lacks is kept as it is.
        root: the project folder, whose ``data/tags.yaml`` gives the tags' slugs.
    """
    translate = translations(lang).gettext  # not named gettext: Babel would extract its arguments
    site_url = f"{site_root}{lang.code}/"
    palette = [{**scheme, "toggle": {**scheme["toggle"], "name": translate(scheme["toggle"]["name"])}}
               for scheme in base["theme"]["palette"]]
    extensions = []
    for entry in base["markdown_extensions"]:
        name, options = (entry, {}) if isinstance(entry, str) else next(iter(entry.items()))
        options = dict(options or {})
        if name == "toc":
            options["permalink_title"] = translate(PERMALINK_TITLE)
        if name == "footnotes":
            options["BACKLINK_TITLE"] = translate(BACKLINK_TITLE)
        extensions.append({name: options} if options else name)
    extensions.append({CLAIMS_EXTENSION: {"lang": lang.code}})
    favicon = base["theme"].get("favicon", DEFAULT_FAVICON)
    locales = {other.code: other.vega.replace("-", "_") for other in LANGUAGES}
    hashed = hashed or {}
    return {
        "INHERIT": "mkdocs.yml",
        "docs_dir": f"docs/{lang.code}",
        "site_dir": f"site/{lang.code}",
        "site_url": site_url,
        "site_description": translate(base["site_description"]),
        "copyright": footer(base["copyright"], lang),
        "theme": {"language": lang.code, "palette": palette},
        "plugins": {"search": SEARCH.get(lang.code, {"lang": lang.code}),
                    "rss": {"image": channel_image(site_url, favicon)},
                    "social": cards,
                    # The tag slugs of this project's data/tags.yaml (it may be another
                    # project's than this checkout's: ``python -m generator --root``).
                    "tags": {"tags_slugify": Tagged(TAG_SLUGIFIER, {"kwds": {
                        "tags_file": str(root / "data" / registries.TAGS_NAME)}})}},
        "markdown_extensions": extensions,
        # The preview watches its docs_dir already: watched twice, the language's own posts
        # were rebuilt twice for one save.
        "watch": [path for path in base.get("watch", [])
                  if not Path(path).is_relative_to(f"docs/{lang.code}")],
        "extra_css": [hashed.get(name, name) for name in base.get("extra_css", [])],
        "extra_javascript": [hashed.get(name, name) for name in base.get("extra_javascript", [])],
        "extra": {
            # For overrides/main.html (OpenGraph) and overrides/sitemap.xml (hreflang).
            "site_root": site_root,
            "og_locales": locales,
            "og_locale": locales[lang.code],
            "alternate": [{"name": other.name, "link": f"../{other.code}/", "lang": other.code}
                          for other in LANGUAGES],
            "social": [{**link, "name": translate(link["name"])}
                       for link in base.get("extra", {}).get("social", [])],
        },
    }


def dump(config: dict) -> str:
    """``config`` as YAML text (keys in the order given, tags as in the base file)."""
    return HEADER + yaml.dump(config, Dumper=_Dumper, allow_unicode=True, sort_keys=False,
                              width=100)


def write_language_configs(root: Path, site_root: str,
                           languages: tuple[Language, ...] = LANGUAGES,
                           hashed: dict[str, str] | None = None) -> int:
    """Write ``root/mkdocs.<code>.yml`` for each of ``languages``; ``hashed`` as in
    :func:`language_config`.

    Returns:
        the number of files written (changed ones only).
    """
    base = base_config(root)
    return sum(write_text_atomic(root / f"mkdocs.{lang.code}.yml", dump(language_config(
        base, lang, site_root, social.plugin_options(root, lang.code)[0], hashed, root=root)))
        for lang in languages)
