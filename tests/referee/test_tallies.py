"""The steps Samba and Canastra take alike with a tallied hand (``referee.tallies``)."""

from __future__ import annotations

from dataclasses import dataclass

from referee.rulings import ScoreLine, Violation
from referee.tallies import each, located, meld_violations, off_step, sound_tallies


@dataclass(frozen=True)
class Tally:
    points: object = 0
    hand: object = 0


@dataclass(frozen=True)
class Judged:
    violations: tuple[Violation, ...] = ()


def test_each_is_one_line_for_a_count_and_none_for_none():
    assert each("game.bonus.x", 3, -100) == [ScoreLine("game.bonus.x", 3, -300, {"each": -100})]
    assert each("game.bonus.x", 0, 500) == []


def test_a_located_violation_says_where_first_and_keeps_its_params():
    violation = located(Violation("game.meld.x", {"cards": 2}), side=1)
    assert violation == Violation("game.meld.x", {"side": 1, "cards": 2})
    assert list(violation.params) == ["side", "cards"]


def test_meld_violations_name_each_meld_by_its_index():
    verdicts = [Judged(), Judged((Violation("game.meld.a"), Violation("game.meld.b", {"n": 1})))]
    assert meld_violations(verdicts, pair=0) == [
        Violation("game.meld.a", {"pair": 0, "meld": 1}),
        Violation("game.meld.b", {"pair": 0, "meld": 1, "n": 1}),
    ]


def test_off_step_names_each_sum_that_does_not_go_by_the_step_and_skips_non_numbers():
    found = off_step("game.hand.step", Tally(points=12, hand="x"), ("points", "hand"), 5, side=2)
    assert found == [Violation("game.hand.step", {"side": 2, "field": "points", "value": 12})]
    assert off_step("game.hand.step", Tally(points=15, hand=-5), ("points", "hand"), 5) == []


def test_a_side_own_rules_are_checked_only_on_a_sound_entry():
    def entry(index, tally):
        return [Violation("game.entry.bad", {"side": index})] if tally.points is None else []

    def side(index, tally):
        return [Violation("game.side.rule", {"side": index})]

    found, sound = sound_tallies([Tally(None), Tally(5)], entry, side)
    assert [(v.rule, v.params["side"]) for v in found] == [
        ("game.entry.bad", 0),
        ("game.side.rule", 1),
    ]
    assert sound == [(1, Tally(5))]
