"""Records out and back in: a match as text and CSV, a set of matches as CSV and as JSON,
and the JSON read back into a database with nothing lost (every match, side, seat, hand,
score line and revision, with their times and request ids)."""

from __future__ import annotations

import csv
import datetime as dt
import io
import uuid
from collections.abc import Iterable, Iterator
from functools import partial
from typing import Any

from django.contrib.auth import get_user_model
from django.contrib.auth.hashers import make_password
from django.db import transaction
from django.db.models import Prefetch, Q, QuerySet
from django.utils import timezone
from django.utils.dateparse import parse_datetime
from django.utils.translation import ngettext

from referee.rulings import RuleError
from scoring.clubs.models import Club, Guest, Membership
from scoring.events.placement import PLACED, placement
from scoring.ledger.balance import summed_sides, unbalanced
from scoring.ledger.models import Hand, HandRevision, HandScore, Match, Player, Seat, Side
from scoring.ratings.recompute import rebuild as rebuild_ratings
from scoring.records.stats import running_totals

FORMAT = "tento-records"
VERSION = 1


def _when(value: dt.datetime | None) -> str | None:
    return value.isoformat() if value else None


def _read_when(value: str | None) -> dt.datetime | None:
    return parse_datetime(value) if value else None


def _name(player: Player | None) -> str | None:
    return player.name if player else None


# A spreadsheet runs a cell that starts with one of these as a formula (=HYPERLINK(…),
# @SUM, a DDE call after + or -): a name typed at the table must stay a name. OWASP's
# rule: such a text cell is written with a leading apostrophe. Numbers are not text.
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def cell(value: Any) -> Any:
    """``value`` as a CSV cell no spreadsheet will run."""
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return "'" + value
    return value


class SafeWriter:
    """``csv.writer`` whose every text cell goes through ``cell``."""

    def __init__(self, out: io.StringIO) -> None:
        self.writer = csv.writer(out)

    def writerow(self, row: Iterable[Any]) -> None:
        self.writer.writerow([cell(value) for value in row])


# --- a match ---------------------------------------------------------------------------------


def match_text(match: Match, url: str = "") -> str:
    """A few lines to paste in a chat: the game, the result, the hands played."""
    sides, series = running_totals(match)
    lines = [f"{match.rules.name} · {match.created_at:%Y-%m-%d}"]
    for side in sorted(sides, key=lambda s: -s.total):
        lines.append(f"{'🏆 ' if side.won else ''}{side.name}: {side.total}")
    hands = len(series[0]) - 1 if series else 0
    if match.is_finished:
        played = ngettext("%(n)s hand, finished", "%(n)s hands, finished", hands)
    else:
        played = ngettext("%(n)s hand, in progress", "%(n)s hands, in progress", hands)
    lines.append(played % {"n": hands})
    if url:
        lines.append(url)
    return "\n".join(lines) + "\n"


def match_csv(match: Match) -> str:
    """Hand by hand: each side's score for the hand and its running total."""
    sides, series = running_totals(match)
    out = io.StringIO()
    writer = SafeWriter(out)
    header = ["hand"]
    for side in sides:
        header += [f"{side.name} hand", f"{side.name} total"]
    writer.writerow(header)
    for n in range(1, len(series[0]) if series else 0):
        row: list[Any] = [n]
        for line in series:
            row += [line[n] - line[n - 1], line[n]]
        writer.writerow(row)
    return out.getvalue()


# --- many matches ----------------------------------------------------------------------------

CSV_HEADER = [
    "match",
    "game",
    "status",
    "created_at",
    "finished_at",
    "side",
    "name",
    "players",
    "total",
    "won",
    "event",
    "round",
    "table",
]


def records_csv(matches: QuerySet[Match]) -> Iterator[str]:
    """One row per side per match, streamed (a few queries per 500 matches)."""
    out = io.StringIO()
    writer = SafeWriter(out)

    def flush() -> str:
        text = out.getvalue()
        out.seek(0)
        out.truncate()
        return text

    writer.writerow(CSV_HEADER)
    yield flush()
    seats = Prefetch("seats", queryset=Seat.objects.select_related("player"))
    sides = Prefetch("sides", queryset=Side.objects.prefetch_related(seats))
    query = matches.order_by("created_at", "pk").select_related(*PLACED)
    for match in query.prefetch_related(sides).iterator(500):
        place = placement(match) or {}
        for side in match.sides.all():
            writer.writerow(
                [
                    match.code,
                    match.game,
                    match.status,
                    _when(match.created_at),
                    _when(match.finished_at),
                    side.position,
                    side.name,
                    ", ".join(seat.player.name for seat in side.seats.all()),
                    side.total,
                    int(side.won),
                    place.get("code", ""),
                    place.get("round", ""),
                    place.get("table", ""),
                ]
            )
        yield flush()


