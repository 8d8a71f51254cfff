"""Ratings worked out by hand from openskill's own functions, match by match, and
compared with what the club's tables hold."""

from __future__ import annotations

import pytest
from openskill.models import PlackettLuce

from scoring.ledger.models import Player
from scoring.ratings.models import Rating, RatingChange
from scoring.ratings.recompute import rebuild
from tests.scoring.ratings.conftest import at, finished


def by_name(game: str = "free", season=None) -> dict[str, Rating]:
    rows = Rating.objects.filter(game=game, season=season).select_related("player")
    return {row.player.name: row for row in rows}


def test_a_small_club_rated_as_openskill_rates_it(club):
    # Two pairs, then the pairs change, then a three-way free-for-all.
    finished(club, [["ana", "bia"], ["caio", "duda"]], [100, 60], when=at(1))
    finished(club, [["ana", "caio"], ["bia", "duda"]], [30, 90], when=at(1, 22))
    finished(club, [["ana"], ["bia"], ["caio"]], [5, 40, 12], when=at(1, 23))
    rebuild()

    model = PlackettLuce()
    r = {name: model.rating() for name in ("ana", "bia", "caio", "duda")}
    [[r["ana"], r["bia"]], [r["caio"], r["duda"]]] = model.rate(
        [[r["ana"], r["bia"]], [r["caio"], r["duda"]]], ranks=[1, 2]
    )
    [[r["ana"], r["caio"]], [r["bia"], r["duda"]]] = model.rate(
        [[r["ana"], r["caio"]], [r["bia"], r["duda"]]], ranks=[2, 1]
    )
    chances = model.predict_win([[r["ana"]], [r["bia"]], [r["caio"]]])
    [[r["ana"]], [r["bia"]], [r["caio"]]] = model.rate(
        [[r["ana"]], [r["bia"]], [r["caio"]]], ranks=[3, 1, 2]
    )

    kept = by_name()
    for name, expected in r.items():
        assert kept[name].mu == pytest.approx(expected.mu)
        assert kept[name].sigma == pytest.approx(expected.sigma)
        shown = round(expected.ordinal(alpha=40, target=1000))
        assert kept[name].figure == shown
    assert {name: row.played for name, row in kept.items()} == {
        "ana": 3,
        "bia": 3,
        "caio": 3,
        "duda": 2,
    }
    last = RatingChange.objects.filter(player=Player.named("bia")).latest("finished_at")
    assert last.place == 1 and last.sides == 3
    assert last.expected_win == pytest.approx(chances[1])
    assert last.opponents == [["ana"], ["caio"]] and last.partners == []


def test_a_level_match_shares_the_place(club):
    finished(club, [["ana"], ["bia"]], [50, 50], when=at(1))
    rebuild()
    model = PlackettLuce()
    [[ana], [bia]] = model.rate([[model.rating()], [model.rating()]], ranks=[1, 1])
    kept = by_name()
    assert kept["ana"].mu == pytest.approx(ana.mu)
    assert kept["bia"].mu == pytest.approx(bia.mu) == pytest.approx(ana.mu)
    assert {c.place for c in RatingChange.objects.all()} == {1}


def test_partners_who_always_play_together_move_together(club):
    for day, totals in enumerate([[100, 60], [40, 90], [120, 30], [80, 70]], start=1):
        finished(club, [["ana", "bia"], ["caio", "duda"]], totals, when=at(day))
        finished(club, [["ana", "bia"], ["eva", "fábio"]], totals[::-1], when=at(day, 22))
    rebuild()
    kept = by_name()
    for one, other in (("ana", "bia"), ("caio", "duda"), ("eva", "fábio")):
        assert kept[one].mu == pytest.approx(kept[other].mu)
        assert kept[one].sigma == pytest.approx(kept[other].sigma)
        assert kept[one].figure == kept[other].figure
    ana = [c.mu for c in RatingChange.objects.filter(player__name="ana")]
    bia = [c.mu for c in RatingChange.objects.filter(player__name="bia")]
    assert ana == pytest.approx(bia) and len(ana) == 8
    # Their moves are real: the pair won five of its eight.
    assert kept["ana"].mu != pytest.approx(PlackettLuce().mu)


def test_an_idle_player_is_less_certain_as_openskill_tau_allows(club):
    finished(club, [["ana"], ["bia"]], [10, 5], when=at(1))
    finished(club, [["ana"], ["caio"]], [10, 5], when=at(31))
    rebuild()
    model = PlackettLuce()
    [[ana], [_bia]] = model.rate([[model.rating()], [model.rating()]], ranks=[1, 2])
    change = RatingChange.objects.get(player__name="ana", finished_at=at(31))
    # Thirty idle days: thirty periods of the model's own dynamics, tau² each.
    assert change.mu_before == pytest.approx(ana.mu)
    assert change.sigma_before**2 == pytest.approx(ana.sigma**2 + 30 * model.tau**2)


def test_matches_of_other_clubs_or_none_do_not_count(club):
    from scoring.clubs.models import Club

    other = Club.objects.create(name="Outro")
    finished(club, [["ana"], ["bia"]], [10, 5], when=at(1))
    finished(other, [["ana"], ["bia"]], [1, 5], when=at(2))
    loose = finished(club, [["ana"], ["bia"]], [1, 5], when=at(3))
    loose.__class__.objects.filter(pk=loose.pk).update(club=None)
    rebuild()
    assert Rating.objects.filter(club=club, player__name="ana").get().played == 1
    assert Rating.objects.filter(club=other, player__name="ana").get().played == 1


@pytest.mark.parametrize("game", ["pifpaf", "pinkerton"])
def test_an_individual_game_is_a_free_for_all_by_final_position(club, game):
    # Four players; the winner, then the rest by their totals; two level share third.
    finished(
        club, [["ana"], ["bia"], ["caio"], ["duda"]], [30, -5, -10, -10], when=at(1), game=game
    )
    rebuild()
    model = PlackettLuce()
    teams = [[model.rating()] for _ in range(4)]
    expected = model.rate(teams, ranks=[1, 2, 3, 3])
    kept = by_name(game)
    for name, [rating] in zip(("ana", "bia", "caio", "duda"), expected, strict=True):
        assert kept[name].mu == pytest.approx(rating.mu)
    places = dict(RatingChange.objects.values_list("player__name", "place"))
    assert places == {"ana": 1, "bia": 2, "caio": 3, "duda": 3}
    assert not Rating.objects.filter(game="free").exists()
