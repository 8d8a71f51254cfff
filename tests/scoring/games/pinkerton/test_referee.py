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


# Each question, as the page's form asks it: the answer's verdict (yes, no, or neither for
# a number), the rule it links, and what it says.
@pytest.mark.parametrize(
    ("query", "verdict", "rule", "says"),
    [
        (
            "q=throw&stack=9S&throw=10S+AH",
            "yes",
            "pinkerton.meet.exact",
            "Yes, exactly: -9 on a value of -9",
        ),
        (
            "q=throw&stack=9S&throw=10S+AH",
            "yes",
            "pinkerton.meet.exact",
            "A throw has 2 cards at this value.",
        ),
        (
            "q=throw&stack=5C+3C&throw=QS+10S",
            "yes",
            "pinkerton.meet.negative",
            "Yes: -40 meets a value of -8",
        ),
        (
            "q=throw&stack=3H&throw=2H+AC",
            "no",
            "pinkerton.meet.positive",
            "These cards add up to 1. The value is 3",
        ),
        (
            "q=throw&stack=KH+KD&throw=KH+QH",
            "no",
            "pinkerton.meet.card-count",
            "it must have exactly 3",
        ),
        (
            "q=throw&stack=KH+KH+KH&throw=2H+3H",
            "no",
            "cards.deck.too-many",
            "K♥ is entered 3 times, but the deck holds only 2.",
        ),
        ("q=add&stack=10H+5H&card=KH", "no", "pinkerton.rule1.face-card", "K♥ may not be added"),
        (
            "q=add&stack=10H+10D&card=KH",
            "yes",
            "pinkerton.rule1.face-card",
            "Yes: the stack is then 60",
        ),
        (
            "q=add&stack=2H+QD&card=4C",
            "yes",
            "pinkerton.round.phase-three",
            "Yes: the stack is then 28",
        ),
        (
            "q=throw&stack=5H+5S&throw=2H+3S",
            "yes",
            "pinkerton.meet.zero",
            "At 0 the player may also skip the throw (rule 2)",
        ),
        (
            "q=throw&stack=3H&throw=2H+AC",
            "no",
            "pinkerton.meet.positive",
            "the pass without consequence (rule 1) only replaces the card added after a throw",
        ),
        (
            "q=add&stack=10H+5H&card=KH",
            "no",
            "pinkerton.rule1.face-card",
            "has no card that may be added passes without consequence",
        ),
        ("q=points&cards=23", "", "pinkerton.points.bonus", "23 cards score 43 points"),
        ("q=points&cards=23", "", "pinkerton.points.bonus", "Cards in the stack: 23"),
        ("q=points&cards=23", "", "pinkerton.points.bonus", "Ten more for every ten cards: 20"),
    ],
)
def test_each_answer_says_what_decides_it_and_links_that_rule(client, query, verdict, rule, says):
    html = ask(client, query)
    assert f'class="answer {verdict}"' in html
    assert f'href="/rules/{rule.split(".")[0]}/#{rule}"' in html
    assert says in html


@pytest.mark.parametrize(
    ("query", "unsaid"),
    [
        ("q=throw&stack=3H&throw=10D+JD", "pass without consequence"),  # it meets
        ("q=throw&stack=3H&throw=10D+JD", "skip the throw"),  # not at 0
        ("q=add&stack=10H+10D&card=KH", "pass without consequence"),  # it may go on
    ],
)
def test_the_free_pass_and_the_skip_are_said_only_where_the_rules_allow_them(
    client, query, unsaid
):
    assert unsaid not in ask(client, query)


@pytest.mark.parametrize("query", ["q=throw&throw=2H+3H", "q=add&card=5H"])
def test_a_question_without_the_centre_is_not_answered_as_a_centre_of_0(client, query):
    # A blank centre is a field left empty, not a stack worth 0 (rule 2 would say yes).
    html = ask(client, query)
    assert "This field is required." in html
    assert 'class="answer' not in html


def test_asked_from_a_match_its_extra_deck_counts(scorer):
    match = make_match("pinkerton", PLAYERS, target=100, options={"extra_deck": True})
    client = scorer(match)
    question = "q=throw&stack=KH+KH+KH&throw=KD+KD+QH+QD"
    assert "cards.deck.too-many" in ask(client, question)
    html = ask(client, f"{question}&match={match.code}")
    assert "cards.deck.too-many" not in html and 'class="answer yes"' in html


def test_the_match_page_links_its_referee(scorer):
    match = make_match("pinkerton", PLAYERS, target=100)
    client = scorer(match)
    html = client.get(match.get_absolute_url(), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert f'href="/pinkerton/referee/?match={match.code}"' in html


# As strict as a round (and as the API): nothing is added before phase III, when the
# stack holds two cards, and no round ends with fewer than two in the stack.
@pytest.mark.parametrize(
    ("query", "rule"),
    [
        ("q=add&stack=5H&card=4C", "pinkerton.add.not-in-phase"),
        ("q=points&cards=0", "pinkerton.points.card-count"),
        ("q=points&cards=1", "pinkerton.points.card-count"),
    ],
)
def test_what_no_table_makes_is_answered_no_with_the_rounds_rule(client, query, rule):
    html = ask(client, query)
    assert 'class="answer no"' in html
    assert f"/rules/pinkerton/#{rule}" in html


@pytest.mark.parametrize(
    ("language", "query", "says"),
    [
        ("en", "q=points&cards=2", "2 cards score 2 points"),
        ("pl", "q=points&cards=2", "2 karty dają 2 pkt"),
        ("pl", "q=points&cards=5", "5 kart daje 5 pkt"),
        ("pt-br", "q=points&cards=22", "22 cartas valem 42 pontos"),
        ("pl", "q=throw&stack=KH+KD&throw=KH+QH+JH", "rzut ma 3 karty"),
        ("pl", "q=throw&stack=KH+KD+KH+KD&throw=KH+QH+JH", "rzut ma 5 kart"),
    ],
)
def test_counted_answers_take_their_plural(client, language, query, says):
    response = client.get(f"/pinkerton/referee/?{query}", HTTP_ACCEPT_LANGUAGE=language, **HTMX)
    assert says in response.content.decode()
