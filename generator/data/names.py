"""URL slugs and comparison keys for names in any script.

Submitter, system and accelerator names are published in Latin script with any punctuation,
accented, or in Chinese. Their slugs come from python-slugify, which transliterates with
text-unidecode (Han characters become their pinyin syllables: 测试公司 -> ``ce-shi-gong-si``), so
every name gets a readable ASCII URL segment.

Two different names never share a slug: ``unique_slugs`` gives the plain slug to the first name in
a stable order (oldest round first, then by name) and, to each later name whose slug is taken,
the slug followed by the first hex digits of the SHA-1 of its exact spelling (``acme-3f2a9c``).
A name keeps its slug when later rounds add names, because new names come later in the order.

A submitter's slug is its organization's (``organizations.submitter_name``): the spellings
``organizations.yaml`` lists for one organization (``ORACLE`` of v6.0 beside ``Oracle``) share
one slug, so the organization has one submitter page per round whatever the spelling. When a
spelling joins the table, its earlier address is kept working by ``data/redirects.yaml``.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Callable, Hashable, Iterable
from dataclasses import dataclass

from slugify import slugify

from generator.data.organizations import submitter_name
from generator.data.schema import round_key

UNNAMED = "unnamed"
# A slug as an editor writes one (an article's file name, an author's or a tag's id) and as
# ``slug`` makes them: lowercase ASCII letters, digits and hyphens, not beginning with a hyphen.
SLUG = re.compile(r"^[a-z0-9][a-z0-9-]*$")


def slug(name: str) -> str:
    """The readable ASCII slug of ``name`` (lowercase letters, digits and hyphens):
    ``"NVIDIA B300-SXM-270GB"`` -> ``"nvidia-b300-sxm-270gb"``, ``"测试公司"`` ->
    ``"ce-shi-gong-si"``; ``"unnamed"`` when nothing of it transliterates."""
    return slugify(str(name)) or UNNAMED


def unique_slugs(
    names: Iterable[Hashable], slug_of: Callable[[Hashable], str] = slug
) -> dict[Hashable, str]:
    """A slug for each distinct name, no two alike.

    Args:
        names: in priority order (the first of two names with one slug keeps it plain);
            repeated names are fine. A name may be a tuple of names (a submitter and a system).
        slug_of: the plain slug of a name.

    Returns:
        ``{name: slug}``; a name whose plain slug an earlier name has gets the plain slug plus
        ``-`` and 6 (or more, in the unlikely case of a second collision) hex digits of the SHA-1
        of its UTF-8 spelling.
    """
    table: dict[str, str] = {}
    taken: set[str] = set()
    for name in names:
        if name in table:
            continue
        plain = slug_of(name)
        candidate, digits = plain, 6
        spelling = "\n".join(name) if isinstance(name, tuple) else str(name)
        digest = hashlib.sha1(spelling.encode("utf-8")).hexdigest()
        while candidate in taken:
            candidate = f"{plain}-{digest[:digits]}"
            digits += 2
        table[name] = candidate
        taken.add(candidate)
    return table


@dataclass(frozen=True)
class Naming:
    """The slugs of every submitter, accelerator and system under test of the dataset.

    Attributes:
        submitters: ``{submitter: slug}``, for every published spelling and its organization's
            name (``organizations.submitter_name``), one slug per organization.
        accelerators: ``{accelerator id or name: slug}`` (what the accelerator pages group by).
        systems: ``{(submitter, system name): "submitter-slug.system-slug"}``.
    """

    submitters: dict[str, str]
    accelerators: dict[str, str]
    systems: dict[tuple[str, str], str]

    @classmethod
    def of(cls, records: Iterable, accelerator: Callable[[object], str | None]) -> "Naming":
        """The naming of ``records`` (``schema.ResultRecord``). Priority goes to the oldest
        round, then to names in string order, so names keep their slugs when a round is added.

        Args:
            accelerator: what identifies a record's accelerator (None for CPU-only systems).
        """
        ordered = sorted(
            records, key=lambda r: (round_key(r.round), submitter_name(r.submitter), r.system_name)
        )
        organizations = unique_slugs(dict.fromkeys(submitter_name(r.submitter) for r in ordered))
        return cls(
            {
                **organizations,
                **{r.submitter: organizations[submitter_name(r.submitter)] for r in ordered},
            },
            unique_slugs([a for a in dict.fromkeys(accelerator(r) for r in ordered) if a]),
            unique_slugs(
                dict.fromkeys((r.submitter, r.system_name) for r in ordered),
                slug_of=lambda pair: f"{slug(pair[0])}.{slug(pair[1])}",
            ),
        )

    def system_key(self, record) -> str:
        """The stable key of a system under test in comparison URLs (``?a=<key>``):
        ``"v6.1.nvidia.nvidia-gb300-nvl72-72x-gb300-288gb-aarch64-tensorrt"``."""
        return f"{record.round}.{self.systems[(record.submitter, record.system_name)]}"


def download_stem(*names: str) -> str:
    """The name, without extension, of a page's downloads, naming what they hold so that files
    saved from several pages never share a name: ``mlperf-inference-v6.1-crusoe`` (a
    submitter of a round), ``mlperf-inference-nvidia-b200`` (an accelerator of every round),
    ``mlperf-inference-v6.1-datacenter-gpt-oss-120b-offline`` (a benchmark,
    ``Benchmark.download_stem``). ``names`` are a round and slugs (``Naming``)."""
    return "-".join(("mlperf-inference", *names))
