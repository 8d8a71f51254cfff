"""The ledger's read model: how a match stands between its changes, and every cache of it.

What is kept, each under a key made by ``key`` (and nowhere else):

- a match's **version** and pk, for the live poll's ETag (``cached_version``), and the
  fields that say who may poll it (``access_key``);
- the **side rows** of a match's view with its last hand, for one version (``read_sides``);
- the **drawn fragments**: each hand's row of the history (``render_hands``), each match's
  item in a list (``listed_items``), the running-totals chart (``chart``), a fresh hand
  form's fields (``fields_key``, read by the ``{% cache %}`` of ``ledger/match.html``);
- whole **records pages** (``kept_page``), under the generation their caller names.

Every key holds the **release** (``settings.RELEASE``: ``TENTO_RELEASE`` from the
environment, else a hash of the templates, static files, translations and code taken when
the process starts, ``scoring/release.py``), and every drawn one the language. A deploy
that changes a template therefore reads and writes keys of its own: nothing drawn by the
old templates is served, and no cache needs emptying. What the old release kept expires
by itself (``FRAGMENT_TTL`` at most).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from django.apps import apps
from django.conf import settings
from django.contrib.messages import get_messages
from django.core.cache import cache
from django.db import transaction
from django.db.models import Prefetch, Subquery, prefetch_related_objects
from django.dispatch import Signal
from django.http import HttpRequest, HttpResponse
from django.middleware.csrf import get_token
from django.shortcuts import render
from django.template.loader import render_to_string
from django.utils.translation import get_language

if TYPE_CHECKING:
    from scoring.ledger.models import Hand, HandScore, Match, Side


def key(kind: str, *parts: object, drawn: bool) -> str:
    """The cache key of ``kind`` for ``parts``: with the release always, and with the
    reader's language when what is kept was ``drawn`` (HTML, or text in their words)."""
    language = [get_language() or settings.LANGUAGE_CODE] if drawn else []
    return ":".join([kind, settings.RELEASE, *map(str, parts), *language])


# --- a match's version, for the live poll ---------------------------------------------------
# Every phone watching a match asks every two seconds whether it changed; with a shared
# cache (settings.LEDGER_VERSION_CACHE) the answer comes from the version stored here after
# each change commits, without the database. A version is only ever raised, in one step
# on the server (``SharedRedisCache.raise_to``), so two changes publishing out of order
# leave the newer. Entries expire after VERSION_TTL seconds, so a process that stopped
# between its commit and its publishing leaves an old version for a minute at most (and
# so does a process of the release before, while the two run side by side in a deploy).
VERSION_TTL = 60
# A match's pk beside its version (for the ETag). It never changes, so it is kept by the
# poll that reads the match from the database (``remember_version``), not by every change.
PK_TTL = 60 * 60 * 24


def version_key(code: str) -> str:
    return key("ledger-version", code, drawn=False)


def pk_key(code: str) -> str:
    return key("ledger-pk", code, drawn=False)


def cached_version(code: str) -> tuple[int, int] | None:
    """The (pk, version) of match ``code`` as last stored, or None if not shared."""
    if not settings.LEDGER_VERSION_CACHE:
        return None
    pk, version = pk_key(code), version_key(code)
    found = cache.get_many([pk, version])
    if len(found) < 2:
        return None
    return found[pk], found[version]


def _raise_version(code: str, version: int) -> None:
    raise_to = getattr(cache, "raise_to", None)
    if raise_to is not None:
        raise_to(version_key(code), version, VERSION_TTL)
        return
    # A cache that is not Redis is this process's own (tests): no other process races it.
    held = cache.get(version_key(code))
    if held is None or held < version:
        cache.set(version_key(code), version, VERSION_TTL)


def remember_version(code: str, pk: int, version: int) -> None:
    """Store a version read from the database, unless a change has stored a newer one,
    and the match's pk beside it."""
    if settings.LEDGER_VERSION_CACHE:
        cache.add(pk_key(code), pk, PK_TTL)
        _raise_version(code, version)


def publish_version(code: str, version: int) -> None:
    """Once the change commits, store the match's new version (never over a newer one).
    One round trip: the pk beside it is left to ``remember_version``."""
    if settings.LEDGER_VERSION_CACHE:
        transaction.on_commit(lambda: _raise_version(code, version))


def access_key(code: str) -> str:
    """Where the access fields of a match are kept for the live poll (``access.may_poll``)."""
    return key("ledger-access", code, drawn=False)


def forget_access(codes: Sequence[str]) -> None:
    """Drop the kept access fields of these matches once the change that made them stale
    commits: the next poll reads the row again, so a renewed link stops at once."""
    keys = [access_key(code) for code in codes]
    transaction.on_commit(lambda: cache.delete_many(keys))


# --- the side rows of a match's view ----------------------------------------------------
# How long the rows of a match's view are kept for one version: a version lasts until the
# next change, a few minutes at a real table.
STANDING_TTL = 60 * 60


