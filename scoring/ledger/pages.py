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
from functools import cached_property
from typing import Any

from django.conf import settings
from django.http import HttpRequest
from django.template.loader import render_to_string
from django.utils.crypto import salted_hmac
from django.utils.translation import get_language, ngettext

from referee.rulings import Violation
from scoring.kit.fields import read_whole_number
from scoring.kit.handforms import HandForm
from scoring.kit.rulebook import line_dicts, violation_dicts
from scoring.ledger import standing
from scoring.ledger.envelope import Envelope
from scoring.ledger.models import Change, Match
from scoring.records.stats import running_chart

# How many hands the match page shows before "earlier hands".
HISTORY_PAGE = 12
# A phone further behind than this many versions gets the whole first page again.
MOST_DELTA = 200


def read_int(value: Any) -> int | None:
    """A whole number written plainly (a query's), else None."""
    return read_whole_number(value)


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


class FreshHandForm:
    """A fresh hand form as the match page reads it outside its fields: nothing posted,
    nothing to note. The form itself is made only when its fields are drawn, which is
    when the cache does not hold them (``standing.fields_key``); its key is asked of the
    game's form class (``HandForm.fresh_fields_key``) without making it."""

    is_bound = False
    redraw = False
    card_notes = ()

    def __init__(self, match: Match, view: Any) -> None:
        self.game, self.view = match.rules, view
        self.record_button = self.game.hand_form_class.record_button

    def non_field_errors(self) -> str:
        return ""

    @cached_property
    def form(self) -> HandForm:
        return self.game.hand_form(self.view)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.form, name)

    def __getitem__(self, name: str) -> Any:
        # A template looks ``form.is_bound`` up as an item first: what this class answers
        # itself must not make the form.
        if name in FRESH_ANSWERS:
            raise KeyError(name)
        return self.form[name]

    def __iter__(self) -> Any:
        return iter(self.form)


FRESH_ANSWERS = frozenset(
    {"is_bound", "redraw", "card_notes", "record_button", "non_field_errors"}
)


class MatchPage:
    """The context of the match page and of each of its parts, built from one match as
    it is read once (or as ``change``, the change this request made, left it)."""

    def __init__(self, request: HttpRequest, match: Match, change: Change | None = None):
        self.request, self.match, self.change = request, match, change
        self.view = change.view if change is not None else match.view()

    def page(self, form: dict[str, Any] | None = None, **extra: Any) -> dict[str, Any]:
        """The whole page: the scoreboard, the newest hands, the hand form (``form``: one
        drawn again, by default a fresh one) and the offline queue's texts."""
        context = self.live() | {"history": history_context(self.match)}
        return context | (form or self.hand_form()) | pending_context() | extra

    def answer(self, since: int | None) -> dict[str, Any]:
        """For HTMX, after a change: the scoreboard out of band with the hands changed
        since the version the phone held (``since``). The chart is not drawn here (this
        answer reads no hand's scores back): the page fetches it once the scoreboard is
        swapped in."""
        return self.live() | {"oob": True, "chart_reload": True} | self.hands_since(since)

    def poll(self, since: int | None) -> dict[str, Any]:
        """The polled scoreboard, its chart and the hands changed since ``since``."""
        return self.live() | chart_oob_context(self.match) | self.hands_since(since)

    def hands_since(self, since: int | None) -> dict[str, Any]:
        delta = delta_context(self.match, since, self.change) if since is not None else None
        return delta if delta is not None else {"history_oob": history_context(self.match)}

    def live(self) -> dict[str, Any]:
        """The scoreboard, with undo and redo."""
        match, view, game = self.match, self.view, self.match.rules
        notes = game.side_notes(view)
        sides = [
            {"side": side, "position": side.position, "notes": notes.get(side.position, [])}
            for side in view.sides
        ]
        # The redo button's hand, read with the view (none right after a hand recorded).
        undone = match.redo_offered()
        return {
            "match": match,
            "game": game,
            "view": view,
            "sides": sides,
            "leaders": game.winners(view, closing=True) if view.hands_played else [],
            "board": game.scoreboard(view),
            "target": game.target(view),
            "hands_played": view.hands_played,
            "undone": {"number": undone} if undone else None,
            "closable": game.closable(view) and not match.is_finished and view.hands_played > 0,
            "etag": live_etag(self.request, match),
            "next_number": view.number,
            "poll_ms": settings.LIVE_POLL_MS,
            "version_envelope": Envelope.drawn(known_version=match.version, form="hand-form"),
            "change_envelope": Envelope.drawn(known_version=match.version),
        }

    def hand_form(
        self,
        form: HandForm | None = None,
        *,
        violations: Iterable[Mapping[str, Any]] = (),
        envelope: Envelope | None = None,
        number: int | None = None,
        conflict: Mapping[str, Any] | None = None,
    ) -> dict[str, Any]:
        """The hand form for ``number`` (by default the one posted in ``envelope``, else
        the next hand), keeping the request id of a form drawn again so that sending it
        twice records one hand."""
        match, view = self.match, self.view
        if envelope is not None:
            request_id = envelope.request()
            number = number or envelope.value("expected_number")
        else:
            request_id = uuid.uuid4()
        number = number or view.number
        drawn = form if form is not None else FreshHandForm(match, view)
        return {
            "match": match,
            "game": match.rules,
            "form": drawn,
            # Only a fresh form's fields are drawn from the cache (a posted one shows its own).
            "fields_key": None if form is not None else self.fields_key(),
            "violations": list(violations),
            "number": number,
            "hand_title": match.rules.hand_name(number),
            "hand_template": match.rules.hand_name("%s"),
            "draft_revision": match.draft_revision,
            "hand_envelope": Envelope.drawn(
                request_id=request_id, expected_number=number, draft_revision=match.draft_revision
            ),
            "conflict": conflict,
        }

    def fields_key(self) -> str:
        """What a fresh form's fields are drawn from (``standing.fields_key``)."""
        shown = self.match.rules.hand_form_class.fresh_fields_key(self.view)
        return standing.fields_key(self.match, shown, self.view.sides)


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
    return {"chart_oob": standing.chart(match, lambda: running_chart(match))}


