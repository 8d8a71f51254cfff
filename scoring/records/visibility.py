"""Which matches a viewer may count in the records: the one door every page, export and
API endpoint goes through, so that they all answer alike. The rule itself is the
ledger's (``scoring.ledger.access``): a viewer's records are the matches they may list
(their own, by account or by a token kept on the phone, and their clubs'); one match is
read or changed exactly as its own page allows."""

from __future__ import annotations

import hashlib

from django.http import HttpRequest

from scoring.ledger import access
from scoring.ledger.models import Match, MatchQuerySet


def visible_matches(request: HttpRequest) -> MatchQuerySet:
    return access.visible_matches(request)


def match_for(request: HttpRequest, code: str, *, change: bool = False) -> Match:
    """The match at ``code`` if this request may see (or change) it; 404 otherwise."""
    return access.match_for(request, code, change=change)


def viewer_key(request: HttpRequest) -> str:
    """Who is looking, as far as what they may see goes: the account and the match
    tokens kept on the phone (for the records pages' cache keys; the clubs an account
    belongs to are in ``stats.generation``, which any change of membership moves)."""
    user = getattr(request, "user", None)
    account = user.pk if user is not None and user.is_authenticated else 0
    # A side link held on the phone (acceptance's) lists its match too: its token counts.
    tokens = ",".join(sorted(access.listing_tokens(getattr(request, "session", None))))
    return f"{account}:{hashlib.blake2b(tokens.encode(), digest_size=8).hexdigest()}"
