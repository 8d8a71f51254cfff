"""Two directors drawing the same round at once make one round, on both databases
(SQLite's file in WAL mode, PostgreSQL when DATABASE_URL points at it): the event's row
is locked while a round is drawn, and a round's number is unique in its event."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError
from django.utils import translation

from scoring.events.models import Event, Round, Table
from scoring.ledger.models import Match
from tests.scoring.events.conftest import make_event, play_round
from tests.scoring.ledger.test_concurrency import at_once

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


def director(event_id: int, number: int):
    def draw():
        # Each director's thread speaks English, whatever the catalogues hold.
        with translation.override("en"):
            return Event.objects.get(pk=event_id).draw_round(number)

    return draw


@pytest.mark.parametrize("directors", [2, 4])
def test_directors_drawing_the_same_round_at_once_make_one_round(club, directors):
    event = make_event(club, scale="win-draw-loss")
    results = at_once(*[director(event.pk, 1) for _ in range(directors)])
    drawn = [r for r in results if isinstance(r, Round)]
    refused = [r for r in results if isinstance(r, ValidationError)]
    assert len(drawn) == 1 and len(refused) == directors - 1, results
    assert all("Round 1 is already drawn." in r.messages for r in refused)
    assert Round.objects.filter(event=event).count() == 1
    assert Table.objects.count() == 3 == Match.objects.count()


def test_the_next_round_drawn_at_once_is_drawn_once(club):
    event = make_event(club, scale="win-draw-loss")
    event.draw_round(1, seed=1)
    play_round(event)
    results = at_once(director(event.pk, 2), director(event.pk, 2), director(event.pk, 3))
    assert sum(isinstance(r, Round) for r in results) == 1, results
    assert list(Round.objects.filter(event=event).values_list("number", flat=True)) == [1, 2]
    assert Match.objects.count() == 6
