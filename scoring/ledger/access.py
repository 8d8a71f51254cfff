"""Who may see a match and who may change it. The one place that decides.

A match is changed by its owner (the account that started it), by its club's scorers and
admins, and by any phone holding its edit token: the phone that started it keeps the token
in its session, and the scorer link hands it to another phone. It is seen, in addition,
by its club's members, by phones holding its share token (the read-only link), and by
anyone with its address when it is not private (matches made before accounts existed).
Everyone else is told the match does not exist: 404, never 403, so an address reveals
nothing.

A club's match is changed by the club's scorers and admins, not by whoever started it:
its owner who leaves the club, or becomes a mere member, still sees it but no longer
changes it. The scorer links they were shown must stop too, so losing a scoring role
gives every match of the club a new scorer link (``club_scorer_left``): the phones that
opened the old one, theirs and any guest's, need the new one from a scorer.

Links are revoked by renewing them (``Match.renew_links``): the old token stops at once,
on every phone that kept it. A phone's matches follow it into an account: signing in or
up makes the account the owner of the matches this phone started anonymously
(``grant_starter``, ``adopt_matches``); signing out empties the session, so the phone
keeps only what any anonymous phone has.

Views reach a match through ``match_for`` (``views.matches.get_match``), the API through
``api_match``; both answer 404 the same way. ``visible_matches`` is what a phone may list.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from allauth.account.signals import user_signed_up
from django.contrib.auth.signals import user_logged_in
from django.contrib.sessions.backends.base import SessionBase
from django.core.cache import cache
from django.db.models import Q, QuerySet
from django.db.models.signals import post_delete, post_save, pre_save
from django.http import Http404, HttpRequest
from django.utils import timezone

from scoring.clubs.models import SCORING_ROLES, Membership
from scoring.ledger.models import Match
from scoring.ledger.standing import access_key, forget_access

# The session key under which a phone keeps its capabilities: {match code: token}.
SESSION_KEY = "tento.matches"
# A phone keeps the capabilities of its most recent matches; a season's worth.
MOST_KEPT = 300
# The codes of the matches this phone started itself (not by a link handed to it): an
# account signing in on the phone takes these (``adopt_matches``).
STARTED_KEY = "tento.started"


@dataclass(frozen=True)
class Access:
    """What one viewer may do with one match."""

    view: bool = False
    change: bool = False
    # Why (for the page and the tests): owner, admin, scorer, member, scorer-link,
    # share-link, public, staff, or "" for no access.
    reason: str = ""


NONE = Access()


def _same(token: str | None, expected: str | None) -> bool:
    return bool(token) and bool(expected) and secrets.compare_digest(token, expected)


def _tokens(session: SessionBase | None) -> dict[str, str]:
    if session is None:
        return {}
    kept = session.get(SESSION_KEY)
    return kept if isinstance(kept, dict) else {}


def club_role(user: Any, club_id: int | None) -> str | None:
    """The user's role in that club (admin, scorer, member), or None."""
    if club_id is None or not getattr(user, "is_authenticated", False):
        return None
    return (
        Membership.objects.filter(club_id=club_id, user=user)
        .values_list("role", flat=True)
        .first()
    )


def user_access(user: Any, match: Match) -> Access:
    """What an account may do with a match, from ownership and club roles alone (for
    callers without a session, such as an API token's user)."""
    if not getattr(user, "is_authenticated", False):
        return NONE
    if user.is_superuser:
        return Access(True, True, "staff")
    owner = match.owner_id is not None and match.owner_id == user.pk
    if owner and match.club_id is None:
        return Access(True, True, "owner")
    # A club's match: changed through a scoring role in the club, whoever started it.
    role = club_role(user, match.club_id)
    if role in SCORING_ROLES:
        return Access(True, True, role)
    if role is not None:
        return Access(True, False, role)
    if owner:
        return Access(True, False, "owner")
    return NONE


# Capabilities other apps keep on a phone (acceptance's side links): functions of
# (session, match) answering an ``Access``, asked after the match's own tokens.
EXTRA_CAPABILITIES: list[Callable[[SessionBase | None, Match], Access]] = []


@dataclass(frozen=True)
class Listing:
    """What such a capability lets a phone list (its home page, its records): the tokens
    the phone keeps for it, which a cache of what the phone may list is keyed by, and the
    matches those tokens open (a subquery, so that no match is listed twice)."""

    kept: Callable[[SessionBase | None], list[str]]
    matches: Callable[[list[str]], Q]


