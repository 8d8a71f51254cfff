"""Drawing rounds: each table an ordinary club match with the event's options, the next
round only once every table is done, late entrants, withdrawals and substitutes, and a
result corrected after the next draw."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError
from django.utils import translation

from scoring.events.models import Entrant, Round
from scoring.events.standing import board_of
from scoring.ledger.models import Match
from tests.conftest import record
from tests.scoring.events.conftest import accept_hands, make_event, play_round


def opponents(event) -> set[frozenset[str]]:
    return {
        frozenset(e.name for e in table.entrants)
        for state in board_of(event).rounds
        for table in state.tables
    }


def test_drawing_a_round_starts_one_club_match_a_table_with_the_events_options(club):
    event = make_event(club, game="canastra", options={"morto": True}, target=3000)
    made = event.draw_round(1, seed=7)
    tables = list(made.tables.select_related("match"))
    assert [t.number for t in tables] == [1, 2, 3]
    for table in tables:
        match = table.match
        assert (match.game, match.club, match.target) == ("canastra", club, 3000)
        assert match.options == {"morto": True}
        names = list(match.sides.order_by("position").values_list("name", flat=True))
        assert names == [e.name for e in table.entrants.order_by("seats__position")]
    assert len({t.match.edit_token for t in tables}) == 3  # a scorer link each
    assert Match.objects.count() == 3
    assert made.seed == 7


def test_the_next_round_waits_for_every_table_or_a_director_closing_it(
    event, django_capture_on_commit_callbacks
):
    event.draw_round(1, seed=1)
    tables = board_of(event).current_tables()
    for table in tables[:2]:
        record(table.match, {"points": [50, 10]})
        accept_hands(table.match)
        table.match.finish()
    record(tables[2].match, {"points": [30, 40]})
    with pytest.raises(ValidationError) as refused:
        event.draw_round(2)
    assert "Table 3 is still playing" in refused.value.messages[0]
    with translation.override("en"), pytest.raises(ValidationError) as refused:
        tables[2].row.close()  # not even a director closes it on a hand not accepted
    assert refused.value.messages == [
        "Table 3: 1 hand is waiting for the other side to accept it: the match ends once "
        "every hand is accepted or ruled."
    ]
    accept_hands(tables[2].match)
    tables[2].row.close()
    tables[2].match.refresh_from_db()
    assert tables[2].match.is_finished  # what stands is its result
    event.draw_round(2)
    board = board_of(event)
    assert board.rounds[0].tables[2].state == "closed"
    assert board.rounds[0].tables[2].points == [0, 2]  # 30 v 40 as it stood


def test_swiss_rounds_never_rematch_and_the_standing_counts_every_table(event):
    for number in (1, 2, 3):
        event.draw_round(number, seed=number)
        play_round(event)
    pairs = [
        frozenset(e.name for e in table.entrants)
        for state in board_of(event).rounds
        for table in state.tables
    ]
    assert len(pairs) == 9 == len(set(pairs))
    board = board_of(event)
    points = {board.entrants[i].pk: 0 for i in range(6)}
    for table in board.done_tables():
        for entrant, earned in zip(table.entrants, table.points, strict=True):
            points[entrant.pk] += earned
    assert [line.points for line in board.lines] == sorted(points.values(), reverse=True)
    assert sum(line.points for line in board.lines) == 9 * 2
    with pytest.raises(ValidationError, match="all its 3 rounds"):
        event.draw_round(4)


def test_a_round_already_drawn_is_not_drawn_again(event):
    event.draw_round(1)
    with pytest.raises(ValidationError, match="Round 1 is already drawn"):
        event.draw_round(1)
    assert Round.objects.filter(event=event).count() == 1
    assert Match.objects.count() == 3


def test_a_late_entrant_plays_from_the_next_round_and_a_withdrawal_keeps_its_results(event):
    event.draw_round(1, seed=3)
    late = Entrant.objects.create(
        event=event, name="Mia & Nina", players=["Mia", "Nina"], joined_from=2
    )
    # the table's winner: play_round has the entrant entered first win
    gone = min(board_of(event).current_tables()[0].entrants, key=lambda e: e.pk)
    play_round(event)
    gone.withdrawn_from = 2
    gone.save()
    event.draw_round(2, seed=4)
    board = board_of(event)
    second = {e.pk for t in board.rounds[1].tables for e in t.entrants} | {
        e.pk for e in board.rounds[1].byes
    }
    assert late.pk in second and gone.pk not in second
    assert len(second) == 6
    line = next(line for line in board.lines if line.entrant == str(gone.pk))
    assert line.points == 2 and line.played == 1  # its win stands


def test_a_substitute_plays_for_an_entrant_from_the_next_round(event):
    event.draw_round(1, seed=5)
    first = board_of(event).current_tables()[0]
    entrant = first.entrants[0]
    play_round(event)
    entrant.substitute(entrant.players[0], "Zeca", 2)
    event.draw_round(2, seed=6)
    then = [s.player.name for s in first.match.sides.get(position=0).seats.all()]
    assert "Zeca" not in then  # the table played keeps who sat there
    now = board_of(event).table_of(entrant).match
    side = now.sides.get(name=entrant.name)
    assert "Zeca" in [seat.player.name for seat in side.seats.all()]


def test_a_result_corrected_after_the_next_draw_updates_the_standing_and_flags_the_round(event):
    event.draw_round(1, seed=2)
    play_round(event)
    event.draw_round(2, seed=3)
    board = board_of(event)
    table = board.rounds[0].tables[0]
    loser = table.entrants[table.points.index(0)]
    before = next(line.points for line in board.lines if line.entrant == str(loser.pk))
    table.match.correct_hand(1, {"points": table.scores[::-1]}, by=None)
    after = board_of(event)
    assert after.rounds[0].tables[0].changed_after_draw
    assert after.rounds[1].flagged and not after.rounds[0].flagged
    assert next(line.points for line in after.lines if line.entrant == str(loser.pk)) == before + 2
    drawn = {frozenset(e.pk for e in t.entrants) for t in after.rounds[1].tables}
    assert drawn == {frozenset(e.pk for e in t.entrants) for t in board.rounds[1].tables}


def test_a_round_of_so_many_hands_is_done_when_the_table_played_them(club):
    event = make_event(club, entrants=["A & B", "C & D"], hands=3, scale="burraco-3", rounds=2)
    event.draw_round(1, seed=1)
    table = board_of(event).current_tables()[0]
    for points in ([500, 300], [200, 250], [300, 210]):
        assert board_of(event).current_tables()[0].state == "playing"
        record(table.match, {"points": points})
    done = board_of(event).current_tables()[0]
    assert done.state == "finished" and done.hands == 3
    assert done.points == [12, 8]  # 1000 v 760: a difference of 240
    assert not table.match.is_finished  # no target ends it: the desk or the next draw does
    with translation.override("en"), pytest.raises(ValidationError) as refused:
        event.draw_round(2, seed=2)  # the round closes on hands the other side accepted
    assert refused.value.code == "held"
    assert "3 hands are waiting for the other side" in refused.value.messages[0]
    assert event.round_set.count() == 1
    accept_hands(table.match)
    event.draw_round(2, seed=2)
    table.match.refresh_from_db()
    assert table.match.is_finished and list(table.match.sides.values_list("won", flat=True)) == [
        True,
        False,
    ]


def test_individuals_sit_at_tables_of_the_games_size(club):
    names = [f"Player {n}" for n in range(1, 11)]
    event = make_event(
        club, entrants=[], game="pifpaf", format="seated", table_size=4, scale="win-draw-loss"
    )
    for name in names:
        Entrant.objects.create(event=event, name=name, players=[name])
    made = event.draw_round(1, seed=11)
    sizes = sorted(t.entrants.count() for t in made.tables.all())
    assert sizes == [3, 3, 4]
    match = made.tables.first().match
    assert match.sides.count() == made.tables.first().entrants.count()


def test_a_knockout_draws_only_those_still_in(club):
    event = make_event(
        club,
        entrants=["A & B", "C & D", "E & F", "G & H"],
        format="knockout",
        rounds=2,
        scale="win-draw-loss",
    )
    event.draw_round(1, seed=1)
    play_round(event)
    winners = {
        table.entrants[table.won.index(True)].pk for table in board_of(event).current_tables()
    }
    event.draw_round(2, seed=2)
    final = board_of(event).current_tables()
    assert len(final) == 1 and {e.pk for e in final[0].entrants} == winners


def test_an_event_may_turn_acceptance_off_for_its_tables(club):
    event = make_event(club, entrants=["A & B", "C & D"], hands=1, acceptance=False)
    event.draw_round(1, seed=1)
    table = board_of(event).current_tables()[0]
    record(table.match, {"points": [50, 10]})
    assert table.match.holds_open() == []
    event.draw_round(2, seed=2)  # nobody is asked to accept: the round closes as played


def test_the_events_directors_rule_on_its_tables_disputes(event):
    from scoring.acceptance import table as acceptance
    from tests.scoring.events.conftest import person

    event.draw_round(1, seed=1)
    match = board_of(event).current_tables()[0].match
    bob, carol = person("bob"), person("carol")
    assert not acceptance.is_director(bob, match)
    event.directors.add(bob)
    assert acceptance.is_director(bob, match)
    assert not acceptance.is_director(carol, match)
