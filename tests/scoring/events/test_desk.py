"""The desk shows every round's tables with their scorer links: a director who is only a
member of the club corrects an older table through its own link, and the standing
follows (the round drawn on the old result flagged)."""

from __future__ import annotations

import re

from scoring.events.standing import board_of
from tests.conftest import record
from tests.scoring.events.conftest import accept_hands, person, phone, play_round


def test_a_member_director_corrects_an_older_table_through_its_link(event):
    event.directors.add(person("bob"))
    event.draw_round(1, seed=2)
    play_round(event)
    event.draw_round(2, seed=3)
    bob = phone("bob")
    desk = bob.get(f"/events/{event.code}/desk/").text
    # both rounds' tables, each with its own scorer link
    assert desk.count("data-scorer-link") == 6
    old = board_of(event).rounds[0].tables[0]
    link = f"/score/{old.match.edit_token}/"
    assert link in desk
    # bob, only a member, may not change the older table's match until he opens its link
    loser = old.entrants[old.points.index(0)]
    before = next(line.points for line in board_of(event).lines if line.entrant == str(loser.pk))
    edit = f"/matches/{old.match.code}/hands/1/edit/"
    assert bob.post(edit, {"side_0": "0", "side_1": "100", "revision": 1}).status_code == 404
    bob.get(link)
    form = bob.get(edit).text
    revision = re.search(r'name="revision" value="(\d+)"', form).group(1)
    player = old.match.sides.first().players.first()
    flipped = old.scores[::-1]
    fields = {"side_0": flipped[0], "side_1": flipped[1], "revision": revision}
    fields["changed_by"] = player.pk
    answer = bob.post(edit, fields)
    assert answer.status_code in (200, 302), answer.text[:500]
    after = board_of(event)
    assert after.rounds[0].tables[0].changed_after_draw and after.rounds[1].flagged
    points = next(line.points for line in after.lines if line.entrant == str(loser.pk))
    assert points == before + 2
    # the event page's standing follows the correction at once
    page = phone("carol").get(event.get_absolute_url()).text
    assert "data-flagged" in page


def test_closing_a_table_counts_it_as_it_stands_in_the_standing(event):
    event.draw_round(1, seed=1)
    table = board_of(event).current_tables()[0]
    record(table.match, {"points": [40, 10]})
    accept_hands(table.match)
    before = {line.entrant: line.points for line in board_of(event).lines}
    assert before[str(table.entrants[0].pk)] == 0
    phone("alice").post(f"/events/{event.code}/tables/{table.row.pk}/close/")
    lines = {line.entrant: line.points for line in board_of(event).lines}
    assert lines[str(table.entrants[0].pk)] == 2 and lines[str(table.entrants[1].pk)] == 0
