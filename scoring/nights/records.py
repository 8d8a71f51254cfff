"""A night's event in the operator's JSON export (``export_records``) and back in with
``import_records``, so that the night run in a room with no internet can be taken to
the club's hosted Tento: the event, its entrants, rounds, byes, tables (by their
match's code), substitutions, directors and the night's close. An event whose code is
already there is left as it is: importing the same file twice doubles nothing.

Each row's own fields are copied as the models declare them (only what both ends know
is read back), and the links between rows by what names them in the file: the club's
and the matches' codes, the entrants' names (one name per event), the accounts'
usernames."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable
from typing import Any

from django.contrib.auth import get_user_model
from django.db import models
from django.utils.dateparse import parse_datetime

from scoring.clubs.models import Club
from scoring.events.models import Entrant, Event, Round, Substitution, Table, TableSeat
from scoring.leagues.models import Fixture
from scoring.ledger.models import Match
from scoring.nights.models import Closing


def _fields(model: type[models.Model]) -> list[models.Field]:
    return [f for f in model._meta.concrete_fields if not f.is_relation and not f.primary_key]


def _row(instance: models.Model) -> dict[str, Any]:
    values = {}
    for field in _fields(type(instance)):
        value = getattr(instance, field.attname)
        values[field.name] = value.isoformat() if isinstance(value, dt.datetime) else value
    return values


def _read(model: type[models.Model], data: dict[str, Any]) -> dict[str, Any]:
    values = {}
    for field in _fields(model):
        if field.name in data:
            value = data[field.name]
            if isinstance(field, models.DateTimeField) and isinstance(value, str):
                value = parse_datetime(value)
            values[field.name] = value
    return values


def _username(user: Any) -> str | None:
    return user.get_username() if user else None


def export_events(events: Iterable[Event]) -> list[dict[str, Any]]:
    exported = []
    for event in events:
        closing = Closing.objects.filter(event=event).first()
        rounds = event.round_set.prefetch_related(
            "byes", "tables__seats__entrant", "tables__match"
        )
        exported.append(
            _row(event)
            | {
                "club": event.club.code,
                "created_by": _username(event.created_by),
                "directors": [_username(user) for user in event.directors.all()],
                "entrants": [
                    _row(entrant)
                    | {"substitutions": [_row(sub) for sub in entrant.substitutions.all()]}
                    for entrant in event.entrants.all()
                ],
                "round_list": [
                    _row(row)
                    | {
                        "drawn_by": _username(row.drawn_by),
                        "byes": [entrant.name for entrant in row.byes.all()],
                        "tables": [
                            _row(table)
                            | {
                                "match": table.match.code,
                                "closed_by": _username(table.closed_by),
                                "entrants": [seat.entrant.name for seat in table.seats.all()],
                            }
                            for table in row.tables.all()
                        ],
                    }
                    for row in rounds
                ],
                "fixtures": [_fixture_row(f) for f in event.fixtures.all()],
                "closing": (
                    _row(closing) | {"closed_by": _username(closing.closed_by)}
                    if closing
                    else None
                ),
            }
        )
    return exported


def _fixture_row(fixture: Fixture) -> dict[str, Any]:
    return _row(fixture) | {
        "home": fixture.home.name,
        "away": fixture.away.name,
        "match": fixture.match.code if fixture.match else None,
        "walkover_to": fixture.walkover_to.name if fixture.walkover_to else None,
        **{
            who: _username(getattr(fixture, who))
            for who in ("reported_by", "confirmed_by", "ruled_by")
        },
    }


class EventImportError(ValueError):
    pass


def import_events(events: list[dict[str, Any]]) -> tuple[int, int]:
    """Read the events of an export back (inside the caller's transaction, after its
    matches). Returns (imported, already here)."""
    present = set(
        Event.objects.filter(code__in=[e["code"] for e in events]).values_list("code", flat=True)
    )
    User = get_user_model()
    usernames = {
        name
        for e in events
        for name in [e.get("created_by"), *e.get("directors", [])]
        + [r.get("drawn_by") for r in e.get("round_list", [])]
        + [f.get(who) for f in e.get("fixtures", []) for who in FIXTURE_PEOPLE]
        if name
    }
    users = {
        user.get_username(): user
        for user in User.objects.filter(**{f"{User.USERNAME_FIELD}__in": usernames})
    }
    for data in events:
        if data["code"] in present:
            continue
        _import_event(data, users)
    return len(events) - len(present), len(present)


def _import_event(data: dict[str, Any], users: dict[str, Any]) -> None:
    club = Club.objects.filter(code=data["club"]).first()
    if club is None:
        raise EventImportError(f"event {data['code']}: no club {data['club']!r}")
    event = _make(Event, data, club=club, created_by=users.get(data.get("created_by")))
    event.directors.set([users[n] for n in data.get("directors", []) if n in users])
    entrants = {}
    for item in data["entrants"]:
        entrant = _make(Entrant, item, event=event)
        entrants[entrant.name] = entrant
        for sub in item.get("substitutions", []):
            _make(Substitution, sub, entrant=entrant)
    codes = [t["match"] for r in data["round_list"] for t in r["tables"]]
    codes += [f["match"] for f in data.get("fixtures", []) if f.get("match")]
    matches = {m.code: m for m in Match.objects.filter(code__in=codes)}
    for item in data["round_list"]:
        row = _make(Round, item, event=event, drawn_by=users.get(item.get("drawn_by")))
        row.byes.set([entrants[name] for name in item["byes"]])
        for table_data in item["tables"]:
            match = matches.get(table_data["match"])
            if match is None:
                raise EventImportError(
                    f"event {data['code']}: table {table_data['number']}'s match "
                    f"{table_data['match']} is not in the file nor here"
                )
            table = Table.objects.create(
                round=row,
                match=match,
                closed_by=users.get(table_data.get("closed_by")),
                **_read(Table, table_data),
            )
            TableSeat.objects.bulk_create(
                TableSeat(table=table, entrant=entrants[name], position=position)
                for position, name in enumerate(table_data["entrants"])
            )
    for item in data.get("fixtures", []):
        _make(
            Fixture,
            item,
            event=event,
            home=entrants[item["home"]],
            away=entrants[item["away"]],
            match=matches.get(item.get("match") or ""),
            walkover_to=entrants.get(item.get("walkover_to") or ""),
            **{who: users.get(item.get(who)) for who in FIXTURE_PEOPLE},
        )
    if data.get("closing"):
        closing = data["closing"]
        _make(Closing, closing, event=event, closed_by=users.get(closing.get("closed_by")))


FIXTURE_PEOPLE = ("reported_by", "confirmed_by", "ruled_by")


def _make(model: type[models.Model], data: dict[str, Any], **links: Any) -> Any:
    made = model.objects.create(**links, **_read(model, data))
    stamps = _stamps(model, data)
    if stamps:
        model.objects.filter(pk=made.pk).update(**stamps)
    return made


def _stamps(model: type[models.Model], data: dict[str, Any]) -> dict[str, Any]:
    """The times ``auto_now_add`` stamped "now" on the way in, put back as recorded."""
    return {
        f.name: parse_datetime(data[f.name])
        for f in _fields(model)
        if getattr(f, "auto_now_add", False) and data.get(f.name)
    }
