"""Acceptance at the table: who is acting (which side, through what), who may accept or
dispute a hand, and the changes themselves. Every change runs in one transaction holding
the match row's lock (as the ledger's do), so two phones accepting at once accept once.
"""

from __future__ import annotations

import uuid
from collections.abc import Callable, Mapping
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Any

from django.contrib.sessions.backends.base import SessionBase
from django.db import IntegrityError, transaction
from django.db.models import Q
from django.http import HttpRequest
from django.utils import timezone

from referee.rulings import RuleError, Violation
from scoring.acceptance.models import (
    Dispute,
    HandCheck,
    MatchAcceptance,
    Ruling,
    SideLink,
    TrailEntry,
)
from scoring.clubs.models import Role
from scoring.ledger import access
from scoring.ledger.models import Hand, Match, Side, new_token

# The session key under which a phone keeps its side links: {match code: token}.
SESSION_KEY = "tento.sides"
# The request being answered, for the ledger's signals (set by ``ActingMiddleware``), as
# django-simple-history keeps the user behind a change.
current_request: ContextVar[HttpRequest | None] = ContextVar("acting_request", default=None)

Status = HandCheck.Status
UNSETTLED = (Status.PENDING, Status.DISPUTED)


@dataclass(frozen=True)
class Actor:
    """Who is acting on a match: the side whose link this phone holds (None: the table's
    phone or an account, which acts for the side it names), how it holds the match, and
    its account."""

    side: Side | None
    via: str
    user: Any = None
    change: bool = False

    @property
    def user_id(self) -> int | None:
        return getattr(self.user, "pk", None) if _signed_in(self.user) else None


def _signed_in(user: Any) -> bool:
    return bool(getattr(user, "is_authenticated", False))


# --- the house option -----------------------------------------------------------------------


def is_required(match: Match) -> bool:
    return MatchAcceptance.objects.filter(match_id=match.pk, required=True).exists()


def require_acceptance(match: Match, required: bool = True) -> None:
    """Turn acceptance on (an event's table) or off for ``match``. Hands recorded before
    it was on count as accepted."""
    MatchAcceptance.objects.update_or_create(match=match, defaults={"required": required})
    match.restate()


# --- side links -------------------------------------------------------------------------------


def _side_tokens(session: SessionBase | None) -> dict[str, str]:
    kept = session.get(SESSION_KEY) if session is not None else None
    return kept if isinstance(kept, dict) else {}


def held_side(session: SessionBase | None, match: Match) -> Side | None:
    """The side whose link this phone opened for ``match``, if it still works."""
    token = _side_tokens(session).get(match.code)
    if not token:
        return None
    link = SideLink.objects.filter(token=token, side__match_id=match.pk).select_related("side")
    found = link.first()
    return found.side if found is not None else None


def side_capability(session: SessionBase | None, match: Match) -> access.Access:
    """For ``access.session_access``: a working side link records like a scorer link."""
    if held_side(session, match) is None:
        return access.NONE
    return access.Access(True, True, "side-link")


def kept_side_tokens(session: SessionBase | None) -> list[str]:
    return [token for token in _side_tokens(session).values() if isinstance(token, str)]


def side_link_matches(tokens: list[str]) -> Q:
    """The matches of the side links ``tokens`` that still work."""
    return Q(pk__in=SideLink.objects.filter(token__in=tokens).values("side__match_id"))


# A phone lists the matches whose side link it holds, as those whose scorer link it holds.
SIDE_LISTING = access.Listing(kept=kept_side_tokens, matches=side_link_matches)


def open_side_link(request: HttpRequest, token: str) -> Side | None:
    """Keep a side link on this phone (a second phone of the same side too)."""
    link = SideLink.objects.filter(token=token).select_related("side__match").first()
    if link is None:
        return None
    kept = dict(_side_tokens(request.session))
    kept[link.side.match.code] = token
    request.session[SESSION_KEY] = kept
    return link.side


