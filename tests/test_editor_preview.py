"""The editor's preview (`make serve`) tells the truth at once (issue 21, item 6): check's own
messages in the log and in a banner, the page served whatever the mistake, a drifted claim's
flag showing the drift."""

import logging
import os
import re
import socket
import subprocess
import sys
import threading
import time
import urllib.request
from pathlib import Path

import pytest

from generator.editorial.claim_markdown import registry
from generator.editorial.claims import load_registry
from generator.errors import InputErrors
from generator.project import site_root_url
from generator.site import editor_preview as preview
from generator.site.config import write_language_configs
from tests.fixtures import DATA, copy_work_tree, make_fixture_project


def test_disarm_marks_a_reference_the_build_could_not_show(dataset):
    registry = load_registry(DATA / "claims.yaml")
    text = "A [[claim:gpt-oss-512-offline]] and [[claim:gpt-oss-512-ofline]]."
    out = preview.disarm(text, registry, list(dataset.records))
    assert out == (
        "A [[claim:gpt-oss-512-offline]] and "
        "<mark class=\"preview-error\">✖ claim 'gpt-oss-512-ofline'</mark>."
    )


def test_problems_are_checks_own_messages(tmp_path):
    root = make_fixture_project(tmp_path)
    post = root / "docs" / "zh" / "blog" / "posts" / "record.md"
    post.write_text(
        post.read_text(encoding="utf-8").replace("top-offline", "top-ofline"), encoding="utf-8"
    )
    # Only the misspelt id: the three languages are compared once it is fixed.
    assert preview.problems(root) == [
        f"{post}: line 11: unknown claim 'top-ofline': add it to data/claims.yaml or fix the "
        "id; did you mean 'top-offline'?"
    ]


def test_an_unreadable_registry_gives_way_to_its_last_good_version(tmp_path):
    root = make_fixture_project(tmp_path)
    good = registry(root, keep_last_good=True)
    path = root / "data" / "claims.yaml"
    path.write_text(path.read_text(encoding="utf-8") + "  broken: [\n", encoding="utf-8")
    assert registry(root, keep_last_good=True) is good
    with pytest.raises(InputErrors):  # the published build stops on it
        registry(root)
    assert "malformed YAML" in preview.problems(root)[0]


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    """`make serve LANG=en` on a copy of the project; yields (root, base URL, log lines)."""
    from generator.i18n.languages import language

    root = copy_work_tree(tmp_path_factory.mktemp("serve"))
    # What `make site` leaves for the preview (CONTRIBUTING: set up once), the editorial pages.
    preview.write_editorial_pages(root, language("en"))
    # ... and the language's generated configuration (`make serve` writes it when missing).
    write_language_configs(root, site_root_url(root), (language("en"),))
    port = free_port()
    env = {**os.environ, "MLPERF_PREVIEW": "1", "SOCIAL_CARDS": "0", "NO_MKDOCS_2_WARNING": "1"}
    server = subprocess.Popen(
        [sys.executable, "-m", "mkdocs", "serve", "-f", "mkdocs.en.yml", "-a", f"127.0.0.1:{port}"],
        cwd=root,
        env=env,
        text=True,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
    )
    lines: list[tuple[float, str]] = []
    threading.Thread(
        target=lambda: [lines.append((time.monotonic(), l)) for l in server.stdout], daemon=True
    ).start()
    try:
        wait_for(lines, "Serving on", 0, 300, server)
        yield root, f"http://127.0.0.1:{port}/mlperf-wiki/en/", lines
    finally:
        server.terminate()
        server.wait(30)


def wait_for(lines, text, after, seconds, server=None):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline and (server is None or server.poll() is None):
        for at, line in list(lines):
            if at >= after and text in line:
                return at
        time.sleep(0.05)
    raise AssertionError(f"the preview never said {text!r}:\n" + "".join(l for _, l in lines))


