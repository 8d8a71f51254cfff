"""The event's pages and who may do what: only the club's admins and the event's
directors create, draw and adjust; anyone the club lets see its records sees the event;
everyone else is told it does not exist."""

from __future__ import annotations

import json
from html import escape

import pytest

from scoring.events.models import Event
from scoring.events.standing import board_of
from scoring.kit.registry import get_game
from tests.conftest import record
from tests.scoring.events.conftest import make_event, person, phone, play_round


def test_an_admin_creates_an_event_with_its_games_house_rules(club):
    alice = phone("alice")
    page = alice.get(f"/events/new/{club.code}/")
    assert 'data-game="canastra"' in page.content.decode()
    form = alice.get(f"/events/new/{club.code}/?game=canastra").content.decode()
    assert 'name="options-' in form and 'name="target"' in form
    response = alice.post(
        f"/events/new/{club.code}/",
        {
            "game": "canastra",
            "name": "Quarta",
            "kind": "night",
            "format": "swiss",
            "rounds": "3",
            "hands": "3",
            "scale": "burraco-3",
            "bye_points": "12",
            "win_points": "2",
            "draw_points": "1",
            "loss_points": "0",
            "target": "",
        }
        | house_rules("canastra"),
    )
    event = Event.objects.get()
    assert response.url == f"/events/{event.code}/desk/"
    assert (event.game, event.hands, event.scale, event.club) == ("canastra", 3, "burraco-3", club)
    assert event.created_by == person("alice")
    assert event.options  # the game's own house rules, as a match stores them


def house_rules(game: str) -> dict[str, str]:
    """The game's house rules as its form offers them (the defaults, as first drawn)."""
    form = get_game(game).options_form()
    return {
        form.add_prefix(name): str(field.initial)
        for name, field in form.fields.items()
        if field.initial not in (None, False)
    }


@pytest.mark.parametrize("who", ["bob", "carol", "dave", None])
def test_only_the_clubs_admins_create_events(club, who):
    client = phone(who)
    assert client.get(f"/events/new/{club.code}/?game=free").status_code in (302, 404)
    client.post(f"/events/new/{club.code}/", {"game": "free", "name": "X"})
    assert not Event.objects.exists()


def test_a_director_named_by_an_admin_draws_and_closes_but_a_member_does_not(event):
    carol, bob = phone("carol"), phone("bob")
    assert carol.get(f"/events/{event.code}/desk/").status_code == 404
    assert carol.post(f"/events/{event.code}/draw/", {"round": "1"}).status_code == 404
    assert not event.round_set.exists()
    # a member may not name directors; an admin names bob
    bob.post(f"/events/{event.code}/directors/", {"director": person("bob").pk})
    assert bob.get(f"/events/{event.code}/desk/").status_code == 404
    phone("alice").post(f"/events/{event.code}/directors/", {"director": person("bob").pk})
    assert bob.get(f"/events/{event.code}/desk/").status_code == 200
    assert bob.post(f"/events/{event.code}/draw/", {"round": "1"}).status_code == 302
    assert event.round_set.count() == 1
    table = board_of(event).current_tables()[0]
    assert carol.post(f"/events/{event.code}/tables/{table.row.pk}/close/").status_code == 404
    bob.post(f"/events/{event.code}/tables/{table.row.pk}/close/")
    table.row.refresh_from_db()
    assert table.row.closed and table.row.closed_by == person("bob")


def test_members_see_the_event_outsiders_do_not_and_a_tables_link_opens_it(event):
    event.draw_round(1, seed=1)
    url = event.get_absolute_url()
    assert phone("carol").get(url).status_code == 200
    assert phone("dave").get(url).status_code == 404
    guest = phone()
    assert guest.get(url).status_code == 404
    table = board_of(event).current_tables()[0]
    guest.get(f"/score/{table.match.edit_token}/")  # the table's scorer link
    assert guest.get(url).status_code == 200
    assert guest.get(f"/events/{event.code}/desk/").status_code == 404


def test_a_tables_scorer_link_changes_that_tables_match_only(event):
    event.draw_round(1, seed=1)
    first, second = board_of(event).current_tables()[:2]
    guest = phone()
    guest.get(f"/score/{first.match.edit_token}/")
    ok = guest.post(f"/matches/{first.match.code}/hands/", {"side_0": "10", "side_1": "5"})
    assert ok.status_code in (200, 302)
    refused = guest.post(f"/matches/{second.match.code}/hands/", {"side_0": "10", "side_1": "5"})
    assert refused.status_code == 404
    assert first.match.live_hands().count() == 1 and second.match.live_hands().count() == 0


def test_the_event_page_shows_each_tables_state_and_the_standing_with_reasons(event):
    event.draw_round(1, seed=1)
    play_round(event)
    event.draw_round(2, seed=2)
    page = phone("carol").get(event.get_absolute_url()).content.decode()
    assert page.count('data-state="finished"') == 3
    assert page.count('data-state="playing"') == 3
    assert "Most event points." in page
    board = board_of(event)
    top = board.lines[0]
    assert f'data-points="{top.points}"' in page
    assert page.count("data-place=") == 6


