"""A dispute asks the referee question that fits, prefilled from the hand's entry, in
every game that has questions: the dispute page shows the hand's meld, going out, calls,
throw or winning cards, and the verdict on what is posted is shown on the hand's page."""

from __future__ import annotations

import html
import uuid
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from scoring.acceptance import table
from scoring.acceptance.models import Dispute, HandCheck
from scoring.ledger.models import Match
from tests.conftest import make_match, record
from tests.scoring.acceptance.conftest import side_phone

pytestmark = pytest.mark.django_db

CANASTRA_HAND = {
    "mode": "cards",
    "failed": [0, 0],
    "pairs": [
        {
            "melds": [["3H", "4H", "5H", "6H", "7H", "8H", "9H"], ["QS", "KS", "AS"]],
            "hand": ["7D", "8D"],
            "took_morto": True,
            "went_out": True,
        },
        {
            "melds": [["5C", "6C", "JK", "8C", "9C", "10C", "JC"], ["2D", "3D", "4D"]],
            "hand": ["KH", "AS", "2C"],
            "took_morto": True,
            "went_out": False,
        },
    ],
}
TRUCO_HAND = {
    "events": [
        {"type": "raise", "team": "A"},
        {"type": "accept", "team": "B"},
        {"type": "win", "team": "A"},
    ]
}
# Ana deals; Bea passes on 3♥, Cid meets it, Ana throws A♦ 2♥ exactly; then phase II/III.
PINKERTON_HAND = {
    "dealer": 0,
    "events": [
        "turn 3H",
        "1 pass",
        "2 throw 10D JD",
        "0 throw AD 2H",
        "turn 5S",
        "1 throw 3S AH",
        "2 pass",
        "0 pass",
        "0 add 4D",
        "1 throw 10H 9H",
        "1 add 8D",
        "2 pass",
        "0 pass",
    ],
}
PIFPAF_OPTIONS = {"buy_in": 50, "chip_value": "0.50", "ante": 1, "aces": "both"}
WINNING_CARDS = ["AH", "2H", "3H", "7S", "7H", "7D", "QC", "KC", "AC"]
PIFPAF_HAND = {
    "number": 1,
    "dealer": 3,
    "actions": [
        {"player": 0, "kind": "raise", "to": 3},
        {"player": 1, "kind": "call"},
        {"player": 2, "kind": "fold"},
        {"player": 3, "kind": "call"},
    ],
    "winner": 1,
    "cards": WINNING_CARDS,
}


def recorded(match: Match, entry: dict[str, Any]):
    """A hand recorded by side 0 in a match that asks the other side to accept it."""
    table.require_acceptance(match)
    hand = record(match, entry)
    HandCheck.objects.filter(hand=hand).update(by_side=match.sides.get(position=0))
    return hand


def prefilled(phone: Client, match: Match, number: int, question: str) -> dict[str, str]:
    """The question's fields as the dispute page of side 1 fills them in."""
    url = reverse("acceptance:dispute", args=[match.code, number])
    response = phone.get(f"{url}?q={question}&side=1")
    assert response.status_code == 200
    form = response.context["question"]
    page = html.unescape(response.content.decode())
    found = {}
    for name in form.fields:
        value = form[name].value()
        if value not in (None, "", False):
            text = str(value)
            assert text in page, f"{name} not drawn on the page"
            found[name] = text
    return found


def disputed(phone: Client, match: Match, number: int, question: str, fields: dict[str, str]):
    """Side 1 disputes with the question as posted; the hand's page then shows the verdict."""
    url = reverse("acceptance:dispute", args=[match.code, number])
    body = {f"question-{name}": value for name, value in fields.items()}
    body |= {"q": question, "side": "1", "text": "?", "request_id": str(uuid.uuid4())}
    response = phone.post(url, body)
    assert response.status_code == 302
    dispute = Dispute.objects.filter(hand__match=match).latest("pk")
    page = html.unescape(phone.get(response.url).content.decode())
    assert dispute.verdict["headline"] in page and "data-verdict" in page
    return dispute.verdict


