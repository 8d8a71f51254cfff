"""Truco on the ledger: hands scored from the game in play, games and matches, the deal."""

from __future__ import annotations

from dataclasses import replace

import pytest
from django.core.exceptions import ValidationError

from referee.rulings import Breakdown, RuleError
from scoring.games.truco.progress import beans, progress, seats
from scoring.kit.match import MatchView, SideView
from scoring.kit.registry import get_game
from scoring.ledger.models import Match
from tests.conftest import make_match, record, totals
from tests.helpers import new_match_data

truco = get_game("truco")


def win(team: str | None) -> dict:
    return {"events": [{"type": "win", "team": team}]}


def truco_won(caller: str, answer: str = "accept") -> dict:
    other = "B" if caller == "A" else "A"
    events = [{"type": "raise", "team": caller}, {"type": answer, "team": other}]
    if answer == "accept":
        events.append({"type": "win", "team": caller})
    return {"events": events}


def view(
    *entries: dict,
    players=(("Ana", "Caio"), ("Bia", "Duda")),
    target: int | None = 12,
    **options,
) -> MatchView:
    """The match after ``entries``, its totals and running state kept as the ledger keeps
    them."""
    played = MatchView(
        options={"variant": "seed", "best_of": 1, **options},
        target=target,
        sides=tuple(
            SideView(position, " & ".join(names), names, 0)
            for position, names in enumerate(players)
        ),
        hands_played=0,
    )
    for entry in entries:
        try:
            scores = truco.score_hand(played, entry)
        except RuleError:  # a stored hand a correction made impossible keeps its score
            scores = [Breakdown(), Breakdown()]
        played = replace(
            played,
            hands_played=played.hands_played + 1,
            state=truco.state_after(played, entry, scores),
            sides=tuple(
                replace(side, total=side.total + score.total)
                for side, score in zip(played.sides, scores, strict=True)
            ),
        )
    return played


def scored(match_view: MatchView, entry: dict) -> list[int]:
    return [breakdown.total for breakdown in truco.score_hand(match_view, entry)]


def at(a: int, b: int) -> tuple[dict, ...]:
    """Earlier hands that leave a game to 12 at a–b: plain hands up to 10 each, then the
    steps to 11 and 12 (from 11–10, A runs from its mão de onze to make it 11–11)."""
    hands: list[dict] = []
    for i in range(max(min(a, 10), min(b, 10))):
        hands += [win("A")] * (i < min(a, 10)) + [win("B")] * (i < min(b, 10))
    if a >= 11:
        hands.append(win("A"))
    if b >= 11:
        hands.append({"events": [{"type": "run", "team": "A"}]} if a >= 11 else win("B"))
    hands += [win("A")] * (a == 12) + [win("B")] * (b == 12)
    return tuple(hands)


# --- a hand ---------------------------------------------------------------------------------


def test_a_plain_hand_scores_one_for_its_winner():
    breakdowns = truco.score_hand(view(), win("B"))
    assert [b.total for b in breakdowns] == [0, 1]
    assert breakdowns[1].lines[0].rule == "truco.hand.won"


def test_a_refused_truco_scores_one_for_the_caller():
    assert scored(view(), truco_won("A", "run")) == [1, 0]


def test_a_hand_is_scored_from_the_score_of_the_game_in_play():
    # A at 10: a truco won stops at the target.
    assert scored(view(*at(10, 3)), truco_won("A")) == [2, 0]


def test_a_hand_the_rules_refuse_is_a_violation():
    with pytest.raises(RuleError) as error:
        truco.score_hand(view(*at(11, 3)), truco_won("B"))
    assert error.value.rules == ["truco.mao-de-onze.no-truco"]


def test_page_mao_de_onze_the_team_at_eleven_runs():
    assert scored(view(*at(11, 7)), {"events": [{"type": "run", "team": "A"}]}) == [0, 1]


def test_page_mao_de_onze_played_and_lost_gives_three():
    entry = {"events": [{"type": "accept", "team": "A"}, {"type": "win", "team": "B"}]}
    assert scored(view(*at(11, 7)), entry) == [0, 3]


def test_page_a_penalty_never_gives_the_twelfth_tento():
    entry = {
        "events": [
            {"type": "penalty", "team": "B", "reason": "truco.penalty.disclosed-cards"},
            {"type": "run", "team": "A"},
        ]
    }
    breakdowns = truco.score_hand(view(*at(11, 5)), entry)
    assert [line.rule for line in breakdowns[1].lines] == [
        "truco.penalty.no-winning-tento",
        "truco.mao-de-onze.run",
    ]
    assert [b.total for b in breakdowns] == [0, 0]


def test_mineiro_hands_are_worth_two():
    assert scored(view(variant="mineiro"), win("A")) == [2, 0]


def test_a_game_to_fifteen_has_its_mao_de_onze_at_fourteen():
    assert progress(view(*[win("A")] * 14, target=15)).next_hand().kind == "mao-de-onze"
    assert progress(view(*[win("A")] * 11, target=15)).next_hand().kind == "normal"


def test_no_hand_after_the_match_is_won():
    with pytest.raises(RuleError) as error:
        truco.score_hand(view(*at(12, 0)), win("B"))
    assert error.value.rules == ["truco.match.over"]


# --- games and matches -------------------------------------------------------------------


def test_the_helper_reaches_the_scores_it_says():
    for a, b in [(11, 7), (11, 11), (12, 3), (0, 12), (11, 5), (5, 3)]:
        score = progress(view(*at(a, b))).score
        assert dict(score) == {"A": a, "B": b}


def test_the_match_is_won_when_a_team_reaches_the_target():
    assert truco.winners(view(*at(11, 11))) == []
    assert truco.winners(view(*at(11, 11), win("B"))) == [1]