def test_an_entrants_view_shows_its_table_its_opponents_and_the_tables_link(event):
    event.draw_round(1, seed=1)
    table = board_of(event).current_tables()[1]
    me, other = table.entrants
    carol = phone("carol")
    page = carol.get(f"/events/{event.code}/entrants/{me.pk}/").content.decode()
    assert escape(other.name) in page and "Round 1, table 2" in page
    assert f"/watch/{table.match.share_token}/" in page  # a member follows it
    desk = phone("alice").get(f"/events/{event.code}/entrants/{me.pk}/").content.decode()
    assert f"/score/{table.match.edit_token}/" in desk  # a director hands on the scorer link


def test_the_desk_enters_late_entrants_withdraws_and_substitutes(event):
    alice = phone("alice")
    event.draw_round(1, seed=1)
    alice.post(f"/events/{event.code}/entrants/", {"players": "Mia, Nina"})
    late = event.entrants.get(name="Mia & Nina")
    assert late.joined_from == 2
    assert event.club.guests.filter(name="Mia").exists()  # typed: a guest of the club now
    gone = event.entrants.first()
    alice.post(f"/events/{event.code}/entrants/{gone.pk}/withdraw/")
    gone.refresh_from_db()
    assert gone.withdrawn_from == 2
    stays = event.entrants.all()[1]
    alice.post(
        f"/events/{event.code}/entrants/{stays.pk}/substitute/",
        {f"sub-{stays.pk}-replaced": stays.players[0], f"sub-{stays.pk}-substitute": "Zeca"},
    )
    stays.refresh_from_db()
    assert "Zeca" in stays.players
    assert stays.substitutions.get().from_round == 2


def test_two_taps_on_draw_make_one_round(event):
    alice = phone("alice")
    alice.post(f"/events/{event.code}/draw/", {"round": "1"})
    alice.post(f"/events/{event.code}/draw/", {"round": "1"})
    assert event.round_set.count() == 1
    page = alice.get(f"/events/{event.code}/desk/").content.decode()
    assert "Round 1 is already drawn." in page


def test_an_event_exports_as_csv_and_json(event):
    event.draw_round(1, seed=1)
    play_round(event)
    carol = phone("carol")
    rows = carol.get(f"/events/{event.code}/export.csv").content.decode().splitlines()
    assert rows[0].startswith("event,round,table,match")
    assert len(rows) == 1 + 6
    data = json.loads(carol.get(f"/events/{event.code}/export.json").content)
    assert data["format"] == "swiss" and len(data["entrants"]) == 6
    assert [t["points"] for t in data["round_list"][0]["tables"]] == [[2, 0]] * 3 or all(
        sorted(t["points"]) == [0, 2] for t in data["round_list"][0]["tables"]
    )
    assert [line["place"] for line in data["standing"]] == [1, 2, 3, 4, 5, 6]
    assert phone("dave").get(f"/events/{event.code}/export.json").status_code == 404


def test_the_records_api_and_exports_name_the_event_round_and_table(event):
    event.draw_round(1, seed=1)
    table = board_of(event).current_tables()[2]
    alice = phone("alice")
    streamed = alice.get("/records/export.csv").streaming_content
    rows = b"".join(streamed).decode().splitlines()
    assert rows[0].endswith(",event,round,table")
    assert any(row.endswith(f",{event.code},1,3") for row in rows[1:])
    from scoring.records.models import ApiToken

    _token, clear = ApiToken.issue(person("alice"))
    found = alice.get(
        f"/api/v1/records/matches/{table.match.code}",
        headers={"Authorization": f"Bearer {clear}"},
    ).json()
    assert found["event"] == {"code": event.code, "name": event.name, "round": 1, "table": 3}


def test_the_club_page_lists_its_events_and_offers_a_new_one_to_admins(event):
    page = phone("alice").get(event.club.get_absolute_url()).content.decode()
    assert event.get_absolute_url() in page and "data-new-event" in page
    member = phone("carol").get(event.club.get_absolute_url()).content.decode()
    assert event.get_absolute_url() in member and "data-new-event" not in member


def test_the_event_page_reads_as_many_queries_for_nine_tables_as_for_three(
    club, django_assert_num_queries
):
    from django.core.cache import cache
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    small, large = make_event(club, scale="win-draw-loss"), make_event(club, name="Big")
    small.draw_round(1, seed=1)
    for number in (1, 2, 3):
        large.draw_round(number, seed=number)
        play_round(large)
    carol = phone("carol")
    carol.get(club.get_absolute_url())  # the session's first request writes it: not counted
    cache.clear()
    with CaptureQueriesContext(connection) as few:
        assert carol.get(small.get_absolute_url()).status_code == 200
    cache.clear()
    with django_assert_num_queries(len(few)):
        page = carol.get(large.get_absolute_url()).content.decode()
    assert page.count("data-table=") == 9
    # Drawn again only once something changed: then the board is not read at all.
    with CaptureQueriesContext(connection) as kept:
        carol.get(large.get_absolute_url())
    assert len(kept) < len(few)


