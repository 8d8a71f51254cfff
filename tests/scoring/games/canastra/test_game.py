"""Canastra on the ledger: the game's set-up, hands scored and stored, the buraco rule on
the scoreboard, house rules, the target and corrections."""

from __future__ import annotations

import uuid

import pytest
from django.utils import translation

from referee import canastra
from referee.rulings import RuleError
from scoring.games.canastra.forms import CanastraOptionsForm
from scoring.kit.registry import get_game
from tests.conftest import make_match, record, totals
from tests.scoring.games.canastra.test_api import PAIR_A, PAIR_B

pytestmark = pytest.mark.django_db

game = get_game("canastra")
PAIRS = (("Ana", "Bia"), ("Caio", "Davi"))
PAGE_HAND = {"mode": "cards", "failed": [0, 0], "pairs": [PAIR_A, PAIR_B]}


@pytest.fixture(autouse=True)
def english():
    with translation.override("en"):
        yield


def quick(a: dict | None = None, b: dict | None = None, failed=(0, 0)) -> dict:
    """A hand entered as counts; each pair's counts default to nothing."""
    blank = dict.fromkeys(("clean_canastras", "dirty_canastras", "meld_points", "hand_points"), 0)
    flags = {"took_morto": False, "went_out": False}
    pairs = [blank | flags | (a or {}), blank | flags | (b or {})]
    return {"mode": "quick", "failed": list(failed), "pairs": pairs}


# Five clean canastras, the morto and the final going out: 1,000 + 300 + 200 = 1,500.
BIG = {"clean_canastras": 5, "meld_points": 300, "took_morto": True, "went_out": True}


def canastra_match(**kwargs):
    kwargs.setdefault("target", 3_000)
    return make_match("canastra", PAIRS, **kwargs)


def test_canastra_is_two_pairs_to_3000_on_two_decks():
    assert (game.min_sides, game.max_sides, game.max_players_per_side) == (2, 2, 2)
    assert game.default_target == 3_000
    assert game.deck is canastra.DECK
    assert game.api == "scoring.games.canastra.api.router"
    assert set(game.questions) >= {"meld", "opening", "pile", "going_out"}


def test_the_page_hand_is_recorded_with_its_breakdown():
    match = canastra_match()
    hand = record(match, PAGE_HAND)
    assert totals(match) == [525, 345]
    scores = {score.side.position: score for score in hand.scores.select_related("side")}
    assert scores[0].total == 525
    assert sum(line["points"] for line in scores[1].lines) == 345


def test_the_classic_house_rule_is_the_matchs():
    match = canastra_match(options={"hand_to_opponents": False, "untaken_morto_penalty": False})
    record(match, PAGE_HAND)
    assert totals(match) == [465, 285]


def test_a_stored_option_the_engine_refuses_gives_way_to_its_default():
    match = canastra_match(options={"hand_to_opponents": "perhaps", "retired": 1})
    record(match, PAGE_HAND)
    assert totals(match) == [525, 345]


def test_an_impossible_hand_is_refused_and_nothing_is_recorded():
    match = canastra_match()
    with pytest.raises(RuleError) as error:
        record(match, quick({"took_morto": True}))
    assert error.value.rules == ["canastra.morto.needs-canastra"]
    assert match.hands.count() == 0


def test_the_way_of_counting_carries_on_to_the_next_hand():
    match = canastra_match()
    record(match, PAGE_HAND)
    assert match.view().state == {"mode": "cards"}
    record(match, quick(BIG))
    assert match.view().state == {"mode": "quick"}


def test_the_options_form_stores_the_engines_options():
    form = CanastraOptionsForm({"options-hand_to_opponents": "own"}, prefix="options")
    assert form.is_valid(), form.errors
    assert form.cleaned_data == {"hand_to_opponents": False, "untaken_morto_penalty": False}
    assert canastra.CanastraOptions.from_dict(form.cleaned_data).hand_to_opponents is False
    default = CanastraOptionsForm({"options-hand_to_opponents": "opponents"}, prefix="options")
    assert default.is_valid() and default.cleaned_data["hand_to_opponents"] is True


# --------------------------------------------------------------------------- the buraco rule


def notes(match) -> dict[int, list[str]]:
    return game.side_notes(match.view())


def test_below_1500_a_pair_has_no_opening_minimum():
    match = canastra_match()
    record(match, PAGE_HAND)
    assert notes(match) == {0: [], 1: []}


def test_from_1500_the_scoreboard_shows_the_pairs_opening_requirement():
    match = canastra_match()
    record(match, quick(BIG))
    assert totals(match) == [1_500, 0]
    assert notes(match) == {0: ["Buraco: opens with 75"], 1: []}


def test_a_failed_opening_in_the_shared_draft_raises_the_requirement_on_the_scoreboard():
    match = canastra_match()
    record(match, quick(BIG))
    match.save_draft({"failed": [1, 0]}, revision=match.draft_revision)
    assert notes(match)[0] == ["Buraco: opens with 90 (1 failed opening)"]
    match.save_draft({"failed": [2, 0]}, revision=match.draft_revision)
    assert notes(match)[0] == ["Buraco: opens with 120 (2 failed openings)"]


def test_recording_the_hand_closes_the_draft_and_the_ladder_starts_again():
    match = canastra_match()
    record(match, quick(BIG))
    match.save_draft({"failed": [2, 0]}, revision=match.draft_revision)
    hand = record(match, quick({"meld_points": 45}, failed=(2, 0)))
    assert match.view().draft == {}
    assert notes(match)[0] == ["Buraco: opens with 75"]
    assert hand.entry["failed"] == [2, 0]


def test_a_correction_that_lowers_a_total_takes_the_pair_out_of_the_buraco():
    match = canastra_match()
    record(match, quick(BIG))
    record(match, quick({"meld_points": 45}))
    match.correct_hand(1, quick({**BIG, "meld_points": 250}), by=None, revision=1)
    assert totals(match) == [1_495, 0]
    assert notes(match)[0] == []


# --------------------------------------------------------------------------- the end


def test_a_pair_reaching_the_target_wins():
    match = canastra_match(target=1_500)
    record(match, quick(BIG))
    match.refresh_from_db()
    assert match.is_finished
    assert game.winners(match.view()) == [0]


def test_both_pairs_level_past_the_target_play_another_hand():
    match = canastra_match(target=1_000)
    clean = {"clean_canastras": 5, "meld_points": 300, "took_morto": True}
    # A went out with 100 in its partner's hand: B scores it, and both make 1,500.
    record(match, quick(clean | {"went_out": True, "hand_points": 100}, clean))
    assert totals(match) == [1_500, 1_500]
    match.refresh_from_db()
    assert not match.is_finished
    assert game.winners(match.view()) == []
    tied = "Tied at the top: another hand is played"
    assert [tied in lines for lines in notes(match).values()] == [True, True]


def test_a_match_without_a_target_is_ended_by_the_players():
    match = make_match("canastra", PAIRS)
    record(match, PAGE_HAND)
    assert game.closable(match.view())
    assert game.winners(match.view()) == []
    assert game.winners(match.view(), closing=True) == [0]


def test_the_same_request_twice_records_one_hand():
    match = canastra_match()
    request_id = uuid.uuid4()
    record(match, PAGE_HAND, request_id=request_id)
    record(match, PAGE_HAND, request_id=request_id)
    assert totals(match) == [525, 345]
