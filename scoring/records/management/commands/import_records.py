"""``manage.py import_records file``: read a JSON export back. Matches whose code is
already here are left as they are (importing the same file twice adds nothing)."""

from __future__ import annotations

import json
import sys

from django.core.management.base import BaseCommand, CommandError, CommandParser

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
            imported, skipped = import_json(data)
        except (OSError, ValueError, KeyError, ImportError_) as error:
            raise CommandError(f"cannot import {options['file']}: {error}") from error
        self.stdout.write(f"{imported} matches imported, {skipped} already here")
