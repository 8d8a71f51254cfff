"""What the match page and its fragments are drawn from, for the views and the games' forms.

The page has three parts, each a partial of ``ledger/match.html``: ``live`` (the game's
scoreboard, undo/redo, polled by every phone), ``hand-form`` (the hand this phone is
entering) and ``history`` (the hands, newest first). Hands are drawn from cached
fragments and only the newest page of them is sent; a poll sends only the hands that
changed since the version the phone holds. Lists of matches (home, a club, the history)
draw each match's item from the cache the same way.
"""

from __future__ import annotations

import json
import uuid
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from django.conf import settings
from django.core.cache import cache
from django.core.exceptions import BadRequest
from django.db.models import Prefetch, prefetch_related_objects
from django.http import HttpRequest
from django.template.loader import render_to_string
from django.utils.crypto import salted_hmac
from django.utils.translation import get_language, ngettext

from referee.rulings import Violation
from scoring.kit.fields import read_whole_number
from scoring.kit.handforms import HandForm
from scoring.kit.rulebook import line_dicts, violation_dicts
from scoring.ledger.models import SIDE_LISTED, Hand, HandScore, Match, Side
from scoring.records.stats import running_chart

# How many hands the match page shows before "earlier hands".
HISTORY_PAGE = 12
# How long a drawn hand or listed match is kept: its key changes with what it shows.
FRAGMENT_TTL = 60 * 60 * 24 * 7
# A phone further behind than this many versions gets the whole first page again.
MOST_DELTA = 200


def read_uuid(value: str | None) -> uuid.UUID:
    try:
        return uuid.UUID(value or "")
    except ValueError:
        return uuid.uuid4()


def read_int(value: Any) -> int | None:
    return read_whole_number(value)


def read_guard(data: Mapping[str, Any], name: str) -> int | None:
    """A hidden field that guards a write (the hand number this phone expects, the draft
    revision it moved): None if the phone sent none, else a whole number. Anything else
    refuses the post (400) rather than skip the guard."""
    value = data.get(name)
    if value is None or value == "":
        return None
    number = read_whole_number(value)
    if number is None or number < 0:
        raise BadRequest(f"{name} is not a whole number")
    return number


# --- the live scoreboard -------------------------------------------------------------------


ETAG_SALT = "tento.ledger.live-etag"


def live_etag(request: HttpRequest, match: Match) -> str:
    """The live scoreboard's ETag of ``match`` (``version_etag``)."""
    return version_etag(request, match.pk, match.version)


def version_etag(request: HttpRequest, pk: int, version: int) -> str:
    """The live scoreboard's ETag: the match's version, in the viewer's language, signed
    for this phone's session.

    The signature is what lets an unchanged poll be answered 304 without reading the
    session (``views.matches._match_etag``): a phone holds a valid ETag only because a
    response that checked its access handed it out, and another phone (another session
    key, read from the cookie) cannot use it or make one up."""
    session = getattr(request, "session", None)
    viewer = (session.session_key if session is not None else None) or ""
    tag = f"m{pk}-v{version}-{get_language()}"
    signature = salted_hmac(ETAG_SALT, f"{tag}:{viewer}", algorithm="sha256")
    return f"{tag}.{signature.hexdigest()[:20]}"


def held_etags(header: str | None) -> list[str]:
    """The ETags a phone sends in ``If-None-Match``, without quotes or ``W/``."""
    return [tag.strip().removeprefix("W/").strip('"') for tag in (header or "").split(",")]


def etag_version(header: str | None, match_pk: int) -> int | None:
    """The version a phone holds, read from its ``If-None-Match`` (None if unknown). The
    signature is not needed here: the view that reads it has checked access already."""
    for tag in held_etags(header):
        prefix = f"m{match_pk}-v"
        if not tag.startswith(prefix):
            continue
        version, _sep, language = tag[len(prefix) :].partition(".")[0].partition("-")
        if language == get_language():
            return read_int(version)
    return None


def live_context(request: HttpRequest, match: Match) -> dict[str, Any]:
    view = match.view()
    game = match.rules
    notes = game.side_notes(view)
    sides = [
        {"side": side, "position": side.position, "notes": notes.get(side.position, [])}
        for side in view.sides
    ]
    leaders = game.winners(view, closing=True) if view.hands_played else []
    return {
        "match": match,
        "game": game,
        "view": view,
        "sides": sides,
        "leaders": leaders,
        "board": game.scoreboard(view),
        "target": game.target(view),
        "hands_played": view.hands_played,
        "undone": match.last_undone_hand(),
        "closable": game.closable(view) and not match.is_finished and view.hands_played > 0,
        "etag": live_etag(request, match),
        "next_number": view.number,
        "poll_ms": settings.LIVE_POLL_MS,
    }


