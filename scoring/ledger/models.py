"""The shared match ledger: players, matches, sides, hands and their score lines.

Nothing here knows a game's rules. A match asks its game (``registry.get_game``) to score
a hand and to say who has won, handing it plain data (``Match.view``); the ledger stores
what comes back, keeps running totals and keeps every earlier version of a hand.
"""

from __future__ import annotations

import uuid
from collections.abc import Mapping
from typing import Any

from django.db import IntegrityError, models, transaction
from django.db.models import F, Q, Sum
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from referee.rulings import Breakdown, RuleError, Violation
from scoring.ledger.registry import Game, MatchView, SideView, game_choices, get_game


class Player(models.Model):
    name = models.CharField(_("name"), max_length=60)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name"]
        constraints = [
            models.UniqueConstraint(models.functions.Lower("name"), name="player_name_unique")
        ]

    def __str__(self) -> str:
        return self.name

    @classmethod
    def named(cls, name: str) -> Player:
        """The player with this name (any case), made on first use."""
        name = " ".join(name.split())
        player = cls.objects.filter(name__iexact=name).first()
        if player is None:
            try:
                with transaction.atomic():
                    player = cls.objects.create(name=name)
            except IntegrityError:  # another phone made them a moment ago
                player = cls.objects.get(name__iexact=name)
        return player


class MatchQuerySet(models.QuerySet["Match"]):
    def in_progress(self) -> MatchQuerySet:
        return self.filter(status=Match.Status.IN_PROGRESS)

    def finished(self) -> MatchQuerySet:
        return self.filter(status=Match.Status.FINISHED)

    def with_sides(self) -> MatchQuerySet:
        return self.prefetch_related("sides__seats__player")


