"""Sharing a match at the table, on phones: the starter hands the scorer link to a second
phone, which records a hand; a third follows through the share link and finds nothing to
change; a stranger with the plain address gets 404."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import assert_fits_the_phone

pytestmark = pytest.mark.django_db(transaction=True)


def test_scorer_link_share_link_and_a_stranger(phone):
    starter = phone("en")  # no account, no capability: just a phone
    starter.goto("/matches/new/free/")
    starter.fill("[name=sides-0-players]", "Ana")
    starter.fill("[name=sides-1-players]", "Bia")
    starter.click("text=Start match")
    expect(starter).to_have_url(re.compile(r"/matches/[\w-]+/$"))
    match_url = starter.url

    starter.locator("#share summary").click()
    expect(starter.locator("#share svg.qr")).to_have_count(2)
    assert_fits_the_phone(starter)
    scorer_link = starter.locator("[data-scorer-link] input").input_value()
    share_link = starter.locator("[data-share-link] input").input_value()
    assert "/score/" in scorer_link and "/watch/" in share_link

    # A second phone opens the scorer link and records a hand there.
    scorer = phone("en")
    scorer.goto(scorer_link)
    expect(scorer).to_have_url(match_url)
    scorer.fill("#hand-form [name=side_0]", "12")
    scorer.fill("#hand-form [name=side_1]", "7")
    scorer.click("#hand-form button[type=submit]")
    expect(scorer.locator(".history .hand")).to_have_count(1)

    # A third phone follows through the share link: live, and nothing to change.
    watcher = phone("en")
    watcher.goto(share_link)
    expect(watcher).to_have_url(match_url)
    expect(watcher.locator(".history .hand")).to_have_count(1)
    scorer.fill("#hand-form [name=side_0]", "3")
    scorer.fill("#hand-form [name=side_1]", "4")
    scorer.click("#hand-form button[type=submit]")
    expect(watcher.locator(".history .hand")).to_have_count(2, timeout=5_000)
    expect(watcher.locator("#hand-form [data-record]")).to_have_count(0)
    expect(watcher.locator("#hand-form input:not([type=hidden])")).to_have_count(0)
    expect(watcher.locator("form[action*='/undo/'], form[action*='/finish/']")).to_have_count(0)
    expect(watcher.locator("[data-scorer-link]")).to_have_count(0)
    watcher.locator('.hand[data-hand="1"] summary').click()
    expect(watcher.locator('.hand[data-hand="1"] .hand-correct')).to_be_hidden()
    assert_fits_the_phone(watcher)

    # A stranger with the plain address: no such match (asked without a page, whose
    # console would rightly report the 404).
    stranger = phone("en")
    assert stranger.context.request.get(match_url).status == 404
    assert stranger.context.request.get(match_url + "live/").status == 404


def test_sharing_is_a_button_with_the_qr_a_copy_button_and_the_share_sheet(scorer, phone):
    from tests.conftest import make_match

    match = make_match("free", (("Ana",), ("Bia",)))
    starter = scorer(match, language="en")
    starter.context.grant_permissions(["clipboard-read", "clipboard-write"])
    # This phone has a share sheet: a stand-in records what it was handed.
    starter.add_init_script(
        "navigator.share = (data) => { window.sharedWith = data; return Promise.resolve(); };"
    )
    starter.goto(match.get_absolute_url())
    button = starter.locator("#share summary")
    expect(button).to_be_visible()
    # It reads as a button: a framed box at least 44 px tall, not a line of plain text.
    assert button.evaluate("el => getComputedStyle(el).borderTopStyle") == "solid"
    assert button.bounding_box()["height"] >= 44
    button.click()
    watch = starter.locator("[data-share-link]")
    expect(watch.locator("svg.qr")).to_be_visible()
    url = watch.locator("input.link").input_value()
    assert "/watch/" in url

    watch.get_by_role("button", name="Copy link").click()
    expect(watch.locator("[data-share-status]")).to_have_text("Link copied")
    assert starter.evaluate("navigator.clipboard.readText()") == url

    watch.get_by_role("button", name="Share…").click()
    assert starter.evaluate("window.sharedWith.url") == url
    assert_fits_the_phone(starter)

    # A phone with no share sheet offers only the copy button.
    other = scorer(match, language="en")
    other.goto(match.get_absolute_url())
    other.locator("#share summary").click()
    if other.evaluate("typeof navigator.share") != "function":
        expect(other.locator("[data-share-link] [data-share-sheet]")).to_be_hidden()

    # The friend who opens the watch link is told this phone only watches.
    friend = phone("en")
    friend.goto(url)
    expect(friend.locator("[data-watching]")).to_contain_text("Watching")
    expect(starter.locator("[data-watching]")).to_have_count(0)
