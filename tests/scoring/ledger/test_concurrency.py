"""Two phones saving at the same moment, on PostgreSQL with two real connections.

SQLite serialises whole-database writes and has no row locks, so these prove nothing
there; CI runs them against PostgreSQL (DATABASE_URL).
"""

from __future__ import annotations

import threading
import uuid
from collections.abc import Callable
from typing import Any

import pytest
from django.db import connection, connections

from referee.rulings import RuleError
from scoring.ledger.models import Match
from tests.conftest import make_match, totals

pytestmark = [
    pytest.mark.postgres,
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(
        connection.vendor != "postgresql", reason="row locking is proven on PostgreSQL"
    ),
]


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
        thread.join(timeout=30)
    return results


def phone(match_id: int, points: list[int], **kwargs: Any) -> Callable[[], Any]:
    def save() -> Any:
        match = Match.objects.get(pk=match_id)
        return match.record_hand(
            {"points": points}, request_id=kwargs.pop("request_id", uuid.uuid4()), **kwargs
        )

    return save


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
    assert results[0].pk == results[1].pk
    assert match.hands.count() == 1
    assert totals(match) == [3, 2, 1]