def test_mao_de_ferro_with_no_winner_scores_nothing_and_is_dealt_again():
    match = view(*at(11, 11))
    assert progress(match).next_hand().kind == "mao-de-ferro"
    assert scored(match, win(None)) == [0, 0]
    again = progress(view(*at(11, 11), win(None)))
    assert again.next_hand().kind == "mao-de-ferro"
    assert again.mao != progress(match).mao


def test_a_best_of_three_starts_each_game_at_nil():
    first_game = at(12, 3)
    state = progress(view(*first_game, best_of=3))
    assert dict(state.score) == {"A": 0, "B": 0}
    assert dict(state.match.games) == {"A": 1, "B": 0}
    assert state.game_number == 2
    assert [dict(game.score) for game in state.games] == [{"A": 12, "B": 3}]
    assert truco.winners(view(*first_game, best_of=3)) == []
    assert truco.side_notes(view(*first_game, best_of=3)) == {
        0: ["Jogos ganhos: 1"],
        1: ["Jogos ganhos: 0"],
    }


def test_a_best_of_three_is_won_with_two_games():
    games = at(12, 0) + at(0, 12)
    assert truco.winners(view(*games, best_of=3)) == []
    assert truco.winners(view(*games, *at(12, 0), best_of=3)) == [0]
    # the hand that wins a game is scored at the game's score, not the match totals
    assert scored(view(*at(12, 0), *at(11, 0), best_of=3), win("A")) == [1, 0]


def test_a_single_game_has_no_side_notes():
    assert truco.side_notes(view(*at(12, 3))) == {}


def test_closing_names_the_team_ahead():
    assert truco.winners(view(*at(5, 3)), closing=True) == [0]
    assert truco.winners(view(*at(3, 3)), closing=True) == []
    state = view(*at(12, 0), *at(0, 5), best_of=3)
    assert truco.winners(state, closing=True) == [0]  # a game up beats more tentos


def test_a_stored_hand_that_a_correction_made_impossible_does_not_break_the_match():
    # A raise that was fine at 3 tentos is beyond the game once an earlier hand gave A 10.
    beyond = {
        "events": [
            {"type": "raise", "team": "B"},
            {"type": "raise", "team": "A"},
            {"type": "run", "team": "B"},
        ]
    }
    state = progress(view(*at(10, 0), beyond))
    # A's six cannot be called any more, and B cannot run from its own truco.
    assert dict(state.score) == {"A": 10, "B": 0}


# --- the table -----------------------------------------------------------------------------


def test_seats_alternate_the_teams_in_the_order_entered():
    assert [(s.team, s.name) for s in seats(view())] == [
        ("A", "Ana"),
        ("B", "Bia"),
        ("A", "Caio"),
        ("B", "Duda"),
    ]
    lonely = seats(view(players=(("Ana",), ("Bia", "Duda"))))
    assert [s.name for s in lonely] == ["Ana", "Bia", "Ana", "Duda"]


def test_the_deal_passes_to_the_right_after_every_hand():
    first = progress(view())
    assert (first.dealer.name, first.mao.name) == ("Duda", "Ana")
    second = progress(view(win("A")))
    assert (second.dealer.name, second.mao.name) == ("Ana", "Bia")
    fifth = progress(view(*at(2, 2)))
    assert (fifth.dealer.name, fifth.mao.name) == ("Duda", "Ana")


def test_tentos_are_shown_as_beans_in_heaps_of_three():
    assert beans(4, 12) == (
        (True, True, True),
        (True, False, False),
        (False, False, False),
        (False, False, False),
    )
    assert sum(len(heap) for heap in beans(0, 24)) == 24


# --- house rules -------------------------------------------------------------------------


def test_the_house_rules_are_the_variant_and_the_match_length():
    form = truco.options_form({"options-variant": "paulista", "options-best_of": "3"})
    assert form.is_valid(), form.errors
    assert form.cleaned_data == {
        "variant": "paulista",
        "best_of": 3,
        "accepted_truco_trick_decides": False,
    }


def test_a_game_is_played_to_twelve_fifteen_or_twenty_four():
    field = truco.target_field()
    assert [value for value, _label in field.choices] == [12, 15, 24]
    assert field.clean("15") == 15
    for target in ["13", "", "doze"]:
        with pytest.raises(ValidationError):
            field.clean(target)


@pytest.mark.django_db
def test_starting_a_truco_match(client):
    response = client.post(
        "/matches/new/truco/",
        new_match_data(
            ["Ana, Caio", "Bia, Duda"],
            {"target": 12, "options-variant": "mineiro", "options-best_of": 3},
        ),
    )
    match = Match.objects.get()
    assert response.status_code == 302
    assert (match.game, match.target) == ("truco", 12)
    assert match.options == {
        "variant": "mineiro",
        "best_of": 3,
        "accepted_truco_trick_decides": False,
    }


@pytest.mark.django_db
def test_a_match_through_the_ledger():
    match = make_match("truco", (("Ana", "Caio"), ("Bia", "Duda")), target=12)
    record(match, truco_won("A", "run"))
    for _ in range(3):
        record(match, truco_won("B"))
    assert totals(match) == [1, 9]
    record(match, win("B"))
    record(match, win("B"))
    assert totals(match) == [1, 11]
    # the mão de onze, played for 3: 11 + 3 stops at 12
    record(match, {"events": [{"type": "accept", "team": "B"}, {"type": "win", "team": "B"}]})
    match.refresh_from_db()
    assert totals(match) == [1, 12]
    assert match.is_finished
    assert list(match.sides.values_list("won", flat=True)) == [False, True]
