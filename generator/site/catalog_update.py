"""``make catalogs``: every translation key of the code, the templates and the data tables that
pages show, and each language's message catalog brought up to date with them.

It reads every stage (code, ``mkdocs.yml``, the schema, the vocabulary, the families), so it
lives above them all; ``generator.i18n.catalogs`` only reads the catalogs.
"""

from __future__ import annotations

import io
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.pofile import read_po, write_po
from mkdocs.utils.yaml import yaml_load

from generator.data.schema import field_descriptors
from generator.data.vocabulary import vocabulary
from generator.files import write_bytes_atomic
from generator.i18n.catalogs import DOMAIN, catalog_path
from generator.i18n.formatting import UNIT_TEXTS
from generator.i18n.languages import LANGUAGES, SOURCE_LANGUAGE
from generator.model.families import families


def extract_template(root: Path) -> Catalog:
    """Extract every translation key from the code and templates under ``root`` (``babel.cfg``),
    plus the vocabulary terms shown on pages (divisions, categories, suites, units), which reach
    ``gettext`` as data and so cannot be found by extraction."""
    with (root / "babel.cfg").open(encoding="utf-8") as handle:
        method_map, options_map = parse_mapping_cfg(handle)
    template = Catalog(project="mlperf-wiki", fuzzy=False)
    keywords = {**DEFAULT_KEYWORDS, "ngettext": (1, 2)}
    for filename, lineno, message, comments, context in extract_from_dir(
            root, method_map, options_map, keywords=keywords):
        template.add(message, locations=[(filename, lineno)], auto_comments=comments,
                     context=context)
    for text in config_texts(root):
        template.add(text, auto_comments=["mkdocs.yml"])
    for field in field_descriptors():
        for key in ("title", "description", "unit"):
            if field.get(key):
                template.add(field[key], auto_comments=[f"schema.py: {field['name']} {key}"])
    # families.yaml names each family in English.
    for family in families():
        template.add(family.name, auto_comments=[f"families.yaml: {family.id}"])
    words = vocabulary()
    for table in ("division", "category", "suite", "units"):
        for term in words.known(table):
            if term in UNIT_TEXTS:  # written as formatting.UNIT_TEXTS spells it, found there
                continue
            template.add(term, auto_comments=[f"vocabulary.yaml: {table}"])
    return template


def config_texts(root: Path) -> list[str]:
    """The texts of ``mkdocs.yml`` that readers see: palette toggle names, the copyright line,
    the site description and the names of the footer's social links (``site.config`` writes
    them translated into each language's configuration)."""
    with (root / "mkdocs.yml").open(encoding="utf-8") as handle:
        config = yaml_load(handle)
    return [scheme["toggle"]["name"] for scheme in config["theme"]["palette"]] + [
        config["site_description"], config["copyright"]] + [
        link["name"] for link in config.get("extra", {}).get("social", [])]


def update_catalogs(root: Path) -> list[Path]:
    """Bring every language's ``.po`` file up to date with the keys in the code: new keys are
    added untranslated, removed keys are marked obsolete, changed ones fuzzy (Babel's
    ``Catalog.update``). Returns the paths written."""
    template = extract_template(root)
    written = []
    for lang in LANGUAGES:
        path = catalog_path(lang)
        if path.exists():
            with path.open("rb") as handle:
                catalog = read_po(handle, locale=lang.cldr, domain=DOMAIN)
            # The source language translates nothing: no fuzzy guesses to churn on every run.
            catalog.update(template, no_fuzzy_matching=lang == SOURCE_LANGUAGE,
                           update_header_comment=False, update_creation_date=False)
        else:
            catalog = Catalog(locale=lang.cldr, domain=DOMAIN, project="mlperf-wiki")
            catalog.update(template)
        buffer = io.BytesIO()
        write_po(buffer, catalog, width=100, sort_output=True, omit_header=False,
                 include_previous=True, no_location=True)
        write_bytes_atomic(path, buffer.getvalue())
        written.append(path)
    return written