class Match(models.Model):
    class Status(models.TextChoices):
        IN_PROGRESS = "in_progress", _("In progress")
        FINISHED = "finished", _("Finished")

    game = models.CharField(_("game"), max_length=30, choices=game_choices)
    options = models.JSONField(_("house rules"), default=dict, blank=True)
    target = models.IntegerField(_("target"), null=True, blank=True)
    status = models.CharField(max_length=20, choices=Status, default=Status.IN_PROGRESS)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    # Bumped by every change; the live scoreboard's ETag.
    version = models.PositiveIntegerField(default=0)

    objects = MatchQuerySet.as_manager()

    class Meta:
        ordering = ["-updated_at"]
        verbose_name_plural = "matches"

    def __str__(self) -> str:
        return f"{self.rules.name} #{self.pk}"

    def get_absolute_url(self) -> str:
        return reverse("ledger:match", args=[self.pk])

    @property
    def rules(self) -> Game:
        return get_game(self.game)

    @property
    def is_finished(self) -> bool:
        return self.status == self.Status.FINISHED

    def live_hands(self) -> models.QuerySet[Hand]:
        return self.hands.filter(undone_at__isnull=True)

    def next_hand_number(self) -> int:
        last = self.live_hands().aggregate(last=models.Max("number"))["last"]
        return (last or 0) + 1

    def view(self) -> MatchView:
        """The match as plain data for its game; kept until the match changes."""
        cached = getattr(self, "_view", None)
        if cached is None:
            cached = self._view = self._make_view()
        return cached

    def refresh_from_db(self, *args: Any, **kwargs: Any) -> None:
        self._view = None
        super().refresh_from_db(*args, **kwargs)

    def _make_view(self) -> MatchView:
        sides = tuple(
            SideView(
                position=side.position,
                name=side.name,
                players=tuple(seat.player.name for seat in side.seats.all()),
                total=side.total,
            )
            for side in self.sides.prefetch_related("seats__player")
        )
        entries = tuple(self.live_hands().order_by("number").values_list("entry", flat=True))
        return MatchView(
            options=self.options,
            target=self.target,
            sides=sides,
            hands_played=len(entries),
            entries=entries,
        )

    # --- changes: each runs in one transaction holding the match row's lock --------------

    def _locked(self) -> Match:
        """This match's row, locked until the transaction ends; the change about to be
        made there also makes this instance's view out of date."""
        self._view = None
        return Match.objects.select_for_update().get(pk=self.pk)

    def record_hand(
        self,
        entry: Mapping[str, Any],
        *,
        request_id: uuid.UUID,
        expected_number: int | None = None,
        by: Player | None = None,
    ) -> Hand:
        """Score and store a hand.

        Sending the same ``request_id`` again returns the hand already recorded (a double
        tap or a retry). ``expected_number`` is the hand number the phone was showing:
        if another phone recorded that hand meanwhile, the entry is refused rather than
        counted twice.
        """
        try:
            with transaction.atomic():
                match = self._locked()
                existing = match.hands.filter(request_id=request_id).first()
                if existing is not None:
                    return existing
                if match.is_finished:
                    raise RuleError(Violation("ledger.match.finished"))
                number = match.next_hand_number()
                if expected_number is not None and expected_number != number:
                    raise RuleError(
                        Violation(
                            "ledger.hand.already-recorded",
                            {"number": expected_number, "next": number},
                        )
                    )
                breakdowns = match._score(entry)
                hand = Hand.objects.create(
                    match=match, number=number, entry=dict(entry), request_id=request_id,
                    created_by=by,
                )  # fmt: skip
                hand._store_scores(breakdowns)
                match._refresh()
                return hand
        except IntegrityError:
            # SQLite takes no row locks: the same request raced itself past the check above.
            existing = self.hands.filter(request_id=request_id).first()
            if existing is None:
                raise
            return existing

    def correct_hand(self, number: int, entry: Mapping[str, Any], *, by: Player | None) -> Hand:
        """Replace a past hand's entry; the version it replaces is kept as a revision."""
        with transaction.atomic():
            match = self._locked()
            hand = match.live_hands().get(number=number)
            breakdowns = match._score(entry, replacing=hand)
            hand.revisions.create(
                revision=hand.revision,
                entry=hand.entry,
                scores=hand.score_snapshot(),
                recorded_by=hand.created_by if hand.revision == 1 else hand.changed_by,
                replaced_by=by,
            )
            hand.entry = dict(entry)
            hand.revision = F("revision") + 1
            hand.changed_by = by
            hand.changed_at = timezone.now()
            hand.save(update_fields=["entry", "revision", "changed_by", "changed_at"])
            hand.refresh_from_db(fields=["revision"])
            hand.scores.all().delete()
            hand._store_scores(breakdowns)
            match._refresh(reopen=True)
            return hand

    def undo_last_hand(self, *, by: Player | None = None) -> Hand | None:
        """Take back the most recent hand. It is kept (undone), never deleted."""
        with transaction.atomic():
            match = self._locked()
            hand = match.live_hands().order_by("-number").first()
            if hand is None:
                return None
            hand.undone_at = timezone.now()
            hand.undone_by = by
            hand.save(update_fields=["undone_at", "undone_by"])
            match._refresh(reopen=True)
            return hand

    def redo_hand(self, hand_id: int) -> Hand:
        """Put back an undone hand, if it would again be the last one."""
        with transaction.atomic():
            match = self._locked()
            hand = match.hands.get(pk=hand_id, undone_at__isnull=False)
            if hand.number != match.next_hand_number():
                raise RuleError(Violation("ledger.hand.redo-too-late", {"number": hand.number}))
            hand.undone_at = None
            hand.undone_by = None
            hand.save(update_fields=["undone_at", "undone_by"])
            match._refresh()
            return hand

    def finish(self) -> None:
        """End a match by hand (a match with no target); the game names the winners."""
        with transaction.atomic():
            match = self._locked()
            match._refresh(closing=True)

    def last_undone_hand(self) -> Hand | None:
        hand = self.hands.filter(undone_at__isnull=False).order_by("-undone_at").first()
        if hand is not None and hand.number == self.next_hand_number():
            return hand
        return None

    def _score(self, entry: Mapping[str, Any], replacing: Hand | None = None) -> list[Breakdown]:
        view = self.view()
        if replacing is not None:
            # Score a correction against the totals as they stood before that hand.
            view = self._view_without(view, replacing)
        breakdowns = list(self.rules.score_hand(view, entry))
        if len(breakdowns) != len(view.sides):
            raise ValueError(f"{self.game} scored {len(breakdowns)} sides of {len(view.sides)}")
        return breakdowns

    def _view_without(self, view: MatchView, hand: Hand) -> MatchView:
        before = dict(
            HandScore.objects.filter(
                hand__match=self, hand__undone_at__isnull=True, hand__number__lt=hand.number
            )
            .values("side__position")
            .annotate(total=Sum("total"))
            .values_list("side__position", "total")
        )
        sides = tuple(
            SideView(s.position, s.name, s.players, before.get(s.position, 0)) for s in view.sides
        )
        return MatchView(
            options=view.options,
            target=view.target,
            sides=sides,
            hands_played=hand.number - 1,
            entries=view.entries[: hand.number - 1],
        )

    def _refresh(self, *, reopen: bool = False, closing: bool = False) -> None:
        """Recompute running totals from the live hands and ask the game who has won."""
        self._view = None
        totals = dict(
            HandScore.objects.filter(hand__match=self, hand__undone_at__isnull=True)
            .values("side")
            .annotate(total=Sum("total"))
            .values_list("side", "total")
        )
        sides = list(self.sides.all())
        for side in sides:
            side.total = totals.get(side.pk, 0)
        Side.objects.bulk_update(sides, ["total"])
        self._view = None
        view = self.view()
        winners = set(self.rules.winners(view, closing=closing))
        for side in sides:
            side.won = side.position in winners
        Side.objects.bulk_update(sides, ["won"])
        if winners:
            if not self.is_finished:
                self.finished_at = timezone.now()
            self.status = self.Status.FINISHED
        elif reopen or not self.is_finished:
            self.status = self.Status.IN_PROGRESS
            self.finished_at = None
        self.version += 1
        self.save(update_fields=["status", "finished_at", "version", "updated_at"])
        self._view = None


