"""Paper for the tables: table cards with each table's scorer link as a QR code, score
sheets, and a result written on a sheet typed in by a director so that the standing
counts it."""

from __future__ import annotations

import re
from html import escape

import pytest

from scoring.events.standing import board_of
from tests.conftest import make_match
from tests.scoring.events.conftest import PAIRS, make_event, phone


def test_a_table_card_has_its_number_its_seats_and_its_scorer_links_qr(event):
    page = phone("alice").get(f"/events/{event.code}/cards/").content.decode()
    tables = board_of(event).current_tables()
    cards = re.split(r"<article ", page)[1:]
    assert len(cards) == len(tables)
    for card, table in zip(cards, tables, strict=True):
        assert f'data-table-card="{table.number}"' in card
        assert f"Table {table.number}<" in card
        assert f"/score/{table.match.edit_token}/" in card
        assert re.search(r'<svg viewBox="[\d ]+" class="qr"', card)
        assert all(escape(e.name) in card for e in table.entrants)


def test_paper_is_a4_unless_letter_is_asked(event):
    alice = phone("alice")
    assert 'class="paper paper-a4"' in alice.get(f"/events/{event.code}/cards/").content.decode()
    letter = alice.get(f"/events/{event.code}/sheets/?paper=letter").content.decode()
    assert 'class="paper paper-letter"' in letter


def test_a_score_sheet_has_a_row_a_hand_a_column_a_side_totals_and_signatures(event):
    event.hands = 4
    event.save()
    page = phone("alice").get(f"/events/{event.code}/sheets/").content.decode()
    sheet = re.split(r"<article ", page)[1]
    body = sheet.split("<tbody>")[1].split("</tbody>")[0]
    assert body.count("<tr>") == 4
    assert body.count('<td class="side-start"></td>') == 4 * 2
    assert "Total" in sheet and sheet.count('class="signature"') == 2


@pytest.mark.parametrize("path", ["cards/", "sheets/"])
@pytest.mark.parametrize("who", ["carol", "dave", None])
def test_only_directors_print_the_tables_links(event, path, who):
    assert phone(who).get(f"/events/{event.code}/{path}").status_code == 404


def test_a_director_types_in_a_sheets_result_and_the_standing_counts_it(event):
    table = board_of(event).current_tables()[0]
    second = table.entrants[1]
    response = phone("bob").post(
        f"/events/{event.code}/tables/{table.row.pk}/paper/", {"score_0": 80, "score_1": 120}
    )
    assert response.status_code == 302
    after = board_of(event)
    typed = after.current_tables()[0]
    assert (typed.scores, typed.state, typed.points) == ([80, 120], "closed", [0, 2])
    line = next(line for line in after.lines if line.entrant == str(second.pk))
    assert line.points == 2


def test_a_sheets_result_needs_a_whole_number_for_every_side(event):
    table = board_of(event).current_tables()[0]
    phone("alice").post(f"/events/{event.code}/tables/{table.row.pk}/paper/", {"score_0": 80})
    assert board_of(event).current_tables()[0].state == "playing"


@pytest.mark.parametrize("who", ["carol", "dave", None])
def test_nobody_else_types_in_a_result(event, who):
    table = board_of(event).current_tables()[0]
    data = {"score_0": 80, "score_1": 120}
    response = phone(who).post(f"/events/{event.code}/tables/{table.row.pk}/paper/", data)
    assert response.status_code in (302, 404) and "desk" not in response.get("Location", "")
    assert board_of(event).current_tables()[0].state == "playing"


def test_a_tables_match_page_shows_the_round_clock_and_a_match_on_its_own_does_not(event):
    alice = phone("alice")
    table = board_of(event).current_tables()[0]
    assert "data-round-clock" in alice.get(table.match.get_absolute_url()).content.decode()
    alone = make_match(game="free", sides=["A", "B"])
    assert "data-round-clock" not in phone().get(alone.get_absolute_url()).content.decode()


def test_the_desk_has_the_clocks_buttons_and_the_rooms_paper(event):
    bob = phone("bob")
    page = bob.get(f"/events/{event.code}/desk/").content.decode()
    for mark in ("data-clock-start", 'data-clock-extend="5"', "data-open-board"):
        assert mark in page
    assert "data-clock-pause" not in page
    assert page.count("data-paper-table=") == 3
    bob.post(f"/events/{event.code}/clock/start/")
    running = bob.get(f"/events/{event.code}/desk/").content.decode()
    assert "data-clock-pause" in running and "data-clock-start" not in running
    bob.post(f"/events/{event.code}/clock/pause/")
    paused = bob.get(f"/events/{event.code}/desk/").content.decode()
    assert re.search(r"data-clock-start>Resume<", paused)


def test_a_score_sheet_has_the_games_own_columns_for_each_side(club):
    """Canastra's hand is entered per pair in counts: each pair's columns on paper are
    those counts, then the hand's points."""
    event = make_event(club, game="canastra", name="Canastra", hands=3, entrants=PAIRS[:4])
    event.draw_round(1, seed=2)
    page = phone("alice").get(f"/events/{event.code}/sheets/").content.decode()
    sheet = re.split(r"<article ", page)[1]
    columns = re.findall(r"<th(?: class=\"side-start\")?>([^<]+)</th>", sheet.split("<tbody>")[0])
    one_side = ["Clean canastras", "Dirty canastras", "Card points on the table"]
    one_side += ["Card points left in hand", "Points"]
    assert columns == one_side * 2
    assert sheet.split("<tbody>")[1].split("</tr>")[0].count("<td") == 1 + 2 * len(one_side)
