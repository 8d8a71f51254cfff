"""Phones saving at the same moment, each with its own database connection, on both
databases: SQLite (the embedded default, a real file in WAL mode) and PostgreSQL (when
DATABASE_URL points at it; CI runs the suite on both).

Nothing recorded is lost or counted twice: double submits, two phones on one hand
number, undo and redo races, offline replays — and the totals always equal the hands.
"""

from __future__ import annotations

import threading
import uuid
from collections.abc import Callable
from typing import Any

import pytest
from django.db import connections
from django.db.models import Sum
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.rulings import RuleError
from scoring.ledger.models import HandScore, Match
from tests.conftest import make_match, totals

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


def at_once(*calls: Callable[[], Any]) -> list[Any]:
    """Run each call in its own thread and database connection, released together."""
    barrier = threading.Barrier(len(calls))
    results: list[Any] = [None] * len(calls)

    def run(index: int, call: Callable[[], Any]) -> None:
        try:
            barrier.wait()
            results[index] = call()
        except Exception as error:
            results[index] = error
        finally:
            connections.close_all()

    threads = [threading.Thread(target=run, args=(i, c)) for i, c in enumerate(calls)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    return results


def phone(match_id: int, points: list[int], **kwargs: Any) -> Callable[[], Any]:
    def save() -> Any:
        match = Match.objects.get(pk=match_id)
        return match.record_hand(
            {"points": points}, request_id=kwargs.pop("request_id", uuid.uuid4()), **kwargs
        )

    return save


def undo(match_id: int, number: int) -> Callable[[], Any]:
    return lambda: Match.objects.get(pk=match_id).undo_hand(number)


def redo(match_id: int, number: int) -> Callable[[], Any]:
    return lambda: Match.objects.get(pk=match_id).redo_hand(number)


def correct(match_id: int, number: int, points: list[int]) -> Callable[[], Any]:
    return lambda: Match.objects.get(pk=match_id).correct_hand(number, {"points": points}, by=None)


def errors(results: list[Any]) -> list[Exception]:
    """Failures that are not a refusal naming its rule: there must be none."""
    return [r for r in results if isinstance(r, Exception) and not isinstance(r, RuleError)]


def assert_totals_are_the_hands(match: Match) -> None:
    live = (
        HandScore.objects.filter(hand__match=match, hand__undone_at__isnull=True)
        .values("side__position")
        .annotate(total=Sum("total"))
        .order_by("side__position")
    )
    by_side = {row["side__position"]: row["total"] for row in live}
    assert totals(match) == [by_side.get(i, 0) for i in range(len(totals(match)))]
    numbers = list(match.live_hands().order_by("number").values_list("number", flat=True))
    assert numbers == list(range(1, len(numbers) + 1)), "hand numbers have a gap or a twin"


def test_two_phones_saving_different_hands_keep_both_in_order():
    match = make_match()
    for _ in range(5):
        results = at_once(phone(match.pk, [1, 0, 0]), phone(match.pk, [0, 1, 0]))
        assert not [r for r in results if isinstance(r, Exception)], results
    numbers = list(match.hands.order_by("number").values_list("number", flat=True))
    assert numbers == list(range(1, 11))
    assert totals(match) == [5, 5, 0]


def test_two_phones_saving_the_same_hand_number_record_it_once():
    match = make_match()
    results = at_once(
        phone(match.pk, [10, 0, 0], expected_number=1),
        phone(match.pk, [10, 0, 0], expected_number=1),
    )
    refused = [r for r in results if isinstance(r, RuleError)]
    assert len(refused) == 1, results
    assert refused[0].rules == ["ledger.hand.already-recorded"]
    assert match.hands.count() == 1
    assert totals(match) == [10, 0, 0]


def test_the_same_request_arriving_twice_at_once_records_one_hand():
    match = make_match()
    request_id = uuid.uuid4()
    results = at_once(
        phone(match.pk, [3, 2, 1], request_id=request_id),
        phone(match.pk, [3, 2, 1], request_id=request_id),
    )
    assert not errors(results), results
    assert match.hands.count() == 1
    assert totals(match) == [3, 2, 1]


def test_two_phones_tapping_undo_together_undo_one_hand():
    match = make_match()
    for points in ([1, 0, 0], [0, 2, 0], [0, 0, 3]):
        phone(match.pk, points)()
    results = at_once(undo(match.pk, 3), undo(match.pk, 3), undo(match.pk, 3))
    assert not errors(results), results
    refused = [r.rules for r in results if isinstance(r, RuleError)]
    assert refused == [["ledger.undo.not-last"]] * 2
    assert totals(match) == [1, 2, 0]
    assert_totals_are_the_hands(match)


def test_redo_tapped_twice_puts_the_hand_back_once():
    match = make_match()
    phone(match.pk, [1, 1, 1])()
    undo(match.pk, 1)()
    results = at_once(redo(match.pk, 1), redo(match.pk, 1))
    assert not errors(results), results
    assert len([r for r in results if isinstance(r, RuleError)]) == 1
    assert totals(match) == [1, 1, 1]


def test_correcting_a_hand_another_phone_is_undoing_is_refused_or_done_never_a_crash():
    for _ in range(5):
        match = make_match()
        phone(match.pk, [1, 0, 0])()
        phone(match.pk, [0, 2, 0])()
        results = at_once(undo(match.pk, 2), correct(match.pk, 2, [0, 9, 0]))
        assert not errors(results), results
        assert_totals_are_the_hands(match)


def test_an_offline_phone_replaying_its_queue_doubles_nothing():
    """Two hands recorded offline are sent again and again (the network came and went)
    while another phone records: each arrives once."""
    match = make_match()
    queued = [(uuid.uuid4(), [1, 0, 0], 1), (uuid.uuid4(), [0, 1, 0], 2)]

    def replay() -> list[Any]:
        sent = []
        for request_id, points, number in queued:
            try:
                sent.append(phone(match.pk, points, request_id=request_id)())
            except RuleError as error:
                sent.append(error)
            del number
        return sent

    at_once(replay, replay, phone(match.pk, [0, 0, 5]))
    replay()
    assert match.hands.count() == 3
    assert sorted(totals(match)) == [1, 1, 5]
    assert_totals_are_the_hands(match)


OPERATIONS = st.lists(
    st.sampled_from(["record", "record-same", "undo", "redo", "correct"]),
    min_size=2,
    max_size=4,
)


@settings(max_examples=12, suppress_health_check=list(HealthCheck))
@given(rounds=st.lists(OPERATIONS, min_size=1, max_size=3))
def test_totals_always_equal_the_hands_whatever_the_interleaving(rounds):
    """Random operations from several phones at once, round after round: no error but a
    named refusal, and the totals are the sum of the live hands every time."""
    match = make_match()
    request_id = uuid.uuid4()
    for operations in rounds:
        last = match.live_hands().order_by("-number").values_list("number", flat=True).first()
        calls = []
        for operation in operations:
            if operation == "record":
                calls.append(phone(match.pk, [1, 2, 3]))
            elif operation == "record-same":
                calls.append(phone(match.pk, [5, 0, 0], request_id=request_id))
            elif operation == "undo":
                calls.append(undo(match.pk, last or 1))
            elif operation == "redo":
                calls.append(redo(match.pk, (last or 0) + 1))
            else:
                calls.append(correct(match.pk, last or 1, [7, 7, 7]))
        results = at_once(*calls)
        assert not errors(results), results
        assert_totals_are_the_hands(match)


def test_a_poll_reads_one_moment_and_never_holds_up_a_phone_saving():
    """The live poll reads its fragment inside one transaction (``snapshot``), so totals
    and hands agree. That transaction only reads: a phone recording a hand meanwhile must
    go ahead at once, not queue behind it (on SQLite, where every change takes the write
    lock as it begins, a read that took the lock too would hold the hand up)."""
    from scoring.ledger.views.matches import snapshot

    match = make_match(names=["Ana", "Bia", "Caio"])
    read, written = threading.Event(), threading.Event()

    def poll() -> tuple[bool, int, int]:
        with snapshot():
            before = Match.objects.get(pk=match.pk).version
            read.set()
            # The phone's hand, recorded while this poll is still reading.
            saved_meanwhile = written.wait(timeout=10)
            after = Match.objects.get(pk=match.pk).version
        return saved_meanwhile, before, after

    def save() -> Any:
        read.wait(timeout=10)
        hand = phone(match.pk, [1, 2, 3])()
        written.set()
        return hand

    polled, saved = at_once(poll, save)
    assert not isinstance(saved, Exception), saved
    assert not isinstance(polled, Exception), polled
    saved_meanwhile, before, after = polled
    assert saved_meanwhile, "the hand waited for the poll to finish"
    assert after == before  # the poll still read the moment it began with
    assert Match.objects.get(pk=match.pk).version == before + 1
