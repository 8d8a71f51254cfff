"""A database that cannot write (disk full, read-only) tells the phone so: 503 in the app's
own page, or for HTMX the message in the page, never a bare 500."""

from __future__ import annotations

import sqlite3
import uuid
from collections.abc import Iterator
from contextlib import contextmanager

import pytest
from django.db import OperationalError, connection

from scoring.errors import cannot_save
from scoring.ledger.models import Hand
from tests.helpers import HTMX

pytestmark = pytest.mark.django_db


@contextmanager
def cannot_write(reason: str) -> Iterator[None]:
    """The hands table refuses inserts as a full disk (``disk_full``) or a read-only
    database (``read_only``) would, with the database's own error."""
    with connection.cursor() as cursor:
        if connection.vendor == "sqlite":
            # SQLite's own read-only switch; a full disk is SQLITE_FULL, checked below.
            cursor.execute("PRAGMA query_only = ON")
        else:
            code = {"disk_full": "disk_full", "read_only": "read_only_sql_transaction"}[reason]
            cursor.execute(
                "CREATE FUNCTION tento_cannot_write() RETURNS trigger AS $$ BEGIN "
                f"RAISE EXCEPTION 'cannot write' USING ERRCODE = '{code}'; END $$ LANGUAGE plpgsql"
            )
            cursor.execute(
                f"CREATE TRIGGER tento_cannot_write BEFORE INSERT ON {Hand._meta.db_table} "
                "FOR EACH ROW EXECUTE FUNCTION tento_cannot_write()"
            )
    try:
        yield
    finally:
        with connection.cursor() as cursor:
            if connection.vendor == "sqlite":
                cursor.execute("PRAGMA query_only = OFF")
            else:
                cursor.execute(f"DROP TRIGGER tento_cannot_write ON {Hand._meta.db_table}")
                cursor.execute("DROP FUNCTION tento_cannot_write()")


@pytest.fixture
def phone(client, settings):
    settings.DEBUG = False  # the error pages a deployment shows
    client.raise_request_exception = False
    client.cookies["django_language"] = "en"
    return client


def hand(points: list[int]) -> dict[str, str]:
    data = {f"side_{i}": str(p) for i, p in enumerate(points)}
    return data | {"request_id": str(uuid.uuid4())}


@pytest.mark.parametrize("reason", ["disk_full", "read_only"])
def test_a_hand_that_cannot_be_saved_gets_the_503_page(scorer, phone, free_match, reason):
    scorer(free_match)  # the phone scores it
    with cannot_write(reason):
        response = phone.post(f"/matches/{free_match.code}/hands/", hand([1, 2, 3]))
    assert response.status_code == 503
    html = response.content.decode()
    assert "The server cannot save right now" in html
    assert 'class="brand"' in html  # the app's own page, not a bare one
    assert not free_match.hands.exists()


@pytest.mark.parametrize("reason", ["disk_full", "read_only"])
def test_an_htmx_tap_that_cannot_be_saved_is_told_in_the_page(scorer, phone, free_match, reason):
    scorer(free_match)  # the phone scores it
    with cannot_write(reason):
        response = phone.post(f"/matches/{free_match.code}/hands/", hand([1, 2, 3]), **HTMX)
    assert response.status_code == 503
    assert response["HX-Reswap"] == "none"  # the form stays as typed
    html = response.content.decode()
    assert 'id="messages"' in html and 'hx-swap-oob="true"' in html
    assert "The server cannot save right now" in html


def test_any_other_server_error_is_still_a_500(scorer, phone, free_match, monkeypatch):
    scorer(free_match)  # the phone scores it

    def broken(*args, **kwargs):
        raise OperationalError("server closed the connection unexpectedly")

    monkeypatch.setattr(type(free_match), "record_hand", broken)
    response = phone.post(f"/matches/{free_match.code}/hands/", hand([1, 2, 3]))
    assert response.status_code == 500


def sqlite_error(*statements: str) -> OperationalError:
    db = sqlite3.connect(":memory:")
    try:
        for statement in statements:
            db.execute(statement)
    except sqlite3.OperationalError as error:
        wrapped = OperationalError(*error.args)
        wrapped.__cause__ = error
        return wrapped
    raise AssertionError("no error")


def test_it_knows_sqlite_s_full_disk_and_read_only_database_from_other_errors():
    full = sqlite_error("PRAGMA max_page_count = 1", "CREATE TABLE t (x)", "CREATE TABLE u (x)")
    assert "full" in str(full) and cannot_save(full)
    read_only = sqlite_error("PRAGMA query_only = ON", "CREATE TABLE t (x)")
    assert "readonly" in str(read_only) and cannot_save(read_only)
    assert not cannot_save(sqlite_error("SELECT * FROM missing"))