def wait_until_quiet(lines, quiet=1.0, seconds=240):
    """Wait until the preview has logged nothing for ``quiet`` seconds: no rebuild is running
    or about to start (MkDocs' serve logs "Detected file changes" within a quarter of a second
    of a change it sees, mkdocs/livereload ``shutdown_delay``), so the next save starts a
    rebuild of its own and the log lines after it are its own."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        last = lines[-1][0] if lines else 0.0
        if time.monotonic() - last >= quiet:
            return
        time.sleep(0.05)
    raise AssertionError("the preview never settled:\n" + "".join(l for _, l in lines[-20:]))


def save_and_fetch(served, path, old, new, url, expect, file_then=None):
    """Save an edit, wait for the log to say ``expect`` and for the rebuild, fetch ``url``;
    returns (seconds from saving to built, log since saving, page). ``file_then``, a list,
    gets the edited file's text as it was when the page was fetched."""
    root, base, lines = served
    text = path.read_text(encoding="utf-8")
    assert old in text
    wait_until_quiet(lines)
    saved = time.monotonic()
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    try:
        # Generous waits: the tests share the machine's cores with the other test process
        # (the preview's speed is measured by `make bench`, not here).
        said = wait_for(lines, expect, saved, 240)
        # A rebuild cycle of `mkdocs serve` ends by reloading the browsers; its "Documentation
        # built" line may be missing (see below), so the cycle's end is that reload.
        built = wait_for(lines, "Reloading browsers", said, 240)
        log = "".join(l for at, l in lines if at >= saved)
        # A page request never hangs: the server answers within the timeout.
        page = urllib.request.urlopen(base + url, timeout=30).read().decode("utf-8")
        if file_then is not None:
            file_then.append(path.read_text(encoding="utf-8"))
    finally:  # the next test starts from the file as it was, whatever happened here
        restored = time.monotonic()
        path.write_text(text, encoding="utf-8")
    # The server settles: every rebuild cycle of `mkdocs serve` ends by reloading the browsers
    # (a rebuild started while another ran may end without its "Documentation built" line).
    wait_for(lines, "Reloading browsers", restored, 240)
    wait_until_quiet(lines)  # and the rebuild after it, for the claims downloads it rewrote
    return built - saved, log, page


POST = "docs/en/blog/posts/amd-512-accelerator-record.md"
URL = "blog/2026/09/17/amd-512-accelerator-record/"


@pytest.mark.slow  # the preview's server builds the English site, then again at each edit
def test_an_unknown_claim_shows_checks_message_in_log_and_banner(served):
    root = served[0]
    _, log, page = save_and_fetch(
        served,
        root / POST,
        "[[claim:gpt-oss-512-offline]]",
        "[[claim:gpt-oss-512-ofline]]",
        URL,
        "unknown claim 'gpt-oss-512-ofline'",
    )
    # The line of the first reference in the post as committed (found in the file itself).
    line = next(
        n
        for n, text in enumerate((root / POST).read_text(encoding="utf-8").splitlines(), 1)
        if "[[claim:gpt-oss-512-offline]]" in text
    )
    message = (
        f"{root / POST}: line {line}: unknown claim 'gpt-oss-512-ofline': add it to "
        "data/claims.yaml or fix the id"
    )
    assert f"check: {message}" in log and "Traceback" not in log
    assert 'class="preview-errors"' in page and message.replace("'", "&#39;") in page
    assert "✖ claim &#39;gpt-oss-512-ofline&#39;" in page or "✖ claim 'gpt-oss-512-ofline'" in page
    # How long it took is measured by `make bench` (the editor's preview), not asserted here.


def test_malformed_yaml_is_shown_and_the_page_still_served(served):
    root = served[0]
    _, log, page = save_and_fetch(
        served, root / "data" / "claims.yaml", "sources:\n", "sources: [\n", URL, "malformed YAML"
    )
    assert "check: " in log and "malformed YAML" in log and "Traceback" not in log
    assert 'class="preview-errors"' in page and "malformed YAML" in page


