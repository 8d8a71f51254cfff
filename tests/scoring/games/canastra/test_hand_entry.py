"""The add-hand form: quick counts and cards give the same breakdown (the page's worked
example both ways); the buraco ladder moves by steps. That a stored entry refills the
form: ``tests/scoring/games/test_hand_forms.py``."""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import replace

import pytest
from django.utils import translation
from hypothesis import given, settings
from hypothesis import strategies as st

from referee import canastra
from referee.cards import Card
from referee.rulings import RuleError
from scoring.kit.match import MatchView, SideView
from scoring.kit.registry import get_game
from tests.referee.test_canastra import PAGE_A_LINES, PAGE_B_LINES

game = get_game("canastra")


@pytest.fixture(autouse=True)
def english():
    """The posts below type English letters (KH is the king of hearts only in English)."""
    with translation.override("en"):
        yield


def match_view(a: int = 0, b: int = 0, *, options=None, draft=None, state=None) -> MatchView:
    return MatchView(
        options=options or {},
        target=3_000,
        sides=(
            SideView(0, "Ana & Bia", ("Ana", "Bia"), a),
            SideView(1, "Caio & Davi", ("Caio", "Davi"), b),
        ),
        hands_played=1 if (a or b) else 0,
        state=state or {},
        draft=draft or {},
    )


MATCH = match_view()
CLASSIC = match_view(options={"hand_to_opponents": False, "untaken_morto_penalty": False})

# The page's worked example, as a phone posts it: A went out, both took their mortos.
PAGE_CARDS_POST = {
    "mode": "cards",
    "went_out": "0",
    "s0-melds": "3H 4H 5H 6H 7H 8H 9H\nQS KS AS",
    "s0-hand": "7D 8D",
    "s0-took_morto": "on",
    "s1-melds": "5C 6C JK 8C 9C 10C JC\n2D 3D 4D",
    "s1-hand": "KH AS 2C",
    "s1-took_morto": "on",
}
PAGE_QUICK_POST = {
    "mode": "quick",
    "went_out": "0",
    "s0-clean_canastras": "1",
    "s0-meld_points": "80",
    "s0-hand_points": "15",
    "s0-took_morto": "on",
    "s1-dirty_canastras": "1",
    "s1-meld_points": "130",
    "s1-hand_points": "45",
    "s1-took_morto": "on",
}


def posted(match: MatchView, data: dict[str, str]) -> dict[str, str]:
    """What a phone posts: the fields, and the hand's draft as the page drew it."""
    return {"draft_json": json.dumps(dict(match.draft))} | data


# The same hand typed in Portuguese letters (V D R; P E O), on a pt-BR page, copas as ♥
# or as the English H (C would be asked about: it is clubs in English letters).
PAGE_CARDS_IN_PORTUGUESE = PAGE_CARDS_POST | {
    "s0-melds": "3♥ 4H 5♥ 6H 7♥ 8H 9♥\nDE RE AE",
    "s0-hand": "7O 8O",
    "s1-melds": "5P 6P JK 8P 9P 10P VP\n2O 3O 4O",
    "s1-hand": "R♥ AE 2P",
}


def entry_of(data: dict[str, str], match: MatchView = MATCH) -> dict:
    form = game.hand_form(match, posted(match, data))
    assert form.is_valid(), form.errors
    return form.entry()


def lines(breakdown) -> dict[str, int]:
    return {line.rule: line.points for line in breakdown.lines}


def test_page_example_card_by_card_scores_525_and_345():
    a, b = game.score_hand(MATCH, entry_of(PAGE_CARDS_POST))
    assert (a.total, b.total) == (525, 345)
    assert lines(a) == PAGE_A_LINES
    assert lines(b) == PAGE_B_LINES


def test_page_example_gives_the_same_breakdown_in_both_modes():
    by_cards = game.score_hand(MATCH, entry_of(PAGE_CARDS_POST))
    by_counts = game.score_hand(MATCH, entry_of(PAGE_QUICK_POST))
    assert by_cards == by_counts


@pytest.mark.parametrize("post", [PAGE_CARDS_POST, PAGE_QUICK_POST])
def test_page_example_with_the_classic_house_rule_scores_465_and_285(post):
    a, b = game.score_hand(CLASSIC, entry_of(post, CLASSIC))
    assert (a.total, b.total) == (465, 285)
    assert lines(a)["canastra.score.own-hand-cards"] == -15


def test_cards_mode_stores_canonical_cards_the_morto_and_the_going_out():
    entry = entry_of(PAGE_CARDS_POST)
    assert entry["mode"] == "cards"
    assert entry["failed"] == [0, 0]
    a, b = entry["pairs"]
    assert a == {
        "melds": [["3H", "4H", "5H", "6H", "7H", "8H", "9H"], ["QS", "KS", "AS"]],
        "hand": ["7D", "8D"],
        "took_morto": True,
        "went_out": True,
    }
    assert b["melds"][0][2] == "JK"
    assert (b["took_morto"], b["went_out"]) == (True, False)


