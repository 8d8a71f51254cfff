"""Two phones on one match (issue 29): a hand recorded on one shows on the other through
the match's stream; without a stream the poll brings it; a hidden page neither streams
nor polls and asks once when shown; a finished match asks for nothing."""

from __future__ import annotations

from playwright.sync_api import expect

from benchmarks.live_delay import delays
from tests.browser.steps import open_match
from tests.conftest import make_match, record

# The poll cannot bring a hand within a test: whatever arrives came through the stream.
NO_POLL_MS = 600_000

HIDE = """() => {
  window.tentoHidden = false;
  Object.defineProperty(document, "hidden", { get: () => window.tentoHidden });
  Object.defineProperty(document, "visibilityState", {
    get: () => (window.tentoHidden ? "hidden" : "visible"),
  });
}"""

SHOW = """(shown) => {
  window.tentoHidden = !shown;
  document.dispatchEvent(new Event("visibilitychange"));
}"""


def live_requests(page) -> list[str]:
    asked: list[str] = []
    page.on(
        "request",
        lambda request: (
            asked.append(request.url)
            if "/live/" in request.url or "/stream/" in request.url
            else None
        ),
    )
    return asked


def test_a_hand_recorded_on_one_phone_shows_on_the_other_through_the_stream(
    scorer, live_server, settings
):
    settings.LIVE_POLL_MS = NO_POLL_MS
    match = make_match()
    sender, watcher = open_match(scorer, match), open_match(scorer, match)
    watcher.wait_for_function("() => document.getElementById('live').dataset.version === '0'")
    measured = delays(sender, watcher, hands=3)
    assert len(measured) == 3
    expect(watcher.locator("#history-list li[data-hand]")).to_have_count(3)
    expect(watcher.locator("#live")).to_have_attribute("data-version", "3")


def test_without_a_stream_the_poll_brings_the_hand(scorer, live_server, settings):
    settings.LIVE_POLL_MS = 300
    match = make_match()
    page = scorer(match, language="en")
    page.add_init_script("delete window.EventSource;")
    asked = live_requests(page)
    page.goto(match.get_absolute_url())
    record(match, {"points": [4, 5, 6]})
    expect(page.locator("#history-list li[data-hand='1']")).to_be_visible()
    assert not [url for url in asked if "/stream/" in url]


def test_a_hidden_page_neither_streams_nor_polls_and_asks_once_when_shown(
    scorer, live_server, settings
):
    settings.LIVE_POLL_MS = 300
    match = make_match()
    page = scorer(match, language="en")
    page.add_init_script(f"({HIDE})()")
    asked = live_requests(page)
    page.goto(match.get_absolute_url())
    expect(page.locator("#hand-form")).to_be_visible()
    page.evaluate(SHOW, False)
    page.wait_for_timeout(300)  # a poll already on its way may land
    before = len(asked)
    record(match, {"points": [1, 2, 3]})
    page.wait_for_timeout(1500)  # five polls' worth
    assert asked[before:] == []
    expect(page.locator("#history-list li[data-hand]")).to_have_count(0)
    page.evaluate(SHOW, True)
    expect(page.locator("#history-list li[data-hand='1']")).to_be_visible()
    assert any("/live/" in url for url in asked[before:])


def test_a_finished_match_neither_streams_nor_polls(scorer, live_server, settings):
    settings.LIVE_POLL_MS = 300
    match = make_match()
    record(match, {"points": [1, 2, 3]})
    match.finish()
    page = scorer(match, language="en")
    asked = live_requests(page)
    page.goto(match.get_absolute_url())
    expect(page.locator("#live")).to_have_attribute("data-finished", "")
    page.wait_for_timeout(1200)
    assert asked == []


def test_the_poll_slows_after_a_still_minute_and_returns_to_2_s_on_a_tap(
    scorer, live_server, settings
):
    """The page's clock is Playwright's, paused: a still minute passes in no time, and
    each step counts the polls the page sends while its clock runs that long."""
    settings.LIVE_POLL_MS = 2000
    match = make_match()
    page = scorer(match, language="en")
    page.add_init_script("delete window.EventSource;")  # no stream: the poll is all
    page.clock.install()
    asked: list[str] = []
    page.on("request", lambda request: "/live/" in request.url and asked.append(request.url))
    page.goto(match.get_absolute_url())
    expect(page.locator("#hand-form")).to_be_visible()
    # From here the page's time moves only when the test says.
    page.clock.pause_at(page.evaluate("() => Date.now()") / 1000 + 0.5)  # (seconds)

    def polls_within(ms: int) -> int:
        before = len(asked)
        page.clock.run_for(ms)
        page.wait_for_timeout(500)  # each 304 lands before the next poll is due
        return len(asked) - before

    assert polls_within(2_100) == 1  # every 2 s while the match is fresh
    before = len(asked)
    page.clock.fast_forward(60_000)  # a still minute: the poll then due fires once…
    page.wait_for_timeout(500)
    assert len(asked) - before == 1
    assert polls_within(5_000) == 0  # …and the next is 6 s later
    assert polls_within(1_500) == 1
    page.dispatch_event("body", "pointerdown")  # a tap: back to 2 s at once
    assert polls_within(2_100) == 1
    assert polls_within(2_000) == 1
