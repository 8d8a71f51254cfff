"""The add-hand form: quick counts and cards give the same breakdown; only the chosen
mode's fields are read. That a stored entry refills the form:
``tests/scoring/games/test_hand_forms.py``."""

from __future__ import annotations

import pytest
from django.utils import translation

from referee import samba
from scoring.kit.match import MatchView, SideView
from scoring.kit.registry import get_game

game = get_game("samba")


@pytest.fixture(autouse=True)
def english():
    """The posts below type English letters (KH is the king of hearts only in English)."""
    with translation.override("en"):
        yield


MATCH = MatchView(
    options={"top_minimum": 150, "cumulative_canastra_bonus": False},
    target=10_000,
    sides=(SideView(0, "Ana & Bia", ("Ana", "Bia"), 0), SideView(1, "Caio & Davi", (), 0)),
    hands_played=0,
)

# The page's hand, as a phone posts it.
PAGE_CARDS_POST = {
    "mode": "cards",
    "went_out": "0",
    "s0-melds": "4S 5S 6S 7S 8S 9S 10S\nKH KS KD KC KH KS KD\nAH AS AD",
    "s0-hand": "",
    "s0-red_threes": "2",
    "s1-melds": "10H 10S 10D 10C 10H 10S JK\n7♥ 7♠ 2♣",
    "s1-hand": "QS 5H JK",
    "s1-red_threes": "1",
}
PAGE_QUICK_POST = {
    "mode": "quick",
    "went_out": "0",
    "s0-clean_canastras": "1",
    "s0-sambas": "1",
    "s0-red_threes": "2",
    "s0-table_points": "180",
    "s1-dirty_canastras": "1",
    "s1-red_threes": "1",
    "s1-table_points": "140",
    "s1-hand_points": "65",
}


# The same hand typed in Portuguese letters (V D R; P E O), on a pt-BR page, copas as ♥
# or as the English H (C would be asked about: it is clubs in English letters).
PAGE_CARDS_IN_PORTUGUESE = PAGE_CARDS_POST | {
    "s0-melds": "4E 5E 6E 7E 8E 9E 10E\nRH RE RO RP R♥ R♠ R♦\nA♥ AE AO",
    "s1-melds": "10H 10E 10O 10P 10♥ 10♠ JK\n7♥ 7E 2P",
    "s1-hand": "DE 5H JK",
}


def entry_of(data: dict[str, str], match: MatchView = MATCH) -> dict:
    form = game.hand_form(match, data)
    assert form.is_valid(), form.errors
    return form.entry()


def test_page_hand_gives_the_same_breakdown_in_both_modes():
    by_cards = game.score_hand(MATCH, entry_of(PAGE_CARDS_POST))
    by_counts = game.score_hand(MATCH, entry_of(PAGE_QUICK_POST))
    assert [b.total for b in by_cards] == [2580, 275]
    assert by_cards == by_counts


def test_cards_mode_stores_canonical_cards_and_who_went_out():
    entry = entry_of(PAGE_CARDS_POST)
    assert entry["mode"] == "cards"
    a, b = entry["sides"]
    assert b["melds"][1] == ["7H", "7S", "2C"]
    assert b["hand"] == ["QS", "5H", "JK"]
    assert (a["went_out"], b["went_out"]) == (True, False)
    assert a["red_threes"] == 2
    assert a["penalties"]["stock_out_of_turn"] == 0
    assert "table_points" not in a  # the other mode's fields are not stored


def test_quick_mode_leaves_empty_counts_at_zero_and_ignores_the_card_fields():
    entry = entry_of(PAGE_QUICK_POST | {"s0-melds": "not cards at all"})
    a, b = entry["sides"]
    assert a["dirty_canastras"] == 0 and a["hand_points"] == 0
    assert "melds" not in a
    assert b["table_points"] == 140


def test_nobody_goes_out_when_the_stock_runs_out():
    entry = entry_of(PAGE_QUICK_POST | {"went_out": ""})
    assert [side["went_out"] for side in entry["sides"]] == [False, False]
    a, _ = game.score_hand(MATCH, entry)
    assert "samba.bonus.going-out" not in {line.rule for line in a.lines}


def test_negative_counts_are_refused_by_the_form():
    form = game.hand_form(MATCH, PAGE_QUICK_POST | {"s1-sambas": "-1"})
    assert not form.is_valid()
    assert "s1-sambas" in form.errors