@dataclass(frozen=True)
class LastHand:
    """The last live hand of a match: its number and the running state it left."""

    number: int
    state: Mapping[str, Any]


@dataclass(frozen=True)
class Rows:
    """A match's sides in order (each with ``player_names`` in seat order), its last live
    hand (None before the first) and the number of the hand undone last (None if none:
    the redo button's)."""

    sides: list[Side]
    last: LastHand | None = None
    undone: int | None = None


@lru_cache(maxsize=1)
def side_fields() -> tuple[str, ...]:
    """The columns of a side row, in the order a match's view reads them."""
    return tuple(field.attname for field in apps.get_model("ledger", "Side")._meta.concrete_fields)


def standing_key(match: Match) -> str:
    return key("ledger-standing", match.pk, match.version, drawn=False)


def read_sides(match: Match, *, with_last_hand: bool = False, keep: bool = True) -> Rows:
    """The match's sides in one query (a side may have no player named). ``with_last_hand``:
    the last hand played and the last undone come in the same query, and those rows are
    kept in the cache for the match's version, which every change bumps, so every phone
    drawing the same version reads them once. Only rows as committed are kept (once the
    reading transaction commits); ``keep`` False for rows read in the middle of a change,
    which may yet write them again."""
    Side = apps.get_model("ledger", "Side")
    fields = side_fields()
    read = [*fields, "seats__player__name"]
    rows = Side.objects.filter(match=match).order_by("position", "seats__order")
    found: list[tuple[Any, ...]] | None = None
    if with_last_hand:
        found = cache.get(standing_key(match))
        if found is None:
            last = match.live_hands().order_by("-number")[:1]
            undone = match.hands.filter(undone_at__isnull=False).order_by("-undone_at")[:1]
            rows = rows.annotate(
                last_number=Subquery(last.values("number")),
                last_state=Subquery(last.values("state")),
                undone_number=Subquery(undone.values("number")),
            )
            read += ["last_number", "last_state", "undone_number"]
            found = list(rows.values_list(*read))
            if keep:
                where, kept = standing_key(match), found
                transaction.on_commit(lambda: cache.set(where, kept, STANDING_TTL))
    sides: dict[int, Side] = {}
    for values in found if found is not None else rows.values_list(*read):
        side = sides.get(values[0])
        if side is None:
            side = sides[values[0]] = Side.from_db(match._state.db, fields, values[: len(fields)])
            side.player_names = []
        if values[len(fields)] is not None:
            side.player_names.append(values[len(fields)])
    if not with_last_hand or not found:
        return Rows(list(sides.values()))
    number, state, undone_number = found[0][-3:]
    last_hand = LastHand(number, state or {}) if number is not None else None
    return Rows(list(sides.values()), last_hand, undone_number)


def remember_sides(match: Match, sides: Sequence[Side], last: LastHand) -> None:
    """Once a recorded hand commits, keep the rows ``read_sides`` would read for the
    version it made: the sides as the hand left them and the hand as the last one (with
    nothing to redo: the hands recorded since the last undo have passed its number)."""
    fields = side_fields()
    rows = [
        (*(getattr(side, name) for name in fields), player, last.number, dict(last.state), None)
        for side in sides
        for player in (side.player_names or [None])
    ]
    where = standing_key(match)
    transaction.on_commit(lambda: cache.set(where, rows, STANDING_TTL))


# Sent once a change may have moved a standing (the records count only finished matches):
# a match finishing, a correction, undo or redo in a finished match, a match reopened.
standing_changed = Signal()


# --- drawn fragments --------------------------------------------------------------------
# How long a drawn hand or listed match is kept: its key changes with what it shows.
FRAGMENT_TTL = 60 * 60 * 24 * 7

ROW_FIELDS = ("pk", "number", "revision", "problem", "undone_at")


def hand_row(hand: Hand) -> dict[str, Any]:
    """The history's row of a hand already loaded (the history reads its rows as values)."""
    return row_of({field: getattr(hand, field) for field in ROW_FIELDS})


def row_of(values: Mapping[str, Any]) -> dict[str, Any]:
    """A hand's row of the history from its ROW_FIELDS: what its fragment is drawn from."""
    return {
        "pk": values["pk"],
        "number": values["number"],
        "revision": values["revision"],
        "problem": values["problem"],
        "undone": values["undone_at"] is not None,
    }


def hand_key(row: Mapping[str, Any]) -> str:
    flagged = "p" if row["problem"] else ""
    return key("ledger-hand", row["pk"], f"{row['revision']}{flagged}", drawn=True)


