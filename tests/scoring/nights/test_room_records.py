"""A night run in a room with no internet, taken to the club's hosted Tento: the
operator's export carries the event (entrants, rounds, byes, tables by their matches,
substitutions, the close), and importing it into another database twice doubles
nothing."""

from __future__ import annotations

import datetime as dt
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.management import call_command
from django.utils import timezone

from scoring.events.models import Event
from scoring.events.standing import board_of
from scoring.leagues.league import make_fixtures
from scoring.leagues.models import Fixture, State
from scoring.ledger.models import Match
from scoring.nights.closing import close_night
from scoring.nights.records import EventImportError, import_events
from tests.scoring.events.conftest import make_event, person, play_round

ROOT = Path(__file__).resolve().parents[3]

STANDING = (
    "import json; from scoring.events.models import Event, Table;"
    "from scoring.events.standing import board_of;"
    "from scoring.ledger.models import Match, Hand;"
    "e = Event.objects.get(); b = board_of(e); names = {str(x.pk): x.name for x in b.entrants};"
    "print(json.dumps({'events': Event.objects.count(), 'tables': Table.objects.count(),"
    "'matches': Match.objects.count(), 'hands': Hand.objects.count(),"
    "'closed': hasattr(e, 'closing'),"
    "'standing': [[l.place, names[l.entrant], l.points] for l in b.lines]}))"
)


def a_rooms_night(club) -> Event:
    event = make_event(club, ["Ana & Bia", "Caio & Davi", "Edu & Fabi"], rounds=2)
    event.directors.add(person("bob"))
    event.draw_round(1, seed=5)
    play_round(event)
    event.entrants.get(name="Edu & Fabi").substitute("Fabi", "Gabi", 2)
    event.draw_round(2, seed=5)
    play_round(event)
    close_night(event)
    return event


def standing_of(event: Event) -> list[list[object]]:
    board = board_of(event)
    names = {str(e.pk): e.name for e in board.entrants}
    return [[line.place, names[line.entrant], line.points] for line in board.lines]


def test_the_export_carries_the_nights_event(club, tmp_path):
    event = a_rooms_night(club)
    path = tmp_path / "night.json"
    call_command("export_records", str(path), club=club.code)
    data = json.loads(path.read_text())
    [exported] = data["events"]
    assert exported["code"] == event.code and exported["directors"] == ["bob"]
    assert [len(r["tables"]) for r in exported["round_list"]] == [1, 1]
    assert sum(len(r["byes"]) for r in exported["round_list"]) == 2  # three pairs: a bye a round
    assert exported["closing"] is not None
    codes = {m["code"] for m in data["matches"]}
    assert {t["match"] for r in exported["round_list"] for t in r["tables"]} <= codes


def test_importing_a_rooms_night_twice_into_another_database_doubles_nothing(club, tmp_path):
    event = a_rooms_night(club)
    expected = standing_of(event)
    path = tmp_path / "night.json"
    call_command("export_records", str(path), club=club.code)

    hosted = tmp_path / "hosted.sqlite3"
    env = os.environ | {"DEBUG": "1", "DATABASE_URL": f"sqlite:///{hosted}", "REDIS_URL": ""}

    def manage(*args: str) -> str:
        command = [sys.executable, "manage.py", *args]
        done = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True)
        assert done.returncode == 0, done.stderr
        return done.stdout

    manage("migrate", "--noinput", "-v", "0")
    first = manage("import_records", str(path))
    assert "1 events imported, 0 already here" in first
    once = json.loads(manage("shell", "--no-imports", "-c", STANDING))
    second = manage("import_records", str(path))
    assert "0 events imported, 1 already here" in second
    assert "0 matches imported" in second
    twice = json.loads(manage("shell", "--no-imports", "-c", STANDING))
    assert once == twice
    assert (twice["events"], twice["tables"], twice["matches"]) == (1, 2, 2)
    assert twice["hands"] == 2 and twice["closed"]
    assert twice["standing"] == expected


def test_an_event_whose_club_is_not_there_is_refused(club):
    with pytest.raises(EventImportError):
        import_events([{"code": "nope", "club": "missing", "entrants": [], "round_list": []}])


def test_a_leagues_fixtures_travel_with_the_event(club, tmp_path):
    league = make_event(club, ["Ana & Bia", "Caio & Davi", "Edu & Fabi"], kind="league")
    make_fixtures(league, timezone.now() - dt.timedelta(days=1), days=7)
    first = league.fixtures.filter(round=1).select_related("home", "away").first()
    first.report(person(first.home.players[0].lower()), [5, 2])
    first.confirm(person(first.away.players[0].lower()))
    path = tmp_path / "league.json"
    call_command("export_records", str(path), club=club.code)
    data = json.loads(path.read_text())
    # into a database without the league (the hosted Tento before the import)
    Fixture.objects.all().delete()
    league.delete()
    Match.objects.filter(club=club).delete()
    for _ in range(2):
        call_command("import_records", str(path))
    assert Event.objects.filter(code=league.code).count() == 1
    settled = Fixture.objects.get(state=State.CONFIRMED)
    assert settled.scores == [5, 2] and settled.confirmed_by == person(
        first.away.players[0].lower()
    )
    assert Fixture.objects.count() == 3 and all(f.match_id for f in Fixture.objects.all())
    assert data["events"][0]["fixtures"][0]["home"]
