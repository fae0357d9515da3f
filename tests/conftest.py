"""Shared fixtures: the repository's paths, the committed dataset (loaded once per worker), the
built site (its pages read once per worker) served on 127.0.0.1 under the same path prefix as on
GitHub Pages, and headless Chromium. Copies of the project are made by ``tests/fixtures.py``."""

from __future__ import annotations

import dataclasses
import functools
import http.server
import os
import sys
import threading
from pathlib import Path

import pytest

from generator.data import dataset as dataset_module
from generator.data.withdrawn import WITHDRAWN_DIR
from generator.editorial import check as check_module
from generator.editorial import claim_markdown
from generator.errors import InputError
from generator.project import site_prefix
from tests.fixtures import DATA, FIXTURES, ROOT, SITE, make_fixture_project  # noqa: F401
from tools import chromium
from tools.chromium import CHROMIUM

# Official MLCommons summaries; present on the project's machines and in CI, not in the repo.
MLCOMMONS = ROOT.parent / "shared" / "data" / "mlperf"


def mlcommons_file(round_name: str) -> Path:
    """The raw MLCommons summary of a round, or skip the test saying why."""
    path = MLCOMMONS / f"inference_{round_name}_summary.json"
    if not path.exists():
        pytest.skip(
            f"{path} is absent: the raw MLCommons files exist only on the project's machines"
        )
    return path


def pytest_collection_modifyitems(items):
    """Tests marked ``slow`` first, those marked ``slow(first=True)`` (the longest, a build
    from nothing) before them, the rest in their usual order (the sort is stable, so each
    file's tests stay together): with two workers (pytest.ini, --dist loadfile hands out a
    file when its first test comes) the longest files then run beside the many short ones
    instead of after them."""

    def rank(item):
        slow = item.get_closest_marker("slow")
        return 2 if slow is None else 0 if slow.kwargs.get("first") else 1

    items.sort(key=rank)


def _tables_state(data_dir: Path) -> tuple:
    """What ``dataset.load`` reads under ``data_dir`` (the round tables and the withdrawn
    results), as relative names, sizes and modification times."""
    files = sorted(
        p
        for folder in (dataset_module.RESULTS_DIR, WITHDRAWN_DIR)
        for p in (data_dir / folder).glob("*.csv")
    )
    return tuple(
        (p.relative_to(data_dir).as_posix(), p.stat().st_size, p.stat().st_mtime_ns) for p in files
    )


_loaded: dict[tuple, tuple[Path, dataset_module.Dataset]] = {}


def _load_dataset_once(data_dir: Path) -> dataset_module.Dataset:
    """``dataset.load(data_dir)``, or the dataset this worker has already loaded from tables of
    the same names, sizes and modification times (``make_fixture_project`` copies them with
    their times), with the paths of its warnings moved to ``data_dir``. Each ``check`` of a
    fixture project would otherwise read and validate the 3,397 committed records again (about
    a second each); a test that edits a table changes its time and gets a load of its own."""
    data_dir = Path(data_dir)
    state = _tables_state(data_dir)
    if state not in _loaded:
        _loaded[state] = (data_dir, dataset_module.load(data_dir))
        return _loaded[state][1]
    first, data = _loaded[state]
    if first == data_dir or not data.warnings:
        return data
    old, new = str(first), str(data_dir)
    return dataclasses.replace(
        data,
        warnings=tuple(
            InputError(
                new + w.path[len(old) :] if w.path.startswith(old) else w.path,
                w.where,
                w.field,
                w.problem,
                w.dataset_field,
            )
            for w in data.warnings
        ),
    )


