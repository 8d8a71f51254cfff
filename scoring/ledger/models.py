"""The shared match ledger: players, matches, sides, hands and their score lines.

Nothing here knows a game's rules. A match asks its game (``registry.get_game``) to score
a hand, to say what running state the next hand starts from and who has won, handing it
plain data (``Match.view``); the ledger stores what comes back, keeps running totals and
every earlier version of a hand, and never loses or doubles a hand: every change runs in
one transaction holding the match row's lock, names what it changes, and is refused
with a rule (not an error page) when another phone got there first.
"""

from __future__ import annotations

import secrets
import uuid
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from django.conf import settings
from django.db import IntegrityError, connections, models, transaction
from django.db.models import F, Q, Sum
from django.dispatch import Signal
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from referee.rulings import Breakdown, RuleError, Violation
from scoring.kit.match import MatchView, SideView
from scoring.kit.registry import Game, game_choices, get_game
from scoring.ledger import push, standing

# --- hooks for the apps that keep something beside the hands (acceptance) ------------------
# Sent inside the change's transaction, holding the match row's lock, once a hand was
# recorded (``change="recorded"``, not when a retry finds it again), corrected, undone or
# redone: ``sender`` Match, ``match``, ``hand``, ``change``.
hand_changed = Signal()
# Asked before a match finishes (its target reached, or closed by hand): a receiver
# answering a ``Violation`` holds it open (hands the other side has not accepted yet).
finish_held = Signal()


def new_code() -> str:
    """A match's address: 12 unguessable URL-safe characters, never a sequence."""
    return secrets.token_urlsafe(9)


def new_token() -> str:
    """A capability: 32 unguessable URL-safe characters, kept on a phone or in a link."""
    return secrets.token_urlsafe(24)


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

    def latest_lists(self, playing: int, ended: int) -> tuple[list[Match], list[Match]]:
        """The ``playing`` matches in progress last played and the ``ended`` last finished,
        newest first. Each list follows its own index however many matches the years have
        kept; both come in one query (a UNION ALL of the two) where the database can limit
        each part of a union (PostgreSQL), else in two (SQLite, in process)."""
        in_progress = self.in_progress().order_by("-updated_at")[:playing]
        finished = self.finished().order_by("-finished_at")[:ended]
        if connections[self.db].features.supports_slicing_ordering_in_compound:
            rows = list(in_progress.union(finished, all=True))
        else:
            rows = [*in_progress, *finished]
        return (
            sorted(
                (m for m in rows if m.status == Match.Status.IN_PROGRESS),
                key=lambda match: match.updated_at,
                reverse=True,
            ),
            sorted(
                (m for m in rows if m.status == Match.Status.FINISHED),
                key=lambda match: match.finished_at or match.updated_at,
                reverse=True,
            ),
        )

    def renew_scorer_links(self) -> int:
        """A new scorer link for every one of these matches (a club's, when someone who
        was shown their links loses the right to score): the old links stop at once.
        Returns how many were renewed."""
        renewed = list(self.only("pk", "code"))
        now = timezone.now()
        for match in renewed:
            match.edit_token = new_token()
            match.updated_at = now  # moves the records' generation: no page kept shows it
        with transaction.atomic():
            Match.objects.bulk_update(renewed, ["edit_token", "updated_at"], batch_size=500)
            standing.forget_access([match.code for match in renewed])
            if renewed:
                standing.standing_changed.send(Match, match=None)
        return len(renewed)


# What a list of matches (home's) reads of each: its address, game and version (its item
# is drawn once a version, ``standing.listed_items``), when it was last played or finished;
# and of each side, its name, total and whether it won.
LISTED = ("code", "game", "version", "status", "updated_at", "finished_at")


@dataclass(frozen=True)
class Read:
    """A match as read once for one of its versions: its game's view, the side rows it
    was built from, and the number of the hand undone last (the redo button's)."""

    version: int
    view: MatchView
    sides: list[Side]
    undone: int | None