# A number of each plural category of the page's languages (Intl.PluralRules' names):
# the phone picks the category of its count and the text of that category.
PLURAL_SAMPLES = {"one": 1, "few": 2, "many": 5, "other": 10}


def pending_context() -> dict[str, Any]:
    """The texts the offline queue writes with a count, one per plural category."""
    sent = {
        category: ngettext("%(count)s hand sent.", "%(count)s hands sent.", n)
        for category, n in PLURAL_SAMPLES.items()
    }
    return {"sent_texts": json.dumps(sent, ensure_ascii=False)}


def chart_oob_context(match: Match) -> dict[str, Any]:
    """The running-totals chart, sent out of band with every changed scoreboard so that
    it follows the match (the page itself loads it after it is drawn). Worked out once a
    version, however many phones poll."""
    key = f"match-chart:{match.pk}:{match.version}"
    return {"chart_oob": cache.get_or_set(key, lambda: running_chart(match), FRAGMENT_TTL)}


# --- the hand form -------------------------------------------------------------------------


def hand_form_context(
    match: Match,
    form: HandForm | None = None,
    *,
    violations: Iterable[Mapping[str, Any]] = (),
    request_id: uuid.UUID | None = None,
    number: int | None = None,
    conflict: Mapping[str, Any] | None = None,
) -> dict[str, Any]:
    """The hand form for ``number`` (by default the next hand), keeping the request id
    of a form that is drawn again so that sending it twice records one hand."""
    view = match.view()
    form = form if form is not None else match.rules.hand_form(view)
    return {
        "match": match,
        "game": match.rules,
        "form": form,
        # Only a fresh form's fields are drawn from the cache (a posted one shows its own).
        "fields_key": None if form.is_bound else fields_key(match, form),
        "violations": list(violations),
        "request_id": request_id or uuid.uuid4(),
        "number": number or view.number,
        "hand_title": match.rules.hand_name(number or view.number),
        "hand_template": match.rules.hand_name("%s"),
        "draft_revision": match.draft_revision,
        "conflict": conflict,
    }


def fields_key(match: Match, form: HandForm) -> str:
    """What a fresh form's fields are drawn from, for the match page's cache of them: the
    match's version, unless its game says what else they show (``HandForm.fields_key``);
    then the sides, the options and the hand's shared draft with it."""
    shown = form.fields_key()
    if shown is None:
        return f"v{match.version}-d{match.draft_revision}"
    sides = [[side.position, side.name] for side in form.match.sides]
    drawn_from = [sides, form.match.options, shown]
    return f"d{match.draft_revision}:{json.dumps(drawn_from, sort_keys=True, default=str)}"


def posted_form_context(
    request: HttpRequest, match: Match, form: HandForm, **kwargs: Any
) -> dict[str, Any]:
    """The hand form drawn again for the phone that sent it: same request id, same hand."""
    return hand_form_context(
        match,
        form,
        request_id=read_uuid(request.POST.get("request_id")),
        number=read_int(request.POST.get("expected_number")),
        **kwargs,
    )


def conflict_context(match: Match, number: int) -> dict[str, Any] | None:
    """What another phone recorded as hand ``number``, to show beside this phone's own."""
    hand = match.live_hands().filter(number=number).first()
    if hand is None:
        return {"number": number, "next": match.view().number, "hand": None}
    return {
        "number": number,
        "next": match.view().number,
        "hand": hand,
        "html": render_hands(match, [hand_row(hand)])[0],
    }


# --- the history ---------------------------------------------------------------------------


ROW_FIELDS = ("pk", "number", "revision", "problem", "undone_at")


def hand_row(hand: Hand) -> dict[str, Any]:
    """The history's row of a hand already loaded (the history reads its rows as values)."""
    return _row({field: getattr(hand, field) for field in ROW_FIELDS})


def _row(values: Mapping[str, Any]) -> dict[str, Any]:
    """A hand's row of the history from its ROW_FIELDS: what its fragment is drawn from."""
    return {
        "pk": values["pk"],
        "number": values["number"],
        "revision": values["revision"],
        "problem": values["problem"],
        "undone": values["undone_at"] is not None,
    }


def _cache_key(row: Mapping[str, Any]) -> str:
    flagged = "p" if row["problem"] else ""
    return f"ledger-hand:{row['pk']}:{row['revision']}{flagged}:{get_language()}"