class Side(models.Model):
    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="sides")
    position = models.PositiveSmallIntegerField()
    name = models.CharField(_("name"), max_length=60)
    total = models.IntegerField(default=0)
    won = models.BooleanField(default=False)
    players = models.ManyToManyField(Player, through="Seat", related_name="sides")

    class Meta:
        ordering = ["position"]
        constraints = [
            models.UniqueConstraint(fields=["match", "position"], name="side_position_unique")
        ]

    def __str__(self) -> str:
        return self.name


class Seat(models.Model):
    """A player's place at the table: ``order`` is the seating order within the side."""

    side = models.ForeignKey(Side, on_delete=models.CASCADE, related_name="seats")
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="seats")
    order = models.PositiveSmallIntegerField()

    class Meta:
        ordering = ["order"]
        constraints = [models.UniqueConstraint(fields=["side", "order"], name="seat_order_unique")]

    def __str__(self) -> str:
        return f"{self.player} ({self.side}, {self.order + 1})"


class Hand(models.Model):
    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="hands")
    number = models.PositiveIntegerField()
    # The game's own record of the hand (what was entered), enough to score it again.
    entry = models.JSONField(default=dict)
    # Sent with the form: the same id twice is the same hand (double tap, retry).
    request_id = models.UUIDField(default=uuid.uuid4)
    revision = models.PositiveSmallIntegerField(default=1)
    created_at = models.DateTimeField(auto_now_add=True)
    created_by = models.ForeignKey(
        Player, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    changed_at = models.DateTimeField(null=True, blank=True)
    changed_by = models.ForeignKey(
        Player, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    undone_at = models.DateTimeField(null=True, blank=True)
    undone_by = models.ForeignKey(
        Player, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )

    class Meta:
        ordering = ["number"]
        constraints = [
            models.UniqueConstraint(
                fields=["match", "number"],
                condition=Q(undone_at__isnull=True),
                name="hand_number_unique",
            ),
            models.UniqueConstraint(fields=["match", "request_id"], name="hand_request_unique"),
        ]

    def __str__(self) -> str:
        return f"{self.match} hand {self.number}"

    def _store_scores(self, breakdowns: list[Breakdown]) -> None:
        sides = list(self.match.sides.all())
        HandScore.objects.bulk_create(
            HandScore(hand=self, side=side, total=b.total, lines=b.as_dict()["lines"])
            for side, b in zip(sides, breakdowns, strict=True)
        )

    def score_snapshot(self) -> dict[str, Any]:
        return {
            str(score.side.position): {"total": score.total, "lines": score.lines}
            for score in self.scores.select_related("side")
        }


class HandScore(models.Model):
    """A side's result for one hand: its total and the score lines that add up to it."""

    hand = models.ForeignKey(Hand, on_delete=models.CASCADE, related_name="scores")
    side = models.ForeignKey(Side, on_delete=models.CASCADE, related_name="hand_scores")
    total = models.IntegerField()
    # [{"rule": id, "count": n, "points": n, "params": {...}}]; labels come from the rule id.
    lines = models.JSONField(default=list)

    class Meta:
        ordering = ["side__position"]
        constraints = [models.UniqueConstraint(fields=["hand", "side"], name="hand_score_unique")]

    def __str__(self) -> str:
        return f"{self.hand}: {self.side} {self.total}"

    @property
    def breakdown(self) -> Breakdown:
        return Breakdown.from_dict({"lines": self.lines})


class HandRevision(models.Model):
    """An earlier version of a corrected hand: what it said, who had entered it, and who
    replaced it when."""

    hand = models.ForeignKey(Hand, on_delete=models.CASCADE, related_name="revisions")
    revision = models.PositiveSmallIntegerField()
    entry = models.JSONField()
    scores = models.JSONField()
    recorded_by = models.ForeignKey(
        Player, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    replaced_by = models.ForeignKey(
        Player, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    replaced_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["revision"]
        constraints = [
            models.UniqueConstraint(fields=["hand", "revision"], name="hand_revision_unique")
        ]

    def __str__(self) -> str:
        return f"{self.hand} v{self.revision}"
