"""The room of a club event: the round clock every phone and the board show, and the
results the tables wrote on paper and the director typed in.

The clock is kept as the server sees it: while it runs, the moment the round ends
(``ends_at``); while it is paused or not started, the time left (``left``). Every
phone computes the time left from ``ends_at`` and the server's own ``now``, never from
its own clock, so all of them show the same seconds."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.db import models, transaction
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from scoring.events.models import Event, Round, Table


class AtTime(models.TextChoices):
    FINISH_HAND = "finish-hand", _("Finish the hand being played; no new hand.")
    STOP = "stop", _("Stop now: the hand being played does not count.")


class ClockRules(models.Model):
    """The event's settings for its rounds' clock."""

    event = models.OneToOneField(Event, on_delete=models.CASCADE, related_name="clock_rules")
    minutes = models.PositiveSmallIntegerField(
        _("minutes a round"), default=45, help_text=_("How long each round's clock runs.")
    )
    warning = models.PositiveSmallIntegerField(
        _("warning minutes"), default=5, help_text=_("The clock warns in its last minutes.")
    )
    at_time = models.CharField(
        _("at time"), max_length=12, choices=AtTime, default=AtTime.FINISH_HAND
    )

    def __str__(self) -> str:
        return f"{self.event}: {self.minutes} min"

    @classmethod
    def of(cls, event: Event) -> ClockRules:
        """The event's settings, the defaults until a director changes them (unsaved)."""
        found = cls.objects.filter(event=event).first()
        return found if found is not None else cls(event=event)


class ClockState(models.TextChoices):
    READY = "ready", _("ready")
    RUNNING = "running", _("running")
    PAUSED = "paused", _("paused")


class RoundClock(models.Model):
    round = models.OneToOneField(Round, on_delete=models.CASCADE, related_name="clock")
    state = models.CharField(max_length=8, choices=ClockState, default=ClockState.READY)
    # While running: when the round ends, by the server's clock.
    ends_at = models.DateTimeField(null=True, blank=True)
    # While ready or paused: the time left.
    left = models.DurationField(default=timedelta)
    # Raised by every change: the phones' polls compare it.
    revision = models.PositiveIntegerField(default=0)
    changed_at = models.DateTimeField(auto_now=True)
    changed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )

    def __str__(self) -> str:
        return f"{self.round}: {self.state}"

    def time_left(self, now: datetime) -> timedelta:
        """The time left at ``now`` (negative once time is up while it runs)."""
        if self.state == ClockState.RUNNING and self.ends_at is not None:
            return self.ends_at - now
        return self.left

    # --- the director's buttons ---------------------------------------------------------

    @classmethod
    def control(cls, round: Round, action: str, *, by: Any = None, minutes: int = 0) -> RoundClock:
        """Start, pause or extend ``round``'s clock (one row locked, so two directors'
        taps apply one after the other). Starting a clock not yet made gives it the
        event's minutes."""
        with transaction.atomic():
            clock, made = cls.objects.select_for_update().get_or_create(round=round)
            if made:
                clock.left = timedelta(minutes=ClockRules.of(round.event).minutes)
            now = timezone.now()
            getattr(clock, f"_{action}")(now, minutes)
            clock.revision += 1
            clock.changed_by = by
            clock.save()
            return clock

    def _start(self, now: datetime, _minutes: int) -> None:
        if self.state != ClockState.RUNNING:
            self.ends_at = now + self.left
            self.state = ClockState.RUNNING

    def _pause(self, now: datetime, _minutes: int) -> None:
        if self.state == ClockState.RUNNING and self.ends_at is not None:
            self.left = max(self.ends_at - now, timedelta())
            self.ends_at = None
            self.state = ClockState.PAUSED

    def _extend(self, now: datetime, minutes: int) -> None:
        more = timedelta(minutes=minutes)
        if self.state == ClockState.RUNNING and self.ends_at is not None:
            # A clock already at time runs again from now.
            self.ends_at = max(self.ends_at, now) + more
        else:
            self.left += more


ACTIONS = ("start", "pause", "extend")


class PaperResult(models.Model):
    """A table's final scores as written on its score sheet, typed in by a director:
    they stand for the table's result in the standing, and the table is closed."""

    table = models.OneToOneField(Table, on_delete=models.CASCADE, related_name="paper")
    scores = models.JSONField()
    entered_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )
    entered_at = models.DateTimeField(auto_now=True)

    def __str__(self) -> str:
        return f"{self.table}: {self.scores}"

    @classmethod
    def enter(cls, table: Table, scores: list[int], *, by: Any = None) -> PaperResult:
        with transaction.atomic():
            paper, _made = cls.objects.update_or_create(
                table=table, defaults={"scores": scores, "entered_by": by}
            )
            table.close(by=by)
            return paper