@pytest.fixture(scope="session", autouse=True)
def _check_loads_each_dataset_once():
    """Every ``check`` of this worker reads an unchanged dataset once (``_load_dataset_once``):
    ``check`` loads it through ``generator.editorial.check.load``; so does a render of a
    fixture project's article (``article_markdown.render``, through ``claim_markdown.load``)."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(check_module, "load", _load_dataset_once)
        patch.setattr(claim_markdown, "load", _load_dataset_once)
        yield


def committed_dataset() -> dataset_module.Dataset:
    """The committed dataset (data/), loaded once per worker; the ``dataset`` fixture, for a
    test module that names ``dataset`` otherwise."""
    return _load_dataset_once(DATA)


@pytest.fixture(scope="session")
def dataset():
    return committed_dataset()


def skip_without_cards():
    """Skip a social-card test when the last build drew no cards, with the build's own reason
    (``SOCIAL_CARDS=0``, or fonts or Cairo missing), recorded by ``generator.site.social.plugin_options``."""
    from generator.site.build import social

    reason = social.skipped_reason(ROOT, "zh")
    if reason is not None:
        pytest.skip(f"the site was built without social cards: {reason}")


def download(site: Path, lang: str, path: str) -> Path:
    """The built file a reader of ``lang`` downloads from the page beside ``path`` (below the
    language's folder): there when it is the language's own, else the one file every language
    links at the site root's ``downloads/`` (generator/site/downloads.py; tests/test_downloads.py
    checks which is which)."""
    own = site / lang / path
    return own if own.is_file() else site / "downloads" / path


@pytest.fixture(scope="session")
def site():
    if not (SITE / "en" / "index.html").exists():
        pytest.fail("site/ is not built: run `make site` (make test does it first)")
    return SITE


@pytest.fixture(scope="session")
def site_pages(site) -> dict[str, str]:
    """Every HTML page of the built site, ``{path relative to site/: text}``, sorted by path:
    read once per worker for all the tests that crawl the site (links, escaping, trademark
    marks, the legend, interface language, downloads)."""
    return {
        path.relative_to(site).as_posix(): path.read_text(encoding="utf-8")
        for path in sorted(site.rglob("*.html"))
    }


def pages_under(site_pages: dict[str, str], folder: str) -> dict[str, str]:
    """The pages of ``site_pages`` below ``folder`` (a language code, or ``""`` for all)."""
    if not folder:
        return site_pages
    prefix = folder.rstrip("/") + "/"
    return {name: text for name, text in site_pages.items() if name.startswith(prefix)}


class _QuietServer(http.server.ThreadingHTTPServer):
    """A server that does not print a browser leaving mid-response (a page navigated away
    before its last request was answered) as a traceback in the test log."""

    def handle_error(self, request, client_address):
        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    """Serves files like GitHub Pages: a missing path gets the site's root 404.html."""

    not_found_page: Path | None = None

    def log_message(self, *args):
        pass

    def send_error(self, code, message=None, explain=None):
        if code != 404 or self.not_found_page is None:
            return super().send_error(code, message, explain)
        body = self.not_found_page.read_bytes()
        self.send_response(404)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)


@pytest.fixture(scope="session")
def base_url(site, tmp_path_factory):
    """URL of the built site served on 127.0.0.1 under the published path prefix."""
    root = tmp_path_factory.mktemp("www")
    prefix = site_prefix().strip("/")
    mount = root / prefix if prefix else root
    mount.parent.mkdir(parents=True, exist_ok=True)
    if prefix:
        mount.symlink_to(site, target_is_directory=True)
    handler_class = type("SiteHandler", (_QuietHandler,), {"not_found_page": site / "404.html"})
    handler = functools.partial(handler_class, directory=str(root if prefix else site))
    server = _QuietServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_port}/{prefix + '/' if prefix else ''}"
    server.shutdown()


@pytest.fixture(scope="session")
def browser():
    playwright_api = pytest.importorskip("playwright.sync_api")
    if not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} is missing: install Debian's chromium (.ci/run does)")
    with playwright_api.sync_playwright() as playwright:
        browser = chromium.launch(playwright.chromium, "the browser tests need it")
        yield browser
        browser.close()


def recording_page(browser):
    """A new 1280 × 900 page in its own context that records its console errors
    (``tab.console_errors``) and every URL it requests (``tab.requests``)."""
    tab = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
    tab.console_errors, tab.requests = [], []
    tab.on("console", lambda m: m.type == "error" and tab.console_errors.append(m.text))
    tab.on("pageerror", lambda e: tab.console_errors.append(str(e)))
    tab.on("request", lambda r: tab.requests.append(r.url))
    return tab


@pytest.fixture
def fresh_page(browser):
    """A page of a new browser context (its cache empty: a reader's first load), that records
    console errors and every requested URL."""
    tab = recording_page(browser)
    yield tab
    tab.context.close()


@pytest.fixture(scope="session")
def _worker_tab(browser):
    """The one page of this worker's ``page`` tests (``[page]``, replaced if a test closed
    it)."""
    tabs = [recording_page(browser)]
    yield tabs
    tabs[0].context.close()


@pytest.fixture
def page(_worker_tab, browser):
    """A page that records console errors and every requested URL from the test's start: the
    worker's one page, emptied (about:blank, so the test's first address is a new document
    even if the last test ended on it), its routes removed and its viewport 1280 × 900 again.
    Its renderer process and caches are kept from test to test: a load of the explorer then
    takes about half the CPU of one in a new context (1.0 s against 2.1 s, measured). A module
    whose tests need a first load, the cache empty, uses ``fresh_page``
    (tests/test_first_load.py)."""
    tab = _worker_tab[0]
    if tab.is_closed():
        tab.context.close()
        tab = _worker_tab[0] = recording_page(browser)
    tab.unroute_all(behavior="ignoreErrors")
    tab.set_viewport_size({"width": 1280, "height": 900})
    tab.goto("about:blank")
    tab.console_errors.clear()
    tab.requests.clear()
    return tab


