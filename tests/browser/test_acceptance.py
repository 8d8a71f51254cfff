"""Trust at the table, on phones at 360 px: a phone per side. A hand recorded on Ana &
Caio's phone is accepted on Bia & Davi's; a disputed hand is settled by the referee's
verdict; another is ruled by the club's admin on a third phone, and the ruling shows on
the club's page and next to its rule in the rulebook."""

from __future__ import annotations

import re

import pytest
from django.conf import settings
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse
from playwright.sync_api import expect

from scoring.acceptance import table
from scoring.acceptance.models import HandCheck
from scoring.clubs.models import Club, Membership, Role
from scoring.ledger.models import Match
from tests.browser.conftest import assert_fits_the_phone
from tests.conftest import make_match

pytestmark = pytest.mark.django_db(transaction=True)


def side_link(match: Match, position: int) -> str:
    token = table.renew_side_link(match.sides.get(position=position)).token
    return reverse("acceptance:side", args=[token])


def record_quick_hand(page, ours: int, theirs: int) -> None:
    page.fill("[name='s0-table_points']", str(ours))
    page.fill("[name='s1-table_points']", str(theirs))
    page.click("#hand-form [data-record]")


def signed_in(phone, user, url: str):
    """A phone on which ``user`` has signed in (on the live server at ``url``)."""
    client = Client()
    client.force_login(user)
    page = phone("en")
    cookie = {"name": settings.SESSION_COOKIE_NAME, "value": client.cookies["sessionid"].value}
    page.context.add_cookies([cookie | {"url": url}])
    return page


def test_two_phones_one_per_side_and_the_director_on_a_third(phone, live_server):
    bob = get_user_model().objects.create(username="bob")
    club = Club.objects.create(name="Thursday table", created_by=bob)
    Membership.objects.create(club=club, user=bob, role=Role.ADMIN)
    match = make_match("samba", (("Ana", "Caio"), ("Bia", "Davi")))
    Match.objects.filter(pk=match.pk).update(club=club)
    match.refresh_from_db()
    table.require_acceptance(match)

    ana = phone("en")
    ana.goto(side_link(match, 0))
    expect(ana).to_have_url(re.compile(re.escape(match.get_absolute_url()) + "$"))
    bia = phone("en")
    bia.goto(side_link(match, 1))
    expect(bia.locator("#hand-form")).to_be_visible()

    # --- hand 1: recorded on Ana & Caio's phone, accepted on Bia & Davi's --------------
    record_quick_hand(ana, 150, 300)
    expect(ana.locator(".history .hand")).to_have_count(1)
    expect(ana.locator('[data-pending-hand="1"]')).to_contain_text("pending")
    expect(ana.locator("[data-accept]")).to_have_count(0)  # never its own side's hand
    ask = bia.locator('[data-pending-hand="1"]')
    expect(ask).to_contain_text("Bia & Davi — accept?", timeout=8_000)
    expect(bia.locator('[data-side-totals="0"] [data-pending]')).to_have_text("150 pending")
    assert_fits_the_phone(bia)
    ask.get_by_role("button", name="Accept").click()
    expect(bia.locator("[data-pending-hand]")).to_have_count(0)
    expect(ana.locator('[data-side-totals="0"] [data-accepted]')).to_have_text(
        "150 accepted", timeout=8_000
    )

    # --- hand 2: disputed on Bia's phone; the referee's verdict settles it -------------
    record_quick_hand(ana, 200, 100)
    ask = bia.locator('[data-pending-hand="2"]')
    ask.get_by_role("link", name="Dispute").click(timeout=8_000)
    expect(bia).to_have_url(re.compile(r"/hands/2/dispute/"))
    bia.locator("[data-question=meld]").click()
    bia.fill("#question-cards", "KH KS")
    bia.fill("[name=text]", "Two kings are no meld")
    assert_fits_the_phone(bia)
    bia.locator("[data-send-dispute]").click()
    verdict = bia.locator("[data-verdict]")
    expect(verdict).to_contain_text("Not a valid meld")
    rule_link = verdict.locator("[data-verdict-rule]")
    expect(rule_link).to_have_attribute("href", re.compile(r"^/rules/samba/#samba\."))
    assert_fits_the_phone(bia)
    bia.get_by_role("button", name="The verdict settles it: accept").click()
    expect(bia.locator("[data-hand-status]")).to_have_attribute("data-hand-status", "accepted")
    expect(bia.locator("[data-trail] [data-step]")).to_have_count(3)  # recorded, disputed, settled

    # --- hand 3: disputed, not settled: the club's admin rules on a third phone ---------
    bia.goto(match.get_absolute_url())
    record_quick_hand(ana, 90, 0)
    bia.locator('[data-pending-hand="3"]').get_by_role("link", name="Dispute").click(timeout=8_000)
    bia.locator("[data-question=meld]").click()
    bia.fill("#question-cards", "7H 7S 7D")
    bia.fill("[name=text]", "The sevens were laid after the pile was frozen")
    bia.locator("[data-send-dispute]").click()
    expect(bia.locator("[data-dispute-status=open]")).to_be_visible()
    rule = bia.locator("[data-verdict-rule]").get_attribute("href").split("#")[1]

    director = signed_in(phone, bob, live_server.url)
    director.goto(club.get_absolute_url())
    director.locator("[data-desk] a").first.click()
    expect(director).to_have_url(re.compile(r"/hands/3/$"))
    form = director.locator("[data-ruling-form]")
    form.get_by_label("Keep the hand").check()
    expect(form.locator("[name=rule]")).to_have_value(rule)  # the verdict's rule
    form.locator("[name=text]").fill("A frozen pile does not stop a meld from hand.")
    assert_fits_the_phone(director)
    form.get_by_role("button", name="Record the ruling").click()
    expect(director.locator("[data-hand-status]")).to_have_attribute("data-hand-status", "ruled")

    director.goto(club.get_absolute_url())
    expect(director.locator("[data-rulings]")).to_contain_text("does not stop a meld")
    assert_fits_the_phone(director)
    director.goto(reverse("ledger:rulebook", args=["samba"]))
    cited = director.locator(f'[id="{rule}"] [data-rule-rulings]')
    expect(cited).to_contain_text("This club has ruled on this once")
    cited.locator("summary").click()
    cited.get_by_role("link").first.click()
    expect(director.locator("[data-rulings]")).to_contain_text("does not stop a meld")


