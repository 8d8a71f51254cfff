"""A phone whose hand meets a database that cannot write (disk full, read-only) is told so
in the page, and keeps what it typed."""

from __future__ import annotations

import sqlite3

import pytest
from django.db import OperationalError
from playwright.sync_api import expect

from scoring.ledger.models import Match
from tests.conftest import make_match

pytestmark = pytest.mark.django_db(transaction=True)


def disk_full() -> OperationalError:
    """The error Django raises when SQLite finds the disk full."""
    db = sqlite3.connect(":memory:")
    db.execute("PRAGMA max_page_count = 1")
    try:
        db.execute("CREATE TABLE a (x)")
        db.execute("CREATE TABLE b (x)")
    except sqlite3.OperationalError as error:
        wrapped = OperationalError(*error.args)
        wrapped.__cause__ = error
        return wrapped
    raise AssertionError("the disk did not fill")


def test_a_hand_that_cannot_be_saved_is_said_and_the_form_kept(scorer, monkeypatch):
    match = make_match("free", (("Ana",), ("Bia",)))
    error = disk_full()

    def full(*args, **kwargs):
        raise error

    monkeypatch.setattr(Match, "record_hand", full)
    page = scorer(match, language="en")
    page.allow_network_errors = True  # the 503 is what this test is about
    page.goto(f"/matches/{match.code}/")
    page.fill("#hand-form [name=side_0]", "12")
    page.fill("#hand-form [name=side_1]", "7")
    page.click("#hand-form button[type=submit]")
    expect(page.locator("#messages")).to_contain_text("The server cannot save right now")
    expect(page.locator("#hand-form [name=side_0]")).to_have_value("12")
    expect(page.locator("#hand-form [name=side_1]")).to_have_value("7")
    assert not match.hands.exists()
