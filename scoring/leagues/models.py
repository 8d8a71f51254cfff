"""A league between nights: the pairs of a club play each fixture whenever they like
within its window. Either side reports the result — the fixture's own Tento match, once
played, or the final scores typed in — and the report stands only when a member of the
other side confirms it. A fixture played in Tento whose every hand the other side
accepted at the table (``scoring.acceptance``) is settled as it is reported. A fixture
still unplayed at its deadline is the director's to rule: a walkover, or a longer
window."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import models, transaction
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from scoring.events.models import Entrant, Event
from scoring.ledger.models import Match, Player, Seat, Side


class State(models.TextChoices):
    OPEN = "open", _("To be played")
    REPORTED = "reported", _("Reported, waiting for the other side")
    CONFIRMED = "confirmed", _("Confirmed by both sides")
    WALKOVER = "walkover", _("Walkover ruled by the director")


class Fixture(models.Model):
    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="fixtures")
    round = models.PositiveSmallIntegerField()
    home = models.ForeignKey(Entrant, on_delete=models.PROTECT, related_name="+")
    away = models.ForeignKey(Entrant, on_delete=models.PROTECT, related_name="+")
    # The fixture's match in Tento, with the event's options: played there, its result
    # may be reported as it stands.
    match = models.OneToOneField(
        Match, on_delete=models.PROTECT, related_name="league_fixture", null=True, blank=True
    )
    opens_at = models.DateTimeField(_("opens"))
    deadline = models.DateTimeField(_("deadline"))
    state = models.CharField(max_length=10, choices=State, default=State.OPEN)
    # The reported final scores, home first, and which side reported them (0 home, 1 away).
    scores = models.JSONField(null=True, blank=True)
    reported_side = models.PositiveSmallIntegerField(null=True, blank=True)
    reported_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )
    reported_at = models.DateTimeField(null=True, blank=True)
    confirmed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )
    confirmed_at = models.DateTimeField(null=True, blank=True)
    walkover_to = models.ForeignKey(
        Entrant, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    ruled_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )

    class Meta:
        ordering = ["event", "round", "pk"]

    def __str__(self) -> str:
        return f"{self.home} v {self.away}"

    @property
    def sides(self) -> tuple[Entrant, Entrant]:
        return (self.home, self.away)

    @property
    def settled(self) -> bool:
        return self.state in (State.CONFIRMED, State.WALKOVER)

    def overdue(self, now: Any = None) -> bool:
        """Past its deadline and not settled: the director's to rule."""
        return not self.settled and (now or timezone.now()) > self.deadline

    def is_open(self, now: Any = None) -> bool:
        now = now or timezone.now()
        return self.opens_at <= now <= self.deadline

    def side_of(self, user: Any) -> int | None:
        """0 for the home side, 1 for the away side, when ``user`` plays for it (under
        their full name, or else their username); None otherwise."""
        if not getattr(user, "is_authenticated", False):
            return None
        name = (user.get_full_name() or user.get_username()).lower()
        for index, entrant in enumerate(self.sides):
            if name in (player.lower() for player in entrant.players):
                return index
        return None

    # --- the result ------------------------------------------------------------------

    def report(self, user: Any, scores: list[int] | None = None) -> None:
        """A side reports the final scores (home first); without ``scores``, the
        fixture's match as it stands, once it has finished."""
        side = self.side_of(user)
        if side is None:
            raise ValidationError(_("Only the two sides of the fixture report its result."))
        if self.settled:
            raise ValidationError(_("This fixture's result is settled already."))
        if timezone.now() < self.opens_at:
            raise ValidationError(_("The fixture's window has not opened yet."))
        if timezone.now() > self.deadline:
            raise ValidationError(
                _("The fixture's deadline has passed: the director rules on it.")
            )
        accepted = False
        if scores is None:
            if self.match is None or not self.match.is_finished:
                raise ValidationError(_("The fixture's match has not finished yet."))
            accepted = self._accepted_at_the_table()
            scores = list(self.match.sides.order_by("position").values_list("total", flat=True))
        if len(scores) != 2 or any(score < 0 for score in scores):
            raise ValidationError(_("Type both sides' final scores, none below zero."))
        with transaction.atomic():
            self.scores = [int(score) for score in scores]
            self.reported_side, self.reported_by = side, user
            self.reported_at, self.state = timezone.now(), State.REPORTED
            self.confirmed_by = self.confirmed_at = None
            if accepted:
                # The other side accepted every hand at the table: that is its
                # confirmation, and nobody is asked a second time.
                self.state, self.confirmed_at = State.CONFIRMED, timezone.now()
            self.save()

    def _accepted_at_the_table(self) -> bool:
        """The fixture's match asks the other side to accept each hand (the acceptance
        app) and every hand is accepted or ruled; refused, naming the rule, while one
        still waits (a hand corrected after the match ended)."""
        from scoring.acceptance.table import is_required
        from scoring.kit.rulebook import describe

        if self.match is None or not is_required(self.match):
            return False
        held = self.match.holds_open()
        if held:
            raise ValidationError([describe(violation) for violation in held])
        return True

    def confirm(self, user: Any) -> None:
        """A member of the other side accepts the report: the result stands."""
        self._check_other_side(user)
        self.confirmed_by, self.confirmed_at = user, timezone.now()
        self.state = State.CONFIRMED
        self.save(update_fields=["confirmed_by", "confirmed_at", "state"])

    def reject(self, user: Any) -> None:
        """The other side does not accept the report: the fixture is open again."""
        self._check_other_side(user)
        self.scores = self.reported_side = self.reported_by = self.reported_at = None
        self.state = State.OPEN
        self.save()

    def _check_other_side(self, user: Any) -> None:
        if self.state != State.REPORTED:
            raise ValidationError(_("There is no report waiting on this fixture."))
        side = self.side_of(user)
        if side is None or side == self.reported_side:
            raise ValidationError(
                _("Only a member of the other side accepts or refuses the report.")
            )

    # --- the director's rulings ------------------------------------------------------

    def rule_walkover(self, winner: Entrant, by: Any) -> None:
        if winner.pk not in (self.home_id, self.away_id):
            raise ValidationError(_("A walkover goes to one of the fixture's sides."))
        if self.state == State.CONFIRMED:
            raise ValidationError(_("This fixture's result is settled already."))
        self.walkover_to, self.ruled_by, self.state = winner, by, State.WALKOVER
        self.save(update_fields=["walkover_to", "ruled_by", "state"])

    def extend(self, deadline: Any, by: Any) -> None:
        if deadline <= self.deadline:
            raise ValidationError(_("The new deadline must be later than the one it replaces."))
        if self.settled:
            raise ValidationError(_("This fixture's result is settled already."))
        self.deadline, self.ruled_by = deadline, by
        self.save(update_fields=["deadline", "ruled_by"])


def start_match(event: Event, home: Entrant, away: Entrant) -> Match:
    """The fixture's match in Tento: a match of the club, with the event's options, each
    entrant a side; the other side accepts each hand unless the event turned that off."""
    match = Match.objects.create(
        game=event.game, options=event.options, target=event.target, club=event.club
    )
    for position, entrant in enumerate((home, away)):
        side = Side.objects.create(match=match, position=position, name=entrant.name)
        Seat.objects.bulk_create(
            Seat(side=side, player=Player.named(name), order=order)
            for order, name in enumerate(entrant.players)
        )
    if event.acceptance:
        from scoring.acceptance.table import require_acceptance

        require_acceptance(match)
    return match