def _match_dict(match: Match, *, tokens: bool = False) -> dict[str, Any]:
    """``tokens``: with the scorer and read-only links' tokens, for a restore by the
    operator (``export_records``); never in what a viewer downloads, as the scorer link
    would let whoever reads the file change the match."""
    exported = {
        "code": match.code,
        "game": match.game,
        "options": match.options,
        "target": match.target,
        "status": match.status,
        "created_at": _when(match.created_at),
        "updated_at": _when(match.updated_at),
        "finished_at": _when(match.finished_at),
        "version": match.version,
        "draft": match.draft,
        "draft_revision": match.draft_revision,
        # Access: owner and club are linked again on import when an account with that
        # username, a club with that code, is there; the links keep working only from an
        # operator's export (``tokens``), else the import makes new ones.
        "private": match.private,
        "owner": match.owner.get_username() if match.owner else None,
        "club": match.club.code if match.club else None,
        "sides": [
            {
                "position": side.position,
                "name": side.name,
                "total": side.total,
                "won": side.won,
                "players": [seat.player.name for seat in side.seats.all()],
            }
            for side in match.sides.all()
        ],
        "hands": [
            {
                "number": hand.number,
                "entry": hand.entry,
                "state": hand.state,
                "request_id": str(hand.request_id),
                "revision": hand.revision,
                "version": hand.version,
                "problem": hand.problem,
                "created_at": _when(hand.created_at),
                "created_by": _name(hand.created_by),
                "changed_at": _when(hand.changed_at),
                "changed_by": _name(hand.changed_by),
                "undone_at": _when(hand.undone_at),
                "undone_by": _name(hand.undone_by),
                "scores": [
                    {"side": score.side.position, "total": score.total, "lines": score.lines}
                    for score in hand.scores.all()
                ],
                "revisions": [
                    {
                        "revision": rev.revision,
                        "entry": rev.entry,
                        "scores": rev.scores,
                        "recorded_by": _name(rev.recorded_by),
                        "replaced_by": _name(rev.replaced_by),
                        "replaced_at": _when(rev.replaced_at),
                    }
                    for rev in hand.revisions.all()
                ],
            }
            for hand in match.hands.all()
        ],
    }
    if tokens:
        exported |= {"edit_token": match.edit_token, "share_token": match.share_token}
    return exported


def export_matches(matches: QuerySet[Match], *, tokens: bool = False) -> Iterator[dict[str, Any]]:
    """Each match as a JSON-able dict, fetched 200 at a time with a fixed number of
    queries per batch; ``tokens``: with the links' tokens (``_match_dict``)."""
    seats = Prefetch("seats", queryset=Seat.objects.select_related("player"))
    people = ("created_by", "changed_by", "undone_by")
    hands = Prefetch(
        "hands",
        queryset=Hand.objects.select_related(*people).prefetch_related(
            Prefetch("scores", queryset=HandScore.objects.select_related("side")),
            Prefetch(
                "revisions",
                queryset=HandRevision.objects.select_related("recorded_by", "replaced_by"),
            ),
        ),
    )
    query = matches.order_by("created_at", "pk").select_related("owner", "club", *PLACED)
    query = query.prefetch_related(
        Prefetch("sides", queryset=Side.objects.prefetch_related(seats)), hands
    )
    for match in query.iterator(200):
        yield _match_dict(match, tokens=tokens)


def export_json(
    matches: QuerySet[Match], exported_at: dt.datetime, *, tokens: bool = False
) -> dict[str, Any]:
    return {
        "format": FORMAT,
        "version": VERSION,
        "exported_at": exported_at.isoformat(),
        "matches": list(export_matches(matches, tokens=tokens)),
    }