def test_quick_mode_stores_the_counts_and_ignores_the_card_fields():
    entry = entry_of(PAGE_QUICK_POST | {"s0-melds": "not cards at all"})
    a, b = entry["pairs"]
    assert a == {
        "clean_canastras": 1,
        "dirty_canastras": 0,
        "meld_points": 80,
        "hand_points": 15,
        "took_morto": True,
        "went_out": True,
    }
    assert "melds" not in b and b["hand_points"] == 45


def test_nobody_goes_out_when_the_stock_runs_out():
    entry = entry_of(PAGE_QUICK_POST | {"went_out": ""})
    assert [pair["went_out"] for pair in entry["pairs"]] == [False, False]
    a, _ = game.score_hand(MATCH, entry)
    assert "canastra.bonus.final-going-out" not in lines(a)


def test_counts_beyond_what_two_decks_hold_are_refused_by_the_form():
    form = game.hand_form(MATCH, PAGE_QUICK_POST | {"s1-dirty_canastras": "13"})
    assert not form.is_valid()
    assert "s1-dirty_canastras" in form.errors


def test_an_impossible_hand_is_refused_by_the_engine_with_its_rule():
    post = PAGE_CARDS_POST | {"s1-melds": "2D 3D 4D"}  # took the morto with no canastra
    with pytest.raises(RuleError) as error:
        game.score_hand(MATCH, entry_of(post))
    assert error.value.rules == ["canastra.morto.needs-canastra"]


def test_the_form_checks_each_meld_as_it_is_typed():
    form = game.hand_form(
        MATCH, PAGE_CARDS_POST | {"s1-melds": "5C 6C JK 8C 9C 10C JC\n2D 3D 4D\n2S 2C 5H 6H"}
    )
    template, context = form.live_check("s1-melds")
    assert template == "ledger/_meld_lines.html"
    dirty, natural_two, bad = context["lines"]
    assert (dirty.valid, dirty.label, dirty.points, dirty.seven) == (
        True,
        "Dirty canastra",
        100,
        True,
    )
    assert dirty.url == "/rules/canastra/#canastra.kind.canastra-dirty"
    assert (natural_two.label, natural_two.points) == ("Meld", 30)
    assert not bad.valid
    assert [v["rule"] for v in bad.violations] == ["canastra.meld.two-wilds"]
    assert bad.violations[0]["url"] == "/rules/canastra/#canastra.meld.two-wilds"
    assert context["summary"] == ("130 card points on the table · clean canastras: 0 · dirty: 1")


def test_only_the_melds_fields_have_a_live_check():
    form = game.hand_form(MATCH, PAGE_CARDS_POST)
    assert form.live_check("s0-hand") is None
    assert form.live_check("s3-melds") is None


# --------------------------------------------------------------------------- the buraco ladder

UNDER_BURACO = match_view(1_600, 900)


def stepped(match: MatchView, pressed: str, data: dict | None = None) -> dict:
    form = game.hand_form(match, posted(match, (data or {}) | {"step": pressed}))
    assert form.stepping and not form.is_valid()
    return form.step()


def test_a_failed_opening_raises_the_pairs_requirement_to_90_then_120():
    draft = stepped(UNDER_BURACO, "fail:0")
    assert draft == {"failed": [1, 0]}
    form = game.hand_form(match_view(1_600, 900, draft=draft))
    (opening,) = form.buraco()
    assert (opening.position, opening.required, opening.after_failure) == (0, 90, 120)
    assert opening.ladder == [(75, False), (90, True)]
    again = stepped(match_view(1_600, 900, draft=draft), "fail:0")
    assert again == {"failed": [2, 0]}


def test_a_mistapped_failure_is_taken_back():
    under = match_view(1_600, 1_700, draft={"failed": [2, 1]})
    assert stepped(under, "unfail:0") == {"failed": [1, 1]}
    assert stepped(under, "unfail:1") == {"failed": [2, 0]}
    assert stepped(match_view(1_600, 1_700, draft={"failed": [0, 1]}), "unfail:1") == {}


def test_a_pair_below_1500_has_no_ladder_to_move():
    assert stepped(UNDER_BURACO, "fail:1") == {}
    assert [opening.position for opening in game.hand_form(UNDER_BURACO).buraco()] == [0]
    assert game.hand_form(MATCH).buraco() == []


def test_no_failure_is_counted_past_what_two_decks_can_open_with():
    # 90 + 30 × 35 = 1,140 is within the 1,160 card points of two decks; 1,170 is not.
    last = match_view(1_600, 0, draft={"failed": [36, 0]})
    (opening,) = game.hand_form(last).buraco()
    assert (opening.required, opening.may_fail_again) == (1_140, False)
    assert stepped(last, "fail:0") == {"failed": [36, 0]}