EXTRA_LISTINGS: list[Listing] = []


def session_access(session: SessionBase | None, match: Match) -> Access:
    """What the capabilities kept on this phone allow."""
    token = _tokens(session).get(match.code)
    if _same(token, match.edit_token):
        return Access(True, True, "scorer-link")
    if _same(token, match.share_token):
        return Access(True, False, "share-link")
    for capability in EXTRA_CAPABILITIES:
        found = capability(session, match)
        if found.view:
            return found
    return NONE


def access_for(request: HttpRequest, match: Match) -> Access:
    """Everything this request may do with ``match``: its account, its phone's tokens,
    and whether the match is public, the most generous of them."""
    found = [
        user_access(getattr(request, "user", None), match),
        session_access(getattr(request, "session", None), match),
    ]
    if not match.private:
        found.append(Access(True, False, "public"))
    changing = next((a for a in found if a.change), None)
    if changing is not None:
        return changing
    return next((a for a in found if a.view), NONE)


def can_view(request: HttpRequest, match: Match) -> bool:
    return access_for(request, match).view


def can_change(request: HttpRequest, match: Match) -> bool:
    return access_for(request, match).change


def match_for(
    request: HttpRequest, code: str, *, change: bool = False, queryset: QuerySet | None = None
) -> Match:
    """The match at this address if this request may see it (and change it, when
    ``change``); 404 otherwise, exactly as for an address that does not exist. The match
    comes back with ``can_change`` set for the templates."""
    source = queryset if queryset is not None else Match.objects.all()
    match = source.filter(code=code).first()
    if match is None:
        raise Http404("no such match")
    allowed = access_for(request, match)
    if not allowed.view or (change and not allowed.change):
        raise Http404("no such match")
    match.can_change = allowed.change
    return match


# What a poll needs to decide, cached by code: these fields change only in the admin, when
# a link is renewed and when a phone's matches join an account (each drops the entry,
# ``models.forget_access``), and a poll answered 304 should not have to read the row.
ACCESS_FIELDS = ("pk", "code", "owner_id", "club_id", "private", "edit_token", "share_token")
ACCESS_CACHE_SECONDS = 300


def may_poll(request: HttpRequest, code: str) -> bool:
    """``can_view`` for the live poll's ETag, from the cached access fields of the match
    (the view itself still goes through ``match_for``)."""
    key = access_key(code)
    row = cache.get(key)
    if row is None:
        row = Match.objects.filter(code=code).values(*ACCESS_FIELDS).first()
        if row is None:
            return False
        cache.set(key, row, ACCESS_CACHE_SECONDS)
    return can_view(request, Match(**row))


def api_match(request: HttpRequest, code: str, *, change: bool = False) -> Match:
    """For the API: the same rule and the same 404 (ninja turns Http404 into a 404)."""
    return match_for(request, code, change=change)


def remember(request: HttpRequest, match: Match, token: str) -> Access:
    """Keep a capability (an edit or share token of ``match``) on this phone. An edit
    token is never replaced by a share token: opening the share link on the scorer's
    phone must not take the scoring away."""
    if _same(token, match.edit_token):
        new = Access(True, True, "scorer-link")
    elif _same(token, match.share_token):
        new = Access(True, False, "share-link")
    else:
        return NONE
    held = session_access(request.session, match)
    if held.change and not new.change:
        return held
    kept = dict(_tokens(request.session))
    kept.pop(match.code, None)
    kept[match.code] = token
    while len(kept) > MOST_KEPT:  # the oldest capabilities go first
        kept.pop(next(iter(kept)))
    request.session[SESSION_KEY] = kept
    return new


def grant_scorer(request: HttpRequest, match: Match) -> None:
    """This phone may change ``match`` (it started it, or opened its scorer link)."""
    remember(request, match, match.edit_token)


def grant_starter(request: HttpRequest, match: Match) -> None:
    """This phone started ``match``: it may change it, and an account signing in on it
    will own it."""
    grant_scorer(request, match)
    started = [code for code in request.session.get(STARTED_KEY, []) if code != match.code]
    request.session[STARTED_KEY] = [*started, match.code][-MOST_KEPT:]


