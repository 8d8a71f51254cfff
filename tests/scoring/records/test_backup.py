"""``manage.py backup``: an online copy of the SQLite database, whole and consistent while
a phone goes on recording hands, keeping the newest N; restored by copying it back."""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
import threading
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import call_command
from django.db import connection

from scoring.ledger.models import Hand, Match, Side
from tests.conftest import make_match, record

ROOT = Path(__file__).resolve().parents[3]
pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(connection.vendor != "sqlite", reason="backs up the SQLite database"),
]


def backup(directory: Path, keep: int = 14) -> Path:
    out = StringIO()
    call_command("backup", str(directory), "--keep", str(keep), stdout=out)
    return Path(out.getvalue().strip())


def rows(path: Path, query: str) -> list[tuple]:
    db = sqlite3.connect(path)
    try:
        return db.execute(query).fetchall()
    finally:
        db.close()


def test_a_backup_taken_while_hands_are_recorded_is_whole_and_consistent(tmp_path):
    match = make_match()
    record(match, {"points": [1, 2, 3]})
    stop = threading.Event()

    def phone() -> None:  # another phone at the table, recording all along
        try:
            while not stop.is_set():
                record(Match.objects.get(pk=match.pk), {"points": [1, 1, 1]})
        finally:
            connection.close()

    writer = threading.Thread(target=phone)
    writer.start()
    try:
        copies = [backup(tmp_path) for _ in range(5)]
    finally:
        stop.set()
        writer.join()
    hands_table, sides_table = Hand._meta.db_table, Side._meta.db_table
    for copy in copies:
        assert rows(copy, "PRAGMA integrity_check") == [("ok",)]
        assert rows(copy, "PRAGMA journal_mode") == [("delete",)]
        assert not Path(str(copy) + "-wal").exists()
        (hands,) = rows(copy, f"SELECT count(*) FROM {hands_table}")[0]
        # Each hand's totals went in with it: the copy's sides add up to its hands.
        totals = rows(copy, f"SELECT total FROM {sides_table} ORDER BY position")
        assert totals == [(1 + (hands - 1),), (2 + (hands - 1),), (3 + (hands - 1),)]
    recorded = [rows(copy, f"SELECT count(*) FROM {hands_table}")[0][0] for copy in copies]
    assert recorded == sorted(recorded) and Hand.objects.count() >= recorded[-1]


def test_it_keeps_the_newest_n_copies(tmp_path):
    make_match()
    made = [backup(tmp_path, keep=3) for _ in range(5)]
    assert sorted(tmp_path.glob("tento-*.sqlite3")) == made[-3:]
    assert not list(tmp_path.glob("*.partial"))


def test_a_copy_restored_in_place_of_the_database_serves_the_same_matches(tmp_path):
    match = make_match()
    for points in ([1, 2, 3], [4, 5, 6]):
        record(match, {"points": points})
    copy = backup(tmp_path)
    restored = tmp_path / "db.sqlite3"
    restored.write_bytes(copy.read_bytes())  # the app is stopped; the copy goes back
    code = (
        "from scoring.ledger.models import Match; m = Match.objects.get(); "
        "print(m.code, m.hands.count(), list(m.sides.values_list('total', flat=True)))"
    )
    env = os.environ | {"DATABASE_URL": f"sqlite:///{restored}", "DEBUG": "1"}
    result = subprocess.run(
        [sys.executable, "manage.py", "shell", "-v0", "-c", code],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.stdout.strip().split(maxsplit=2) == [match.code, "2", "[5, 7, 9]"], result.stderr