@pytest.mark.parametrize("pressed", ["fail:", "fail:x", "fail:7", "jump:0", ""])
def test_a_step_the_form_does_not_know_changes_nothing(pressed):
    assert stepped(match_view(1_600, 0, draft={"failed": [1, 0]}), pressed) == {"failed": [1, 0]}


@pytest.mark.parametrize(
    "draft", [{"failed": "2"}, {"failed": [-1, "x"]}, {"failed": None}, {"failed": [True, 1.5]}]
)
def test_a_garbled_draft_reads_as_no_failure(draft):
    form = game.hand_form(match_view(1_600, 1_600, draft=draft))
    assert [opening.required for opening in form.buraco()] == [75, 75]


def test_the_stored_hand_keeps_its_ladder_and_a_correction_shows_it():
    under = match_view(1_600, 900, draft={"failed": [2, 0]})
    entry = entry_of(PAGE_QUICK_POST, under)
    assert entry["failed"] == [2, 0]
    corrected = game.hand_form(match_view(1_600, 900), entry=entry)
    assert corrected.draft == {"failed": [2, 0]}
    assert [opening.required for opening in corrected.buraco()] == [120]


def test_a_redrawn_form_keeps_what_was_typed():
    form = game.hand_form(UNDER_BURACO, posted(UNDER_BURACO, PAGE_CARDS_POST | {"step": "fail:0"}))
    again = form.redrawn(form.step())
    assert again["s0-melds"].value() == PAGE_CARDS_POST["s0-melds"]
    assert again.draft == {"failed": [1, 0]}
    assert not again.errors


# --------------------------------------------------------------------------- both modes agree

RANKS_IN_RUNS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]


@st.composite
def played_hands(draw):
    """Two pairs' melds (runs of one suit, some with a joker for a card) and hands, drawn
    from two decks, with the morto and the going out wherever the rules allow them."""
    left = Counter(canastra.DECK.cards())
    pairs = []
    for _pair in range(2):
        melds = []
        for _meld in range(draw(st.integers(0, 3))):
            suit = draw(st.sampled_from("SHDC"))
            length = draw(st.integers(3, 9))
            start = draw(st.integers(1, 14 - length))  # 2 … (never the low ace: simpler)
            cards = [Card(rank, suit) for rank in RANKS_IN_RUNS[start : start + length]]
            if draw(st.booleans()):
                cards[draw(st.integers(0, length - 1))] = Card("JK")
            if all(cards.count(card) <= left[card] for card in cards):  # within the decks
                left.subtract(cards)
                melds.append(cards)
        hand = []
        for card in draw(st.lists(st.sampled_from(sorted(left.elements())), max_size=5)):
            if left[card] > 0:
                left[card] -= 1
                hand.append(card)
        pairs.append((melds, hand))
    return pairs


def card_post(pairs, tallies) -> dict[str, str]:
    post = {"mode": "cards", "went_out": ""}
    for position, ((melds, hand), tally) in enumerate(zip(pairs, tallies, strict=True)):
        post[f"s{position}-melds"] = "\n".join(" ".join(map(str, meld)) for meld in melds)
        post[f"s{position}-hand"] = " ".join(map(str, hand))
        if tally.took_morto:
            post[f"s{position}-took_morto"] = "on"
        if tally.went_out:
            post["went_out"] = str(position)
    return post


def quick_post(tallies) -> dict[str, str]:
    post = {"mode": "quick", "went_out": ""}
    for position, tally in enumerate(tallies):
        for name in ("clean_canastras", "dirty_canastras", "meld_points", "hand_points"):
            post[f"s{position}-{name}"] = str(getattr(tally, name))
        if tally.took_morto:
            post[f"s{position}-took_morto"] = "on"
        if tally.went_out:
            post["went_out"] = str(position)
    return post


@settings(max_examples=60)
@given(played_hands(), st.booleans(), st.booleans())
def test_any_hand_gives_the_same_breakdown_card_by_card_and_as_counts(pairs, morto, out):
    tallies = [
        canastra.tally_from_cards(canastra.PairCards(melds=melds, hand=hand))
        for melds, hand in pairs
    ]
    # The morto and the going out wherever the rules allow them (one pair goes out).
    tallies = [replace(t, took_morto=morto and t.canastras > 0) for t in tallies]
    if out and tallies[0].clean_canastras:
        tallies[0] = replace(tallies[0], went_out=True)
    for view in (MATCH, CLASSIC):
        by_cards = game.score_hand(view, entry_of(card_post(pairs, tallies), view))
        by_counts = game.score_hand(view, entry_of(quick_post(tallies), view))
        assert by_cards == by_counts
        for breakdown in by_cards:
            assert sum(line.points for line in breakdown.lines) == breakdown.total
