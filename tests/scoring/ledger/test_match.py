"""The ledger: running totals, corrections kept as revisions, undo, double sends."""

from __future__ import annotations

import contextlib
import uuid

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.rulings import RuleError
from scoring.ledger.models import Hand, HandRevision, Match, Player
from tests.conftest import make_match, record, totals

pytestmark = pytest.mark.django_db


def test_running_totals_add_up_the_hands(free_match):
    record(free_match, {"points": [10, -5, 0]})
    record(free_match, {"points": [3, 20, 7]})
    assert totals(free_match) == [13, 15, 7]
    assert free_match.live_hands().count() == 2


def test_each_hand_keeps_its_score_lines_per_side(free_match):
    hand = record(free_match, {"points": [10, -5, 0]})
    scores = list(hand.scores.order_by("side__position"))
    assert [s.total for s in scores] == [10, -5, 0]
    assert scores[1].lines == [{"rule": "free.points", "count": 1, "points": -5, "params": {}}]
    assert scores[1].breakdown.total == -5


def test_the_same_request_sent_twice_records_one_hand(free_match):
    request_id = uuid.uuid4()
    first = record(free_match, {"points": [1, 2, 3]}, request_id=request_id)
    again = record(free_match, {"points": [1, 2, 3]}, request_id=request_id)
    assert first.pk == again.pk
    assert free_match.hands.count() == 1
    assert totals(free_match) == [1, 2, 3]


@pytest.mark.parametrize(
    "meanwhile",
    ["nothing", "another hand", "undone", "finished"],
)
def test_a_retried_request_gets_its_hand_back_whatever_happened_since(free_match, meanwhile):
    """The phone sends the same hand again (no answer reached it): the hand it made comes
    back, never a refusal and never a second hand — after another phone's hand, after
    the hand was undone, after the match was ended."""
    request_id = uuid.uuid4()
    first = record(free_match, {"points": [1, 2, 3]}, request_id=request_id, expected_number=1)
    if meanwhile == "another hand":
        record(free_match, {"points": [4, 5, 6]}, expected_number=2)
    elif meanwhile == "undone":
        free_match.undo_hand(1)
    elif meanwhile == "finished":
        free_match.finish()
    again = record(free_match, {"points": [1, 2, 3]}, request_id=request_id, expected_number=1)
    assert again.pk == first.pk
    assert free_match.hands.filter(request_id=request_id).count() == 1


def test_a_hand_recorded_meanwhile_by_another_phone_is_not_counted_twice(free_match):
    record(free_match, {"points": [1, 1, 1]}, expected_number=1)
    with pytest.raises(RuleError) as caught:
        record(free_match, {"points": [1, 1, 1]}, expected_number=1)
    assert caught.value.rules == ["ledger.hand.already-recorded"]
    assert caught.value.violations[0].params == {"number": 1, "next": 2}
    assert totals(free_match) == [1, 1, 1]


def test_a_correction_recomputes_totals_and_keeps_the_old_version(free_match):
    alice = Player.objects.get(name="alice")
    record(free_match, {"points": [10, 10, 10]})
    record(free_match, {"points": [5, 0, 0]})
    record(free_match, {"points": [1, 1, 1]})

    hand = free_match.correct_hand(2, {"points": [0, 50, 0]}, by=alice).hand

    assert totals(free_match) == [11, 61, 11]
    assert hand.revision == 2
    (old,) = HandRevision.objects.filter(hand=hand)
    assert old.entry == {"points": [5, 0, 0]}
    assert old.scores["0"]["total"] == 5
    assert old.replaced_by == alice
    assert old.replaced_at is not None


def test_two_corrections_keep_both_earlier_versions(free_match):
    bob = Player.objects.get(name="bob")
    record(free_match, {"points": [1, 2, 3]})
    free_match.correct_hand(1, {"points": [4, 5, 6]}, by=bob)
    free_match.correct_hand(1, {"points": [7, 8, 9]}, by=bob)
    assert list(HandRevision.objects.values_list("revision", "entry")) == [
        (1, {"points": [1, 2, 3]}),
        (2, {"points": [4, 5, 6]}),
    ]
    assert totals(free_match) == [7, 8, 9]


def test_undo_takes_back_only_the_last_hand_and_keeps_it(free_match):
    record(free_match, {"points": [1, 0, 0]})
    record(free_match, {"points": [0, 2, 0]})
    undone = free_match.undo_hand(2).hand
    assert undone.number == 2
    assert totals(free_match) == [1, 0, 0]
    assert Hand.objects.filter(pk=undone.pk, undone_at__isnull=False).exists()
    # The next hand takes the number that was freed.
    assert record(free_match, {"points": [0, 0, 3]}).number == 2


def test_an_undone_hand_can_be_redone_until_another_hand_is_recorded(free_match):
    record(free_match, {"points": [1, 0, 0]})
    free_match.undo_hand(1)
    free_match.redo_hand(1)
    assert totals(free_match) == [1, 0, 0]

    free_match.undo_hand(1)
    record(free_match, {"points": [0, 9, 0]})
    with pytest.raises(RuleError) as caught:
        free_match.redo_hand(1)
    assert caught.value.rules == ["ledger.redo.nothing"]
    assert totals(free_match) == [0, 9, 0]