def test_an_entrant_of_a_pairs_event_is_a_pair_like_the_others(club):
    event = make_event(club, entrants=["Ana & Bia"], game="truco")
    alice = phone("alice")
    alice.post(f"/events/{event.code}/entrants/", {"players": "Caio"})
    page = alice.get(f"/events/{event.code}/desk/").content.decode()
    assert "Every entrant of this event has 2 players." in page
    alice.post(f"/events/{event.code}/entrants/", {"players": "Caio, Davi"})
    assert list(event.entrants.values_list("name", flat=True)) == ["Ana & Bia", "Caio & Davi"]


def test_the_event_pages_poll_answers_the_board_alone_and_follows_a_hand(event):
    event.draw_round(1, seed=1)
    carol = phone("carol")
    poll = carol.get(event.get_absolute_url(), headers={"HX-Request": "true"}).content.decode()
    assert poll.lstrip().startswith('<div id="board"') and "<html" not in poll
    assert 'data-state="playing"' in poll and "playing · 0 hands" in poll
    table = board_of(event).current_tables()[0]
    record(table.match, {"points": [30, 20]})
    again = carol.get(event.get_absolute_url(), headers={"HX-Request": "true"}).content.decode()
    assert "playing · 1 hand" in again  # the kept drawing moved with the table's match


def test_a_club_scores_its_night_by_its_own_bands(club):
    alice = phone("alice")
    settings = {
        "game": "free",
        "name": "Bands",
        "kind": "night",
        "format": "danish",
        "rounds": "1",
        "hands": "1",
        "scale": "bands",
        "bye_points": "6",
        "win_points": "2",
        "draw_points": "1",
        "loss_points": "0",
        "target": "",
    }
    alice.post(f"/events/new/{club.code}/", settings | {"bands_text": "100 6 4\n250 7 3"})
    refused = alice.post(f"/events/new/{club.code}/", settings | {"bands_text": "100 6"})
    assert "three whole numbers" in refused.content.decode()
    event = Event.objects.get()
    assert event.bands == {"bands": [[100, 6, 4], [250, 7, 3]], "above": [20, 0]}
    for name in ("Ana & Bia", "Caio & Davi"):
        event.entrants.create(name=name, players=name.split(" & "))
    event.draw_round(1, seed=1)
    table = board_of(event).current_tables()[0]
    record(table.match, {"points": [400, 200]})
    assert board_of(event).current_tables()[0].points == [7, 3]  # a difference of 200


def test_head_to_head_and_the_match_record_name_the_event_round_and_table(club):
    event = make_event(club, entrants=["Ana & Bia", "Caio & Davi"], scale="win-draw-loss")
    event.draw_round(1, seed=1)
    play_round(event)
    table = board_of(event).current_tables()[0]
    carol = phone("carol")
    meeting = carol.get("/records/head-to-head/", {"first": "Ana, Bia", "second": "Caio, Davi"})
    assert "Quarta, round 1, table 1" in meeting.content.decode()
    record_page = carol.get(f"/records/matches/{table.match.code}/").content.decode()
    assert "data-event-place" in record_page and "round 1, table 1" in record_page


def test_the_desk_lists_open_disputes_for_its_director_to_rule_and_each_sides_link(event):
    from scoring.acceptance import table as acceptance

    event.directors.add(person("bob"))
    event.draw_round(1, seed=1)
    match = board_of(event).current_tables()[0].match
    record(match, {"points": [50, 10]})
    bob = phone("bob")
    desk = bob.get(f"/events/{event.code}/desk/").content.decode()
    assert 'id="disputes"' not in desk
    assert "data-side-link=" in desk  # the director hands a side its own link
    table = board_of(event).current_tables()[0]
    made = bob.post(f"/events/{event.code}/tables/{table.row.pk}/side-link/", {"side": "1"})
    assert made.status_code == 302 and made.url.endswith("#table-1")
    token = match.sides.get(position=1).link.token
    assert f"/side/{token}/" in bob.get(f"/events/{event.code}/desk/").content.decode()
    refused = phone("carol").post(f"/events/{event.code}/tables/{table.row.pk}/side-link/")
    assert refused.status_code == 404  # a plain member directs nothing
    side = match.sides.get(position=1)
    actor = acceptance.Actor(None, "scorer-link", change=True)
    acceptance.dispute(match, 1, actor, acceptance.Complaint(text="50 was 40"), as_side=side)
    desk = bob.get(f"/events/{event.code}/desk/").content.decode()
    assert f'href="/matches/{match.code}/hands/1/"' in desk
    assert "50 was 40" in desk
    rule = f"/matches/{match.code}/hands/1/disputes/{match.hands.get().disputes.get().pk}/rule/"
    ruled = bob.post(rule, {"decision": "keep", "text": "As played", "rule": "free.points"})
    assert ruled.status_code == 302
    assert match.holds_open() == []
    assert 'id="disputes"' not in bob.get(f"/events/{event.code}/desk/").content.decode()
