"""Whether every side's stored total is the sum of its hands.

A side's ``total`` is kept as each hand moves it (no page sums the hands again), so a
write that went wrong — a hand stored without its totals, a restore, an edit by hand in
the database — would show wrong totals for good. ``manage.py check_ledger`` and every
import ask this one query."""

from __future__ import annotations

from collections.abc import Iterable

from django.db.models import F, OuterRef, QuerySet, Subquery, Sum, Value
from django.db.models.functions import Coalesce

from scoring.ledger.models import HandScore, Side


def summed_sides(codes: Iterable[str] | None = None) -> QuerySet[Side]:
    """Every side (of the matches ``codes``, when given) with ``summed``: the sum of its
    live hands' scores."""
    summed = (
        HandScore.objects.filter(side=OuterRef("pk"), hand__undone_at__isnull=True)
        .values("side")
        .annotate(sum=Sum("total"))
        .values("sum")
    )
    sides = Side.objects.annotate(summed=Coalesce(Subquery(summed), Value(0)))
    return sides if codes is None else sides.filter(match__code__in=list(codes))


def unbalanced(sides: QuerySet[Side]) -> QuerySet:
    """(code, position, name, stored total, sum of hands) of each side that differs."""
    return (
        sides.exclude(total=F("summed"))
        .order_by("match__code", "position")
        .values_list("match__code", "position", "name", "total", "summed")
    )
