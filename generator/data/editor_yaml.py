"""Reading the YAML files editors write (``data/claims.yaml``, ``authors.yaml``, ``tags.yaml``,
``accelerator_specs.yaml``, articles' front matter) strictly, with the line of every key, so that
each error names its line. It lives with the data stage so that the editorial stage and the site
model (``model/specs.py``) both read through it without importing sideways.

PyYAML alone lets a duplicated key replace the first silently (the last copy of a claim wins)
and reports an impossible date (``2026-02-30``) without a line; ``read`` refuses both, naming
the line(s) and the field.
"""

from __future__ import annotations

import datetime as dt
from functools import lru_cache
from pathlib import Path

import yaml

from generator.errors import InputError, InputErrors

DATE_HINT = "write YYYY-MM-DD, e.g. 2026-09-17"
TIMESTAMP = "tag:yaml.org,2002:timestamp"


def read(path: Path, text: str | None = None, first_line: int = 1, kind: str = "YAML"):
    """The data of one editor's YAML file (or of ``text``, which starts at ``first_line`` of
    ``path``: 2 for front matter), by the YAML safe loader; ``kind`` names the text in the
    message of malformed YAML (``"front matter"``).

    Raises:
        InputErrors: malformed YAML (with its line); every key written twice in one mapping,
            naming both lines; every impossible date, with its line, field and ``DATE_HINT``.
    """
    text = path.read_text(encoding="utf-8") if text is None else text
    shift = first_line - 1
    try:
        node = compose(text)
        if node is None:
            return None
        errors = [
            InputError(path, f"line {line}", field, problem)
            for line, field, problem in _problems(node, shift)
        ]
        if errors:
            raise InputErrors(errors)
        return yaml.constructor.SafeConstructor().construct_document(node)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f"line {mark.line + 1 + shift}" if mark else None
        problem = " ".join(
            str(p) for p in (getattr(exc, "context", None), getattr(exc, "problem", None)) if p
        ) or str(exc)
        raise InputErrors([InputError(path, where, None, f"malformed {kind}: {problem}")]) from None


@lru_cache(maxsize=16)
def compose(text: str):
    """The YAML node tree of ``text`` (LibYAML's parser when PyYAML has it: the preview checks
    at every save), kept for the texts read last: a file is read once per ``check``, though
    its values, lines and keys are all asked of it.

    Raises:
        yaml.YAMLError: malformed YAML.
    """
    return yaml.compose(text, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))


def _problems(node, shift: int, path: tuple[str, ...] = ()):
    """(line, field, problem) of each duplicate key and impossible date under ``node``."""
    if isinstance(node, yaml.MappingNode):
        seen: dict[str, int] = {}
        for key, value in node.value:
            name, line = str(key.value), key.start_mark.line + 1 + shift
            field = ".".join(path + (name,))
            if name in seen and name != "<<":
                yield (
                    line,
                    field,
                    (
                        f"duplicate key '{name}', first written at line "
                        f"{seen[name]}: YAML would keep only this later copy; "
                        "rename or remove one"
                    ),
                )
            seen.setdefault(name, line)
            yield from _problems(value, shift, path + (name,))
    elif isinstance(node, yaml.SequenceNode):
        for i, item in enumerate(node.value):
            yield from _problems(item, shift, path + (str(i),))
    elif isinstance(node, yaml.ScalarNode) and node.tag == TIMESTAMP:
        try:
            dt.date.fromisoformat(node.value[:10])
        except ValueError:
            yield (
                node.start_mark.line + 1 + shift,
                ".".join(path) or None,
                f"'{node.value}' is not a date: {DATE_HINT}",
            )


def value_texts(text: str) -> dict[str, str]:
    """Each claim's figure as written (the scalar's text of ``value`` or ``stated``, e.g.
    ``"2.50"``), by claim id."""
    try:
        root = compose(text)
    except yaml.YAMLError:
        return {}
    claims = next((v for k, v in getattr(root, "value", []) if k.value == "claims"), None)
    found = {}
    for key, node in getattr(claims, "value", []):
        for field, value in (
            getattr(node, "value", []) if isinstance(node, yaml.MappingNode) else []
        ):
            if field.value in ("value", "stated") and isinstance(value, yaml.ScalarNode):
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
        walk(compose(text), ())
    except yaml.YAMLError:
        pass
    return lines


def claim_lines(path: Path) -> dict[str, int]:
    """File line of each claim's ``value`` (or of its id) in ``claims.yaml``, by claim id."""
    lines = key_lines(path.read_text(encoding="utf-8"))
    return {
        key[1]: lines.get(("claims", key[1], "value"), line)
        for key, line in lines.items()
        if len(key) == 2 and key[0] == "claims"
    }


def line_of(lines: dict[tuple[str, ...], int], loc: list[str]) -> str | None:
    for end in range(len(loc), 0, -1):
        if tuple(loc[:end]) in lines:
            return f"line {lines[tuple(loc[:end])]}"
    return None
