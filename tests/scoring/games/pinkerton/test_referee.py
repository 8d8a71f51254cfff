"""/pinkerton/referee/: the API's questions in a form — a throw, an added card, the points —
each answer naming the rule that decides it."""

from __future__ import annotations

import pytest
from django.test import Client

from tests.conftest import make_match
from tests.scoring.games.pinkerton.conftest import PLAYERS

pytestmark = pytest.mark.django_db
HTMX = {"HTTP_HX_REQUEST": "true"}


def ask(client: Client, query: str) -> str:
    """The answer to a question asked as the page's form asks it (``q=throw&stack=9S…``)."""
    response = client.get(f"/pinkerton/referee/?{query}", HTTP_ACCEPT_LANGUAGE="en", **HTMX)
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


# Each question, as the page's form asks it; the answer's verdict and the rule it links.
@pytest.mark.parametrize(
    ("query", "verdict", "rule"),
    [
        ("q=throw&stack=9S&throw=10S+AH", "yes", "pinkerton.meet.exact"),
        ("q=throw&stack=5C+3C&throw=QS+10S", "yes", "pinkerton.meet.negative"),
        ("q=throw&stack=3H&throw=2H+AC", "no", "pinkerton.meet.positive"),
        ("q=throw&stack=KH+KD&throw=KH+QH", "no", "pinkerton.meet.card-count"),
        ("q=throw&stack=KH+KH+KH&throw=2H+3H", "no", "cards.deck.too-many"),
        ("q=add&stack=10H+5H&card=KH", "no", "pinkerton.rule1.face-card"),  # a king waits
        ("q=add&stack=10H+10D&card=KH", "yes", "pinkerton.rule1.face-card"),  # for twenty
        ("q=add&stack=2H+QD&card=4C", "yes", "pinkerton.round.phase-three"),
        ("q=points&cards=23", "", "pinkerton.points.bonus"),  # a number, no yes or no
    ],
)
def test_each_answer_says_yes_or_no_and_links_the_rule_that_decides_it(
    client, query, verdict, rule
):
    html = ask(client, query)
    assert f'class="answer {verdict}"' in html
    assert f'href="/rules/{rule.split(".")[0]}/#{rule}"' in html


# What the answers say: the sums, the rule's words, the points line by line.
@pytest.mark.parametrize(
    ("query", "text"),
    [
        ("q=throw&stack=9S&throw=10S+AH", "Yes, exactly: -9 on a value of -9"),
        ("q=throw&stack=9S&throw=10S+AH", "A throw has 2 cards at this value."),
        ("q=throw&stack=5C+3C&throw=QS+10S", "Yes: -40 meets a value of -8"),
        ("q=throw&stack=3H&throw=2H+AC", "These cards add up to 1. The value is 3"),
        ("q=throw&stack=KH+KD&throw=KH+QH", "it must have exactly 3"),
        ("q=add&stack=10H+5H&card=KH", "K♥ may not be added"),
        ("q=add&stack=10H+10D&card=KH", "Yes: the stack is then 60"),
        ("q=add&stack=2H+QD&card=4C", "Yes: the stack is then 28"),
        ("q=points&cards=23", "23 cards score 43 points"),
        ("q=points&cards=23", "Cards in the stack: 23"),
        ("q=points&cards=23", "Ten more for every ten cards: 20"),
    ],
)
def test_each_answer_says_what_it_found(client, query, text):
    assert text in ask(client, query)


def test_asked_from_a_match_its_extra_deck_counts(client):
    match = make_match("pinkerton", PLAYERS, target=100, options={"extra_deck": True})
    question = "q=throw&stack=KH+KH+KH&throw=KD+KD+QH+QD"
    assert "cards.deck.too-many" in ask(client, question)
    html = ask(client, f"{question}&match={match.code}")
    assert "cards.deck.too-many" not in html and 'class="answer yes"' in html


def test_the_match_page_links_its_referee(client):
    match = make_match("pinkerton", PLAYERS, target=100)
    html = client.get(match.get_absolute_url(), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert f'href="/pinkerton/referee/?match={match.code}"' in html
