"""Samba's pages: a match on the ledger, the live meld check, the referee, the rulebook."""

from __future__ import annotations

import re

import pytest

from referee import samba
from scoring.games.samba.rules import RULES
from scoring.ledger.models import Match
from tests.conftest import make_match, totals
from tests.helpers import EN, HTMX, new_match_data, page, post_hand
from tests.scoring.games.samba.test_hand_entry import PAGE_CARDS_POST, PAGE_QUICK_POST

pytestmark = pytest.mark.django_db

PAIRS = (("Ana", "Bia"), ("Caio", "Davi"))


def samba_match(sides) -> Match:
    return make_match(
        "samba",
        sides,
        target=10_000,
        options={"top_minimum": 150, "cumulative_canastra_bonus": False},
    )


@pytest.fixture
def match() -> Match:
    return samba_match(PAIRS)


def test_starting_a_samba_match_for_two_pairs(client):
    response = client.post(
        "/matches/new/samba/",
        new_match_data(["Ana, Bia", "Caio, Davi"], {"target": 10000, "options-top_minimum": 160}),
    )
    assert response.status_code == 302
    match = Match.objects.get()
    assert match.options == {"top_minimum": 160, "cumulative_canastra_bonus": False}
    assert match.target == 10_000


def test_a_side_has_at_most_three_players(client):
    response = client.post(
        "/matches/new/samba/",
        new_match_data(
            ["Ana, Bia, Eva, Flor", "Caio"], {"target": 10000, "options-top_minimum": 150}
        ),
        **EN,
    )
    assert response.status_code == 200
    assert "Each side has 1 to 3 players." in response.content.decode()
    assert not Match.objects.exists()


def test_the_match_page_shows_both_entry_modes_and_the_opening_minimums(scorer, match):
    client = scorer(match)
    html = page(client, match.get_absolute_url())
    assert 'name="mode" value="quick"' in html and 'name="mode" value="cards"' in html
    assert html.count("Opening minimum: 50") == 2
    assert 'name="s1-melds"' in html and 'name="s1-clean_canastras"' in html
    assert "/static/samba/samba.css" in html
    assert html.count("data-picker") == 2  # one picker per side, for its melds and hand


def test_a_hand_in_cards_mode_is_recorded_with_its_breakdown(scorer, match):
    client = scorer(match)
    response = post_hand(client, match, PAGE_CARDS_POST, **HTMX, **EN)
    assert response.status_code == 200
    assert totals(match) == [2580, 275]
    html = response.content.decode()
    # the new opening minimums: 2,580 → 90, 275 → 50
    assert "Opening minimum: 90" in html and "Opening minimum: 50" in html
    # one red three, counted against a side without two combinations: the singular
    assert "Red three without two combinations" in html
    assert 'href="/rules/samba/#samba.bonus.samba"' in html


def test_a_hand_in_quick_mode_adds_up_the_same(scorer, match):
    client = scorer(match)
    post_hand(client, match, PAGE_QUICK_POST)
    assert totals(match) == [2580, 275]
    cards_lines = (
        match.hands.get().scores.order_by("side__position").values_list("lines", flat=True)
    )
    other = make_match("samba", PAIRS, target=10_000, options=match.options)
    scorer(other)
    post_hand(client, other, PAGE_CARDS_POST)
    assert list(cards_lines) == list(
        other.hands.get().scores.order_by("side__position").values_list("lines", flat=True)
    )


def test_an_impossible_hand_is_refused_with_its_rules_and_nothing_is_saved(scorer, match):
    client = scorer(match)
    data = PAGE_CARDS_POST | {"s0-melds": "KH KS KD KC KH JK 2D 2C"}
    response = post_hand(client, match, data, **EN)
    html = response.content.decode()
    assert response.status_code == 422
    assert not match.hands.exists()
    assert "A group or canastra holds at most 2 wilds; this one has 3." in html
    assert 'href="/rules/samba/#samba.meld.group-at-most-two-wilds"' in html
    assert 'href="/rules/samba/#samba.going-out.two-combinations"' in html


