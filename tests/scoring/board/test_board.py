"""The board for the club's TV: every table's state and the standing, polled with one
event-level ETag (304 while nothing changed), in queries that do not grow with the
tables."""

from __future__ import annotations

import re
from html import escape

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from scoring.board.models import RoundClock
from scoring.board.views import LINES_A_PAGE, TABLES_A_PAGE
from scoring.events.models import Event, Round
from scoring.events.standing import board_of
from tests.conftest import record
from tests.scoring.events.conftest import make_event, phone, play_round


def tables_of(page: str) -> dict[str, str]:
    return dict(re.findall(r'data-table="(\d+)" data-state="(\w+)"', page))


def test_the_board_shows_the_rounds_seating_then_each_tables_state(event):
    carol = phone("carol")
    page = carol.get(f"/events/{event.code}/board/").content.decode()
    assert "Round 1: the seating" in page
    assert tables_of(page) == {"1": "playing", "2": "playing", "3": "playing"}
    first = board_of(event).current_tables()[0]
    record(first.match, {"points": [60, 40]})
    page = carol.get(f"/events/{event.code}/board/").content.decode()
    assert "Round 1: the seating" not in page
    assert 'data-table="1" data-state="playing" data-hands="1"' in page
    assert "playing · 1 hand" in page


def test_the_next_rounds_seating_shows_as_soon_as_it_is_drawn(event):
    play_round(event)
    event.draw_round(2, seed=3)
    page = phone("carol").get(f"/events/{event.code}/board/").content.decode()
    assert "Round 2: the seating" in page
    for table in board_of(event).current_tables():
        assert all(escape(e.name) in page for e in table.entrants)


def test_the_board_poll_is_304_until_a_hand_or_the_clock_moves(event):
    carol = phone("carol")
    url = f"/events/{event.code}/board/live/"
    etag = carol.get(url)["ETag"]
    assert carol.get(url, HTTP_IF_NONE_MATCH=etag).status_code == 304
    record(board_of(event).current_tables()[0].match, {"points": [60, 40]})
    moved = carol.get(url, HTTP_IF_NONE_MATCH=etag)
    assert moved.status_code == 200 and 'data-hands="1"' in moved.content.decode()
    etag = moved["ETag"]
    RoundClock.control(Round.objects.get(event=event), "start")
    assert carol.get(url, HTTP_IF_NONE_MATCH=etag).status_code == 200


def test_the_board_is_the_events_to_see(event):
    assert phone("dave").get(f"/events/{event.code}/board/").status_code == 404
    assert phone(None).get(f"/events/{event.code}/board/live/").status_code == 404


