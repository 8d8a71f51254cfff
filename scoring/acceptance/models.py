"""Trust at the table: the other side accepts each hand, a dispute goes to the director,
and the club keeps its rulings.

Kept beside the ledger, never in it: a match that asks for acceptance has a
``MatchAcceptance``; each of its hands a ``HandCheck`` (pending, accepted, disputed,
ruled) and a trail of ``TrailEntry`` s (who recorded, accepted, disputed, ruled or
corrected it). A side may hold its own link (``SideLink``); a dispute (``Dispute``) the
engine's verdict could not settle is ruled by a director, and the ruling (``Ruling``) is
the club's case law.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from scoring.ledger.models import Hand, Match, Side, new_token


class MatchAcceptance(models.Model):
    """The house option: a recorded hand counts once a player of another side accepts it.
    On by default in events (``required=True`` is what ``require_acceptance`` sets), off
    for a casual match (no row)."""

    match = models.OneToOneField(Match, on_delete=models.CASCADE, related_name="acceptance")
    required = models.BooleanField(_("the other side accepts each hand"), default=True)

    def __str__(self) -> str:
        return f"{self.match}: {'on' if self.required else 'off'}"


class SideLink(models.Model):
    """A side's own scorer link: a phone that opened it records and accepts as that side.
    Renewing the token revokes it at once, on every phone that opened it."""

    side = models.OneToOneField(Side, on_delete=models.CASCADE, related_name="link")
    token = models.CharField(max_length=40, unique=True, default=new_token, editable=False)

    def __str__(self) -> str:
        return f"{self.side} link"


class HandCheck(models.Model):
    """Where a hand stands with the other side, for the revision it was last recorded or
    corrected as."""

    class Status(models.TextChoices):
        PENDING = "pending", _("Pending")
        ACCEPTED = "accepted", _("Accepted")
        DISPUTED = "disputed", _("Disputed")
        RULED = "ruled", _("Ruled")

    hand = models.OneToOneField(Hand, on_delete=models.CASCADE, related_name="acceptance_check")
    status = models.CharField(max_length=10, choices=Status, default=Status.PENDING)
    revision = models.PositiveSmallIntegerField(default=1)
    # The side whose own link recorded (or corrected) it: that side never accepts it.
    # None: the table's phone (a scorer link, an account), passed to the other side.
    by_side = models.ForeignKey(Side, null=True, blank=True, on_delete=models.SET_NULL)

    class Meta:
        indexes = [models.Index(fields=["status"], name="handcheck_status")]

    def __str__(self) -> str:
        return f"{self.hand}: {self.status}"

    @property
    def settled(self) -> bool:
        return self.status in (self.Status.ACCEPTED, self.Status.RULED)


class TrailEntry(models.Model):
    """One step of a hand's audit trail."""

    class Kind(models.TextChoices):
        RECORDED = "recorded", _("Recorded")
        ACCEPTED = "accepted", _("Accepted")
        DISPUTED = "disputed", _("Disputed")
        SETTLED = "settled", _("Settled by the referee's verdict")
        RULED = "ruled", _("Ruled by the director")
        CORRECTED = "corrected", _("Corrected")
        UNDONE = "undone", _("Undone")
        REDONE = "redone", _("Put back")

    hand = models.ForeignKey(Hand, on_delete=models.CASCADE, related_name="trail")
    kind = models.CharField(max_length=10, choices=Kind)
    revision = models.PositiveSmallIntegerField(default=1)
    # Who: the side whose link or whose player acted, the account, and how the phone held
    # the match (side-link, scorer-link, owner, admin, scorer, staff, api).
    side = models.ForeignKey(Side, null=True, blank=True, on_delete=models.SET_NULL)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )
    via = models.CharField(max_length=20, blank=True)
    note = models.TextField(blank=True)
    # The same request twice (a double tap, the offline queue's retry) is one step.
    request_id = models.UUIDField(null=True, blank=True)
    at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["at", "pk"]
        constraints = [
            models.UniqueConstraint(
                fields=["hand", "request_id"],
                condition=Q(request_id__isnull=False),
                name="trail_request_unique",
            )
        ]

    def __str__(self) -> str:
        return f"{self.hand}: {self.kind}"


class Dispute(models.Model):
    """A side says a hand is wrong: what it says, the referee question it asked and the
    engine's verdict. Open until the verdict settles it or a director rules."""

    class Status(models.TextChoices):
        OPEN = "open", _("Open")
        SETTLED = "settled", _("Settled by the verdict")
        RULED = "ruled", _("Ruled")

    hand = models.ForeignKey(Hand, on_delete=models.CASCADE, related_name="disputes")
    side = models.ForeignKey(Side, null=True, blank=True, on_delete=models.SET_NULL)
    text = models.TextField(_("what is wrong"), blank=True)
    question = models.CharField(max_length=40, blank=True)
    asked = models.JSONField(default=dict, blank=True)
    # {"ok", "headline", "rule", "message"}: the engine's answer, as it was given.
    verdict = models.JSONField(null=True, blank=True)
    status = models.CharField(max_length=10, choices=Status, default=Status.OPEN)
    opened_at = models.DateTimeField(auto_now_add=True)
    closed_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-opened_at"]

    def __str__(self) -> str:
        return f"{self.hand}: {self.status}"


class Ruling(models.Model):
    """A director's ruling: the club's case law, cited next to its rule in the rulebook."""

    class Decision(models.TextChoices):
        KEEP = "keep", _("Keep the hand")
        CORRECT = "correct", _("Correct the hand")
        VOID = "void", _("Void the hand")

    club = models.ForeignKey(
        "clubs.Club", null=True, blank=True, on_delete=models.CASCADE, related_name="rulings"
    )
    game = models.CharField(max_length=30)
    rule = models.CharField(_("rule"), max_length=80, db_index=True)
    situation = models.TextField(_("situation"))
    decision = models.CharField(_("decision"), max_length=10, choices=Decision)
    text = models.TextField(_("ruling"))
    director = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    at = models.DateTimeField(auto_now_add=True)
    match = models.ForeignKey(Match, null=True, on_delete=models.SET_NULL, related_name="+")
    hand_number = models.PositiveIntegerField()
    dispute = models.OneToOneField(
        Dispute, null=True, blank=True, on_delete=models.SET_NULL, related_name="ruling"
    )

    class Meta:
        ordering = ["-at", "-pk"]

    def __str__(self) -> str:
        return f"{self.rule}: {self.decision}"
