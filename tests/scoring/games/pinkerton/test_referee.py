"""/pinkerton/referee/: the API's questions in a form — a throw, an added card, the points —
each answer naming the rule that decides it."""

from __future__ import annotations

import pytest
from django.test import Client

from tests.conftest import make_match
from tests.scoring.games.pinkerton.conftest import PLAYERS

pytestmark = pytest.mark.django_db
HTMX = {"HTTP_HX_REQUEST": "true"}


def ask(client: Client, question: str, **fields: str) -> str:
    response = client.get(
        "/pinkerton/referee/", {"q": question, **fields}, HTTP_ACCEPT_LANGUAGE="en", **HTMX
    )
    assert response.status_code == 200
    return response.content.decode()


def test_the_page_asks_every_question(client):
    html = client.get("/pinkerton/referee/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    for title in (
        "Does this throw meet the stack?",
        "May this card go onto the stack?",
        "How many points does the round’s winner score?",
    ):
        assert title.replace("’", "'") in html.replace("&#x27;", "'").replace("’", "'")


def test_an_exact_throw_is_a_yes_that_says_so(client):
    html = ask(client, "throw", stack="9S", throw="10S AH")
    assert 'class="answer yes"' in html
    assert "Yes, exactly: -9 on a value of -9" in html
    assert 'href="/rules/pinkerton/#pinkerton.meet.exact"' in html
    assert "A throw has 2 cards at this value." in html


def test_a_throw_that_meets_cites_the_rule_of_its_sign(client):
    html = ask(client, "throw", stack="5C 3C", throw="QS 10S")
    assert "Yes: -40 meets a value of -8" in html
    assert 'href="/rules/pinkerton/#pinkerton.meet.negative"' in html


def test_a_throw_that_falls_short_is_a_no_with_the_rule(client):
    html = ask(client, "throw", stack="3H", throw="2H AC")
    assert 'class="answer no"' in html
    assert "These cards add up to 1. The value is 3" in html


def test_a_throw_of_the_wrong_size_names_rule_three(client):
    html = ask(client, "throw", stack="KH KD", throw="KH QH")
    assert "it must have exactly 3" in html


def test_a_stack_the_decks_cannot_make_is_refused(client):
    html = ask(client, "throw", stack="KH KH KH", throw="2H 3H")
    assert 'href="/rules/cards/#cards.deck.too-many"' in html
    assert 'class="answer no"' in html


def test_a_king_waits_for_twenty(client):
    html = ask(client, "add", stack="10H 5H", card="KH")
    assert 'class="answer no"' in html
    assert "K♥ may not be added" in html
    html = ask(client, "add", stack="10H 10D", card="KH")
    assert "Yes: the stack is then 60" in html
    assert 'href="/rules/pinkerton/#pinkerton.rule1.face-card"' in html


def test_any_other_card_goes_on_as_phase_three_says(client):
    html = ask(client, "add", stack="2H QD", card="4C")
    assert "Yes: the stack is then 28" in html
    assert 'href="/rules/pinkerton/#pinkerton.round.phase-three"' in html


def test_the_points_with_their_lines(client):
    html = ask(client, "points", cards="23")
    assert "23 cards score 43 points" in html
    assert "Cards in the stack: 23" in html and "Ten more for every ten cards: 20" in html


def test_asked_from_a_match_its_extra_deck_counts(client):
    match = make_match("pinkerton", PLAYERS, target=100, options={"extra_deck": True})
    plain = ask(client, "throw", stack="KH KH KH", throw="KD KD QH QD")
    assert "cards.deck.too-many" in plain
    html = ask(client, "throw", stack="KH KH KH", throw="KD KD QH QD", match=match.code)
    assert "cards.deck.too-many" not in html and 'class="answer yes"' in html


def test_the_match_page_links_its_referee(client):
    match = make_match("pinkerton", PLAYERS, target=100)
    html = client.get(match.get_absolute_url(), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert f'href="/pinkerton/referee/?match={match.code}"' in html
