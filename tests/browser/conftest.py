"""Playwright for Python driving Debian's Chromium at a phone's size.

The browser never downloads itself: it is /usr/bin/chromium from apt. Without it these
tests skip, unless TENTO_REQUIRE_BROWSER is set (CI sets it), when they fail.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Callable, Iterator
from importlib import import_module
from pathlib import Path

import pytest
from django.conf import settings
from playwright.sync_api import expect

from scoring.ledger.access import grant_session
from tests.servers import InProcess

CHROMIUM = Path(os.environ.get("CHROMIUM", "/usr/bin/chromium"))
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"]
PHONE = {"width": 360, "height": 640}
# What the console says of a request that failed or was answered an error: expected on
# a page that goes offline or meets a server error on purpose.
EXPECTED = (
    "net::ERR_",
    "htmx:sendError",
    "htmx:afterRequest",
    "Response Status Error Code",
    "the server responded with a status of",
)

# Playwright's sync API runs an event loop in this thread; the ORM calls the tests make
# between page actions are ordinary synchronous ones.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if "tests/browser/" in str(item.path):
            item.add_marker(pytest.mark.browser)


class AsgiLiveServer(InProcess):
    """pytest-django's ``live_server``, served by uvicorn as in production: the match
    pages' streams are async views, which a WSGI server can only hold a thread for
    (and never send). pytest-django's own helper asks for ``transactional_db`` for
    every test using it and switches these settings on and off around it."""

    def __init__(self) -> None:
        from django.test.utils import modify_settings

        super().__init__()
        self._live_server_modified_settings = modify_settings(
            ALLOWED_HOSTS={"append": "127.0.0.1"}
        )


@pytest.fixture(scope="session")
def live_server() -> Iterator[AsgiLiveServer]:
    with AsgiLiveServer() as server:
        yield server


@pytest.fixture(scope="session")
def browser() -> Iterator[object]:
    if not CHROMIUM.exists():
        if os.environ.get("TENTO_REQUIRE_BROWSER"):
            pytest.fail(f"{CHROMIUM} is missing: apt-get install chromium")
        pytest.skip(f"{CHROMIUM} is not installed (apt-get install chromium)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=FLAGS)
        yield browser
        browser.close()


@pytest.fixture
def phone(browser, live_server) -> Iterator[object]:
    """A new phone (its own cookies) at 360×640, pointed at the live server.

    Every console error and page error on any of its pages fails the test at the end
    (a page that expects network failures, going offline or answered an error on
    purpose, says so with ``page.allow_network_errors = True``).
    """
    contexts = []
    problems: list[str] = []

    def watch(page) -> None:
        page.allow_network_errors = False

        def console(message) -> None:
            if message.type != "error":
                return
            if page.allow_network_errors and any(word in message.text for word in EXPECTED):
                return
            problems.append(f"console error on {page.url}: {message.text}")

        page.on("console", console)
        page.on("pageerror", lambda error: problems.append(f"page error on {page.url}: {error}"))

    def open_phone(language: str = "pt-BR"):
        """A phone with no capability at all: no account, no match's link."""
        context = browser.new_context(
            viewport=PHONE,
            base_url=live_server.url,
            locale=language,
            has_touch=True,
            is_mobile=True,
            device_scale_factor=2,
        )
        context.set_default_timeout(10_000)
        contexts.append(context)
        page = context.new_page()
        watch(page)
        return page

    yield open_phone
    for context in contexts:
        context.close()
    assert problems == [], problems


def holding(page, matches, *, url: str, change: bool = True):
    """``page``'s phone, before it opens anything, keeps each match's scorer link
    (``change``) or watch link in a session of its own, as a phone that opened the link
    does (``scoring.ledger.access.grant_session``)."""
    store = import_module(settings.SESSION_ENGINE).SessionStore()
    for match in matches:
        grant_session(store, match, change=change)
    store.save()
    cookie = {"name": settings.SESSION_COOKIE_NAME, "value": store.session_key}
    page.context.add_cookies([cookie | {"url": url}])
    return page


@pytest.fixture
def scorer(phone, live_server) -> Callable[..., object]:
    """``scorer(match, …, language="pt-BR")``: a new phone holding the scorer link of each
    match given, as the phone that started them does."""

    def scoring(*matches, language: str = "pt-BR"):
        return holding(phone(language), matches, url=live_server.url)

    return scoring


@pytest.fixture
def watcher(phone, live_server) -> Callable[..., object]:
    """``watcher(match, …, language="pt-BR")``: a new phone holding only the watch link of
    each match given."""

    def watching(*matches, language: str = "pt-BR"):
        return holding(phone(language), matches, url=live_server.url, change=False)

    return watching