def test_undo_names_the_hand_and_refuses_one_that_is_no_longer_last(free_match):
    record(free_match, {"points": [1, 0, 0]})
    record(free_match, {"points": [0, 2, 0]})
    free_match.undo_hand(2)
    with pytest.raises(RuleError) as caught:
        free_match.undo_hand(2)  # the double tap
    assert caught.value.rules == ["ledger.undo.not-last"]
    assert totals(free_match) == [1, 0, 0]


def test_undo_with_no_hands_is_refused_by_name(free_match):
    with pytest.raises(RuleError) as caught:
        free_match.undo_hand(1)
    assert caught.value.rules == ["ledger.undo.nothing"]


def test_correcting_a_hand_that_was_undone_meanwhile_is_refused(free_match):
    record(free_match, {"points": [1, 0, 0]})
    free_match.undo_hand(1)
    with pytest.raises(RuleError) as caught:
        free_match.correct_hand(1, {"points": [5, 5, 5]}, by=None)
    assert caught.value.rules == ["ledger.hand.gone"]


def test_a_correction_of_an_older_revision_is_refused(free_match):
    record(free_match, {"points": [1, 0, 0]})
    free_match.correct_hand(1, {"points": [2, 0, 0]}, by=None, revision=1)
    with pytest.raises(RuleError) as caught:
        free_match.correct_hand(1, {"points": [3, 0, 0]}, by=None, revision=1)
    assert caught.value.rules == ["ledger.hand.corrected-meanwhile"]
    assert totals(free_match) == [2, 0, 0]


def test_change_methods_leave_the_instance_up_to_date(free_match):
    version = free_match.version
    record(free_match, {"points": [1, 0, 0]})
    assert free_match.version == version + 1
    assert [side.total for side in free_match.view().sides] == [1, 0, 0]
    free_match.undo_hand(1)
    assert free_match.version == version + 2
    assert free_match.view().hands_played == 0


def test_the_game_decides_when_the_match_is_won():
    match = make_match(target=100)
    record(match, {"points": [60, 40, 10]})
    match.refresh_from_db()
    assert match.status == Match.Status.IN_PROGRESS
    record(match, {"points": [50, 20, 0]})
    match.refresh_from_db()
    assert match.is_finished
    assert list(match.sides.filter(won=True).values_list("name", flat=True)) == ["alice"]
    with pytest.raises(RuleError) as caught:
        record(match, {"points": [1, 1, 1]})
    assert caught.value.rules == ["ledger.match.finished"]


def test_correcting_the_winning_hand_reopens_the_match():
    match = make_match(target=100)
    record(match, {"points": [120, 0, 0]})
    match.correct_hand(1, {"points": [20, 0, 0]}, by=None)
    match.refresh_from_db()
    assert match.status == Match.Status.IN_PROGRESS
    assert not match.sides.filter(won=True).exists()


def test_every_change_bumps_the_version_the_live_scoreboard_watches(free_match):
    versions = [free_match.version]
    record(free_match, {"points": [1, 1, 1]})
    free_match.refresh_from_db()
    versions.append(free_match.version)
    free_match.correct_hand(1, {"points": [2, 2, 2]}, by=None)
    free_match.refresh_from_db()
    versions.append(free_match.version)
    free_match.undo_hand(1)
    free_match.refresh_from_db()
    versions.append(free_match.version)
    assert versions == sorted(set(versions))


def test_querysets_name_matches_in_progress_and_finished():
    playing = make_match()
    done = make_match(target=10)
    record(done, {"points": [10, 0, 0]})
    assert list(Match.objects.in_progress()) == [playing]
    assert list(Match.objects.finished()) == [done]


def test_a_player_is_found_by_name_in_any_case(db):
    assert Player.named("Ana  Maria") == Player.named("ana maria")
    assert Player.objects.count() == 1


def test_the_view_a_game_sees_follows_every_change(free_match):
    assert [side.total for side in free_match.view().sides] == [0, 0, 0]
    record(free_match, {"points": [1, 2, 3]})
    assert [side.total for side in free_match.view().sides] == [1, 2, 3]
    assert free_match.view().hands_played == 1
    free_match.correct_hand(1, {"points": [4, 5, 6]}, by=None)
    assert [side.total for side in free_match.view().sides] == [4, 5, 6]
    free_match.undo_hand(1)
    assert free_match.view().hands_played == 0


@pytest.mark.django_db
@settings(max_examples=40, suppress_health_check=list(HealthCheck))
@given(steps=st.text(alphabet="RUD", max_size=12))
def test_right_after_a_hand_is_recorded_there_is_nothing_to_redo(steps):
    """The match page drawn after recording a hand offers no redo without asking the
    database (R: record, U: undo, D: redo what can be): whatever the undos and redos
    before, the database agrees."""
    match = make_match()
    for step in steps + "R":
        if step == "R":
            record(match, {"points": [1, 2, 3]})
            assert match.redo_offered() is None
            assert Match.objects.get(pk=match.pk).redo_offered() is None
        elif step == "U":
            with contextlib.suppress(RuleError):  # nothing left to undo
                match.undo_hand()
        else:
            undone = Match.objects.get(pk=match.pk).redo_offered()
            if undone is not None:
                match.redo_hand(undone)
