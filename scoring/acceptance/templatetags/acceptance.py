"""The acceptance app's slots in other apps' pages: the match's panel of hands waiting to
be accepted, the sides' links, the club's rulings and its director's desk, and each rule's
rulings in the rulebook."""

from __future__ import annotations

import uuid
from typing import Any

from django import template
from django.db.models import Q, Sum

from scoring.acceptance import table
from scoring.acceptance.models import Dispute, HandCheck, MatchAcceptance, Ruling
from scoring.clubs.models import Membership, Role
from scoring.ledger.models import HandScore, Match

register = template.Library()


@register.inclusion_tag("acceptance/_panel.html", takes_context=True)
def acceptance_panel(context: template.Context, match: Match) -> dict[str, Any]:
    """Under the scoreboard: each side's accepted total and, apart, what is pending; the
    hands waiting, each with Accept and Dispute for the sides this phone may answer for."""
    request = context.get("request")
    if request is None or not table.is_required(match):
        return {"on": False}
    waiting = list(
        HandCheck.objects.filter(
            hand__match_id=match.pk, hand__undone_at__isnull=True, status__in=table.UNSETTLED
        )
        .select_related("hand", "by_side")
        .order_by("hand__number")
    )
    pending = dict(
        HandScore.objects.filter(
            hand__match_id=match.pk,
            hand__undone_at__isnull=True,
            hand__acceptance_check__status__in=table.UNSETTLED,
        )
        .values("side__position")
        .annotate(total=Sum("total"))
        .values_list("side__position", "total")
    )
    sides = list(match.sides.all())
    actor = table.actor_for(request, match)
    hands = []
    for check in waiting:
        ask = table.sides_to_ask(check, sides, actor) if check.status == "pending" else []
        # Each button its own request id: a retry of the same tap is the same accept.
        ask = [(side, uuid.uuid4()) for side in ask]
        hands.append({"check": check, "hand": check.hand, "ask": ask})
    return {
        "on": True,
        "match": match,
        "request": request,
        "csrf_token": context.get("csrf_token"),
        "totals": [
            {
                "side": side,
                "pending": pending.get(side.position, 0),
                "accepted": side.total - pending.get(side.position, 0),
            }
            for side in sides
        ],
        "hands": hands,
        "my_side": actor.side,
    }


@register.inclusion_tag("acceptance/_side_links.html", takes_context=True)
def side_links(context: template.Context, match: Match) -> dict[str, Any]:
    """In the share panel of a phone that may change the match (not a side's own link):
    the house option and a link per side."""
    from scoring.acceptance.views import side_links_context

    request = context.get("request")
    if request is None or not match.can_change:
        return {"shown": False}
    actor = table.actor_for(request, match)
    if actor.side is not None:
        return {"shown": False, "my_side": actor.side}
    option = MatchAcceptance.objects.filter(match_id=match.pk).first()
    return {
        "shown": True,
        "match": match,
        "required": bool(option and option.required),
        "links": side_links_context(request, match),
        "csrf_token": context.get("csrf_token"),
    }


def member_clubs(user: Any) -> list[int]:
    if not getattr(user, "is_authenticated", False):
        return []
    return list(Membership.objects.filter(user=user).values_list("club_id", flat=True))


@register.simple_tag(takes_context=True)
def club_rulings_by_rule(context: template.Context, game: str) -> dict[str, list[Ruling]]:
    """For the rulebook: the rulings of the reader's clubs on this game, by rule."""
    request = context.get("request")
    clubs = member_clubs(getattr(request, "user", None))
    found: dict[str, list[Ruling]] = {}
    if not clubs:
        return found
    rulings = Ruling.objects.filter(club_id__in=clubs, game=game).select_related("match", "club")
    for ruling in rulings:
        found.setdefault(ruling.rule, []).append(ruling)
    return found


@register.filter
def rulings_on(by_rule: dict[str, list[Ruling]], rule: str) -> list[Ruling]:
    return by_rule.get(rule, []) if by_rule else []


@register.inclusion_tag("acceptance/_club_rulings.html", takes_context=True)
def club_rulings(context: template.Context, club: Any) -> dict[str, Any]:
    """On the club's page: its rulings, searchable by rule and word; and for its admins,
    the director's desk of open disputes."""
    request = context["request"]
    words = (request.GET.get("ruling_q") or "").strip()[:100]
    rule = (request.GET.get("ruling_rule") or "").strip()[:80]
    rulings = Ruling.objects.filter(club=club).select_related("director", "match")
    if rule:
        rulings = rulings.filter(rule__icontains=rule)
    if words:
        rulings = rulings.filter(
            Q(text__icontains=words) | Q(situation__icontains=words) | Q(rule__icontains=words)
        )
    desk = []
    if club.role_of(request.user) == Role.ADMIN:
        desk = list(
            Dispute.objects.filter(hand__match__club=club, status=Dispute.Status.OPEN)
            .select_related("hand__match", "side")
            .order_by("opened_at")
        )
    return {"club": club, "rulings": rulings[:100], "words": words, "rule": rule, "desk": desk}
