"""Disputes: the engine's verdict at once, the director's ruling, the club's case law on
its page and next to its rule in the rulebook; the records API's status and trail."""

from __future__ import annotations

import uuid

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse

from referee.rulings import RuleError
from scoring.acceptance import table
from scoring.acceptance.models import Dispute, HandCheck, Ruling
from scoring.clubs.models import Club, Membership, Role
from scoring.ledger.models import Match
from scoring.records.models import ApiToken
from tests.conftest import make_match, record
from tests.helpers import EN
from tests.scoring.acceptance.conftest import side_phone

pytestmark = pytest.mark.django_db

MELD = {
    "mode": "cards",
    "sides": [
        {"melds": [["KH", "KS", "KD"]], "red_threes": 0, "hand": [], "went_out": False},
        {"melds": [], "red_threes": 0, "hand": ["4C"], "went_out": False},
    ],
}


@pytest.fixture
def club_game(db):
    """A Samba match of the Thursday club, asking for acceptance; bob is the admin."""
    bob = get_user_model().objects.create(username="bob")
    club = Club.objects.create(name="Thursday table", created_by=bob)
    Membership.objects.create(club=club, user=bob, role=Role.ADMIN)
    match = make_match("samba", (("Ana", "Caio"), ("Bia", "Davi")))
    Match.objects.filter(pk=match.pk).update(club=club)
    match.refresh_from_db()
    table.require_acceptance(match)
    return match, club, bob


def test_a_dispute_shows_the_verdict_and_a_director_rules(club_game):
    match, club, bob = club_game
    ana, bia = side_phone(match, 0), side_phone(match, 1)
    hand = record(match, MELD)
    HandCheck.objects.filter(hand=hand).update(by_side=match.sides.get(position=0))
    dispute_url = reverse("acceptance:dispute", args=[match.code, hand.number])
    page = bia.get(dispute_url + "?q=meld&side=1").content.decode()
    assert 'value="KH KS KD"' in page or "KH KS KD" in page  # prefilled from the hand
    response = bia.post(
        dispute_url,
        {
            "q": "meld",
            "side": "1",
            "text": "Three kings are no meld here",
            "question-cards": "KH KS",
            "request_id": str(uuid.uuid4()),
        },
    )
    assert response.status_code == 302
    disputed = Dispute.objects.get(hand=hand)
    assert disputed.status == "open" and disputed.verdict["ok"] is False
    page = bia.get(response.url).content.decode()
    assert "data-verdict-rule" in page and "/rules/samba/#" in page

    director = Client(**EN)
    director.force_login(bob)
    assert "data-desk" in director.get(club.get_absolute_url()).content.decode()
    rule_url = reverse("acceptance:rule", args=[match.code, hand.number, disputed.pk])
    assert ana.post(rule_url, {"decision": "keep", "rule": "samba.meld.too-short", "text": "x"})
    assert not Ruling.objects.exists()  # a side's phone is no director
    director.post(
        rule_url,
        {
            "decision": "keep",
            "rule": disputed.verdict["rule"],
            "text": "The kings were laid with a fourth; the hand stands.",
        },
    )
    ruling = Ruling.objects.get()
    assert (ruling.club, ruling.hand_number, ruling.director) == (club, hand.number, bob)
    assert HandCheck.objects.get(hand=hand).status == "ruled"

    club_page = director.get(club.get_absolute_url() + "?ruling_q=fourth").content.decode()
    assert "the hand stands" in club_page
    club_page = director.get(club.get_absolute_url() + "?ruling_q=nothing-like-it").content
    assert b"the hand stands" not in club_page
    rulebook = director.get(reverse("ledger:rulebook", args=["samba"])).content.decode()
    assert 'data-rule-rulings="1"' in rulebook
    stranger = Client(**EN).get(reverse("ledger:rulebook", args=["samba"]))
    assert b"data-rule-rulings" not in stranger.content


