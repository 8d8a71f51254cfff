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
    starter = phone("en", trusted=False)  # no account, no capability: just a phone
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
    scorer = phone("en", trusted=False)
    scorer.goto(scorer_link)
    expect(scorer).to_have_url(match_url)
    scorer.fill("#hand-form [name=side_0]", "12")
    scorer.fill("#hand-form [name=side_1]", "7")
    scorer.click("#hand-form button[type=submit]")
    expect(scorer.locator(".history .hand")).to_have_count(1)

    # A third phone follows through the share link: live, and nothing to change.
    watcher = phone("en", trusted=False)
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
    stranger = phone("en", trusted=False)
    assert stranger.context.request.get(match_url).status == 404
    assert stranger.context.request.get(match_url + "live/").status == 404