@dataclass(frozen=True)
class Change:
    """What a change did: the hand it touched (none when a match is ended), and the match
    as it left it. ``recorded``: a hand stored by this call, with its ``scores`` (each
    with its side), which the answer draws without reading them back."""

    hand: Hand | None
    view: MatchView
    recorded: bool = False
    scores: tuple[HandScore, ...] = ()


class Match(models.Model):
    class Status(models.TextChoices):
        IN_PROGRESS = "in_progress", _("In progress")
        FINISHED = "finished", _("Finished")

    code = models.CharField(max_length=16, unique=True, default=new_code, editable=False)
    game = models.CharField(_("game"), max_length=30, choices=game_choices)
    options = models.JSONField(_("house rules"), default=dict, blank=True)
    target = models.BigIntegerField(_("target"), null=True, blank=True)
    status = models.CharField(max_length=20, choices=Status, default=Status.IN_PROGRESS)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    # Bumped by every change; the live scoreboard's ETag.
    version = models.PositiveBigIntegerField(default=0)
    # The hand being played, as every phone at the table sees it (a Truco call, the bets),
    # and its revision: a step taken from an older revision is refused, not merged.
    draft = models.JSONField(default=dict, blank=True)
    draft_revision = models.PositiveIntegerField(default=0)
    # Who may change the match and who may see it: ``scoring.ledger.access`` decides from
    # these. The edit token is the scorer link (change), the share token the read-only
    # link; a private match is seen only by its owner, its club and token holders.
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="matches",
    )
    club = models.ForeignKey(
        "clubs.Club", null=True, blank=True, on_delete=models.SET_NULL, related_name="matches"
    )
    edit_token = models.CharField(max_length=40, unique=True, default=new_token, editable=False)
    share_token = models.CharField(max_length=40, unique=True, default=new_token, editable=False)
    private = models.BooleanField(_("private"), default=True)

    objects = MatchQuerySet.as_manager()
    # Set by ``access.get_match`` for the viewer who asked; templates hide change controls
    # from everyone else (the views refuse them anyway).
    can_change: bool = False
    # The match as last read (``view``), for its version.
    _read: Read | None = None

    class Meta:
        ordering = ["-updated_at"]
        verbose_name_plural = "matches"
        indexes = [models.Index(fields=["status", "-updated_at"], name="match_status_updated")]

    def __str__(self) -> str:
        return f"{self.rules.name} {self.code}"

    def get_absolute_url(self) -> str:
        return reverse("ledger:match", args=[self.code])

    def get_watch_url(self) -> str:
        """The read-only link: the one to hand on, as the match's own address is private."""
        return reverse("ledger:watch", args=[self.share_token])

    @property
    def rules(self) -> Game:
        return get_game(self.game)

    @property
    def is_finished(self) -> bool:
        return self.status == self.Status.FINISHED

    def live_hands(self) -> models.QuerySet[Hand]:
        return self.hands.filter(undone_at__isnull=True)

    # --- the match as its game sees it -----------------------------------------------

    def view(self) -> MatchView:
        """The match as plain data for its game, read once for each of its versions
        (``standing.read_sides``: one query, or none when the version's rows are kept)."""
        return self._read_view().view

    def sides_of_view(self) -> list[Side]:
        """The side rows the match's view was built from (loaded once with it): a change
        made through the view stores its scores against them."""
        return self._read_view().sides

    def redo_offered(self) -> int | None:
        """The number of the hand the redo button puts back: the last one undone, if it
        would again be the next hand. Read with the view, in the same query."""
        read = self._read_view()
        return read.undone if read.undone == read.view.number else None

    def _read_view(self, *, keep: bool = True) -> Read:
        read = self._read
        if read is None or read.version != self.version:
            rows = standing.read_sides(self, with_last_hand=True, keep=keep)
            last = rows.last
            view = MatchView(
                options=self.options,
                target=self.target,
                sides=self._side_views(sides=rows.sides),
                hands_played=last.number if last else 0,
                state=dict(last.state) if last else {},
                draft=self.draft,
            )
            read = self._read = Read(self.version, view, rows.sides, rows.undone)
        return read

    def refresh_from_db(self, *args: Any, **kwargs: Any) -> None:
        self._read = None
        super().refresh_from_db(*args, **kwargs)

    def _side_views(
        self, totals: Mapping[int, int] | None = None, sides: Sequence[Side] | None = None
    ) -> tuple[SideView, ...]:
        if sides is None:
            sides = standing.read_sides(self).sides
        return tuple(
            SideView(
                position=side.position,
                name=side.name,
                players=tuple(side.player_names),
                total=side.total if totals is None else totals.get(side.position, 0),
                won=side.won,
            )
            for side in sides
        )

    def view_before(self, number: int) -> MatchView:
        """The match as it stood when hand ``number`` was dealt: totals and state of the
        hands before it (for a correction)."""
        totals = dict(
            HandScore.objects.filter(
                hand__match=self, hand__undone_at__isnull=True, hand__number__lt=number
            )
            .values("side__position")
            .annotate(total=Sum("total"))
            .values_list("side__position", "total")
        )
        previous = self.live_hands().filter(number=number - 1).values("state").first()
        return MatchView(
            options=self.options,
            target=self.target,
            sides=self._side_views(totals),
            hands_played=number - 1,
            state=(previous["state"] if previous else None) or {},
        )

    # --- changes: each runs in one transaction holding the match row's lock ----------

    def _locked(self) -> Match:
        """This match's row, locked until the transaction ends. (This instance's view
        stays: a refused change leaves it right, a change replaces it in ``_sync``.)"""
        return Match.objects.select_for_update().get(pk=self.pk)

    def _sync(self, locked: Match) -> None:
        """Bring this instance up to date with the row a change was made through, so the
        caller never has to refresh it."""
        for field in self._meta.concrete_fields:
            setattr(self, field.attname, getattr(locked, field.attname))
        # The view the change left, when it built one: read again only if it did not.
        self._read = locked._read
        self._prefetched_objects_cache = {}
        standing.publish_version(locked.code, locked.version)
        push.announce(locked.code, locked.version)

    def _current_view(self, locked: Match) -> MatchView:
        """The match as its game sees it, under the lock: this instance's view when the
        match has not changed since it was built (the form was judged against it), else
        a fresh one."""
        if self._read is not None and self._read.version == locked.version:
            locked._read = self._read
        return locked.view()

    def record_hand(
        self,
        entry: Mapping[str, Any],
        *,
        request_id: uuid.UUID,
        expected_number: int | None = None,
        draft_revision: int | None = None,
        by: Player | None = None,
        allow_empty: bool = True,
        check_entry: bool = False,
    ) -> Change:
        """Score and store a hand; the change names it (``recorded`` False when it was
        recorded before, by the same request).

        Sending the same ``request_id`` again returns the hand already recorded (a double
        tap, a retry, a phone that was offline). ``expected_number`` is the hand the phone
        was entering: if another phone recorded that hand meanwhile, the entry is refused
        rather than counted twice. ``draft_revision``: the shared hand in progress the
        phone last saw; a hand built on an older one is refused. ``allow_empty`` False:
        a hand in which every side scores nothing is refused until the phone confirms it
        (usually a form sent before anything was entered). ``check_entry``: an entry a
        program sent (not a form's), checked by the game's hand form under the lock, as
        the match stands (``Game.checked_entry``); a refusal stores nothing.
        """
        try:
            with transaction.atomic():
                match = self._locked()
                try:
                    view = self._current_view(match)
                    number = view.number
                    match._check_recordable(number, expected_number, draft_revision)
                    if check_entry:
                        entry = match.rules.checked_entry(view, entry)
                    breakdowns = match._score(view, entry)
                    if not allow_empty and not any(b.total for b in breakdowns):
                        raise RuleError(Violation("ledger.hand.all-zero", {"number": number}))
                except RuleError:
                    # The same request again, once its hand is in (a double tap, a retry
                    # after the match moved on): that hand, not a refusal. A request that
                    # passes every check again meets the unique request id instead.
                    existing = match.hands.filter(request_id=request_id).first()
                    if existing is None:
                        raise
                    self._sync(match)
                    return Change(existing, self.view())
                state = match.rules.state_after(view, entry, breakdowns)
                # The side rows the view was read with (read before the version moves).
                sides = match.sides_of_view()
                match.version += 1
                hand = Hand.objects.create(
                    match=match,
                    number=number,
                    entry=dict(entry),
                    request_id=request_id,
                    created_by=by,
                    state=state,
                    version=match.version,
                )
                scores = hand._store_scores(breakdowns, sides)
                if match.draft or match.draft_revision:
                    match.draft = {}
                    match.draft_revision += 1
                # The totals move by this hand's scores alone: no sum over every hand.
                after = replace(
                    view,
                    sides=tuple(
                        replace(side, total=side.total + score.total)
                        for side, score in zip(view.sides, breakdowns, strict=True)
                    ),
                    hands_played=number,
                    state=state or {},
                    draft={},
                )
                hand_changed.send(sender=Match, match=match, hand=hand, change="recorded")
                change = match._refresh(after=after, sides=sides, hand=hand)
                standing.remember_sides(match, sides, standing.LastHand(number, state or {}))
                self._sync(match)
                return replace(change, recorded=True, scores=tuple(scores))
        except IntegrityError:
            # The same request, recorded already (or racing itself on SQLite, which takes
            # no row locks): the hand it made.
            existing = self.hands.filter(request_id=request_id).first()
            if existing is None:
                raise
            self.refresh_from_db()
            return Change(existing, self.view())

    def correct_hand(
        self,
        number: int,
        entry: Mapping[str, Any],
        *,
        by: Player | None,
        revision: int | None = None,
    ) -> Change:
        """Replace a past hand's entry; the version it replaces is kept as a revision.

        Every later hand is scored again from the state the correction leaves (its
        opening minimum, its stake, its balances); one that has become impossible keeps
        its score and is flagged with the rule it now breaks. ``revision``: the version
        of the hand the phone corrected; if it has changed since, the correction is
        refused rather than overwriting the other phone's.
        """
        with transaction.atomic():
            match = self._locked()
            hand = match.live_hands().filter(number=number).first()
            if hand is None:
                raise RuleError(Violation("ledger.hand.gone", {"number": number}))
            if revision is not None and revision != hand.revision:
                raise RuleError(Violation("ledger.hand.corrected-meanwhile", {"number": number}))
            view = match.view_before(number)
            breakdowns = match._score(view, entry)
            hand.revisions.create(
                revision=hand.revision,
                entry=hand.entry,
                scores=hand.score_snapshot(),
                recorded_by=hand.created_by if hand.revision == 1 else hand.changed_by,
                replaced_by=by,
            )
            match.version += 1
            hand.entry = dict(entry)
            hand.revision = F("revision") + 1
            hand.changed_by = by
            hand.changed_at = timezone.now()
            hand.state = match.rules.state_after(view, entry, breakdowns)
            hand.problem = None
            hand.version = match.version
            hand.save(
                update_fields=[
                    "entry",
                    "revision",
                    "changed_by",
                    "changed_at",
                    "state",
                    "problem",
                    "version",
                ]
            )
            hand.refresh_from_db(fields=["revision"])
            hand.scores.all().delete()
            hand._store_scores(breakdowns)
            match._replay_after(hand, view, breakdowns)
            hand_changed.send(sender=Match, match=match, hand=hand, change="corrected")
            change = match._refresh(reopen=True, hand=hand)
            self._sync(match)
            return change

    def undo_hand(self, number: int | None = None, *, by: Player | None = None) -> Change:
        """Take back hand ``number``, which must be the most recent one (kept as undone,
        never deleted). A second tap, or a second phone, finds it no longer last."""
        with transaction.atomic():
            match = self._locked()
            hand = match.live_hands().order_by("-number").first()
            if hand is None:
                raise RuleError(Violation("ledger.undo.nothing"))
            if number is not None and hand.number != number:
                raise RuleError(
                    Violation("ledger.undo.not-last", {"number": number, "last": hand.number})
                )
            match.version += 1
            hand.undone_at = timezone.now()
            hand.undone_by = by
            hand.version = match.version
            hand.save(update_fields=["undone_at", "undone_by", "version"])
            hand_changed.send(sender=Match, match=match, hand=hand, change="undone")
            change = match._refresh(reopen=True, hand=hand)
            self._sync(match)
            return change

    def redo_hand(self, number: int) -> Change:
        """Put back undone hand ``number``, if it would again be the last one."""
        with transaction.atomic():
            match = self._locked()
            hand = (
                match.hands.filter(number=number, undone_at__isnull=False)
                .order_by("-undone_at")
                .first()
            )
            if hand is None or match.live_hands().filter(number=number).exists():
                raise RuleError(Violation("ledger.redo.nothing", {"number": number}))
            if hand.number != match._next_number() or hand.number != match.redo_offered():
                raise RuleError(Violation("ledger.hand.redo-too-late", {"number": number}))
            match.version += 1
            hand.undone_at = None
            hand.undone_by = None
            hand.version = match.version
            hand.save(update_fields=["undone_at", "undone_by", "version"])
            hand_changed.send(sender=Match, match=match, hand=hand, change="redone")
            change = match._refresh(hand=hand)
            self._sync(match)
            return change

    def holds_open(self) -> list[Violation]:
        """What holds this match open though it could finish (``finish_held``)."""
        found = finish_held.send(sender=Match, match=self)
        return [violation for _receiver, violation in found if violation is not None]

    def restate(self) -> Change:
        """Something kept beside the hands changed (a hand accepted): a new version, so
        every phone draws the match again, and the game is asked again who has won (a
        match held open may now finish)."""
        with transaction.atomic():
            match = self._locked()
            match.version += 1
            change = match._refresh()
            self._sync(match)
            return change

    def finish(self) -> Change:
        """End a match by hand (a match with no target); the game names the winners."""
        with transaction.atomic():
            match = self._locked()
            if match.is_finished:
                change = Change(None, match.view())
            else:
                held = match.holds_open()
                if held:
                    raise RuleError(held)
                match.version += 1
                change = match._refresh(closing=True)
            self._sync(match)
            return change

    def save_draft(self, draft: Mapping[str, Any], *, revision: int | None) -> int:
        """Store the hand in progress that every phone shares; returns its new revision.
        A step taken on an older revision than the stored one is refused."""
        with transaction.atomic():
            match = self._locked()
            match._check_draft(revision)
            match.draft = dict(draft)
            match.draft_revision += 1
            match.version += 1
            match.save(update_fields=["draft", "draft_revision", "version", "updated_at"])
            self._sync(match)
            return match.draft_revision

    def renew_links(self, *, scorer: bool = False, watch: bool = False) -> None:
        """Issue a new scorer link (``scorer``), watch link (``watch``) or both: the old
        ones stop at once, on every phone that kept them. The version moves, so every
        phone polling the match asks again, and one whose link is gone is told so."""
        with transaction.atomic():
            match = self._locked()
            if scorer:
                match.edit_token = new_token()
            if watch:
                match.share_token = new_token()
            match.version += 1
            # updated_at moves the records' generation: no page kept for the old link
            # shows the match again.
            match.save(update_fields=["edit_token", "share_token", "version", "updated_at"])
            standing.forget_access([match.code])
            # Who may count it changed: no records page kept for the old link shows it.
            standing.standing_changed.send(Match, match=match)
            self._sync(match)

    # --- the ledger's own bookkeeping --------------------------------------------------

    def _next_number(self) -> int:
        last = self.live_hands().aggregate(last=models.Max("number"))["last"]
        return (last or 0) + 1

    def _check_recordable(
        self, number: int, expected: int | None, draft_revision: int | None
    ) -> None:
        """Whether a hand may be recorded as ``number`` now: the match goes on, the phone
        was entering this hand (``expected``) and the shared draft it saw is current."""
        if self.is_finished:
            raise RuleError(Violation("ledger.match.finished"))
        if expected is not None and expected != number:
            raise RuleError(
                Violation(
                    "ledger.hand.already-recorded"
                    if expected < number
                    else "ledger.hand.undone-meanwhile",
                    {"number": expected, "next": number},
                )
            )
        self._check_draft(draft_revision)

    def _check_draft(self, revision: int | None) -> None:
        if revision is not None and revision != self.draft_revision:
            raise RuleError(Violation("ledger.draft.changed"))

    def _score(self, view: MatchView, entry: Mapping[str, Any]) -> list[Breakdown]:
        breakdowns = list(self.rules.score_hand(view, entry))
        if len(breakdowns) != len(view.sides):
            raise ValueError(f"{self.game} scored {len(breakdowns)} sides of {len(view.sides)}")
        return breakdowns

    def _replay_after(self, hand: Hand, before: MatchView, scores: Sequence[Breakdown]) -> None:
        """Score every live hand after ``hand`` again, in order, from the state and totals
        the hands before it leave."""
        game = self.rules
        totals = {side.position: side.total for side in before.sides}
        state = hand.state
        for side, breakdown in zip(before.sides, scores, strict=True):
            totals[side.position] += breakdown.total
        later = self.live_hands().filter(number__gt=hand.number).order_by("number")
        for other in later.prefetch_related("scores__side"):
            view = MatchView(
                options=self.options,
                target=self.target,
                sides=tuple(
                    SideView(s.position, s.name, s.players, totals[s.position])
                    for s in before.sides
                ),
                hands_played=other.number - 1,
                state=state or {},
            )
            try:
                breakdowns = self._score(view, other.entry)
            except RuleError as error:
                other.problem = [v.as_dict() for v in error.violations]
                breakdowns = [score.breakdown for score in other.scores.all()]
            else:
                other.problem = None
                new_state = game.state_after(view, other.entry, breakdowns)
                if [b.as_dict() for b in breakdowns] != other.breakdowns_as_dicts():
                    other.scores.all().delete()
                    other._store_scores(breakdowns)
                other.state = new_state
            other.version = self.version
            other.save(update_fields=["problem", "state", "version"])
            state = other.state
            for side, breakdown in zip(before.sides, breakdowns, strict=True):
                totals[side.position] += breakdown.total

    def _refresh(
        self,
        *,
        reopen: bool = False,
        closing: bool = False,
        after: MatchView | None = None,
        sides: list[Side] | None = None,
        hand: Hand | None = None,
    ) -> Change:
        """Set the running totals, ask the game who has won and save; the caller has
        already bumped ``version``. ``after``: the match as the change left it, totals
        included (a hand just recorded); otherwise the totals are summed from the live
        hands again (a correction, an undo). Returns the change (``hand``: the hand it
        touched) with the view it left; tells the records when a standing may move."""
        was_finished = self.is_finished
        undone = None  # after a hand recorded, nothing to redo (``standing.remember_sides``)
        sides = sides if sides is not None else list(self.sides.all())
        stored = {side.pk: (side.total, side.won) for side in sides}

        def save_changed_sides() -> None:
            # A side whose total and standing stay (it scored nothing) is not written:
            # one small update a side that changed costs less than any bulk statement.
            for side in sides:
                if (side.total, side.won) != stored[side.pk]:
                    side.save(update_fields=["total", "won"])
                    stored[side.pk] = (side.total, side.won)

        if after is None:
            totals = dict(
                HandScore.objects.filter(hand__match=self, hand__undone_at__isnull=True)
                .values("side")
                .annotate(total=Sum("total"))
                .values_list("side", "total")
            )
            for side in sides:
                side.total = totals.get(side.pk, 0)
            save_changed_sides()  # the view below reads them
            self._prefetched_objects_cache = {}
            # Read in the middle of the change (the standing is written below): not kept.
            self._read = None
            read = self._read_view(keep=False)
            after, sides, undone = read.view, read.sides, read.undone
            stored = {side.pk: (side.total, side.won) for side in sides}
        else:
            by_position = {view.position: view.total for view in after.sides}
            for side in sides:
                side.total = by_position[side.position]
        winners = set(self.rules.winners(after, closing=closing))
        for side in sides:
            side.won = side.position in winners
        save_changed_sides()
        # Closed by hand, a match ends even with nobody to name (a patience log).
        if (winners or closing) and not self.holds_open():
            if not self.is_finished:
                self.finished_at = timezone.now()
            self.status = self.Status.FINISHED
        elif reopen or not self.is_finished:
            self.status = self.Status.IN_PROGRESS
            self.finished_at = None
        self.save(
            update_fields=[
                "status",
                "finished_at",
                "version",
                "updated_at",
                "draft",
                "draft_revision",
            ]
        )
        view = replace(
            after,
            sides=tuple(replace(side, won=side.position in winners) for side in after.sides),
        )
        self._read = Read(self.version, view, sides, undone)
        if was_finished or self.is_finished:
            standing.standing_changed.send(Match, match=self)
        return Change(hand, view)


