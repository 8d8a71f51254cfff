"""The rating model: openskill's Plackett-Luce (Weng & Lin's Bayesian approximation)
with its defaults (μ 25, σ 25/3, β 25/6, τ 25/300). Nothing here does rating maths of
its own: the updates, the ordinal and the predictions are openskill's.

The figure shown is openskill's ``ordinal`` (μ − 3σ: a skill the player is 99.7 % sure
to have at least) on a friendly scale: ``ordinal(alpha=40, target=1000)`` =
40 × (μ − 3σ) + 1000, rounded. A newcomer (μ 25, σ 25/3) shows 1000; every match that
makes the model surer of a player raises it, so the figure rewards being known to be
good, not only having won once.

Idle players: the model's dynamics add τ² to a player's variance each rating period
(``rate`` does it once per match). A rating period here is a day: every whole day since
a player's last match adds τ² more before their next one (and on the lists, up to
today), never above a newcomer's σ. A season away (90 days) takes a settled σ of 1.5 to
about 1.7, some 25 points off the figure: the list says how sure it is, not who stayed
away longest.
"""

from __future__ import annotations

import datetime as dt
import math
from collections.abc import Sequence
from functools import cache

from openskill.models import PlackettLuce, PlackettLuceRating

# The friendly scale: openskill's ordinal with these (see the module's text).
SCALE = 40
NEWCOMER = 1000
PERIOD = dt.timedelta(days=1)


@cache
def model() -> PlackettLuce:
    return PlackettLuce()


def fresh() -> PlackettLuceRating:
    return model().rating()


def rating(mu: float, sigma: float) -> PlackettLuceRating:
    return model().rating(mu=mu, sigma=sigma)


def figure(mu: float, sigma: float) -> int:
    return round(rating(mu, sigma).ordinal(alpha=SCALE, target=NEWCOMER))


def idle(player: PlackettLuceRating, days: float) -> PlackettLuceRating:
    """``player`` after ``days`` idle rating periods: τ² more variance each (the
    model's own dynamics), capped at a newcomer's σ."""
    periods = max(int(days), 0)
    if not periods:
        return player
    grown = math.sqrt(player.sigma**2 + periods * model().tau ** 2)
    return rating(player.mu, min(grown, model().sigma))


def idle_since(player: PlackettLuceRating, last: dt.datetime, now: dt.datetime):
    return idle(player, (now - last) / PERIOD)


def places(won: Sequence[bool], totals: Sequence[int]) -> list[int]:
    """Each side's final position: the winners first, then the rest by their totals,
    highest first (every game here scores up); sides level share a place."""
    keys = [(not w, -t) for w, t in zip(won, totals, strict=True)]
    return [1 + sum(other < key for other in keys) for key in keys]


def rate(
    teams: Sequence[Sequence[PlackettLuceRating]], ranks: Sequence[int]
) -> tuple[list[list[PlackettLuceRating]], list[float], list[int]]:
    """The teams after a match they finished in ``ranks`` (1 best), with what the model
    expected beforehand: each team's chance to win and its likeliest place."""
    teams = [list(team) for team in teams]
    wins = model().predict_win(teams)
    expected = [rank for rank, _chance in model().predict_rank(teams)]
    return model().rate(teams, ranks=[float(r) for r in ranks]), wins, expected