def test_a_quick_hand_needing_more_wilds_than_three_decks_hold_is_refused(scorer, match):
    client = scorer(match)
    each_side = {"s0-wild_canastras": "2", "s0-table_points": "280"}
    data = {"mode": "quick", "went_out": ""} | each_side
    data |= {name.replace("s0-", "s1-"): value for name, value in each_side.items()}
    response = post_hand(client, match, data)
    html = response.content.decode()
    assert response.status_code == 422
    assert not match.hands.exists()
    assert (
        "Canastras de curingas (4) and dirty canastras (0) need at least 28 wilds, but "
        "the three decks hold only 18."
    ) in html
    assert 'href="/rules/samba/#samba.hand.too-many-wilds"' in html


def test_the_deck_limit_holds_across_both_sides_and_the_hands(scorer, match):
    client = scorer(match)
    data = PAGE_CARDS_POST | {"s1-hand": "QS 5H JK KH"}  # K♥ five times, in melds and hand
    data["s0-melds"] = data["s0-melds"].replace("AH AS AD", "AH AS AD\nKH KH 2S")
    html = post_hand(client, match, data, **EN).content.decode()
    assert not match.hands.exists()
    assert "K♥ is entered 5 times, but the deck holds only 3." in html


def test_correcting_a_hand_refills_the_form_in_its_mode(scorer, match):
    client = scorer(match)
    post_hand(client, match, PAGE_CARDS_POST)
    html = page(client, f"/matches/{match.code}/hands/1/edit/")
    assert 'value="cards" checked' in html or re.search(r'value="cards"[^>]*checked', html)
    assert "10♥ 10♠ 10♦ 10♣ 10♥ 10♠ JK" in html
    player = match.sides.get(position=0).players.first()
    data = PAGE_CARDS_POST | {"s1-hand": "QS 5H", "changed_by": str(player.pk)}
    response = client.post(f"/matches/{match.code}/hands/1/edit/", data, **EN)
    assert response.status_code == 302
    assert totals(match) == [2580, 325]


def test_the_winner_is_named_when_the_target_is_passed(scorer, match):
    client = scorer(match)
    big = {"mode": "quick", "went_out": "", "s0-sambas": "7", "s0-table_points": "350"}
    post_hand(client, match, big)
    match.refresh_from_db()
    assert match.is_finished
    assert [side.won for side in match.sides.all()] == [True, False]


# ---------------------------------------------------------------- players alone

ALONE = (("Ana",), ("Caio",))


@pytest.fixture
def one_on_one() -> Match:
    return samba_match(ALONE)


@pytest.mark.parametrize(
    "left",
    [PAGE_QUICK_POST | {"s0-hand_points": "20"}, PAGE_CARDS_POST | {"s0-hand": "QH JS"}],
    ids=["quick", "cards"],
)
def test_a_player_alone_who_went_out_with_cards_in_hand_is_refused(scorer, one_on_one, left):
    client = scorer(one_on_one)
    response = post_hand(client, one_on_one, left, **EN)
    html = response.content.decode()
    assert response.status_code == 422
    assert not one_on_one.hands.exists()
    assert totals(one_on_one) == [0, 0]
    assert (
        "A player alone who goes out keeps no card, but cards were entered as left in hand "
        "(card points: 20; red threes: 0)."
    ) in html
    assert 'href="/rules/samba/#samba.going-out.cards-left-alone"' in html


def test_the_same_hand_for_two_pairs_counts_the_partners_cards(scorer, match):
    client = scorer(match)
    response = post_hand(client, match, PAGE_QUICK_POST | {"s0-hand_points": "20"})
    assert response.status_code == 302
    assert totals(match) == [2560, 275]


def test_a_player_alone_is_refused_the_partners_premiums_and_faults(scorer, one_on_one):
    client = scorer(one_on_one)
    data = PAGE_QUICK_POST | {"s0-deal_with_partner": "1", "s1-permission_unable": "1"}
    html = post_hand(client, one_on_one, data, **EN).content.decode()
    assert not one_on_one.hands.exists()
    assert 'href="/rules/samba/#samba.concealed.no-partner"' in html
    assert 'href="/rules/samba/#samba.penalty.no-partner"' in html
    assert (
        "premiums for a concealed canastra laid using the partner&#x27;s melds were entered (1)."
    ) in html
    assert "but faults of asking the partner were entered (1)." in html