# --- clubs and accounts, for a restore -------------------------------------------------------
# Only ``manage.py export_records`` writes these (an operator's copy, as private as the
# database: accounts carry their password hashes); a reader's download never does. With
# them an export read into an empty database gives every match its club and owner back.


def export_accounts(users: QuerySet[Any]) -> list[dict[str, Any]]:
    return [
        {
            "username": user.get_username(),
            "email": user.email,
            "first_name": user.first_name,
            "last_name": user.last_name,
            "password": user.password,
            "is_active": user.is_active,
            "is_staff": user.is_staff,
            "is_superuser": user.is_superuser,
            "date_joined": _when(user.date_joined),
        }
        for user in users.order_by("pk")
    ]


def export_clubs(clubs: QuerySet[Club]) -> list[dict[str, Any]]:
    query = clubs.order_by("pk").select_related("created_by")
    query = query.prefetch_related(
        Prefetch("memberships", queryset=Membership.objects.select_related("user")), "guests"
    )
    return [
        {
            "code": club.code,
            "name": club.name,
            "created_at": _when(club.created_at),
            "created_by": club.created_by.get_username() if club.created_by else None,
            "members": [
                {
                    "username": m.user.get_username(),
                    "role": m.role,
                    "joined_at": _when(m.joined_at),
                }
                for m in club.memberships.all()
            ],
            "guests": [
                {"name": guest.name, "added_at": _when(guest.added_at)}
                for guest in club.guests.all()
            ],
        }
        for club in query
    ]


def people_of(clubs: QuerySet[Club], matches: QuerySet[Match]) -> QuerySet[Any]:
    """The accounts a restore of ``clubs`` and ``matches`` needs: members, founders,
    owners."""
    User = get_user_model()
    return User.objects.filter(
        Q(memberships__club__in=clubs)
        | Q(pk__in=clubs.values("created_by"))
        | Q(pk__in=matches.values("owner"))
    ).distinct()


def _restore_accounts(accounts: list[dict[str, Any]]) -> None:
    """Accounts not here yet, by username (one already here is left as it is)."""
    User = get_user_model()
    names = [a["username"] for a in accounts]
    present = set(
        User.objects.filter(**{f"{User.USERNAME_FIELD}__in": names}).values_list(
            User.USERNAME_FIELD, flat=True
        )
    )
    User.objects.bulk_create(
        User(
            **{User.USERNAME_FIELD: a["username"]},
            email=a["email"],
            first_name=a["first_name"],
            last_name=a["last_name"],
            # An account without a password hash can sign in only after a reset.
            password=a.get("password") or make_password(None),
            is_active=a["is_active"],
            is_staff=a.get("is_staff", False),
            is_superuser=a.get("is_superuser", False),
            date_joined=_read_when(a["date_joined"]) or timezone.now(),
        )
        for a in accounts
        if a["username"] not in present
    )


def _restore_clubs(clubs: list[dict[str, Any]]) -> None:
    """Clubs not here yet, by code, with their members (whose accounts are here) and
    guests, at their recorded times."""
    present = set(
        Club.objects.filter(code__in=[c["code"] for c in clubs]).values_list("code", flat=True)
    )
    fresh = [c for c in clubs if c["code"] not in present]
    User = get_user_model()
    wanted = {c["created_by"] for c in fresh} | {
        m["username"] for c in fresh for m in c["members"]
    }
    users = {
        u.get_username(): u
        for u in User.objects.filter(**{f"{User.USERNAME_FIELD}__in": wanted - {None}})
    }
    made = Club.objects.bulk_create(
        Club(code=c["code"], name=c["name"], created_by=users.get(c["created_by"])) for c in fresh
    )
    for club, c in zip(made, fresh, strict=True):
        club.created_at = _read_when(c["created_at"])
    Club.objects.bulk_update(made, ["created_at"], batch_size=500)
    members = [(club, m) for club, c in zip(made, fresh, strict=True) for m in c["members"]]
    members = [(club, m) for club, m in members if m["username"] in users]
    memberships = Membership.objects.bulk_create(
        Membership(club=club, user=users[m["username"]], role=m["role"]) for club, m in members
    )
    for membership, (_club, m) in zip(memberships, members, strict=True):
        membership.joined_at = _read_when(m["joined_at"])
    Membership.objects.bulk_update(memberships, ["joined_at"], batch_size=500)
    guests_in = [(club, g) for club, c in zip(made, fresh, strict=True) for g in c["guests"]]
    guests = Guest.objects.bulk_create(Guest(club=club, name=g["name"]) for club, g in guests_in)
    for guest, (_club, g) in zip(guests, guests_in, strict=True):
        guest.added_at = _read_when(g["added_at"])
    Guest.objects.bulk_update(guests, ["added_at"], batch_size=500)