def test_the_board_turns_pages_when_the_tables_or_lines_do_not_fit(club):
    many = [f"Pair {n:02}" for n in range(2 * TABLES_A_PAGE + 2)]
    event = make_event(club, entrants=many, name="Grande")
    event.draw_round(1, seed=1)
    page = phone("carol").get(f"/events/{event.code}/board/").content.decode()
    kinds = re.findall(r'data-page="\d+" data-kind="(\w+)"', page)
    assert kinds.count("seating") == 2  # 9 tables, 8 a page
    assert kinds.count("standing") == -(-len(many) // LINES_A_PAGE)
    assert page.count('<section class="tv-page') == len(kinds)
    assert len(re.findall(r'data-page="\d+" data-kind="\w+" hidden', page)) == len(kinds) - 1


def board_queries(client, event: Event, url: str) -> int:
    client.get(url)
    with CaptureQueriesContext(connection) as queries:
        assert client.get(url).status_code == 200
    return len(queries)


@pytest.mark.parametrize("path", ["board/", "board/live/"])
def test_the_board_makes_as_many_queries_at_nine_tables_as_at_three(club, event, path):
    big = make_event(club, entrants=[f"Pair {n:02}" for n in range(18)], name="Grande")
    big.draw_round(1, seed=1)
    for e in (event, big):
        for table in board_of(e).current_tables():
            record(table.match, {"points": [10, 5]})
    carol = phone("carol")
    few = board_queries(carol, event, f"/events/{event.code}/{path}")
    assert board_queries(carol, big, f"/events/{big.code}/{path}") == few


def test_an_unchanged_board_poll_costs_the_same_at_nine_tables_as_at_three(club, event):
    big = make_event(club, entrants=[f"Pair {n:02}" for n in range(18)], name="Grande")
    big.draw_round(1, seed=1)
    carol = phone("carol")
    counts = []
    for e in (event, big):
        url = f"/events/{e.code}/board/live/"
        etag = carol.get(url)["ETag"]
        with CaptureQueriesContext(connection) as queries:
            assert carol.get(url, HTTP_IF_NONE_MATCH=etag).status_code == 304
        counts.append(len(queries))
    assert counts[0] == counts[1] <= 5


def test_the_boards_own_link_shows_the_board_and_its_clock_to_a_tv_no_one_signs_in_on(event):
    desk = phone("alice").get(f"/events/{event.code}/desk/").content.decode()
    link = re.search(
        r'<section class="share-link" data-board-link>.*?value="([^"]+)"', desk, re.S
    ).group(1)
    key = link.split("?key=")[1]
    tv = phone(None)
    page = tv.get(f"/events/{event.code}/board/?key={key}")
    assert page.status_code == 200
    assert f"board/live/?key={key}" in page.content.decode()
    assert f"clock/?key={key}" in page.content.decode()
    assert tv.get(f"/events/{event.code}/board/live/?key={key}").status_code == 200
    assert tv.get(f"/events/{event.code}/clock/?key={key}").status_code == 200
    # It opens the board, nothing else of the event.
    assert tv.get(f"/events/{event.code}/?key={key}").status_code == 404
    assert tv.get(f"/events/{event.code}/desk/?key={key}").status_code == 404


def test_a_made_up_key_or_anothers_events_key_opens_nothing(club, event):
    other = make_event(club, name="Outra")
    desk = phone("alice").get(f"/events/{other.code}/desk/").content.decode()
    key = re.search(r"board/\?key=([\w-]+)", desk).group(1)
    tv = phone(None)
    assert tv.get(f"/events/{event.code}/board/?key={key}").status_code == 404
    assert tv.get(f"/events/{event.code}/board/?key=made-up").status_code == 404


def dispute_first_hand(match) -> None:
    from scoring.acceptance import table as acceptance

    actor = acceptance.Actor(None, "scorer-link", change=True)
    other = match.sides.get(position=1)
    acceptance.dispute(match, 1, actor, acceptance.Complaint(text="not 10"), as_side=other)


def test_the_board_and_the_event_page_show_a_disputed_table_until_it_is_ruled(club, event):
    from scoring.acceptance.models import Dispute

    carol = phone("carol")
    url = f"/events/{event.code}/board/live/"
    first = board_of(event).current_tables()[0]
    record(first.match, {"points": [10, 5]})
    etag = carol.get(url)["ETag"]
    assert "data-disputed" not in carol.get(f"/events/{event.code}/board/").content.decode()
    dispute_first_hand(first.match)
    moved = carol.get(url, HTTP_IF_NONE_MATCH=etag)
    assert moved.status_code == 200  # the TV redraws the table as disputed
    page = moved.content.decode()
    assert 'data-table="1" data-state="playing" data-hands="1" data-disputed' in page
    assert page.count("data-disputed-flag") == 1
    event_page = carol.get(f"/events/{event.code}/").content.decode()
    assert 'data-table="1" data-state="playing" data-disputed' in event_page
    Dispute.objects.update(status=Dispute.Status.RULED)
    first.match.restate()
    assert "data-disputed" not in carol.get(f"/events/{event.code}/board/").content.decode()


def test_disputed_tables_cost_no_more_queries_on_the_board(club, event):
    big = make_event(club, entrants=[f"Pair {n:02}" for n in range(18)], name="Grande")
    big.draw_round(1, seed=1)
    for e in (event, big):
        for table in board_of(e).current_tables():
            record(table.match, {"points": [10, 5]})
            dispute_first_hand(table.match)
    carol = phone("carol")
    few = board_queries(carol, event, f"/events/{event.code}/board/")
    assert board_queries(carol, big, f"/events/{big.code}/board/") == few
    assert board_of(big).current_tables()[8].disputed