def render_hands(
    match: Match, rows: list[dict[str, Any]], known: Mapping[int, list[HandScore]] | None = None
) -> list[str]:
    """Each hand's list item, from the cache where it is; only the missing ones load their
    scores. ``known``: hands just recorded, with their scores and sides (none of them can
    be in the cache yet). A hand's rendering changes only with a correction or the
    language."""
    live = [row for row in rows if not row["undone"]]
    keys = {row["pk"]: _cache_key(row) for row in live}
    known = known or {}
    wanted = [key for pk, key in keys.items() if pk not in known]
    cached = cache.get_many(wanted) if wanted else {}
    missing = [row for row in live if keys[row["pk"]] not in cached]
    if missing:
        by_hand: dict[int, list[HandScore]] = dict(known)
        unknown = [row["pk"] for row in missing if row["pk"] not in by_hand]
        if unknown:
            scores = HandScore.objects.filter(hand__in=unknown).select_related("side")
            for score in scores.order_by("side__position"):
                by_hand.setdefault(score.hand_id, []).append(score)
        fresh = {}
        for row in missing:
            html = render_to_string(
                "ledger/_hand.html",
                {
                    "match": match,
                    "hand": row,
                    "title": match.rules.hand_name(row["number"]),
                    "by_side": [
                        (
                            score.side,
                            match.rules.hand_total_text(score.total),
                            line_dicts(score.lines),
                        )
                        for score in by_hand.get(row["pk"], [])
                    ],
                    "problem": violation_dicts_of(row["problem"]),
                },
            )
            fresh[keys[row["pk"]]] = html
        cache.set_many(fresh, timeout=FRAGMENT_TTL)
        cached |= fresh
    out = []
    for row in rows:
        if row["undone"]:
            out.append(f'<li id="hand-{row["pk"]}" data-hand-id="{row["pk"]}" data-undone></li>')
        else:
            out.append(cached[keys[row["pk"]]])
    return out


def listed_items(matches: Sequence[Match]) -> list[str]:
    """Each match's item in a list of matches (home's), from the cache where it is; only
    the missing ones read their sides, all in one query. An item changes only with its
    match (whose version every change bumps) and the language."""
    language = get_language()
    keys = [f"ledger-listed:{match.code}:{match.version}:{language}" for match in matches]
    cached = cache.get_many(keys) if keys else {}
    missing = {key: match for match, key in zip(matches, keys, strict=True) if key not in cached}
    if missing:
        sides = Prefetch("sides", queryset=Side.objects.only(*SIDE_LISTED))
        prefetch_related_objects(list(missing.values()), sides)
        fresh = {
            key: render_to_string("ledger/_listed_match.html", {"match": match})
            for key, match in missing.items()
        }
        cache.set_many(fresh, timeout=FRAGMENT_TTL)
        cached |= fresh
    return [cached[key] for key in keys]


def violation_dicts_of(stored: Any) -> list[dict[str, Any]]:
    """The violations a hand was flagged with, as stored, in the reader's words."""
    if not stored:
        return []
    return violation_dicts(Violation(v["rule"], v.get("params") or {}) for v in stored)


def history_context(match: Match, *, before: int | None = None) -> dict[str, Any]:
    """The newest page of hands (or the page before hand ``before``)."""
    hands = match.live_hands().order_by("-number")
    if before is not None:
        hands = hands.filter(number__lt=before)
    rows = [_row(values) for values in hands.values(*ROW_FIELDS)[: HISTORY_PAGE + 1]]
    more = len(rows) > HISTORY_PAGE
    rows = rows[:HISTORY_PAGE]
    return {
        "match": match,
        "hands_html": render_hands(match, rows),
        "earlier": rows[-1]["number"] if more and rows else None,
        "has_hands": bool(rows) or before is not None,
    }


def delta_context(match: Match, since: int, recorded: Hand | None = None) -> dict[str, Any] | None:
    """The hands that changed since version ``since`` (new, corrected, undone, flagged),
    or None when the phone is too far behind to patch (then it gets the first page).
    ``recorded``: a hand this request has just recorded, drawn from the scores it was
    stored with; when the phone held the version just before it, it is the whole change
    (recording touches no other hand), found without a query."""
    if match.version - since > MOST_DELTA:
        return None
    if recorded is None or not recorded.recorded_now:
        recorded, known = None, {}
    else:
        known = {recorded.pk: recorded.stored_scores}
    if recorded is not None and since == match.version - 1:
        rows = [hand_row(recorded)]
    else:
        changed = match.hands.filter(version__gt=since).order_by("-number", "-version")
        rows = [_row(values) for values in changed.values(*ROW_FIELDS)[:MOST_DELTA]]
    return {"match": match, "delta_html": render_hands(match, rows, known)}