def test_a_player_alone_is_not_offered_what_needs_a_partner(scorer, one_on_one, match):
    client = scorer(one_on_one, match)
    partner_only = (
        "deal_with_partner",
        "play_with_partner",
        "went_out_after_refusal",
        "permission_unable",
    )
    alone = page(client, one_on_one.get_absolute_url())
    pairs = page(client, match.get_absolute_url())
    for name in partner_only:
        assert f'name="s0-{name}"' not in alone and f'name="s1-{name}"' not in alone
        assert f'name="s0-{name}"' in pairs and f'name="s1-{name}"' in pairs
    assert 'name="s0-deal_solo"' in alone and 'name="s0-play_solo"' in alone


def test_players_alone_record_the_page_hand_as_pairs_do(scorer, one_on_one):
    client = scorer(one_on_one)
    response = post_hand(client, one_on_one, PAGE_QUICK_POST | {"s0-play_solo": "1"})
    assert response.status_code == 302
    assert totals(one_on_one) == [2580 + 500, 275]


def check(client, match, field, data, **extra):
    return client.post(f"/matches/{match.code}/check/{field}/", data, **extra)


def test_the_live_meld_check_answers_each_line_of_a_side(scorer, match):
    client = scorer(match)
    response = check(
        client,
        match,
        "s1-melds",
        {"s1-melds": "KH KS KD KC KH JK 2D\n7H 8H 2H\n3S 3C 3S", "went_out": "0"},
        **HTMX,
        **EN,
    )
    html = response.content.decode()
    assert response.status_code == 200
    assert "✓" in html and "Dirty canastra</a> · 120 card points" in html
    assert "✗ A sequence cannot hold a wild (1 found)." in html
    assert 'href="/rules/samba/#samba.meld.sequence-no-wilds"' in html
    assert "legal only when the side goes out" in html  # side 1 is not going out
    assert "120 card points on the table · 7-card combinations: 1" in html
    assert 'data-card="KH"' in html and "K♥" in html  # the cards as read


def test_the_live_meld_check_allows_black_threes_for_the_side_going_out(scorer, match):
    client = scorer(match)
    html = check(
        client, match, "s0-melds", {"s0-melds": "3S 3C 3S", "went_out": "0"}, **EN
    ).content.decode()
    assert "Black threes</a> · 15 card points" in html


def test_the_live_meld_check_reads_the_readers_letters(scorer, match):
    client = scorer(match)
    html = check(client, match, "s0-melds", {"s0-melds": "7H 7E 7O"}).content.decode()
    assert 'data-card="7H"' in html and 'data-card="7S"' in html and 'data-card="7D"' in html
    asked = check(client, match, "s0-melds", {"s0-melds": "7C 7E 7O"}).content.decode()
    assert "cards.ambiguous" in asked and "7♥" in asked and "7♣" in asked


def test_the_live_meld_check_names_an_unreadable_card(scorer, match):
    client = scorer(match)
    html = check(client, match, "s0-melds", {"s0-melds": "KH ZZ"}, **EN)
    assert "“ZZ” is not a card" in html.content.decode()


def test_the_live_meld_check_wants_a_post_and_a_field_it_knows(client, match):
    assert client.get(f"/matches/{match.code}/check/s0-melds/").status_code == 405
    assert check(client, match, "s0-hand_points", {}).status_code == 404


# ---------------------------------------------------------------- the referee page


def test_the_referee_page_asks_four_questions(client):
    html = page(client, "/samba/referee/")
    for section in ("q-meld", "q-opening", "q-pile", "q-going_out"):
        assert f'id="{section}"' in html