def assert_accessible(page) -> None:
    """axe-core finds no serious or critical violation on the page as it stands, in the
    light colour scheme and in the dark one (the phone's own setting picks either)."""
    from axe_playwright_python.sync_playwright import Axe

    bad = []
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        results = Axe().run(page)
        bad += [
            f"{scheme}: {v['id']} ({v['impact']}): {[node['target'] for node in v['nodes']][:3]}"
            for v in results.response["violations"]
            if v.get("impact") in ("serious", "critical")
        ]
    page.emulate_media(color_scheme="light")
    assert bad == [], f"accessibility on {page.url}: {bad}"


def assert_fits_the_phone(page, *, axe: bool = True) -> None:
    """The page works on a phone: no horizontal scrolling at 360 px; every button and
    field (or the label a checkbox sits in) is at least 44 px tall, and every button
    (the picker's keys too) 44 px wide; axe-core finds no serious or critical problem,
    in either colour scheme."""
    # Sizes are measured with the page's stylesheets applied: its elements may be there
    # before them, right after a tap that opened the page.
    page.wait_for_load_state("load")
    overflow = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
    assert overflow <= 0, f"the page is {overflow}px wider than the phone"
    small = page.evaluate(
        """() => [...document.querySelectorAll(
                'button, .button, input:not([type=hidden]), select')]
            .filter(el => el.offsetParent !== null)
            .filter(el => {
                const box = (el.closest('label') || el).getBoundingClientRect();
                const key = el.matches('button, .button');
                // a form's unseen default button (Enter presses it) is nobody's tap target
                if (box.right <= 0) return false;
                return box.height < 44 || (key && box.width < 44);
            })
            .map(el => el.outerHTML.slice(0, 80))"""
    )
    assert small == [], f"tap targets under 44 px: {small}"
    assert_words_stay_whole(page)
    if axe:  # axe-core runs as a script: a page opened with scripts off is checked by eye
        assert_accessible(page)


# Every word of a label, legend, tab, button or heading on the page, as line boxes: a word
# drawn on two lines broke inside itself ("Sa/mb/as"). Hyphens and slashes may break.
WORDS_BROKEN = """() => {
  const broken = [];
  const labels = document.querySelectorAll(
    'label, legend, button, .button, summary, .tab, th, dt, h1, h2, h3, .pick');
  for (const el of labels) {
    if (el.offsetParent === null) continue;
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (const word of node.textContent.matchAll(/[^\\s\\-\u2013\u2014\\/]+/g)) {
        const range = document.createRange();
        range.setStart(node, word.index);
        range.setEnd(node, word.index + word[0].length);
        const lines = new Set([...range.getClientRects()]
          .filter(box => box.width > 0).map(box => Math.round(box.bottom)));
        if (lines.size > 1) broken.push(word[0] + " in " + el.textContent.trim().slice(0, 40));
      }
    }
  }
  return broken;
}"""


def assert_words_stay_whole(page) -> None:
    """No label, legend, tab, button or heading breaks inside a word at the phone's
    width: each word's line boxes (Range.getClientRects) sit on one line."""
    broken = page.evaluate(WORDS_BROKEN)
    assert broken == [], f"words broken across lines at 360 px: {broken}"


def assert_main_action_in_view(page, action=None) -> None:
    """After a tap, what the player taps next is on the screen (360×640), not below the
    fold: ``action``, by default the game's main action (data-main-action) or else the
    record button in the sticky action bar."""
    given = action
    box = None
    # A tap may still be redrawing the hand form (an HTMX swap replaces the element the
    # locator found): find the action again until one stays drawn.
    for _ in range(3):
        action = given
        if action is None:
            marked = page.locator("#hand-form [data-main-action]:visible")
            action = marked if marked.count() else page.locator("#hand-form [data-record]")
        action = action.first
        action.wait_for(state="visible")
        # a hand form drawn again scrolls its main action into view once it settles
        with contextlib.suppress(AssertionError):  # said below, with where it is
            expect(action).to_be_in_viewport(ratio=1, timeout=3_000)
        box = action.bounding_box()
        if box is not None:
            break
        page.wait_for_timeout(200)
    assert box is not None, "the main action is not drawn"
    height = page.viewport_size["height"]
    assert box["y"] >= 0 and box["y"] + box["height"] <= height, (
        f"the main action {action.inner_text()!r} is at {box['y']:.0f}–"
        f"{box['y'] + box['height']:.0f} px, outside the {height} px screen"
    )
