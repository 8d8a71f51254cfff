"""Two phones of the other side accept (or one accepts, one disputes) the same hand at
the same moment, each on its own connection: the hand is accepted once. SQLite and
PostgreSQL (where the match row's lock decides)."""

from __future__ import annotations

import uuid

import pytest

from referee.rulings import RuleError
from scoring.acceptance import table
from scoring.acceptance.models import HandCheck, TrailEntry
from scoring.ledger.models import Match
from tests.conftest import make_match, record
from tests.scoring.ledger.test_concurrency import at_once

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


def pending_hand() -> tuple[Match, int]:
    match = make_match(sides=(("Ana",), ("Bia",)))
    table.require_acceptance(match)
    hand = record(match, {"points": [3, 4]})
    HandCheck.objects.filter(hand=hand).update(by_side=match.sides.get(position=0))
    return match, hand.number


def phone(match_id: int, number: int, *, dispute: bool = False):
    def tap():
        match = Match.objects.get(pk=match_id)
        side = match.sides.get(position=1)
        actor = table.Actor(side, "side-link", change=True)
        if dispute:
            return table.dispute(match, number, actor, table.Complaint(text="no"))
        return table.accept(match, number, actor, request_id=uuid.uuid4(), seen="pending")

    return tap


def test_two_phones_accepting_at_once_accept_once():
    match, number = pending_hand()
    results = at_once(phone(match.pk, number), phone(match.pk, number))
    refused = [r for r in results if isinstance(r, RuleError)]
    assert len(refused) == 1 and refused[0].rules == ["ledger.accept.already"]
    assert TrailEntry.objects.filter(kind="accepted").count() == 1
    match.refresh_from_db()
    assert match.version == 3  # recorded, then accepted once (acceptance turned on first)


def test_an_accept_and_a_dispute_at_once_leave_one_of_them():
    match, number = pending_hand()
    results = at_once(phone(match.pk, number), phone(match.pk, number, dispute=True))
    assert sum(isinstance(r, RuleError) for r in results) == 1
    status = HandCheck.objects.get().status
    steps = list(TrailEntry.objects.exclude(kind="recorded").values_list("kind", flat=True))
    assert (status, steps) in [("accepted", ["accepted"]), ("disputed", ["disputed"])]