def test_the_verdict_settles_a_dispute_when_accepted(club_game):
    match, _club, _bob = club_game
    bia = side_phone(match, 1)
    hand = record(match, MELD)
    HandCheck.objects.filter(hand=hand).update(by_side=match.sides.get(position=0))
    url = reverse("acceptance:dispute", args=[match.code, hand.number])
    bia.post(url, {"side": "1", "text": "?", "request_id": str(uuid.uuid4())})
    bia.post(reverse("acceptance:accept", args=[match.code, hand.number]), {"side": "1"})
    assert HandCheck.objects.get(hand=hand).status == "accepted"
    assert Dispute.objects.get(hand=hand).status == "settled"
    assert list(hand.trail.values_list("kind", flat=True)) == ["recorded", "disputed", "settled"]


def test_the_records_api_carries_status_and_trail_and_accepts(club_game):
    match, _club, bob = club_game
    _made, token = ApiToken.issue(bob, "desk")
    api = Client(**EN, HTTP_AUTHORIZATION=f"Bearer {token}")
    body = {"request_id": str(uuid.uuid4()), "entry": MELD}
    base = f"/api/v1/records/matches/{match.code}"
    answer = api.post(f"{base}/hands", body, content_type="application/json").json()
    assert answer["status"] == "pending"
    assert answer["trail"][0]["kind"] == "recorded" and answer["trail"][0]["via"] == "admin"
    accept = {"request_id": str(uuid.uuid4()), "side": 1}
    first = api.post(f"{base}/hands/1/accept", accept, content_type="application/json")
    again = api.post(f"{base}/hands/1/accept", accept, content_type="application/json")
    assert first.status_code == again.status_code == 200
    assert first.json()["status"] == "accepted"
    assert [s["kind"] for s in again.json()["trail"]] == ["recorded", "accepted"]
    hands = api.get(base).json()["hands"]
    assert [(h["status"], len(h["trail"])) for h in hands] == [("accepted", 2)]
    stranger = Client(**EN, HTTP_AUTHORIZATION="Bearer nope")
    refused = stranger.post(f"{base}/hands/1/accept", accept, content_type="application/json")
    assert refused.status_code == 401


def dispute_last_hand(match: Match, points: list[int] | None = None) -> Dispute:
    hand = record(match, {"points": points or [5, 7]})
    HandCheck.objects.filter(hand=hand).update(by_side=match.sides.get(position=0))
    actor = table.Actor(match.sides.get(position=1), "side-link", change=True)
    return table.dispute(match, hand.number, actor, table.Complaint(text="not 5"))


@pytest.fixture
def free_club_game(club_game):
    _samba, club, bob = club_game
    match = make_match(sides=(("Ana",), ("Bia",)))
    Match.objects.filter(pk=match.pk).update(club=club)
    match.refresh_from_db()
    table.require_acceptance(match)
    return match, bob


def test_a_correction_ruled_is_kept_as_a_revision(free_club_game):
    match, bob = free_club_game
    disputed = dispute_last_hand(match)
    decision = table.Decision("correct", "It was 6.", "free.points", {"points": [6, 7]})
    table.rule(disputed, bob, decision)
    hand = match.hands.get()
    assert hand.entry == {"points": [6, 7]} and hand.revisions.count() == 1
    assert HandCheck.objects.get(hand=hand).status == "ruled"
    assert list(hand.trail.values_list("kind", flat=True)) == [
        "recorded",
        "disputed",
        "corrected",
        "ruled",
    ]
    assert list(match.sides.values_list("total", flat=True)) == [6, 7]


def test_only_the_last_hand_is_voided(free_club_game):
    match, bob = free_club_game
    first = dispute_last_hand(match)
    dispute_last_hand(match, [1, 1])
    with pytest.raises(RuleError) as refused:
        table.rule(first, bob, table.Decision("void", "Misdeal.", "free.points"))
    assert refused.value.rules == ["ledger.ruling.void-not-last"]
    last = Dispute.objects.filter(hand__number=2).get()
    table.rule(last, bob, table.Decision("void", "Misdeal.", "free.points"))
    assert match.live_hands().count() == 1 and Ruling.objects.get().decision == "void"


def test_a_director_is_a_club_admin_not_a_player(free_club_game):
    match, _bob = free_club_game
    disputed = dispute_last_hand(match)
    carol = get_user_model().objects.create(username="carol")
    with pytest.raises(RuleError):
        table.rule(disputed, carol, table.Decision("keep", "-", "free.points"))
    assert not Ruling.objects.exists()
