"""What comes after a night: the director closes it, and each entrant's night reaches
the members who asked for it by e-mail."""

from __future__ import annotations

from django.conf import settings
from django.db import models

from scoring.clubs.models import Membership
from scoring.events.models import Event


class Closing(models.Model):
    """The director closed the night. ``mailed_at`` is set once, by the first close: a
    second tap sends nothing again."""

    event = models.OneToOneField(Event, on_delete=models.CASCADE, related_name="closing")
    closed_at = models.DateTimeField(auto_now_add=True)
    closed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )
    mailed_at = models.DateTimeField(null=True, blank=True)

    def __str__(self) -> str:
        return f"{self.event} closed"


class ResultsByMail(models.Model):
    """A member of a club asked for the club's nights by e-mail (their account's
    address). No row: no mail."""

    membership = models.OneToOneField(
        Membership, on_delete=models.CASCADE, related_name="results_by_mail"
    )
    asked_at = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return f"{self.membership} by mail"