# --- back in -----------------------------------------------------------------------------------


class ImportError_(ValueError):
    """The file is not a Tento records export this version can read."""


def _people(data: Iterable[dict[str, Any]]) -> dict[str, Player]:
    names: set[str] = set()
    for match in data:
        for side in match["sides"]:
            names.update(side["players"])
        for hand in match["hands"]:
            names.update(n for k in ("created_by", "changed_by", "undone_by") if (n := hand[k]))
            for rev in hand["revisions"]:
                names.update(n for k in ("recorded_by", "replaced_by") if (n := rev[k]))
    return {name.lower(): Player.named(name) for name in sorted(names)}


@transaction.atomic
def import_json(data: dict[str, Any]) -> tuple[int, int]:
    """Read an export back; returns (matches imported, matches skipped because a match
    with the same code is already here). Players are matched by name."""
    if data.get("format") != FORMAT or data.get("version") != VERSION:
        raise ImportError_(f"not a {FORMAT} v{VERSION} file")
    # Accounts and clubs first (an operator's export has them): the matches link to them.
    _restore_accounts(data.get("accounts", []))
    _restore_clubs(data.get("clubs", []))
    incoming = data["matches"]
    present = set(
        Match.objects.filter(code__in=[m["code"] for m in incoming]).values_list("code", flat=True)
    )
    fresh = [m for m in incoming if m["code"] not in present]
    people = _people(fresh)

    def who(name: str | None) -> Player | None:
        return people[name.lower()] if name else None

    User = get_user_model()
    owners = {
        user.get_username(): user
        for user in User.objects.filter(
            **{f"{User.USERNAME_FIELD}__in": {m.get("owner") for m in fresh} - {None}}
        )
    }
    clubs = {c.code: c for c in Club.objects.filter(code__in={m.get("club") for m in fresh})}
    kept = {"private", "edit_token", "share_token"}

    matches = Match.objects.bulk_create(
        Match(
            code=m["code"],
            game=m["game"],
            options=m["options"],
            target=m["target"],
            status=m["status"],
            finished_at=_read_when(m["finished_at"]),
            version=m["version"],
            draft=m["draft"],
            draft_revision=m["draft_revision"],
            owner=owners.get(m.get("owner")),
            club=clubs.get(m.get("club")),
            **{k: m[k] for k in kept if k in m},
        )
        for m in fresh
    )
    # auto_now and auto_now_add stamped "now" on the way in; put the recorded times back.
    for match, m in zip(matches, fresh, strict=True):
        match.created_at = _read_when(m["created_at"])
        match.updated_at = _read_when(m["updated_at"])
    Match.objects.bulk_update(matches, ["created_at", "updated_at"], batch_size=500)

    sides = Side.objects.bulk_create(
        Side(match=match, position=s["position"], name=s["name"], total=s["total"], won=s["won"])
        for match, m in zip(matches, fresh, strict=True)
        for s in m["sides"]
    )
    side_at = {(side.match_id, side.position): side for side in sides}
    Seat.objects.bulk_create(
        Seat(side=side_at[(match.pk, s["position"])], player=who(name), order=order)
        for match, m in zip(matches, fresh, strict=True)
        for s in m["sides"]
        for order, name in enumerate(s["players"])
    )
    hand_rows = [(match, h) for match, m in zip(matches, fresh, strict=True) for h in m["hands"]]
    hands = Hand.objects.bulk_create(
        Hand(
            match=match,
            number=h["number"],
            entry=h["entry"],
            state=h["state"],
            request_id=uuid.UUID(h["request_id"]),
            revision=h["revision"],
            version=h["version"],
            problem=h["problem"],
            created_by=who(h["created_by"]),
            changed_at=_read_when(h["changed_at"]),
            changed_by=who(h["changed_by"]),
            undone_at=_read_when(h["undone_at"]),
            undone_by=who(h["undone_by"]),
        )
        for match, h in hand_rows
    )
    for hand, (_match, h) in zip(hands, hand_rows, strict=True):
        hand.created_at = _read_when(h["created_at"])
    Hand.objects.bulk_update(hands, ["created_at"], batch_size=500)
    HandScore.objects.bulk_create(
        HandScore(
            hand=hand, side=side_at[(match.pk, s["side"])], total=s["total"], lines=s["lines"]
        )
        for hand, (match, h) in zip(hands, hand_rows, strict=True)
        for s in h["scores"]
    )
    revisions = HandRevision.objects.bulk_create(
        HandRevision(
            hand=hand,
            revision=r["revision"],
            entry=r["entry"],
            scores=r["scores"],
            recorded_by=who(r["recorded_by"]),
            replaced_by=who(r["replaced_by"]),
        )
        for hand, (_match, h) in zip(hands, hand_rows, strict=True)
        for r in h["revisions"]
    )
    stamps = [
        r["replaced_at"]
        for _hand, (_match, h) in zip(hands, hand_rows, strict=True)
        for r in h["revisions"]
    ]
    for revision, stamp in zip(revisions, stamps, strict=True):
        revision.replaced_at = _read_when(stamp)
    HandRevision.objects.bulk_update(revisions, ["replaced_at"], batch_size=500)
    _check_imported(matches)
    # Made in bulk, the matches sent no signal: their clubs' ratings are rated again.
    for club_id in sorted({m.club_id for m in matches if m.club_id and m.is_finished}):
        transaction.on_commit(partial(rebuild_ratings, club_id))
    return len(fresh), len(present)