# --- the hand form -------------------------------------------------------------------------


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


def draw_hand(match: Match) -> Any:
    """How a hand's row of the history is drawn, from its row and its scores."""

    def draw(row: Mapping[str, Any], scores: Sequence[Any]) -> str:
        context = {
            "match": match,
            "hand": row,
            "title": match.rules.hand_name(row["number"]),
            "by_side": [
                (score.side, match.rules.hand_total_text(score.total), line_dicts(score.lines))
                for score in scores
            ],
            "problem": violation_dicts_of(row["problem"]),
        }
        return render_to_string("ledger/_hand.html", context)

    return draw


def render_hands(
    match: Match, rows: list[dict[str, Any]], known: Mapping[int, Sequence[Any]] | None = None
) -> list[str]:
    """Each hand's list item, from the cache where it is (``standing.render_hands``)."""
    return standing.render_hands(match, rows, draw_hand(match), known)


listed_items = standing.listed_items
hand_row = standing.hand_row


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
    read = hands.values(*standing.ROW_FIELDS)[: HISTORY_PAGE + 1]
    rows = [standing.row_of(values) for values in read]
    more = len(rows) > HISTORY_PAGE
    rows = rows[:HISTORY_PAGE]
    return {
        "match": match,
        "hands_html": render_hands(match, rows),
        "earlier": rows[-1]["number"] if more and rows else None,
        "has_hands": bool(rows) or before is not None,
    }


def delta_context(match: Match, since: int, change: Change | None = None) -> dict[str, Any] | None:
    """The hands that changed since version ``since`` (new, corrected, undone, flagged),
    or None when the phone is too far behind to patch (then it gets the first page).
    ``change``: a hand this request has just recorded, drawn from the scores it was
    stored with; when the phone held the version just before it, it is the whole change
    (recording touches no other hand), found without a query."""
    if match.version - since > MOST_DELTA:
        return None
    recorded = change.hand if change is not None and change.recorded else None
    known = {recorded.pk: change.scores} if recorded is not None else {}
    if recorded is not None and since == match.version - 1:
        rows = [hand_row(recorded)]
    else:
        changed = match.hands.filter(version__gt=since).order_by("-number", "-version")
        read = changed.values(*standing.ROW_FIELDS)[:MOST_DELTA]
        rows = [standing.row_of(values) for values in read]
    return {"match": match, "delta_html": render_hands(match, rows, known)}
