"""CSV exports are opened in spreadsheets: a name typed at the table never runs there as a
formula (=, +, -, @ at the start of a text cell get an apostrophe), numbers stay numbers."""

from __future__ import annotations

import csv
import io

import pytest

from scoring.ledger.models import Match
from scoring.records.exports import match_csv, records_csv
from tests.conftest import make_match, record

pytestmark = pytest.mark.django_db

NAMES = ['=HYPERLINK("http://evil.example","x")', "@SUM(A1:A9)", "+cmd|' /C calc'!A0", "-2+3"]


@pytest.fixture
def sly_match() -> Match:
    match = make_match("free", [[name] for name in NAMES], names=NAMES)
    record(match, {"points": [-5, 10, 0, 3]})
    return match


def cells(text: str) -> list[list[str]]:
    return list(csv.reader(io.StringIO(text)))


def test_the_records_csv_escapes_names_that_a_spreadsheet_would_run(sly_match):
    rows = cells("".join(records_csv(Match.objects.all())))
    names = [row[6] for row in rows[1:]]
    players = [row[7] for row in rows[1:]]
    assert names == ["'" + name for name in NAMES]
    assert players == ["'" + name for name in NAMES]
    texts = [value for row in rows for value in row if not value.lstrip("-").isdigit()]
    assert not any(text.startswith(("=", "+", "-", "@")) for text in texts)
    assert [row[8] for row in rows[1:]] == ["-5", "10", "0", "3"]  # totals stay numbers


def test_the_match_csv_escapes_side_names_and_keeps_negative_scores_numbers(sly_match):
    rows = cells(match_csv(sly_match))
    assert rows[0][1] == "'" + NAMES[0] + " hand"
    assert all(header.startswith("'") for header in rows[0][1:])
    assert rows[1][1:3] == ["-5", "-5"]  # a score, not text: left as the number it is


def test_the_downloaded_csv_is_escaped_too(scorer, sly_match):
    client = scorer(sly_match)
    response = client.get(f"/records/matches/{sly_match.code}/hands.csv")
    assert response.status_code == 200
    assert "'@SUM(A1:A9) hand" in response.content.decode()
