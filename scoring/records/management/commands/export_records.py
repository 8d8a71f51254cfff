"""``manage.py export_records [file] [--game G] [--club CODE] [--format json|csv]``: the
records as JSON (read back by ``import_records``) or CSV, to a file or standard output.

The JSON is an operator's copy for a restore: besides the matches it holds the clubs
(members, roles, guests) and the accounts they and the matches need, password hashes
included, and every match's scorer and read-only link tokens, so that read into an
empty database every match has its club, its owner and its links again.
Keep it as private as the database itself."""

from __future__ import annotations

import json
import sys

from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.utils import timezone

from scoring.clubs.models import Club
from scoring.events.models import Event
from scoring.ledger.models import Match
from scoring.nights.records import export_events
from scoring.records.exports import (
    FORMAT,
    VERSION,
    export_accounts,
    export_clubs,
    export_matches,
    people_of,
    records_csv,
)


class Command(BaseCommand):
    help = "Export match records as JSON (importable) or CSV."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", nargs="?", default="-", help="output file; - for stdout")
        parser.add_argument("--format", choices=["json", "csv"], default="json")
        parser.add_argument("--game", help="only this game's matches")
        parser.add_argument("--club", help="only this club (its code), with its people")

    def handle(self, *args, **options) -> None:
        matches = Match.objects.all()
        clubs = Club.objects.all()
        if options["club"]:
            clubs = clubs.filter(code=options["club"])
            if not clubs.exists():
                raise CommandError(f"no club {options['club']!r}")
            matches = matches.filter(club__in=clubs)
        if options["game"]:
            matches = matches.filter(game=options["game"])
        out = (
            sys.stdout if options["file"] == "-" else open(options["file"], "w", encoding="utf-8")  # noqa: SIM115
        )
        try:
            if options["format"] == "csv":
                for chunk in records_csv(matches):
                    out.write(chunk)
                return
            head = {
                "format": FORMAT,
                "version": VERSION,
                "exported_at": timezone.now(),
                "accounts": export_accounts(people_of(clubs, matches)),
                "clubs": export_clubs(clubs),
                # The clubs' events (a night's rounds and tables, by their matches' codes).
                "events": export_events(_events(clubs, options["game"])),
            }
            out.write(json.dumps(head, default=str)[:-1] + ', "matches": [')
            for n, match in enumerate(export_matches(matches, tokens=True)):
                out.write(("," if n else "") + "\n" + json.dumps(match, ensure_ascii=False))
            out.write("\n]}\n")
        finally:
            if out is not sys.stdout:
                out.close()


def _events(clubs, game: str | None):
    events = Event.objects.filter(club__in=clubs).select_related("club", "created_by")
    return events.filter(game=game) if game else events