class Side(models.Model):
    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="sides")
    position = models.PositiveSmallIntegerField()
    name = models.CharField(_("name"), max_length=60)
    total = models.BigIntegerField(default=0)
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
    # The game's running state after this hand: what the next hand starts from. Null for
    # hands stored before states were kept, until the ledger derives it once.
    state = models.JSONField(null=True, blank=True)
    # Sent with the form: the same id twice is the same hand (double tap, retry).
    request_id = models.UUIDField(default=uuid.uuid4)
    revision = models.PositiveSmallIntegerField(default=1)
    # The match's version when this hand last changed: a poll sends only what changed.
    version = models.PositiveBigIntegerField(default=0)
    # The rules a correction of an earlier hand left this one breaking (then its score
    # is kept as it was and the match page flags it).
    problem = models.JSONField(null=True, blank=True)
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
        indexes = [models.Index(fields=["match", "version"], name="hand_match_version")]

    def __str__(self) -> str:
        return f"{self.match} hand {self.number}"

    @property
    def is_undone(self) -> bool:
        return self.undone_at is not None

    def _store_scores(
        self, breakdowns: Sequence[Breakdown], sides: Sequence[Side] | None = None
    ) -> list[HandScore]:
        """The hand's scores, stored, each with its side (so the page drawn next lists
        them without a query)."""
        sides = list(self.match.sides.all()) if sides is None else sides
        return HandScore.objects.bulk_create(
            HandScore(hand=self, side=side, total=b.total, lines=b.as_dict()["lines"])
            for side, b in zip(sides, breakdowns, strict=True)
        )

    def breakdowns_as_dicts(self) -> list[dict[str, Any]]:
        return [score.breakdown.as_dict() for score in self.scores.all()]

    def score_snapshot(self) -> dict[str, Any]:
        return {
            str(score.side.position): {"total": score.total, "lines": score.lines}
            for score in self.scores.select_related("side")
        }


class HandScore(models.Model):
    """A side's result for one hand: its total and the score lines that add up to it."""

    hand = models.ForeignKey(Hand, on_delete=models.CASCADE, related_name="scores")
    side = models.ForeignKey(Side, on_delete=models.CASCADE, related_name="hand_scores")
    total = models.BigIntegerField()
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
