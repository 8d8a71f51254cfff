"""A club's records on a phone: three matches played, then the standings, a player's
page, the head-to-head and a match's chart, and the records exported and read back."""

from __future__ import annotations

import json

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from scoring.ledger.models import Match, Player
from scoring.records.exports import import_json
from tests.browser.conftest import assert_fits_the_phone
from tests.conftest import make_match, record

pytestmark = pytest.mark.django_db(transaction=True)


def play(sides, hands) -> Match:
    match = make_match("free", sides)
    for points in hands:
        record(match, {"points": points})
    match.finish()
    return match


def standings(page) -> list[tuple[str, str, str, str]]:
    return [
        (
            row.get_attribute("data-player"),
            row.get_attribute("data-played"),
            row.get_attribute("data-won"),
            row.get_attribute("data-difference"),
        )
        for row in page.locator("table.standings tbody tr[data-player]").all()
    ]


EXPECTED = [("Bia", "3", "2", "15"), ("Ana", "3", "1", "-15")]


def test_a_clubs_records_on_a_phone(scorer, tmp_path):
    first = play((("Ana",), ("Bia",)), [[10, 5], [20, 5]])  # Ana by 20
    second = play((("Ana",), ("Bia",)), [[5, 5], [0, 10], [0, 10]])  # Bia by 20
    third = play((("Ana",), ("Bia",)), [[7, 12], [3, 13]])  # Bia by 15
    page = scorer(first, second, third, language="en")

    page.goto("/")
    page.click("text=Records: standings, players, history")
    expect(page.locator("#ranking-rules")).to_contain_text("Ranked by wins")
    assert standings(page) == EXPECTED
    assert_fits_the_phone(page)

    page.click("table.standings >> text=Ana")
    expect(page.locator("h1")).to_have_text("Ana")
    row = page.locator("tr[data-game=free]")
    expect(row.locator(".win-rate")).to_have_text("33%")
    # Ana's side scored 10+20+5+0+0+7+3 = 45 in 7 hands
    expect(row).to_have_attribute("data-average", "6.4")
    expect(page.locator(".form-chart rect.bar")).to_have_count(3)
    expect(page.locator(".form-chart rect.bar.won")).to_have_count(1)
    assert_fits_the_phone(page)

    page.click("text=Head-to-head")
    # the names offered are refilled for the field being typed in, from what it holds
    with page.expect_response(lambda answer: "/records/players/names/" in answer.url) as asked:
        page.locator("[name=second]").press_sequentially("bi")
    assert asked.value.url.endswith("?q=bi")
    offered = page.locator("#player-names option")
    expect(offered).to_have_count(1)
    expect(offered).to_have_attribute("value", "Bia")
    page.fill("[name=first]", "Ana")
    page.fill("[name=second]", "Bia")
    page.click("button:has-text('Compare')")
    tally = page.locator("section.h2h")
    expect(tally).to_have_attribute("data-wins", "1-2")
    expect(tally).to_have_attribute("data-points", "45-60")
    assert_fits_the_phone(page)

    page.goto(third.get_absolute_url())
    chart = page.locator("#match-chart")  # loaded below the hands
    expect(chart).to_have_attribute("data-hands", "2")
    lines = chart.locator("polyline.series")
    expect(lines).to_have_count(2)
    assert [lines.nth(i).get_attribute("data-last") for i in range(2)] == ["10", "25"]
    # the lines are coloured by the scheme's custom properties, not left black
    colour = lines.first.evaluate("el => getComputedStyle(el).stroke")
    assert colour not in ("none", "rgb(0, 0, 0)")
    assert_fits_the_phone(page)

    page.goto("/records/")
    with page.expect_download() as download:
        page.click("a:has-text('JSON')")
    path = tmp_path / "records.json"
    download.value.save_as(path)
    data = json.loads(path.read_text())
    assert len(data["matches"]) == 3

    Match.objects.all().delete()
    Player.objects.all().delete()
    page.reload()
    assert standings(page) == []
    assert import_json(data) == (3, 0)
    page.reload()
    # The download carries no link (a reader of the file could score with it): the
    # matches read back have links of their own, and this phone sees them through those.
    assert standings(page) == []
    for match in Match.objects.all():
        page.goto(reverse("ledger:score", args=[match.edit_token]))
    page.goto("/records/")
    assert standings(page) == EXPECTED


def test_the_chart_follows_the_dark_scheme(scorer):
    match = play((("Ana",), ("Bia",)), [[7, 12]])
    page = scorer(match, language="en")
    page.emulate_media(color_scheme="light")
    page.goto(f"/records/matches/{match.code}/")
    line = page.locator("#match-chart polyline.series").first
    light = line.evaluate("el => getComputedStyle(el).stroke")
    page.emulate_media(color_scheme="dark")
    dark = line.evaluate("el => getComputedStyle(el).stroke")
    assert light != dark
    assert_fits_the_phone(page)


@pytest.mark.parametrize("language", ["pt-BR", "pl"])
def test_the_match_chart_draws_in_every_language_and_follows_the_match(scorer, language):
    match = make_match("free", (("Ana",), ("Bia",)))
    page = scorer(match, language=language)
    page.goto(match.get_absolute_url())
    chart = page.locator("#match-chart")
    expect(chart).to_have_attribute("data-hands", "0")
    # hands recorded on another phone: the page's chart follows with the scoreboard
    for points in ([7, 3], [2, 11], [13, 0]):
        record(match, {"points": points})
    expect(chart).to_have_attribute("data-hands", "3", timeout=8_000)
    # and a hand recorded on this phone, once its form is the fourth hand's (the form is
    # drawn again when other phones' hands arrive: typed into before, it would be lost)
    expect(page.locator("#hand-form [name=expected_number]")).to_have_value("4")
    page.fill("#hand-form [name=side_0]", "4")
    page.fill("#hand-form [name=side_1]", "5")
    page.click("#hand-form button[data-record]")
    expect(chart).to_have_attribute("data-hands", "4", timeout=8_000)
    # the end dots sit at the lines' ends (a decimal comma put them at the corner)
    for dot in chart.locator("circle.dot").all():
        box = dot.bounding_box()
        svg = chart.locator("svg").bounding_box()
        assert box["x"] > svg["x"] + svg["width"] / 2, (language, box, svg)
    assert_fits_the_phone(page)
