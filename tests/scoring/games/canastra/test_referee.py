"""The referee page, /canastra/referee/: a meld, an opening under the buraco rule, the
pile, a locked pile, going out and the morto, the first card. Every answer names and
links the rule that decides it, and shows the cards as the reader writes them."""

from __future__ import annotations

import pytest
from django.utils import translation

from scoring.games.canastra.questions import QUESTIONS
from tests.conftest import make_match

pytestmark = pytest.mark.django_db

EN = {"HTTP_ACCEPT_LANGUAGE": "en"}
HTMX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture(autouse=True)
def english():
    with translation.override("en"):
        yield


def ask(name: str, **data):
    form = QUESTIONS[name](data)
    assert form.is_valid(), form.errors
    return form.verdict()


def test_a_dirty_canastra_says_which_card_is_its_wild():
    a = ask("meld", cards="5C 6C JK 8C 9C 10C JC")
    assert a.ok is True
    assert a.headline == "Dirty canastra, 100 card points"
    assert (a.rule, a.url) == (
        "canastra.kind.canastra-dirty",
        "/rules/canastra/#canastra.kind.canastra-dirty",
    )
    assert a.details == ("🃏 stands for 7♣.",)
    assert [card.text for card in a.cards] == ["5♣", "6♣", "🃏", "8♣", "9♣", "10♣", "J♣"]


def test_page_a_natural_2_in_its_place_keeps_the_meld_clean():
    a = ask("meld", cards="2H 3H 4H")
    assert (a.ok, a.headline, a.details) == (True, "Meld, 30 card points", ())
    a = ask("meld", cards="2H 4H 5H")
    assert a.details == ("2♥ stands for 3♥.",)


def test_an_invalid_meld_links_each_rule_it_breaks():
    a = ask("meld", cards="2S 2C 5H 6H")
    assert (a.ok, a.headline) == (False, "Not a valid meld")
    (violation,) = a.violations
    assert violation["url"] == "/rules/canastra/#canastra.meld.two-wilds"


def test_a_meld_beyond_the_two_decks_is_refused():
    a = ask("meld", cards="JK JK JK JK JK")
    assert a.ok is False
    assert "cards.deck.too-many" in [v["rule"] for v in a.violations]


@pytest.mark.parametrize(
    ("total", "failed", "melds", "ok", "headline"),
    [
        (1_495, 0, "3H 4H 5H", True, "Yes: 15 card points, 0 needed"),
        (1_500, 0, "JS QS KS AS\n8H 9H 10H", True, "Yes: 75 card points, 75 needed"),
        (1_500, 1, "JS QS KS AS\n8H 9H 10H", False, "No: 75 card points, 90 needed"),
        (2_400, 2, "JS QS KS AS\n8H 9H 10H", False, "No: 75 card points, 120 needed"),
    ],
)
def test_the_opening_question_follows_the_buraco_ladder(total, failed, melds, ok, headline):
    a = ask("opening", melds=melds, total=total, failed=failed)
    assert (a.ok, a.headline) == (ok, headline)
    assert a.url == "/rules/canastra/#canastra.opening.minimum"
    if not ok:
        assert [v["rule"] for v in a.violations] == ["canastra.opening.minimum"]


def test_below_1500_the_opening_answer_says_there_is_no_minimum():
    a = ask("opening", melds="3H 4H 5H", total=0, failed=0)
    assert a.details == ("Below 1,500 points a pair opens with any valid meld.",)


@pytest.mark.parametrize(
    ("data", "ok", "rule", "message"),
    [
        (
            {"top": "6H", "hand": "9C 8C", "pair_melds": "3H 4H 5H"},
            True,
            "canastra.pile.onto-meld",
            "6♥ goes straight onto one of the pair's melds: the pile may be taken.",
        ),
        (
            {"top": "6H", "hand": "7H 8H"},
            True,
            "canastra.pile.new-meld",
            "6♥ opens a new meld with two cards from hand: the pile may be taken.",
        ),
        (
            {"top": "6H", "hand": "7H"},
            False,
            "canastra.pile.single-card",
            "A player holding a single card may not take the pile.",
        ),
        (
            {"top": "6H", "hand": "9C 8C"},
            False,
            "canastra.pile.top-unused",
            "6♥ cannot be used at once, so the pile may not be taken.",
        ),
        (
            {"top": "6H", "hand": "7H 8H", "locked": "on"},
            False,
            "canastra.pile.locked-by-wild",
            "A wild was played: the pile is locked for the next player.",
        ),
    ],
)
def test_the_pile_question_names_the_rule_that_decides(data, ok, rule, message):
    a = ask("pile", **data)
    assert (a.ok, a.rule, a.message) == (ok, rule, message)
    assert a.headline.startswith("Yes — " if ok else "No — ")
    assert a.url == f"/rules/canastra/#{rule}"


