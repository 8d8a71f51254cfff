"""The ratings follow the ledger without the ledger knowing: Django's ``post_init``,
``post_save`` and ``post_delete`` on ``Match`` (every change to a match, a hand recorded,
corrected or undone, a finish, saves its row; an admin's deletion deletes it), and on a
club's seasons and rating rules. Once the change commits (``transaction.on_commit``) the
stream it touched is rated again from the first match it affected on."""

from __future__ import annotations

from functools import partial
from typing import Any

from django.db import transaction
from django.db.models.signals import post_delete, post_init, post_save

from scoring.ledger.models import Match
from scoring.ratings.recompute import Since, rebuild, recompute

# A save that writes none of these leaves every result as it was (a link renewed).
RESULT_FIELDS = frozenset({"status", "finished_at", "club", "game"})


def _as_rated(match: Match) -> tuple[Any, ...]:
    # Read from the instance's dict: a match loaded with only some fields must not
    # load the others here.
    fields = match.__dict__
    return tuple(fields.get(name) for name in ("club_id", "game", "status", "finished_at"))


def loaded(sender: type, instance: Match, **kwargs: Any) -> None:
    instance._rated_as = _as_rated(instance)


def streams(match: Match, *states: tuple[Any, ...]) -> dict[tuple[int, str], Since | None]:
    """The streams a match in ``states`` (as loaded, as saved) belongs to, each with the
    point to rate again from (None: from the start, the time not being known)."""
    touched: dict[tuple[int, str], Since | None] = {}
    for club, game, status, finished_at in states:
        if not club or not game or status != Match.Status.FINISHED:
            continue
        key = (club, game)
        since = (finished_at, match.pk) if finished_at else None
        if key in touched:
            known = touched[key]
            since = None if known is None or since is None else min(known, since)
        touched[key] = since
    return touched


def _schedule(touched: dict[tuple[int, str], Since | None]) -> None:
    # Robust: ratings that fail to follow (logged) never fail the ledger's own answer;
    # ``rebuild_ratings`` puts them right.
    for (club, game), since in touched.items():
        transaction.on_commit(partial(recompute, club, game, since), robust=True)


def saved(sender: type, instance: Match, update_fields=None, raw=False, **kwargs: Any) -> None:
    if raw or (update_fields is not None and not RESULT_FIELDS & set(update_fields)):
        return
    was = getattr(instance, "_rated_as", None)
    now = instance._rated_as = _as_rated(instance)
    _schedule(streams(instance, *(state for state in (was, now) if state)))


def deleted(sender: type, instance: Match, **kwargs: Any) -> None:
    # As loaded and as the instance stands (a change made through it since).
    was = getattr(instance, "_rated_as", None)
    _schedule(streams(instance, *(state for state in (was, _as_rated(instance)) if state)))


def club_rules_changed(sender: type, instance: Any, raw=False, **kwargs: Any) -> None:
    """A season named, moved or dropped, or the club's rules changed: every game of the
    club is rated again."""
    if not raw:
        transaction.on_commit(partial(rebuild, instance.club_id), robust=True)


def connect() -> None:
    from scoring.ratings.models import ClubRatings, Season

    post_init.connect(loaded, sender=Match, dispatch_uid="ratings-loaded")
    post_save.connect(saved, sender=Match, dispatch_uid="ratings-saved")
    post_delete.connect(deleted, sender=Match, dispatch_uid="ratings-deleted")
    for model in (Season, ClubRatings):
        for signal in (post_save, post_delete):
            signal.connect(club_rules_changed, sender=model, dispatch_uid=f"ratings-{model}")
