"""Reading the YAML files editors write (``data/claims.yaml``, ``authors.yaml``, ``tags.yaml``,
articles' front matter) with the line of every key, so that each error names its line."""

from __future__ import annotations

from pathlib import Path

import yaml


def value_texts(text: str) -> dict[str, str]:
    """Each claim's ``value`` as written (the scalar's text, e.g. ``"2.50"``), by claim id."""
    try:
        root = yaml.compose(text, Loader=yaml.SafeLoader)
    except yaml.YAMLError:
        return {}
    claims = next((v for k, v in getattr(root, "value", []) if k.value == "claims"), None)
    found = {}
    for key, node in getattr(claims, "value", []):
        for field, value in getattr(node, "value", []) if isinstance(node, yaml.MappingNode) \
                else []:
            if field.value == "value" and isinstance(value, yaml.ScalarNode):
                found[key.value] = value.value
    return found


def key_lines(text: str) -> dict[tuple[str, ...], int]:
    """Line numbers (1-based) of mapping keys, by their path, from the YAML node tree."""
    lines: dict[tuple[str, ...], int] = {}

    def walk(node, path):
        if isinstance(node, yaml.MappingNode):
            for key, value in node.value:
                lines[path + (key.value,)] = key.start_mark.line + 1
                walk(value, path + (key.value,))
        elif isinstance(node, yaml.SequenceNode):
            for i, item in enumerate(node.value):
                lines[path + (str(i),)] = item.start_mark.line + 1
                walk(item, path + (str(i),))
    try:
        walk(yaml.compose(text, Loader=yaml.SafeLoader), ())
    except yaml.YAMLError:
        pass
    return lines


def claim_lines(path: Path) -> dict[str, int]:
    """File line of each claim's ``value`` (or of its id) in ``claims.yaml``, by claim id."""
    lines = key_lines(path.read_text(encoding="utf-8"))
    return {key[1]: lines.get(("claims", key[1], "value"), line)
            for key, line in lines.items() if len(key) == 2 and key[0] == "claims"}


def line_of(lines: dict[tuple[str, ...], int], loc: list[str]) -> str | None:
    for end in range(len(loc), 0, -1):
        if tuple(loc[:end]) in lines:
            return f"line {lines[tuple(loc[:end])]}"
    return None


