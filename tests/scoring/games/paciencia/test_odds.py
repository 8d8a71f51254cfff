"""The odds on the rulebook page: read from odds.json, drawn as server-side SVG, and a
player's record set beside them."""

from __future__ import annotations

import json
import re

import pytest

from benchmarks.paciencia import shuffles_per_second
from referee.paciencia import wilson
from scoring.games.paciencia.odds import (
    ABOVE,
    BELOW,
    ODDS_FILE,
    WITHIN,
    Odds,
    endings,
    histogram,
    load_odds,
    record,
)

EN = {"HTTP_ACCEPT_LANGUAGE": "en"}
PT = {"HTTP_ACCEPT_LANGUAGE": "pt-br"}


@pytest.fixture
def odds() -> Odds:
    found = load_odds()
    assert found is not None
    return found


def test_the_odds_are_the_committed_file(odds):
    data = json.loads(ODDS_FILE.read_text())
    assert (odds.shuffles, odds.wins) == (data["shuffles"], data["wins"])
    assert (odds.low, odds.high) == tuple(data["ci95"])
    assert odds.estimate == data["estimate"]
    assert sum(odds.cards_left.values()) == odds.shuffles
    assert odds.lost + odds.wins == odds.shuffles


def test_no_file_is_no_odds(tmp_path):
    assert load_odds(tmp_path / "none.json") is None


def test_every_shuffle_is_one_bar_of_the_histogram_and_the_bars_stand_on_the_axis(odds):
    chart = histogram(odds)
    assert sum(bar.games for bar in chart.bars) == odds.shuffles
    assert chart.bars[0].won and not any(bar.won for bar in chart.bars[1:])
    assert all(bar.y + bar.height == pytest.approx(chart.base, abs=0.02) for bar in chart.bars)
    assert all(chart.left <= bar.x and bar.x + bar.width <= chart.right for bar in chart.bars)
    # the tallest bar reaches no higher than the axis' top, and the taller has more games
    assert min(bar.y for bar in chart.bars) >= chart.top - 0.01
    tall = sorted(chart.bars, key=lambda bar: bar.games)
    assert [bar.height for bar in tall] == sorted(bar.height for bar in tall)
    assert chart.y_ticks[0].label == "0%"


def test_the_deal_chart_is_won_in_each_deal_then_lost(odds):
    rows = endings(odds).rows
    assert [(row.won, row.deal) for row in rows] == [(True, 1), (True, 2), (True, 3), (False, 3)]
    assert sum(row.games for row in rows) == odds.shuffles
    assert sum(row.share for row in rows) == pytest.approx(1)


def test_a_record_is_set_against_the_computed_interval_and_its_own(odds):
    assert record(0, 0, odds).against is None
    assert record(10, 0, odds).against == BELOW
    assert record(10, 5, odds).against == ABOVE
    inside = next(n for n in range(100, 10_000) if odds.low < 6 / n < odds.high)
    assert record(inside, 6, odds).against == WITHIN
    few = record(10, 1, odds)
    assert (few.low, few.high) == wilson(1, 10)
    assert few.consistent is True  # one in ten is what chance gives over ten games
    assert record(20, 15, odds).consistent is False
    assert record(3, 1, None).against is None


@pytest.mark.django_db
def test_the_rulebook_page_shows_the_odds_above_the_rules(client, odds):
    page = client.get("/rules/paciencia/", **EN).content.decode()
    assert page.index('id="odds"') < page.index('id="paciencia.outcome.won"')
    assert f"<strong>{odds.estimate * 100:.2f}%</strong>" in page
    assert f"{odds.low * 100:.2f}–{odds.high * 100:.2f}%" in page
    assert page.count("<svg") == 2 and "<script" not in page.split('id="odds"')[1]
    # the won shuffles: a row for each deal in the first chart, the first bar of the second
    assert page.count('class="bar won"') == 3 + 1
    assert re.search(r'class="bar won"[^>]*data-left="0"', page)
    assert "paciencia/paciencia.css" in page


@pytest.mark.django_db
def test_the_charts_coordinates_are_numbers_an_svg_reads_in_every_language(client):
    page = client.get("/rules/paciencia/", **PT).content.decode()
    svg = page[page.index("<svg") : page.rindex("</svg>")]
    for value in re.findall(r'\s(?:x|y|x1|x2|y1|y2|width|height)="([^"]*)"', svg):
        assert re.fullmatch(r"-?\d+(\.\d+)?", value), value
    assert re.search(r'viewBox="0 0 \d+ \d+"', svg)


@pytest.mark.django_db
def test_other_games_rulebooks_have_no_extra_content(client):
    page = client.get("/rules/samba/", **EN).content.decode()
    assert 'id="odds"' not in page


def test_the_bench_figure_is_shuffles_played_out_per_second():
    assert shuffles_per_second(0.05) > 0