# The referee's questions, as its form asks them.
QUESTIONS = {
    "a dirty canastra": "q=meld&cards=KH+KS+KD+KC+KH+JK+2D",
    "a sequence with a wild": "q=meld&cards=7H+8H+2H",
    "black threes": "q=meld&cards=3S+3C+3S",
    "black threes going out": "q=meld&cards=3S+3C+3S&going_out=on",
    "kings to open at 1500": "q=opening&melds=KH+KS+KD+KC+KH+KS+KD&running_total=1500",
    "aces to open at 1500": "q=opening&melds=AH+AS+AD+AC+AH+AS+AD&running_total=1500",
    "a first take with one natural": "q=pile&top=QS&hand=QH+5C&side_has_opened=on",
    "an opening with the pile and one natural": (
        "q=opening&melds=8S+8H+JK%0AAS+AH+AD&running_total=0&pile_top=8S"
    ),
    "pumba": "q=pile&top=QS&hand=QH&side_melds=QH+QD+QC&side_has_opened=on&pile_taken_this_hand=1",
    "onto a group": "q=pile&top=QS&side_melds=QH+QD+QC&side_has_opened=on&pile_taken_this_hand=on",
    "a wild on top": "q=pile&top=2D&hand=2C+2H",
    "invalid side melds": "q=pile&top=QS&side_melds=7H+8H+2H&side_has_opened=on",
    "going out with 1 combination": "q=going_out&melds=4S+5S+6S+7S+8S+9S+10S",
    "going out with 2": "q=going_out&combinations=2",
}


# What each answer says, and the rule it links (samba.…).
@pytest.mark.parametrize(
    ("question", "says", "rule"),
    [
        ("a dirty canastra", "✓ Dirty canastra, 120 card points", "kind.canastra-dirty"),
        ("a sequence with a wild", "✗ Not a valid meld", "meld.sequence-no-wilds"),
        ("black threes", "✗ Not a valid meld", "meld.black-threes-only-going-out"),
        ("black threes going out", "✓ Black threes, 15 card points", "kind.black-threes"),
        ("kings to open at 1500", "✗ No: 70 points, the minimum is 90", "opening.minimum"),
        ("aces to open at 1500", "✓ Yes: 140 points, the minimum is 90", "opening.minimum"),
        (
            "a first take with one natural",
            "✗ No — First take: two naturals from hand",
            "pile.first-take-two-naturals",
        ),
        ("onto a group", "✓ Yes — Onto a group", "pile.onto-group"),
        ("pumba", "✗ No — Pumba: draw from the stock", "pile.pumba"),
        (
            "an opening with the pile and one natural",
            "✗ No: 130 points reach the minimum of 50, but a rule is broken",
            "pile.first-take-two-naturals",
        ),
        ("a wild on top", "✗ No — A wild on top", "pile.blocked-by-wild"),
        (
            "invalid side melds",
            "A sequence cannot hold a wild",
            "meld.sequence-no-wilds",
        ),
        (
            "going out with 1 combination",
            "✗ No — Two 7-card combinations to go out",
            "going-out.two-combinations",
        ),
        ("going out with 1 combination", "the side has 1.", "going-out.two-combinations"),
        (
            "going out with 2",
            "✓ Yes — Two 7-card combinations to go out",
            "going-out.two-combinations",
        ),
    ],
)
def test_the_referee_answers_and_links_the_rule_that_decides_it(client, question, says, rule):
    html = page(client, f"/samba/referee/?{QUESTIONS[question]}")
    assert says in html
    assert f'href="/rules/samba/#samba.{rule}"' in html


def test_the_opening_question_asks_with_the_pile_whether_it_is_premiado(client):
    html = page(client, "/samba/referee/")
    opening = html[html.index('id="q-opening"') : html.index('id="q-pile"')]
    fields = re.findall(r'name="(\w+)"', opening)
    assert fields.index("pile_frozen") == fields.index("pile_taken_this_hand") + 1
    assert fields.index("pile_taken_this_hand") == fields.index("pile_top") + 1
    assert 'for="opening-pile_frozen"' in opening