def test_the_form_shows_each_meld_with_its_verdict_and_the_sides_combinations():
    with translation.override("en"):
        form = game.hand_form(
            MATCH, PAGE_CARDS_POST | {"s1-melds": "KH KS KD KC KH JK 2D\n7H 8H 2H"}
        )
        form.is_valid()
        a, b = form.sides()
    assert [line.label for line in a.lines] == ["Samba", "Clean canastra", "Group"]
    assert a.summary == "180 card points on the table · 7-card combinations: 2"
    dirty, wrong = b.lines
    assert (dirty.valid, dirty.label, dirty.points) == (True, "Dirty canastra", 120)
    assert not wrong.valid
    assert wrong.violations[0]["rule"] == "samba.meld.sequence-no-wilds"


def test_black_threes_are_shown_valid_only_for_the_side_going_out():
    post = PAGE_CARDS_POST | {"s0-melds": PAGE_CARDS_POST["s0-melds"] + "\n3S 3C 3S"}
    sides = game.hand_form(MATCH, post).sides()
    assert sides[0].lines[-1].valid
    sides = game.hand_form(MATCH, post | {"went_out": ""}).sides()
    assert not sides[0].lines[-1].valid


def test_three_sides_each_get_their_fields():
    match = MatchView(
        options=MATCH.options,
        target=10_000,
        hands_played=0,
        sides=tuple(SideView(i, f"p{i}", (), 0) for i in range(3)),
    )
    entry = entry_of({"mode": "quick", "went_out": "", "s2-table_points": "35"}, match)
    assert len(entry["sides"]) == 3
    totals = [b.total for b in game.score_hand(match, entry)]
    assert totals == [0, 0, 35]


def test_the_counts_are_capped_by_what_three_decks_hold():
    form = game.hand_form(MATCH)
    kinds = ("clean_canastras", "dirty_canastras", "sambas", "wild_canastras")
    caps = {name: form.fields[f"s0-{name}"].max_value for name in kinds}
    assert caps == {
        "clean_canastras": samba.MOST_CLEAN_CANASTRAS,
        "dirty_canastras": samba.WILDS_IN_GAME,  # each holds a wild
        "sambas": samba.MOST_SAMBAS,
        "wild_canastras": 2,
    }
    assert form.fields["s0-red_threes"].max_value == samba.RED_THREES_IN_GAME
    points = form.fields["s0-table_points"]
    assert (points.max_value, points.widget.attrs["step"]) == (1_770, samba.CARD_POINTS_STEP)
    # Eighteen wilds make two canastras de curingas, no more; 1,770 is every card's value.
    assert game.hand_form(MATCH, PAGE_QUICK_POST | {"s0-wild_canastras": "2"}).is_valid()
    too_many = game.hand_form(MATCH, PAGE_QUICK_POST | {"s0-wild_canastras": "3"})
    assert not too_many.is_valid() and "s0-wild_canastras" in too_many.errors
    beyond = game.hand_form(MATCH, PAGE_QUICK_POST | {"s1-hand_points": "1775"})
    assert not beyond.is_valid() and "s1-hand_points" in beyond.errors


def test_a_stored_card_that_is_not_a_card_is_shown_as_it_is_to_be_corrected():
    entry = entry_of(PAGE_CARDS_POST)
    entry["sides"][1]["hand"] = ["QS", "ZZ", "JK"]
    entry["sides"][0]["melds"][2] = ["AH", "A?", "AD"]
    with translation.override("pt-br"):
        form = game.hand_form(MATCH, entry=entry)
        assert form["s1-hand"].value() == "D♠ ZZ JK"
        assert form["s0-melds"].value().splitlines()[2] == "A♥ A? A♦"
        html = str(form["s1-hand"])
    assert 'value="D♠ ZZ JK"' in html


def test_each_side_has_one_picker_for_its_melds_and_its_hand():
    with translation.override("pt-br"):
        picker = game.hand_form(MATCH).sides()[1].picker
    assert [target.id for target in picker["targets"]] == ["id_s1-melds", "id_s1-hand"]
    assert [key.label for key in picker["ranks"]] == ["A", *map(str, range(2, 11)), "V", "D", "R"]