@pytest.fixture(scope="module")
def searcher(browser, base_url):
    """``search(lang, query)``: the result links for ``query`` typed into the search box of one
    page per language and module, and that page (which records console errors and requested
    URLs from its load on, as ``page``). Each page load has the browser's worker build the
    language's search index, seconds each: a module's queries of a language share one load."""
    tabs = {}

    def search(lang, query):
        if lang not in tabs:
            tab = tabs[lang] = recording_page(browser)
            tab.goto(f"{base_url}{lang}/")
            tab.locator("label.md-search__icon, .md-search__input").first.click()
        tab = tabs[lang]
        box = tab.locator(".md-search__input")
        # An empty query empties the results, so the results found next are the new query's.
        box.fill("")
        box.press("End")
        tab.locator(".md-search-result__item").first.wait_for(state="detached", timeout=10000)
        # Material searches on a key release, as for a reader typing (test_browser.search).
        box.fill(query)
        box.press("End")
        tab.wait_for_selector(".md-search-result__item", timeout=60000)
        return tab.locator(".md-search-result__item a").evaluate_all(
            "links => links.map(a => a.href)"
        ), tab

    yield search
    for tab in tabs.values():
        tab.context.close()


def _tree_cpu_seconds() -> float | None:
    """CPU seconds (user + system) spent so far by this process and every process below it
    (Chromium, a build in a subprocess), living or ended: each living process's own and
    reaped children's times from /proc. None where /proc is not there."""
    tick = os.sysconf("SC_CLK_TCK")
    parents: dict[int, list[int]] = {}
    times: dict[int, int] = {}
    try:
        names = os.listdir("/proc")
    except OSError:
        return None
    for name in names:
        if not name.isdigit():
            continue
        try:
            stat = Path("/proc", name, "stat").read_text()
        except OSError:  # ended meanwhile
            continue
        # After the command's closing parenthesis: state, ppid, ..., utime, stime, cutime, cstime.
        fields = stat[stat.rfind(")") + 2 :].split()
        parents.setdefault(int(fields[1]), []).append(int(name))
        times[int(name)] = sum(int(fields[i]) for i in (11, 12, 13, 14))
    if os.getpid() not in times:
        return None
    total, stack = 0, [os.getpid()]
    while stack:
        pid = stack.pop()
        total += times.get(pid, 0)
        stack.extend(parents.get(pid, ()))
    return total / tick


_file_started: dict[str, float | None] = {}  # a test file's name: CPU seconds at its start
# The node ID of the last test of each file in this worker: the phase after which its file's
# CPU seconds are read, "teardown", or "call" for the worker's very last test, whose teardown
# closes the session's browser: Chromium's processes then end unseen (their CPU seconds leave
# the tree, as /usr/bin/time never sees them: Playwright does not wait for its driver).
_last_of_file: dict[str, str] = {}


def pytest_runtest_logstart(nodeid, location):
    """Notes the CPU seconds at a test file's first test (``pytest_runtest_makereport``)."""
    name = nodeid.split("::", 1)[0]
    if name not in _file_started:
        _file_started[name] = _tree_cpu_seconds()


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item, nextitem):
    """Notes the last test of a file and the phase that ends it (``pytest_runtest_makereport``)."""
    if nextitem is None:
        _last_of_file[item.nodeid] = "call"
    elif nextitem.nodeid.split("::", 1)[0] != item.nodeid.split("::", 1)[0]:
        _last_of_file[item.nodeid] = "teardown"
    yield


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    """Each test file's CPU seconds in its worker (``_tree_cpu_seconds`` at its first test's
    start and its last one's end; --dist loadfile runs a file's tests together), as the
    property ``file_cpu`` of its last test's report, for ``pytest_terminal_summary``: on a
    shared machine wall seconds say little, CPU seconds what the file costs."""
    outcome = yield
    if _last_of_file.get(item.nodeid) != call.when:
        return
    started, now = _file_started.get(item.nodeid.split("::", 1)[0]), _tree_cpu_seconds()
    if started is not None and now is not None:
        outcome.get_result().user_properties.append(("file_cpu", now - started))


@pytest.hookimpl(trylast=True)
def pytest_terminal_summary(terminalreporter):
    """After pytest's ten slowest tests (pytest.ini, --durations=10), the ten test files that
    took longest: each file's setup, call and teardown seconds summed (wall seconds in its
    worker, fixtures included), with its CPU seconds (its worker's and their subprocesses',
    Chromium's included: ``pytest_runtest_protocol``), where the suite's time goes file by
    file; then the CPU seconds of all files."""
    per_file: dict[str, float] = {}
    cpu: dict[str, float] = {}
    for reports in terminalreporter.stats.values():
        for report in reports:
            if getattr(report, "when", None) in ("setup", "call", "teardown"):
                name = report.nodeid.split("::", 1)[0]
                per_file[name] = per_file.get(name, 0.0) + report.duration
                for key, value in getattr(report, "user_properties", ()):
                    if key == "file_cpu":
                        cpu[name] = cpu.get(name, 0.0) + value
    if not per_file:
        return
    terminalreporter.write_sep("=", "slowest 10 test files (wall s, CPU s)")
    for name, seconds in sorted(per_file.items(), key=lambda item: -item[1])[:10]:
        spent = f"{cpu[name]:8.1f}" if name in cpu else "       ?"
        terminalreporter.write_line(f"{seconds:8.1f}s {spent}s {name}")
    if cpu:
        terminalreporter.write_line(
            f"CPU of the test files: {sum(cpu.values()):.1f} s "
            f"(slowest by CPU: {max(cpu, key=cpu.get)}, {max(cpu.values()):.1f} s)"
        )