def test_asked_from_a_match_its_opening_minimum_from_7000_decides(scorer):
    at_160 = make_match("samba", PAIRS, target=10_000, options={"top_minimum": 160})
    client = scorer(at_160)
    asked = "/samba/referee/?q=opening&melds=AS+AH+AD+AC+AS+AH%0A10S+10H+10D&running_total=7000"
    assert "✓ Yes: 150 points, the minimum is 150" in page(client, asked + "&top_minimum=150")
    # The match plays to 160 from 7,000, whatever the query says.
    html = page(client, f"{asked}&top_minimum=150&match={at_160.code}")
    assert "✗ No: 150 points, the minimum is 160" in html
    form = page(client, f"/samba/referee/?match={at_160.code}")
    assert re.search(r'<option value="160" selected>', form)


def test_the_opening_question_refuses_a_premiado_pile_without_two_naturals(client):
    # page: a premiado pile is taken only with two natural cards from hand equal to the top
    asked = (
        "/samba/referee/?q=opening&melds=QS+QH+JK&running_total=0&pile_top=QH"
        "&pile_taken_this_hand=on"
    )
    assert "✓ Yes: 70 points, the minimum is 50" in page(client, asked)
    html = page(client, asked + "&pile_frozen=on")
    assert "✗ No: 70 points reach the minimum of 50, but a rule is broken" in html
    assert "The pile is premiado: it is taken only with two natural cards from hand" in html
    assert 'href="/rules/samba/#samba.pile.premiado-two-naturals"' in html


def test_the_referee_answers_an_htmx_question_with_its_section_only(client):
    response = client.get("/samba/referee/?q=meld&cards=7H+8H+9H", **HTMX, **EN)
    html = response.content.decode()
    assert html.lstrip().startswith('<section id="q-meld"')
    assert "✓ Sequence, 25 card points" in html
    assert "<html" not in html


def test_the_referee_uses_the_160_house_rule_when_asked(client):
    html = page(
        client,
        "/samba/referee/?q=opening&melds=AH+AS+AD+AC+AH+AS+AD%0AKH+KS+KD&running_total=8000"
        "&top_minimum=160",
    )
    assert "✗ No: 170 points, the minimum is 160" not in html
    assert "✓ Yes: 170 points, the minimum is 160" in html


def test_a_question_with_an_unreadable_card_says_which(client):
    html = page(client, "/samba/referee/?q=meld&cards=KH+XX")
    assert "“XX” is not a card" in html
    assert "data-answer" not in html


def test_a_going_out_question_needs_melds_or_a_count(client):
    html = page(client, "/samba/referee/?q=going_out&melds=&combinations=")
    assert "Enter the side&#x27;s melds or its number of combinations." in html


# ---------------------------------------------------------------- the rulebook


@pytest.mark.parametrize(("language", "heading"), [("en", "Melds"), ("pt-br", "Jogos")])
def test_the_rulebook_shows_every_rule_under_its_id(client, language, heading):
    html = client.get("/rules/samba/", HTTP_ACCEPT_LANGUAGE=language).content.decode()
    for rule in {rule.id for rule in RULES} | set(samba.RULE_IDS) - {"cards.deck.too-many"}:
        assert f'id="{rule}"' in html, rule
    assert f"<h2>{heading}</h2>" in html


def test_a_match_whose_stored_option_the_engine_refuses_still_opens(scorer):
    match = make_match(
        "samba",
        PAIRS,
        target=10_000,
        options={"top_minimum": 170, "cumulative_canastra_bonus": False},
    )
    client = scorer(match)
    response = client.get(match.get_absolute_url(), **EN)
    assert response.status_code == 200
    assert response.content.decode().count("Opening minimum: 50") == 2
    post_hand(client, match, PAGE_QUICK_POST)
    assert totals(match) == [2580, 275]
    assert client.get(f"/matches/{match.code}/hands/1/edit/").status_code == 200


def test_correcting_a_hand_with_a_stored_token_that_is_not_a_card(scorer, match):
    client = scorer(match)
    post_hand(client, match, PAGE_CARDS_POST)
    hand = match.hands.get()
    hand.entry["sides"][1]["hand"] = ["QS", "ZZ", "JK"]
    hand.save(update_fields=["entry"])
    response = client.get(f"/matches/{match.code}/hands/1/edit/", **EN)
    assert response.status_code == 200
    assert 'value="Q♠ ZZ JK"' in response.content.decode()