def renew_side_link(side: Side) -> SideLink:
    """A new link for ``side``: the old one stops at once, on every phone that opened it."""
    link, made = SideLink.objects.get_or_create(side=side)
    if not made:
        link.token = new_token()
        link.save(update_fields=["token"])
    # A new version: a phone polling with the old link is asked again, and told it is gone.
    side.match.restate()
    return link


# --- who is acting ----------------------------------------------------------------------------


def actor_for(request: HttpRequest, match: Match) -> Actor:
    """Who this request acts as on ``match``."""
    user = getattr(request, "user", None)
    side = held_side(getattr(request, "session", None), match)
    allowed = access.access_for(request, match)
    if side is not None and allowed.reason in ("side-link", "scorer-link", ""):
        return Actor(side, "side-link", user, change=True)
    return Actor(None, allowed.reason, user, change=allowed.change)


def acting(match: Match) -> Actor | None:
    """Who is behind the change being made (from the request being answered)."""
    request = current_request.get()
    return actor_for(request, match) if request is not None else None


# --- who may accept ---------------------------------------------------------------------------


def accepting_side(check: HandCheck, actor: Actor, as_side: Side | None) -> Side:
    """The side that accepts (or disputes) ``check``'s hand for ``actor``: its own side
    for a side link, the side it names for the table's phone; never the side that
    recorded it, never a phone that only watches."""
    if not actor.change:
        raise RuleError(Violation("ledger.accept.watching"))
    side = actor.side if actor.side is not None else as_side
    if side is None or (as_side is not None and as_side.pk != side.pk):
        raise RuleError(Violation("ledger.accept.which-side"))
    if side.pk == check.by_side_id:
        raise RuleError(Violation("ledger.accept.own-side", {"side": side.name}))
    return side


def sides_to_ask(check: HandCheck, sides: list[Side], actor: Actor) -> list[Side]:
    """The sides this phone may accept ``check``'s hand for."""
    if not actor.change or check.settled:
        return []
    if actor.side is not None:
        return [] if actor.side.pk == check.by_side_id else [actor.side]
    return [side for side in sides if side.pk != check.by_side_id]


# --- the changes ------------------------------------------------------------------------------


def _locked_hand(match: Match, number: int) -> tuple[Match, Hand, HandCheck]:
    locked = Match.objects.select_for_update().get(pk=match.pk)
    hand = locked.live_hands().filter(number=number).first()
    if hand is None:
        raise RuleError(Violation("ledger.hand.gone", {"number": number}))
    check = HandCheck.objects.filter(hand=hand).select_related("by_side").first()
    if check is None:
        raise RuleError(Violation("ledger.accept.not-asked", {"number": number}))
    return locked, hand, check


def _replayed(hand: Hand, request_id: uuid.UUID | None) -> bool:
    return request_id is not None and hand.trail.filter(request_id=request_id).exists()


def _step(
    hand: Hand,
    kind: str,
    actor: Actor | None,
    *,
    side: Side | None = None,
    note: str = "",
    request_id: uuid.UUID | None = None,
) -> TrailEntry:
    return TrailEntry.objects.create(
        hand=hand,
        kind=kind,
        revision=hand.revision,
        side=side or (actor and actor.side),
        user_id=actor.user_id if actor else None,
        via=actor.via if actor else "",
        note=note,
        request_id=request_id,
    )


def _once(
    change: Callable[[], HandCheck], match: Match, number: int, request_id: Any
) -> HandCheck:
    """Run ``change``; the same request again (a retry racing itself) is the first one."""
    try:
        return change()
    except IntegrityError:
        hand = match.live_hands().filter(number=number).first()
        if hand is None or not _replayed(hand, request_id):
            raise
        return HandCheck.objects.get(hand=hand)


