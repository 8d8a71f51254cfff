"""The league's fixtures and standing: the whole round robin laid out over windows of
so many days (``referee.events.circle_rounds``), and the standing of the settled
fixtures by the event's scale and tiebreaks (``referee.events.standing``)."""

from __future__ import annotations

import datetime as dt
from typing import Any

from django.db import transaction

from referee.events import (
    Result,
    StandingLine,
    circle_rounds,
    standing,
    tiebreaks_for,
    victory_points,
)
from scoring.events.models import Event
from scoring.leagues.models import Fixture, State, start_match


def make_fixtures(event: Event, opens: dt.datetime, days: int) -> list[Fixture]:
    """Every two entrants meet once; round n's window opens ``(n-1) × days`` after
    ``opens`` and lasts ``days``. Made once: a league with fixtures keeps them."""
    with transaction.atomic():
        locked = Event.objects.select_for_update().get(pk=event.pk)
        if locked.fixtures.exists():
            return list(locked.fixtures.all())
        entrants = {str(e.pk): e for e in locked.entrants.filter(withdrawn_from__isnull=True)}
        made = []
        for number, pairs in enumerate(circle_rounds(list(entrants)), start=1):
            start = opens + dt.timedelta(days=days * (number - 1))
            for home_id, away_id in pairs:
                if home_id is None or away_id is None:
                    continue  # a bye: that pair rests this window
                home, away = entrants[home_id], entrants[away_id]
                made.append(
                    Fixture.objects.create(
                        event=locked,
                        round=number,
                        home=home,
                        away=away,
                        match=start_match(locked, home, away),
                        opens_at=start,
                        deadline=start + dt.timedelta(days=days),
                    )
                )
        locked.touch()
        return made


def results(event: Event, fixtures: list[Fixture]) -> list[Result]:
    scale = event.scale_setting()
    found = []
    for fixture in fixtures:
        ids = (str(fixture.home_id), str(fixture.away_id))
        if fixture.state == State.CONFIRMED:
            points = victory_points(scale, fixture.scores)[0]
            found.append(Result(ids, tuple(points), tuple(fixture.scores)))
        elif fixture.state == State.WALKOVER:
            won = fixture.walkover_to_id == fixture.home_id
            win, loss = _walkover_points(event)
            found.append(Result(ids, (win, loss) if won else (loss, win)))
    return found


def _walkover_points(event: Event) -> tuple[float, float]:
    """A walkover scores as the widest win of the event's scale (a win, 20–0), or on a
    scale of raw differences or games won, the event's points for a bye against none."""
    scale = event.scale_setting()
    if isinstance(scale, dict):
        return scale["win"], scale["loss"]
    if scale in ("difference", "games"):
        return event.bye_points, 0
    points = victory_points(scale, [10**6, 0])[0]
    return points[0], points[1]


def league_standing(event: Event, fixtures: list[Fixture]) -> list[StandingLine]:
    return standing(
        [str(e.pk) for e in event.entrants.all()],
        results(event, fixtures),
        tiebreaks=tiebreaks_for("round-robin"),
        seed=event.pk,
    )


def named(lines: list[StandingLine], event: Event) -> list[dict[str, Any]]:
    names = {str(e.pk): e for e in event.entrants.all()}
    return [{"line": line, "entrant": names[line.entrant]} for line in lines]
