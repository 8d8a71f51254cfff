"""``manage.py import_records file``: read a JSON export back. Matches whose code is
already here are left as they are (importing the same file twice adds nothing)."""

from __future__ import annotations

import json
import sys

from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.db import transaction

from scoring.nights.records import EventImportError, import_events
from scoring.records.exports import ImportError_, import_json


class Command(BaseCommand):
    help = "Import match records from a JSON export."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", help="a JSON export; - for stdin")

    def handle(self, *args, **options) -> None:
        try:
            if options["file"] == "-":
                data = json.load(sys.stdin)
            else:
                with open(options["file"], encoding="utf-8") as source:
                    data = json.load(source)
            # The events after their matches, all or nothing.
            with transaction.atomic():
                imported, skipped = import_json(data)
                events, events_here = import_events(data.get("events", []))
        except (OSError, ValueError, KeyError, ImportError_, EventImportError) as error:
            raise CommandError(f"cannot import {options['file']}: {error}") from error
        self.stdout.write(f"{imported} matches imported, {skipped} already here")
        self.stdout.write(f"{events} events imported, {events_here} already here")