def test_the_pile_answer_names_the_cards_in_the_readers_letters():
    with translation.override("pt-br"):
        a = ask("pile", top="6O", hand="7O 8O")  # ouros
        assert a.message.startswith("6♦")
        assert [card.text for card in a.cards] == ["6♦"]


LOCKED = "canastra.pile.locked-by-wild"
NATURAL_TWO = "canastra.pile.natural-two"


@pytest.mark.parametrize(
    ("data", "ok", "rule"),
    [
        ({"played": "JK", "meld": "JK 4H 5H", "meld_before": ""}, False, LOCKED),
        ({"played": "2H", "meld": "2H 3H 4H 5H", "meld_before": "3H 4H 5H"}, True, NATURAL_TWO),
        ({"played": "2S", "meld": "2S 4H 5H"}, False, LOCKED),
        ({"played": "2S"}, False, LOCKED),  # discarded
        ({"played": "9C"}, True, "canastra.pile.not-wild"),
    ],
)
def test_the_lock_question(data, ok, rule):
    a = ask("lock", **data)
    assert (a.ok, a.rule) == (ok, rule)
    assert a.headline.startswith("Open — " if ok else "Locked — ")


CLEAN = "3H 4H 5H 6H 7H 8H 9H"
DIRTY = "5C 6C JK 8C 9C 10C JC"
MORTO = "canastra.morto.needs-canastra"
CLEAN_OUT = "canastra.going-out.needs-clean-canastra"


@pytest.mark.parametrize(
    ("data", "ok", "rule"),
    [
        ({"morto": "morto", "melds": DIRTY}, True, MORTO),
        ({"morto": "morto", "melds": "3H 4H 5H"}, False, MORTO),
        ({"morto": "taken", "melds": DIRTY}, False, CLEAN_OUT),
        ({"morto": "taken", "melds": CLEAN}, True, CLEAN_OUT),
        ({"morto": "stock", "melds": DIRTY}, False, CLEAN_OUT),
        ({"morto": "morto", "dirty_canastras": 1}, True, MORTO),
        ({"morto": "taken", "clean_canastras": 0, "dirty_canastras": 2}, False, CLEAN_OUT),
    ],
)
def test_the_going_out_question_knows_the_morto_from_the_final_going_out(data, ok, rule):
    a = ask("going_out", **data)
    assert (a.ok, a.rule) == (ok, rule)
    assert a.url == f"/rules/canastra/#{rule}"


def test_the_going_out_question_needs_melds_or_counts():
    form = QUESTIONS["going_out"]({"morto": "morto"})
    assert not form.is_valid()
    assert form.non_field_errors() == ["Enter the pair's melds or count its canastras."]


def test_the_first_card_may_be_refused_only_before_it_is_mixed():
    assert ask("first_card", first_card_of_hand="on").ok is True
    mixed = ask("first_card", first_card_of_hand="on", mixed_into_hand="on")
    assert (mixed.ok, mixed.rule) == (False, "canastra.draw.refuse-mixed")
    later = ask("first_card")
    assert (later.ok, later.rule) == (False, "canastra.draw.refuse-first-card")


# --------------------------------------------------------------------------- the page


def test_the_referee_page_asks_every_question(client):
    html = client.get("/canastra/referee/", **EN).content.decode()
    for name in QUESTIONS:
        assert f'id="q-{name}"' in html
    assert "Does this opening meet the buraco rule?" in html


def test_an_answer_on_the_page_links_its_rule(client):
    response = client.get(
        "/canastra/referee/",
        {"q": "going_out", "morto": "taken", "melds": DIRTY},
        **EN | HTMX,
    )
    html = response.content.decode()
    assert html.count("<section") == 1 and 'id="q-going_out"' in html
    assert "✗ No — A clean canastra for the final going out" in html
    assert 'href="/rules/canastra/#canastra.going-out.needs-clean-canastra"' in html


def test_a_question_beyond_the_decks_is_refused_on_the_page(client):
    response = client.get(
        "/canastra/referee/",
        {"q": "pile", "top": "JK", "hand": "JK JK JK JK"},
        **EN,
    )
    html = response.content.decode()
    assert "JK is entered 5 times, but the deck holds only 4." in html


def test_the_referee_is_reached_from_a_match(scorer):
    match = make_match("canastra", (("Ana", "Bia"), ("Caio", "Davi")), target=3_000)
    client = scorer(match)
    html = client.get(match.get_absolute_url(), **EN).content.decode()
    assert f'href="/canastra/referee/?match={match.code}"' in html
    response = client.get(f"/canastra/referee/?match={match.code}", **EN)
    assert response.status_code == 200