def free_match_asking_acceptance() -> Match:
    match = make_match("free", (("Ana",), ("Bia",)))
    table.require_acceptance(match)
    return match


def side_phone(phone, match: Match, position: int):
    page = phone("en")
    page.goto(side_link(match, position))
    expect(page.locator("#hand-form")).to_be_visible()
    return page


def record_free_hand(page, ours: int, theirs: int) -> None:
    page.fill("[name=side_0]", str(ours))
    page.fill("[name=side_1]", str(theirs))
    page.click("#hand-form [data-record]")


def test_the_history_marks_the_hands_that_wait_for_the_other_side(phone, live_server):
    match = free_match_asking_acceptance()
    ana, bia = side_phone(phone, match, 0), side_phone(phone, match, 1)
    record_free_hand(ana, 10, 5)
    row = ana.locator('#history-list li[data-hand="1"]')
    expect(row.locator("[data-hand-mark]")).to_have_text("pending")
    record_free_hand(ana, 7, 7)
    disputed = ana.locator('#history-list li[data-hand="2"]')
    expect(disputed.locator("[data-hand-mark]")).to_have_text("pending")
    # Hand 2 disputed on Bia's phone: on Ana's, its row says so at the next poll.
    bia.goto(reverse("acceptance:dispute", args=[match.code, 2]) + "?side=1")
    bia.fill("[name=text]", "Seven each? We had eight.")
    bia.locator("[data-send-dispute]").click()
    expect(bia.locator("[data-dispute-status=open]")).to_be_visible()
    expect(disputed).to_have_attribute("data-acceptance", "disputed", timeout=8_000)
    expect(disputed.locator("[data-hand-mark]")).to_have_text("disputed")
    assert_fits_the_phone(ana)
    # Hand 1 accepted on Bia's phone: its mark goes, on Ana's phone too.
    bia.goto(match.get_absolute_url())
    bia.locator('[data-pending-hand="1"]').get_by_role("button", name="Accept").click()
    expect(bia.locator('#history-list li[data-hand="1"] [data-hand-mark]')).to_have_count(0)
    expect(row.locator("[data-hand-mark]")).to_have_count(0, timeout=8_000)
    expect(disputed.locator("[data-hand-mark]")).to_have_text("disputed")


def test_an_accept_tapped_with_no_signal_is_sent_once_when_it_returns(phone, live_server):
    match = free_match_asking_acceptance()
    ana, bia = side_phone(phone, match, 0), side_phone(phone, match, 1)
    record_free_hand(ana, 12, 3)
    ask = bia.locator('[data-pending-hand="1"]')
    expect(ask).to_contain_text("Bia — accept?", timeout=8_000)
    accepts: list[str] = []
    bia.on(
        "request",
        lambda request: (
            accepts.append(request.url)
            if request.method == "POST" and "/accept/" in request.url
            else None
        ),
    )
    bia.allow_network_errors = True  # its polls fail while it has no signal
    bia.context.set_offline(True)
    ask.get_by_role("button", name="Accept").click()
    kept = bia.locator("#pending li")
    expect(kept).to_have_count(1)
    expect(ask.locator("[data-offline-note]")).to_contain_text("Not sent yet: kept on this phone")
    assert_fits_the_phone(bia)
    hand = match.hands.get(number=1)
    assert HandCheck.objects.get(hand=hand).status == "pending" and accepts == []

    bia.context.set_offline(False)
    expect(kept).to_have_count(0, timeout=20_000)
    expect(bia.locator("[data-pending-hand]")).to_have_count(0, timeout=8_000)
    assert HandCheck.objects.get(hand=hand).status == "accepted"
    assert hand.trail.filter(kind="accepted").count() == 1
    assert len(accepts) == 1
    expect(ana.locator('[data-side-totals="0"] [data-accepted]')).to_have_text(
        "12 accepted", timeout=8_000
    )
