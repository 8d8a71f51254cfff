"""The charts' SVG: drawn the same in every language (numbers with a dot), and the match
chart following the match as it is played."""

from __future__ import annotations

import re
import uuid
import xml.etree.ElementTree as ET

import pytest

from scoring.ledger.models import Player
from tests.conftest import make_match, record

# Attributes of a chart's marks that hold numbers (``points`` and ``viewBox`` hold lists).
NUMERIC = {"x", "y", "x1", "y1", "x2", "y2", "cx", "cy", "r", "width", "height"}
NUMBER = re.compile(r"-?\d+(\.\d+)?")


def svg_numbers(html: str) -> list[str]:
    """Every number of every chart's SVG in ``html``, parsed as XML; the test fails if
    one is not a plain number written with a dot (a decimal comma breaks the drawing)."""
    drawings = re.findall(r'<svg [^>]*class="chart".*?</svg>', html, re.S)
    assert drawings, "no chart drawn"
    numbers: list[str] = []
    for drawing in drawings:
        for element in ET.fromstring(drawing).iter():
            for name, value in element.attrib.items():
                if name in NUMERIC:
                    numbers.append(value)
                elif name in ("points", "viewBox"):
                    numbers += value.replace(",", " ").split()
                    # a point is "x,y": exactly one comma each, never a decimal one
                    if name == "points":
                        assert all(p.count(",") == 1 for p in value.split()), value
    for number in numbers:
        assert NUMBER.fullmatch(number), number
    return numbers


@pytest.mark.parametrize("language", ["pt-br", "pl", "en"])
def test_the_match_chart_writes_its_numbers_with_a_dot_in_every_language(scorer, db, language):
    match = make_match("free", (("alice",), ("bob",), ("carol",)))
    client = scorer(match)
    for points in ((7, 3, 1), (2, 11, 5), (13, 0, 4)):
        record(match, {"points": list(points)})
    for url in (f"/records/matches/{match.code}/", f"/records/matches/{match.code}/chart/"):
        html = client.get(url, HTTP_ACCEPT_LANGUAGE=language).content.decode()
        numbers = svg_numbers(html)
        assert any("." in n for n in numbers)  # the chart has fractions to write
    # the end dots sit at the lines' ends, not at (0, 0)
    assert re.search(r'<circle [^>]*cx="312(\.0)?" cy="\d', html)


@pytest.mark.parametrize("language", ["pt-br", "pl", "en"])
def test_the_player_form_chart_writes_its_numbers_with_a_dot_in_every_language(
    scorer, club_night, language
):
    client = scorer(*club_night)
    alice = Player.objects.get(name="alice")
    html = client.get(f"/records/players/{alice.pk}/", HTTP_ACCEPT_LANGUAGE=language)
    numbers = svg_numbers(html.content.decode())
    assert any("." in n for n in numbers)


def test_the_match_chart_follows_the_match_on_every_poll(scorer, db):
    match = make_match("free", (("alice",), ("bob",)))
    client = scorer(match)
    live = f"/matches/{match.code}/live/"
    first = client.get(live)
    assert "<template data-match-chart>" in first.content.decode()
    assert 'data-hands="0"' in first.content.decode()
    for points in ((7, 3), (2, 11), (13, 0)):
        record(match, {"points": list(points)})
    html = client.get(live, HTTP_IF_NONE_MATCH=first["ETag"]).content.decode()
    chart = html[html.index("<template data-match-chart>") :]
    assert 'data-hands="3"' in chart and 'data-last="22"' in chart and 'data-last="14"' in chart
    svg_numbers(chart)


def test_a_recorded_hand_has_the_page_fetch_the_chart_again(scorer, db):
    match = make_match("free", (("alice",), ("bob",)))
    client = scorer(match)
    record(match, {"points": [4, 1]})
    match.refresh_from_db()
    response = client.post(
        f"/matches/{match.code}/hands/",
        {
            "side_0": "5",
            "side_1": "6",
            "request_id": str(uuid.uuid4()),
            "expected_number": "2",
            "known_version": str(match.version),
        },
        HTTP_HX_REQUEST="true",
    )
    html = response.content.decode()
    reload = re.search(r'<template data-match-chart data-reload="([^"]+)">', html)
    assert reload and "<svg" not in html  # this answer reads no scores back
    chart = client.get(reload[1]).content.decode()
    assert 'data-hands="2"' in chart and 'data-last="9"' in chart and 'data-last="7"' in chart