def render_hands(
    match: Match,
    rows: list[dict[str, Any]],
    draw: Callable[[Mapping[str, Any], list[HandScore]], str],
    known: Mapping[int, Sequence[HandScore]] | None = None,
) -> list[str]:
    """Each hand's list item, from the cache where it is; only the missing ones load their
    scores and are drawn (``draw(row, scores)``). ``known``: hands just recorded, with
    their scores and sides (none of them can be in the cache yet). A hand's drawing
    changes only with a correction, the language or the release."""
    HandScore = apps.get_model("ledger", "HandScore")
    live = [row for row in rows if not row["undone"]]
    keys = {row["pk"]: hand_key(row) for row in live}
    known = known or {}
    wanted = [where for pk, where in keys.items() if pk not in known]
    cached = cache.get_many(wanted) if wanted else {}
    missing = [row for row in live if keys[row["pk"]] not in cached]
    if missing:
        by_hand: dict[int, list[HandScore]] = {pk: list(s) for pk, s in known.items()}
        unknown = [row["pk"] for row in missing if row["pk"] not in by_hand]
        if unknown:
            scores = HandScore.objects.filter(hand__in=unknown).select_related("side")
            for score in scores.order_by("side__position"):
                by_hand.setdefault(score.hand_id, []).append(score)
        fresh = {keys[row["pk"]]: draw(row, by_hand.get(row["pk"], [])) for row in missing}
        cache.set_many(fresh, timeout=FRAGMENT_TTL)
        cached |= fresh
    out = []
    for row in rows:
        if row["undone"]:
            out.append(f'<li id="hand-{row["pk"]}" data-hand-id="{row["pk"]}" data-undone></li>')
        else:
            out.append(cached[keys[row["pk"]]])
    return out


# What a list of matches reads of each side: its name, total and whether it won.
SIDE_LISTED = ("match_id", "position", "name", "total", "won")


def listed_items(matches: Sequence[Match]) -> list[str]:
    """Each match's item in a list of matches (home's), from the cache where it is; only
    the missing ones read their sides, all in one query. An item changes only with its
    match (whose version every change bumps), the language and the release."""
    Side = apps.get_model("ledger", "Side")
    keys = [key("ledger-listed", match.code, match.version, drawn=True) for match in matches]
    cached = cache.get_many(keys) if keys else {}
    missing = {where: match for match, where in zip(matches, keys, strict=True)}
    missing = {where: match for where, match in missing.items() if where not in cached}
    if missing:
        sides = Prefetch("sides", queryset=Side.objects.only(*SIDE_LISTED))
        prefetch_related_objects(list(missing.values()), sides)
        fresh = {
            where: render_to_string("ledger/_listed_match.html", {"match": match})
            for where, match in missing.items()
        }
        cache.set_many(fresh, timeout=FRAGMENT_TTL)
        cached |= fresh
    return [cached[where] for where in keys]


def chart(match: Match, draw: Callable[[], Any]) -> Any:
    """The running-totals chart of the match's version, worked out once however many
    phones poll."""
    where = key("match-chart", match.pk, match.version, drawn=True)
    return cache.get_or_set(where, draw, FRAGMENT_TTL)


def fields_key(match: Match, shown: object | None, sides: Iterable[Any]) -> str:
    """What a fresh hand form's fields are drawn from, for the match page's cache of them:
    the match's version, unless its game says what else they show (``shown``, from
    ``HandForm.fields_key``); then the sides, the options and the shared draft with it."""
    if shown is None:
        version = f"v{match.version}"
        return key("hand-fields", match.code, version, match.draft_revision, drawn=True)
    drawn_from = [[[side.position, side.name] for side in sides], match.options, shown]
    text = json.dumps(drawn_from, sort_keys=True, default=str)
    digest = hashlib.blake2b(text.encode(), digest_size=16).hexdigest()
    return key("hand-fields", match.code, match.draft_revision, digest, drawn=True)


# --- whole pages ---------------------------------------------------------------------------
# Stands in for the viewer's CSRF token in a kept page; each answer puts theirs in.
CSRF_SLOT = "records-csrf-slot-4f1c2a"
# A kept page is keyed by its generation, so it is never stale; the timeout only bounds
# how long an unread one occupies the cache.
PAGE_SECONDS = 3600


def page_key(page: str, *parts: object) -> str:
    """A whole page's key: its name and a digest of what it is drawn from (the caller's
    generation, viewer and query)."""
    drawn_from = "|".join(map(str, parts))
    return key(page, hashlib.blake2b(drawn_from.encode(), digest_size=16).hexdigest(), drawn=True)


def kept(where: str, make: Callable[[], Any]) -> Any:
    """``make()``, kept under ``where`` (a ``page_key``) for ``PAGE_SECONDS``."""
    found = cache.get(where)
    if found is None:
        found = make()
        cache.set(where, found, PAGE_SECONDS)
    return found


def kept_page(
    request: HttpRequest, where: str, context: Callable[[], dict], template: str
) -> HttpResponse:
    """A page drawn once per ``where`` (a ``page_key``) and kept whole: years of history
    make the first drawing slow, not the ones after it. Only the viewer's CSRF token
    differs between viewers of one key; a page with messages waiting for the viewer is
    drawn afresh."""
    if len(get_messages(request)):
        return render(request, template, context())

    def draw() -> str:
        return render_to_string(template, context() | {"csrf_token": CSRF_SLOT}, request=request)

    return HttpResponse(kept(where, draw).replace(CSRF_SLOT, get_token(request)))