def test_a_drifted_claim_shows_its_drift_in_the_flag(served):
    root = served[0]
    claims = root / "data" / "claims.yaml"
    _, log, page = save_and_fetch(
        served,
        claims,
        "  gpt-oss-512-offline:\n",
        "  gpt-oss-512-offline:\n    stated: 6000000\n",
        URL,
        "stated 6,000,000",
    )
    assert "check: " in log and "claim 'gpt-oss-512-offline': stated 6,000,000" in log
    flag = re.search(
        r'<span class="claim [^"]*claim--drifted[^"]*" data-claim="gpt-oss-512-offline">'
        r".*?</span>\s*<a[^>]*>(.*?)</a>",
        page,
        re.DOTALL,
    )
    assert flag and "✖ Stated 6,000,000" in flag.group(1)


def test_an_unclosed_element_is_shown_and_the_page_still_served(served):
    # An unclosed <div> once made the build stop with a traceback and the preview hang: check
    # names its line (issue 31), and the preview closes it at the article's end, so the page is
    # served with its claims rendered. The <div> opens the last section, which quotes no claim
    # (a claim inside raw HTML is an error of its own: test_claim_markdown::
    # test_check_refuses_a_reference_inside_raw_html).
    root = served[0]
    last = "\n## What the record does and does not show"
    _, log, page = save_and_fetch(
        served, root / POST, last, '\n<div class="note">\n' + last, URL, "<div> is never closed"
    )
    assert "Traceback" not in log and 'class="preview-errors"' in page
    assert 'data-claim="gpt-oss-512-offline"' in page and "[[claim:" not in page


def test_a_post_the_blog_could_not_read_is_left_out_of_the_preview(tmp_path):
    from generator.i18n.languages import language

    root = make_fixture_project(tmp_path)
    post = root / "docs" / "en" / "blog" / "posts" / "record.md"
    assert preview.unreadable_posts(root, language("en")) == set()
    post.write_text(
        post.read_text(encoding="utf-8").replace("tags: [MLPerf]", "tags: [MLPerf"),
        encoding="utf-8",
    )
    assert preview.unreadable_posts(root, language("en")) == {"blog/posts/record.md"}
    assert "malformed front matter" in preview.problems(root)[0]


def test_the_preview_watches_every_languages_posts_once():
    # The preview's check compares each post with its translations, so an edit to a zh or it
    # post while `make serve LANG=en` runs must rebuild and refresh the banner: MkDocs' serve
    # watches docs_dir and the `watch` list of the configuration it was given. A folder watched
    # twice (en's posts, inside docs_dir, also in `watch`) could rebuild twice for one save.
    from mkdocs.config import load_config

    from tests.conftest import ROOT

    config = load_config(str(ROOT / "mkdocs.en.yml"))
    watched = [Path(os.path.realpath(path)) for path in [config.docs_dir, *config.watch]]
    for code in ("en", "zh", "it"):
        posts = Path(os.path.realpath(ROOT / "docs" / code / "blog" / "posts"))
        assert [w for w in watched if posts.is_relative_to(w)] != [], code
    assert [(a, b) for a in watched for b in watched if a != b and a.is_relative_to(b)] == []


def test_claim_anchor_notes_are_debug_messages_other_anchor_notes_stay():
    # MkDocs' own wording (mkdocs/structure/pages.py, validate_anchor_links), for a claims table
    # row the raw-HTML stash hides from its anchor collector, and for a heading that is missing.
    note = (
        "Doc file 'blog/posts/record.md' contains a link '#claim-top-offline', but there "
        "is no such anchor on this page."
    )
    other = (
        "Doc file 'blog/posts/record.md' contains a link '#no-such-heading', but there "
        "is no such anchor on this page."
    )
    quiet = preview.ClaimAnchorNotes()
    records = [
        logging.LogRecord("mkdocs.structure.pages", logging.INFO, __file__, 1, text, None, None)
        for text in (note, other)
    ]
    mkdocs_log = logging.getLogger("mkdocs")
    level = mkdocs_log.level
    try:
        mkdocs_log.setLevel(logging.INFO)  # `mkdocs serve`, not --verbose
        assert [quiet.filter(r) for r in records] == [False, True]
        assert [r.levelname for r in records] == ["DEBUG", "INFO"]
        mkdocs_log.setLevel(logging.DEBUG)  # --verbose shows it, as a DEBUG line
        assert quiet.filter(
            logging.LogRecord("mkdocs.structure.pages", logging.INFO, __file__, 1, note, None, None)
        )
    finally:
        mkdocs_log.setLevel(level)


