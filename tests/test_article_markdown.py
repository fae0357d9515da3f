"""An article read by the build's own Markdown (generator/editorial/article_markdown.py): what
it finds, and on which line. The lines below are counted by hand in the text (0-based)."""

from generator.editorial.article_markdown import Parsed, build_extensions, parse

ARTICLE = """\
Intro [a](first.md) and `[code](not-a-link.md)`.

```python
[b](in-a-fence.md)
<div>
```

Text <span class="note">x</span> and a remark[^n].
![A chart](c.webp){ width="3" height="2" } and <a href="html.md">h</a>[^missing].

<div class="box">
<p>In a block <img src="d.webp" alt="D"></p>
</div>

## A heading

- an item linking [the results][results]

    ```
    [k](nested-fence.md)
    ```

!!! note "An admonition"

    Inside [m](admonition.md) and `<b>`.

    An example:

        [i](indented-code.md)

[results]: ../../results/

[^n]: A note with [a source](https://mlcommons.org/).
"""


def targets(parsed):
    return [
        (tag.line, tag.attrs.get("href") or tag.attrs.get("src"), tag.raw, tag.markdown)
        for tag in parsed.tags
        if tag.name in ("a", "img")
    ]


def test_links_images_and_raw_html_are_found_on_their_lines_never_in_code():
    parsed = parse(ARTICLE)
    assert sorted(targets(parsed)) == [
        (0, "first.md", False, "link"),
        (8, "c.webp", False, "image"),
        (8, "html.md", True, ""),
        (11, "d.webp", True, ""),
        (24, "admonition.md", False, "link"),
        # A reference link is placed where its address is written: its definition.
        (30, "../../results/", False, "link"),
        (32, "https://mlcommons.org/", False, "link"),  # in the footnote, moved to the end
    ]
    images = {tag.attrs["src"]: tag.attrs for tag in parsed.images()}
    assert images["c.webp"]["width"] == "3" and images["d.webp"]["alt"] == "D"


def test_balance_fences_footnotes_and_headings():
    parsed = parse(ARTICLE)
    assert parsed.unclosed == () and parsed.stray == () and parsed.fences == ()
    assert parsed.footnotes == (("missing", 8),)  # [^n] has its note
    assert parsed.heading_ids == frozenset({"a-heading"})
    assert parsed.failure is None
    # An element left open: Markdown reads the rest as raw HTML, so the fence after it is HTML.
    left_open = parse("One.\n\n<div>\n<section>Two.\n\n```python\nthree\n")
    assert left_open.unclosed == (("div", 2), ("section", 3)) and left_open.fences == ()
    fence = parse("One ```python, in a sentence.\n\n```python\ntwo\n\nthree\n")
    assert fence.fences == (2,) and fence.unclosed == ()
    # An empty article holds nothing (Markdown returns before building a tree: nothing of the
    # article read before it may show).
    assert parse(ARTICLE + "\n").tags and parse("") == parse("\n\n") == Parsed()


def test_the_extensions_are_the_builds():
    # mkdocs.yml's markdown_extensions, less the claims extension (a claim stays text here).
    names, options = build_extensions()
    assert "generator.site.rawhtml" in names and "footnotes" in names and "attr_list" in names
    assert "generator.editorial.claim_markdown" not in names
    assert callable(options["toc"]["slugify"])
