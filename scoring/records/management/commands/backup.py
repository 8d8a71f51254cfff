"""``manage.py backup [directory] [--keep N]``: a copy of the embedded (SQLite) database
taken while phones go on writing, keeping the newest N copies.

SQLite's online backup API copies the database as one consistent snapshot: under WAL
the copy reads as one transaction while writers carry on, so a hand is either wholly in
the copy or not at all (copying the file with ``cp`` is not safe while the WAL holds
pages not yet written back). Each copy is checked (``PRAGMA integrity_check``) before it
takes its final name. Restoring is copying one back while the app is stopped
(docs/deploy.md)."""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.db import connection
from django.utils import timezone

PREFIX = "tento-"
SUFFIX = ".sqlite3"


class Command(BaseCommand):
    help = "Back up the SQLite database (online, safe while phones write); keep the last N."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "directory",
            nargs="?",
            default=os.environ.get("BACKUP_DIR") or str(settings.BASE_DIR / "backups"),
            help="where the copies go (default: $BACKUP_DIR, else backups/)",
        )
        parser.add_argument("--keep", type=int, default=14, help="copies kept (default 14)")

    def handle(self, *args, **options) -> None:
        if connection.vendor != "sqlite":
            raise CommandError("backup copies the SQLite database; for PostgreSQL use pg_dump")
        if options["keep"] < 1:
            raise CommandError("--keep must be 1 or more")
        directory = Path(options["directory"])
        directory.mkdir(parents=True, exist_ok=True)
        target = directory / f"{PREFIX}{timezone.now():%Y%m%d-%H%M%S-%f}{SUFFIX}"
        partial = target.with_name(target.name + ".partial")
        connection.ensure_connection()
        copy = sqlite3.connect(partial)
        try:
            connection.connection.backup(copy)
            # One self-contained file: the copy leaves WAL mode (no -wal beside it).
            copy.execute("PRAGMA journal_mode=DELETE")
            (verdict,) = copy.execute("PRAGMA integrity_check").fetchone()
        finally:
            copy.close()
        if verdict != "ok":
            partial.unlink()
            raise CommandError(f"the copy failed its integrity check: {verdict}")
        partial.rename(target)
        copies = sorted(directory.glob(f"{PREFIX}*{SUFFIX}"))
        for old in copies[: -options["keep"]]:
            old.unlink()
        self.stdout.write(str(target))