def test_a_canastra_dispute_asks_about_the_other_pairs_first_meld():
    match = make_match("canastra", (("Ana", "Bia"), ("Caio", "Davi")), target=3_000)
    hand = recorded(match, CANASTRA_HAND)
    bia = side_phone(match, 1)
    assert prefilled(bia, match, hand.number, "meld") == {"cards": "3H 4H 5H 6H 7H 8H 9H"}
    verdict = disputed(bia, match, hand.number, "meld", {"cards": "3H 4H 5H 6H 7H 8H 9H"})
    assert (verdict["ok"], verdict["rule"]) == (True, "canastra.kind.canastra-clean")


def test_a_canastra_dispute_asks_about_the_going_out_that_ended_the_hand():
    match = make_match("canastra", (("Ana", "Bia"), ("Caio", "Davi")), target=3_000)
    hand = recorded(match, CANASTRA_HAND)
    bia = side_phone(match, 1)
    fields = prefilled(bia, match, hand.number, "going_out")
    assert fields == {"morto": "taken", "melds": "3H 4H 5H 6H 7H 8H 9H\nQS KS AS"}
    assert disputed(bia, match, hand.number, "going_out", fields)["ok"] is True
    # Without its clean canastra the pair could not have ended the hand.
    fields["melds"] = "QS KS AS"
    assert disputed(bia, match, hand.number, "going_out", fields)["ok"] is False


def test_a_truco_dispute_asks_whether_the_hands_calls_were_allowed():
    match = make_match("truco", (("Ana",), ("Bia",)))
    hand = recorded(match, TRUCO_HAND)
    bia = side_phone(match, 1)
    fields = prefilled(bia, match, hand.number, "calls")
    assert fields == {"calls": "raise:A\naccept:B\nwin:A"}
    verdict = disputed(bia, match, hand.number, "calls", fields)
    assert (verdict["ok"], verdict["rule"]) == (True, "truco.hand.won")
    assert "3" in verdict["headline"]
    # Raising twice in a row is not allowed: the verdict names the rule.
    verdict = disputed(bia, match, hand.number, "calls", {"calls": "raise:A\nraise:A"})
    assert verdict["ok"] is False and verdict["rule"].startswith("truco.")


def test_a_pinkerton_dispute_asks_about_the_other_players_throw():
    match = make_match("pinkerton", (("Ana",), ("Bea",), ("Cid",)), target=100)
    hand = recorded(match, PINKERTON_HAND)
    bea = side_phone(match, 1)
    # Bea disputes Ana's (seat 0) throw: A♦ 2♥ on the centre card 3♥.
    fields = prefilled(bea, match, hand.number, "throw")
    assert fields == {"stack": "3H", "throw": "AD 2H"}
    verdict = disputed(bea, match, hand.number, "throw", fields)
    assert (verdict["ok"], verdict["rule"]) == (True, "pinkerton.meet.exact")


def test_a_pifpaf_dispute_asks_whether_the_winner_went_out():
    names = ("Ana", "Bia", "Caio", "Duda")
    match = make_match("pifpaf", [(name,) for name in names], options=PIFPAF_OPTIONS)
    hand = recorded(match, PIFPAF_HAND)
    caio = side_phone(match, 1)
    fields = prefilled(caio, match, hand.number, "hand")
    assert fields["cards"] == " ".join(WINNING_CARDS)
    assert disputed(caio, match, hand.number, "hand", fields)["ok"] is True


def test_a_question_the_entry_says_nothing_about_is_left_blank():
    match = make_match("canastra", (("Ana", "Bia"), ("Caio", "Davi")), target=3_000)
    quick = {"clean_canastras": 0, "dirty_canastras": 0, "meld_points": 0, "hand_points": 0}
    flags = {"took_morto": False, "went_out": False}
    hand = recorded(match, {"mode": "quick", "failed": [0, 0], "pairs": [quick | flags] * 2})
    bia = side_phone(match, 1)
    assert prefilled(bia, match, hand.number, "meld") == {}
    assert prefilled(bia, match, hand.number, "going_out") == {"morto": "morto"}