def grant_session(session: SessionBase, match: Match, *, change: bool = True) -> None:
    """The same as ``grant_scorer`` on a session outside a request (tests, scripts)."""
    kept = dict(_tokens(session))
    kept[match.code] = match.edit_token if change else match.share_token
    session[SESSION_KEY] = kept


def listing_tokens(session: SessionBase | None) -> list[str]:
    """Every token kept on this phone that lets it list a match, the ledger's and other
    apps' (``visible_matches`` lists no more than these and the account allow)."""
    tokens = list(_tokens(session).values())
    for listing in EXTRA_LISTINGS:
        tokens += listing.kept(session)
    return tokens


def visible_matches(request: HttpRequest, queryset: QuerySet | None = None) -> QuerySet:
    """The matches this phone may list: its own (by account or kept token) and its clubs'.
    Public matches are not listed: their address is still needed to find them."""
    source = queryset if queryset is not None else Match.objects.all()
    user = getattr(request, "user", None)
    session = getattr(request, "session", None)
    tokens = list(_tokens(session).values())
    allowed = Q(edit_token__in=tokens) | Q(share_token__in=tokens)
    for listing in EXTRA_LISTINGS:
        kept = listing.kept(session)
        if kept:
            allowed |= listing.matches(kept)
    if getattr(user, "is_authenticated", False):
        clubs = Membership.objects.filter(user=user).values("club_id")
        allowed |= Q(owner=user) | Q(club__in=clubs)
    return source.filter(allowed)


def adopt_matches(request: HttpRequest, user: Any) -> int:
    """The account signing in (or up) on this phone becomes the owner of the matches the
    phone started while nobody was signed in, and can still change by the link it kept
    (a scorer link renewed since is not enough). A match whose scorer link the phone was
    handed stays its starter's. Signing out empties the session, so without this the
    phone's matches would be lost to it for good. Returns how many the account took."""
    session = getattr(request, "session", None)
    kept = _tokens(session)
    started = session.get(STARTED_KEY, []) if session is not None else []
    tokens = [kept[code] for code in started if kept.get(code)]
    if not tokens or not getattr(user, "is_authenticated", False):
        return 0
    orphans = Match.objects.filter(owner=None, club=None, code__in=started, edit_token__in=tokens)
    codes = list(orphans.values_list("code", flat=True))
    # updated_at moves the records' generation: the account's other phones list them too.
    taken = Match.objects.filter(code__in=codes, owner=None).update(
        owner=user, updated_at=timezone.now()
    )
    forget_access(codes)
    return taken


def on_login(sender: Any, request: HttpRequest | None, user: Any, **kwargs: Any) -> None:
    if request is not None:
        adopt_matches(request, user)


# --- a club's scorer leaves ----------------------------------------------------------------


def club_scorer_left(club_id: int) -> int:
    """Someone lost the right to score a club's matches (left it, was removed, or became a
    mere member): the scorer links they were shown on every match of the club stop. The
    club's scorers and admins score on through their role; a guest's phone needs the new
    link from one of them. Returns how many links were renewed."""
    return Match.objects.filter(club_id=club_id).renew_scorer_links()


def _role_before(sender: Any, instance: Membership, **kwargs: Any) -> None:
    instance._role_before = (
        Membership.objects.filter(pk=instance.pk).values_list("role", flat=True).first()
        if instance.pk
        else None
    )


def _role_changed(sender: Any, instance: Membership, **kwargs: Any) -> None:
    before = getattr(instance, "_role_before", None)
    if before in SCORING_ROLES and instance.role not in SCORING_ROLES:
        club_scorer_left(instance.club_id)


def _membership_ended(sender: Any, instance: Membership, **kwargs: Any) -> None:
    if instance.role in SCORING_ROLES:
        club_scorer_left(instance.club_id)


def connect_signals() -> None:
    """Wired by the ledger's AppConfig: whatever ends a scoring role (the club page, the
    admin, an account deleted) renews the club's scorer links; any sign-in, and allauth's
    sign-up, adopts the phone's matches."""
    pre_save.connect(_role_before, sender=Membership, dispatch_uid="tento-role-before")
    post_save.connect(_role_changed, sender=Membership, dispatch_uid="tento-role-changed")
    post_delete.connect(_membership_ended, sender=Membership, dispatch_uid="tento-role-ended")
    user_logged_in.connect(on_login, dispatch_uid="tento-adopt-on-login")
    user_signed_up.connect(on_login, dispatch_uid="tento-adopt-on-signup")