def _check_imported(matches: list[Match]) -> None:
    """An import is a write path like the forms and the API: every live hand must be one
    the game's hand form would record, as it stood before that hand, and every side's
    total the sum of its hands. Otherwise the import stops and nothing of the file is kept
    (``import_json`` is one transaction). A hand a later correction left flagged
    (``problem``) was refused by its rules already and is kept as it was recorded."""
    for code, position, name, total, summed in unbalanced(summed_sides(m.code for m in matches)):
        raise ImportError_(
            f"match {code}: side {position} ({name}) stores {total}, its hands add up to {summed}"
        )
    for match in matches:
        for hand in match.live_hands().filter(problem__isnull=True).order_by("number"):
            try:
                match.rules.checked_entry(match.view_before(hand.number), hand.entry)
            except RuleError as error:
                rules = ", ".join(v.rule for v in error.violations)
                raise ImportError_(
                    f"match {match.code}, hand {hand.number}: refused by {rules}"
                ) from None


# --- a club's ratings (``scoring.ratings``) --------------------------------------------------

RATINGS_HEADER = [
    "rank",
    "player",
    "rating",
    "mu",
    "sigma",
    "played",
    "listed",
    "last_played_at",
    "game",
    "season",
]


def _rating_dict(line: Any) -> dict[str, Any]:
    return {
        "rank": line.rank or None,
        "player": line.name,
        "rating": line.figure,
        "mu": round(line.mu, 6),
        "sigma": round(line.sigma, 6),
        "played": line.played,
        "listed": line.listed,
        "last_played_at": _when(line.last_played_at),
    }


def ratings_csv(lines: Iterable[Any], game: str, season: Any) -> str:
    """A club's rating list (``ratings.lists.Line``s) as CSV, one row a player."""
    out = io.StringIO()
    writer = SafeWriter(out)
    writer.writerow(RATINGS_HEADER)
    for line in lines:
        row = _rating_dict(line)
        writer.writerow(
            [row[name] if row[name] is not None else "" for name in RATINGS_HEADER[:8]]
            + [game, season.name if season else ""]
        )
    return out.getvalue()


def ratings_json(club: Club, game: str, season: Any, lines: Iterable[Any]) -> dict[str, Any]:
    return {
        "format": "tento-ratings",
        "version": 1,
        "club": club.code,
        "game": game,
        "season": (
            {"name": season.name, "start": season.start.isoformat(), "end": season.end.isoformat()}
            if season
            else None
        ),
        "ratings": [_rating_dict(line) for line in lines],
    }