def test_a_rebuild_logs_no_info_line_on_claim_anchors(served):
    root = served[0]
    _, log, page = save_and_fetch(
        served,
        root / POST,
        "[[claim:gpt-oss-512-offline]]",
        "[[claim:gpt-oss-512-offline]] ",
        URL,
        "Detected file changes",
    )
    # The post links rows of its claims table (each flag does): MkDocs noted every such link.
    assert 'href="#claim-gpt-oss-512-offline"' in page
    assert "Building documentation" in log
    assert [line for line in log.splitlines() if "#claim-" in line] == []


def test_a_post_shows_its_marks_as_built_without_its_file_being_written(served):
    # A post as an editor types it before any `make site`: its tag and description without
    # the ®, no reading time. The build writes both into the file (build.stamp_reading_times);
    # the preview shows the same, from its copy, and leaves the editor's file as typed.
    root = served[0]
    path = root / POST
    typed = (
        path.read_text(encoding="utf-8")
        .replace("tags: [MLPerf®, AMD, Scaling]", "tags: [MLPerf, AMD, Scaling]")
        .replace("of MLPerf® Inference v6.1 ran", "of MLPerf Inference v6.1 ran")
        .replace("readtime: 4\n", "")
    )
    assert "MLPerf®" not in typed.split("\n---\n", 1)[0]  # the front matter has no mark left
    then: list[str] = []
    _, log, page = save_and_fetch(
        served, path, path.read_text(encoding="utf-8"), typed, URL, "Detected file changes", then
    )
    assert then == [typed]  # the editor's file, as typed
    tags = re.findall(r'class="md-tag">([^<]*)<', page)
    assert "MLPerf®" in tags and "MLPerf" not in tags
    assert re.search(r'<meta name="description" content="[^"]*of MLPerf® Inference v6\.1 ran', page)
    assert "4 min" in page  # the reading time the build writes (readtime: 4 in the committed post)
    # The tag's page lists the post under its tag as built, MLPerf®; the index names it once.
    listing = urllib.request.urlopen(served[1] + "tags/mlperf/", timeout=30).read().decode()
    assert "amd-512-accelerator-record/" in listing
    index = urllib.request.urlopen(served[1] + "tags/", timeout=30).read().decode("utf-8")
    names = re.findall(r'<a href="[^"]*" id="tag:[^"]*">([^<]*)</a>', index)
    assert names.count("MLPerf®") == 1 and "MLPerf" not in names
    copy = root / preview.BUILT_POSTS / "en" / "blog" / "posts" / path.name
    assert "tags: [MLPerf®, AMD, Scaling]" in copy.read_text(encoding="utf-8")


def test_a_post_the_sites_markdown_cannot_convert_is_shown_as_its_source(monkeypatch):
    # check refuses such a post with its line (the banner says so); the preview must keep
    # serving, so it shows the post's source as code, which converts, rather than stop.
    import markdown

    from generator.editorial.article_markdown import build_extensions
    from generator.site import rawhtml

    real_restore = rawhtml.restore

    def fail(html, blocks):  # an extension failing on this post's block only
        if any("breaks the build" in block for block in blocks):
            raise ValueError("placeholders lost")
        return real_restore(html, blocks)

    monkeypatch.setenv(preview.ENVIRONMENT, "1")
    monkeypatch.setattr(rawhtml, "restore", fail)
    text = "# A title\n\nA run of ```` in the text.\n\n<div>breaks the build</div>\n"
    shown = preview.page_markdown(text, "blog/posts/x.md")
    assert shown.startswith("# A title\n\n`````text\nA run of ```` in the text.")
    names, options = build_extensions()
    html = markdown.Markdown(extensions=names, extension_configs=options).convert(shown)
    assert "&lt;div&gt;breaks the build&lt;/div&gt;" in html
    # A post that converts is shown as written.
    assert preview.page_markdown("# Fine\n\n<div>x</div>\n", "blog/posts/y.md").startswith(
        "# Fine\n\n<div>x</div>"
    )