def accept(
    match: Match,
    number: int,
    actor: Actor,
    *,
    as_side: Side | None = None,
    revision: int | None = None,
    request_id: uuid.UUID | None = None,
    seen: str | None = None,
) -> HandCheck:
    """A player of another side accepts hand ``number`` (the revision the phone was
    shown, and ``seen``, the status it was shown). Accepting a disputed hand settles the
    dispute by the referee's verdict; a hand disputed since the phone saw it is not."""

    def change() -> HandCheck:
        with transaction.atomic():
            locked, hand, check = _locked_hand(match, number)
            if _replayed(hand, request_id):
                return check
            if revision is not None and revision != hand.revision:
                raise RuleError(Violation("ledger.accept.corrected-meanwhile", {"number": number}))
            if check.settled:
                raise RuleError(Violation("ledger.accept.already", {"number": number}))
            side = accepting_side(check, actor, as_side)
            if seen is not None and seen != check.status:
                raise RuleError(Violation("ledger.accept.disputed-meanwhile", {"number": number}))
            kind = TrailEntry.Kind.ACCEPTED
            if check.status == Status.DISPUTED:
                kind = TrailEntry.Kind.SETTLED
                hand.disputes.filter(status=Dispute.Status.OPEN).update(
                    status=Dispute.Status.SETTLED, closed_at=timezone.now()
                )
            check.status = Status.ACCEPTED
            check.save(update_fields=["status"])
            _step(hand, kind, actor, side=side, request_id=request_id)
            locked.restate()
            return check

    found = _once(change, match, number, request_id)
    match.refresh_from_db()
    return found


@dataclass(frozen=True)
class Complaint:
    """What a side says is wrong with a hand, and the engine's verdict on it."""

    text: str = ""
    question: str = ""
    asked: Mapping[str, Any] | None = None
    verdict: Mapping[str, Any] | None = None


def dispute(
    match: Match,
    number: int,
    actor: Actor,
    complaint: Complaint,
    *,
    as_side: Side | None = None,
    revision: int | None = None,
    request_id: uuid.UUID | None = None,
) -> Dispute:
    """A player of another side disputes hand ``number``: open until the verdict settles
    it (``accept``) or a director rules (``rule``)."""

    def change() -> HandCheck:
        with transaction.atomic():
            locked, hand, check = _locked_hand(match, number)
            if _replayed(hand, request_id):
                return check
            if revision is not None and revision != hand.revision:
                raise RuleError(Violation("ledger.accept.corrected-meanwhile", {"number": number}))
            if check.settled:
                raise RuleError(Violation("ledger.accept.already", {"number": number}))
            side = accepting_side(check, actor, as_side)
            hand.disputes.create(
                side=side,
                text=complaint.text,
                question=complaint.question,
                asked=dict(complaint.asked or {}),
                verdict=complaint.verdict,
            )
            check.status = Status.DISPUTED
            check.save(update_fields=["status"])
            note = complaint.text or (complaint.verdict or {}).get("headline", "")
            _step(
                hand, TrailEntry.Kind.DISPUTED, actor, side=side, note=note, request_id=request_id
            )
            locked.restate()
            return check

    check = _once(change, match, number, request_id)
    match.refresh_from_db()
    return Dispute.objects.filter(hand_id=check.hand_id).order_by("-opened_at", "-pk").first()


# --- directors --------------------------------------------------------------------------------

# Who else directs a match (an event's directors): functions of (user, match) -> bool,
# added by the app that knows (``scoring.events``).
DIRECTORS: list[Callable[[Any, Match], bool]] = []


def is_director(user: Any, match: Match) -> bool:
    """A club's admins direct its matches; a casual match's owner directs it."""
    if not _signed_in(user):
        return False
    if user.is_superuser:
        return True
    if match.club_id is not None:
        if access.club_role(user, match.club_id) == Role.ADMIN:
            return True
    elif match.owner_id == user.pk:
        return True
    return any(director(user, match) for director in DIRECTORS)


@dataclass(frozen=True)
class Decision:
    decision: str
    text: str
    rule: str
    entry: Mapping[str, Any] | None = None  # the corrected hand, for CORRECT


