"""``manage.py check_ledger``: every side's stored total is the sum of its live hands, and
a side whose total is not is named, with a non-zero exit."""

from __future__ import annotations

from io import StringIO

import pytest
from django.core.management import CommandError, call_command

from scoring.ledger.models import HandScore, Match, Side
from tests.conftest import make_match, record

pytestmark = pytest.mark.django_db


def check(*codes: str) -> str:
    out = StringIO()
    # "--": one match code in 64 begins with "-", which would be read as an option.
    call_command("check_ledger", "--", *codes, stdout=out)
    return out.getvalue()


@pytest.fixture
def night():
    """Two matches played, corrected and undone as a table does; one not started."""
    first = make_match("free", (("alice",), ("bob",)))
    record(first, {"points": [10, 5]})
    record(first, {"points": [3, 4]})
    first.correct_hand(2, {"points": [30, 4]}, by=None)
    record(first, {"points": [1, 1]})
    first.undo_hand(3)
    second = make_match("free", (("carol",), ("dave",), ("erin",)))
    record(second, {"points": [-2, 0, 7]})
    empty = make_match("free", (("fred",), ("gus",)))
    return first, second, empty


def test_a_match_whose_code_begins_with_a_dash_is_checked(night):
    first, _second, _empty = night
    Match.objects.filter(pk=first.pk).update(code="-" + first.code[1:])
    assert check("-" + first.code[1:]) == "2 sides checked: every total is the sum of its hands\n"


def test_a_ledger_whose_totals_are_its_hands_passes(night):
    assert check() == "7 sides checked: every total is the sum of its hands\n"


@pytest.mark.unbalanced_ledger
def test_a_side_whose_stored_total_is_not_its_hands_is_named(night):
    _first, second, _empty = night
    Side.objects.filter(match=second, position=2).update(total=70)
    out = StringIO()
    with pytest.raises(CommandError, match="1 of 7 sides do not equal the sum of their hands"):
        call_command("check_ledger", stdout=out)
    assert out.getvalue() == f"{second.code}: side 2 (erin) stores 70, its hands add up to 7\n"


@pytest.mark.unbalanced_ledger
def test_a_hand_score_changed_behind_the_ledger_is_found(night):
    first, _second, _empty = night
    HandScore.objects.filter(hand__match=first, hand__number=1, side__position=0).update(total=9)
    with pytest.raises(CommandError, match="1 of 7"):
        check()


@pytest.mark.unbalanced_ledger
def test_a_total_left_by_an_undone_hand_is_found(night):
    first, _second, _empty = night
    Side.objects.filter(match=first, position=1).update(total=10)  # 9 + the undone hand's 1
    with pytest.raises(CommandError):
        check()
    assert check(night[1].code) == "3 sides checked: every total is the sum of its hands\n"
