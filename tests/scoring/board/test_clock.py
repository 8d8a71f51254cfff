"""The round clock: the director starts, pauses and extends it; the server's clock is
the only one that counts; only the club's admins and the event's directors touch it."""

from __future__ import annotations

import json
from datetime import timedelta

import pytest
from django.utils import timezone

from scoring.board.clock import clock_payload
from scoring.board.models import ClockRules, ClockState, RoundClock
from scoring.events.models import Round
from tests.scoring.events.conftest import phone


@pytest.fixture
def round_(event) -> Round:
    return Round.objects.get(event=event, number=1)


def at(seconds: float):
    """A moment ``seconds`` after a fixed start, as the server's clock would read it."""
    return START + timedelta(seconds=seconds)


START = timezone.now().replace(microsecond=0)


@pytest.fixture
def frozen(monkeypatch):
    """The server's clock, moved by hand: ``frozen(s)`` puts it ``s`` seconds after START."""

    def move(seconds: float) -> None:
        monkeypatch.setattr(timezone, "now", lambda: at(seconds))

    move(0)
    return move


def test_a_clock_starts_with_the_events_minutes_and_runs_to_ends_at(round_, frozen):
    ClockRules.objects.create(event=round_.event, minutes=30)
    clock = RoundClock.control(round_, "start")
    assert clock.state == ClockState.RUNNING
    assert clock.ends_at == at(30 * 60)
    assert clock.time_left(at(60)) == timedelta(minutes=29)


def test_pausing_keeps_what_is_left_and_starting_again_runs_from_then(round_, frozen):
    RoundClock.control(round_, "start")  # 45 minutes by default
    frozen(10 * 60)
    paused = RoundClock.control(round_, "pause")
    assert (paused.state, paused.ends_at, paused.left) == ("paused", None, timedelta(minutes=35))
    frozen(20 * 60)  # ten minutes paused count nothing
    assert paused.time_left(at(20 * 60)) == timedelta(minutes=35)
    again = RoundClock.control(round_, "start")
    assert again.ends_at == at(55 * 60)


def test_extending_adds_minutes_running_paused_or_after_time(round_, frozen):
    RoundClock.control(round_, "start")
    assert RoundClock.control(round_, "extend", minutes=5).ends_at == at(50 * 60)
    frozen(60 * 60)  # ten minutes past time: an extension runs from now
    assert RoundClock.control(round_, "extend", minutes=1).ends_at == at(61 * 60)
    RoundClock.control(round_, "pause")
    assert RoundClock.control(round_, "extend", minutes=5).left == timedelta(minutes=6)


def test_every_change_raises_the_revision(round_):
    revisions = [RoundClock.control(round_, action).revision for action in ("start", "pause")]
    assert revisions == [1, 2]


def test_the_clock_answers_with_the_servers_now_and_ends_at(event, round_, frozen):
    ClockRules.objects.create(event=event, warning=3)
    RoundClock.control(round_, "start")
    frozen(90)
    answer = phone("carol").get(f"/events/{event.code}/clock/").json()
    assert answer["now"] == at(90).isoformat()
    assert answer["ends_at"] == at(45 * 60).isoformat()
    assert (answer["round"], answer["state"], answer["left"]) == (1, "running", 45 * 60 - 90)
    assert answer["warning"] == 180
    assert answer["at_time"] == "Finish the hand being played; no new hand."


def test_a_round_whose_clock_was_never_started_has_none(event):
    assert clock_payload(event)["state"] == "none"
    assert clock_payload(event)["left"] is None


def test_an_unchanged_clock_is_answered_304_and_a_change_is_not(event, round_):
    carol = phone("carol")
    first = carol.get(f"/events/{event.code}/clock/")
    etag = first["ETag"]
    assert carol.get(f"/events/{event.code}/clock/", HTTP_IF_NONE_MATCH=etag).status_code == 304
    RoundClock.control(round_, "start")
    changed = carol.get(f"/events/{event.code}/clock/", HTTP_IF_NONE_MATCH=etag)
    assert changed.status_code == 200 and json.loads(changed.content)["state"] == "running"


def test_anothers_etag_is_no_pass(event):
    """An ETag is signed for the phone it was handed to: dave, outside the club, holding
    carol's, is told the event does not exist."""
    etag = phone("carol").get(f"/events/{event.code}/clock/")["ETag"]
    dave = phone("dave")
    assert dave.get(f"/events/{event.code}/clock/", HTTP_IF_NONE_MATCH=etag).status_code == 404


@pytest.mark.parametrize("who", ["alice", "bob"])
def test_the_clubs_admins_and_the_events_directors_run_the_clock(event, round_, who):
    response = phone(who).post(f"/events/{event.code}/clock/start/")
    assert response.status_code == 302
    assert RoundClock.objects.get(round=round_).state == ClockState.RUNNING


@pytest.mark.parametrize("who", ["carol", "dave", None])
def test_nobody_else_touches_the_clock(event, round_, who):
    for action, data in [("start", {}), ("pause", {}), ("extend", {"minutes": 5})]:
        response = phone(who).post(f"/events/{event.code}/clock/{action}/", data)
        assert response.status_code in (302, 404)
        assert response.status_code == 404 or "/accounts/login" in response.url
    response = phone(who).post(f"/events/{event.code}/clock/rules/", {"minutes": 1})
    assert response.status_code in (302, 404)
    assert not RoundClock.objects.exists()
    assert not ClockRules.objects.exists()


def test_an_extension_is_one_of_the_desks_buttons(event, round_):
    alice = phone("alice")
    assert alice.post(f"/events/{event.code}/clock/extend/", {"minutes": 600}).status_code == 404
    assert alice.post(f"/events/{event.code}/clock/stop/").status_code == 404
    assert not RoundClock.objects.exists()


def test_a_director_sets_the_rounds_minutes_and_warning(event):
    alice = phone("alice")
    data = {"minutes": 30, "warning": 2, "at_time": "stop"}
    alice.post(f"/events/{event.code}/clock/rules/", data)
    rules = ClockRules.of(event)
    assert (rules.minutes, rules.warning, rules.at_time) == (30, 2, "stop")
    assert clock_payload(event)["at_time"] == "Stop now: the hand being played does not count."


def test_new_clock_settings_reach_the_phones_at_their_next_poll(event):
    carol = phone("carol")
    etag = carol.get(f"/events/{event.code}/clock/")["ETag"]
    ClockRules.objects.create(event=event, warning=2)
    answer = carol.get(f"/events/{event.code}/clock/", HTTP_IF_NONE_MATCH=etag)
    assert answer.status_code == 200 and answer.json()["warning"] == 120


def test_an_unchanged_clock_poll_is_one_query(event, round_, django_assert_num_queries):
    RoundClock.control(round_, "start")
    carol = phone("carol")
    etag = carol.get(f"/events/{event.code}/clock/")["ETag"]
    with django_assert_num_queries(1):
        assert (
            carol.get(f"/events/{event.code}/clock/", HTTP_IF_NONE_MATCH=etag).status_code == 304
        )