def rule(disputed: Dispute, director: Any, decision: Decision) -> Ruling:
    """A director rules on an open dispute: keep the hand, correct it (an ordinary
    correction, kept as a revision) or void it (the last hand only, taken back)."""
    hand = disputed.hand
    match = hand.match
    if not is_director(director, match):
        raise RuleError(Violation("ledger.ruling.not-director"))
    actor = Actor(None, "director", director, change=True)
    with transaction.atomic():
        Match.objects.select_for_update().get(pk=match.pk)
        disputed.refresh_from_db()
        if disputed.status != Dispute.Status.OPEN:
            raise RuleError(Violation("ledger.ruling.closed", {"number": hand.number}))
        if decision.decision == Ruling.Decision.CORRECT:
            match.correct_hand(hand.number, decision.entry or {}, by=None)
        elif decision.decision == Ruling.Decision.VOID:
            last = match.live_hands().order_by("-number").values_list("number", flat=True)
            if last.first() != hand.number:
                raise RuleError(Violation("ledger.ruling.void-not-last", {"number": hand.number}))
            match.undo_hand(hand.number)
        hand.refresh_from_db()
        HandCheck.objects.filter(hand=hand).update(status=Status.RULED, revision=hand.revision)
        disputed.status = Dispute.Status.RULED
        disputed.closed_at = timezone.now()
        disputed.save(update_fields=["status", "closed_at"])
        ruling = Ruling.objects.create(
            club_id=match.club_id,
            game=match.game,
            rule=decision.rule,
            situation=disputed.text or (disputed.verdict or {}).get("headline", ""),
            decision=decision.decision,
            text=decision.text,
            director=director,
            match=match,
            hand_number=hand.number,
            dispute=disputed,
        )
        _step(hand, TrailEntry.Kind.RULED, actor, note=decision.text)
        match.restate()
    return ruling


# --- the ledger's signals ---------------------------------------------------------------------


def on_hand_changed(sender: Any, match: Match, hand: Hand, change: str, **kwargs: Any) -> None:
    """Recorded: pending, if the match asks for acceptance. Corrected: pending again (a
    director's correction is then marked ruled). Every change goes on the trail."""
    actor = acting(match)
    if change == "recorded":
        if not is_required(match):
            return
        side = actor.side if actor else None
        HandCheck.objects.create(hand=hand, by_side=side)
        _step(hand, TrailEntry.Kind.RECORDED, actor)
        return
    check = HandCheck.objects.filter(hand=hand).first()
    if check is None and not (change == "corrected" and is_required(match)):
        return
    if change == "corrected":
        hand.refresh_from_db(fields=["revision"])
        side = actor.side if actor else None
        if check is None:
            HandCheck.objects.create(hand=hand, by_side=side, revision=hand.revision)
        else:
            check.status, check.revision, check.by_side = Status.PENDING, hand.revision, side
            check.save(update_fields=["status", "revision", "by_side"])
    kinds = {
        "corrected": TrailEntry.Kind.CORRECTED,
        "undone": TrailEntry.Kind.UNDONE,
        "redone": TrailEntry.Kind.REDONE,
    }
    _step(hand, kinds[change], actor)


def on_finish(sender: Any, match: Match, **kwargs: Any) -> Violation | None:
    """A match that asks for acceptance finishes only once every hand is settled."""
    if not is_required(match):
        return None
    waiting = HandCheck.objects.filter(
        hand__match_id=match.pk, hand__undone_at__isnull=True, status__in=UNSETTLED
    ).count()
    if waiting:
        return Violation("ledger.match.hands-not-accepted", {"count": waiting})
    return None


# --- what a hand shows ------------------------------------------------------------------------


def status_of(hand: Hand) -> str:
    """accepted, pending, disputed or ruled (a hand nobody is asked to accept: accepted)."""
    try:
        return hand.acceptance_check.status
    except HandCheck.DoesNotExist:
        return Status.ACCEPTED
