"""``manage.py export_records [file] [--game G] [--format json|csv]``: the records as
JSON (read back by ``import_records``) or CSV, to a file or standard output. The JSON
keeps every match's scorer and read-only link tokens, so a restore keeps the links
working: the file is a key to every match, to be kept like the database itself."""

from __future__ import annotations

import json
import sys

from django.core.management.base import BaseCommand, CommandParser
from django.utils import timezone

from scoring.ledger.models import Match
from scoring.records.exports import FORMAT, VERSION, export_matches, records_csv


class Command(BaseCommand):
    help = "Export match records as JSON (importable) or CSV."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", nargs="?", default="-", help="output file; - for stdout")
        parser.add_argument("--format", choices=["json", "csv"], default="json")
        parser.add_argument("--game", help="only this game's matches")

    def handle(self, *args, **options) -> None:
        matches = Match.objects.all()
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
            head = {"format": FORMAT, "version": VERSION, "exported_at": timezone.now()}
            out.write(json.dumps(head, default=str)[:-1] + ', "matches": [')
            for n, match in enumerate(export_matches(matches, tokens=True)):
                out.write(("," if n else "") + "\n" + json.dumps(match, ensure_ascii=False))
            out.write("\n]}\n")
        finally:
            if out is not sys.stdout:
                out.close()
