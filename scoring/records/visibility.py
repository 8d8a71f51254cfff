"""Which matches a viewer may see in the records: the one door every page, export and
API endpoint goes through, so that they all answer alike.

Until clubs and accounts arrive (``scoring.ledger.access``), every match is public, as
the match pages themselves are: whoever has a match's address sees it.
"""

from __future__ import annotations

from typing import Any

from scoring.ledger.models import Match, MatchQuerySet


def visible_matches(user: Any = None) -> MatchQuerySet:
    return Match.objects.all()


def may_change(user: Any, match: Match) -> bool:
    """Whether ``user`` may record hands in ``match`` (the match page lets anyone)."""
    return True
