"""``manage.py check_ledger``: every match's stored totals are the sum of its hands.

A side's ``total`` is kept as each hand moves it (no page sums the hands again), so a
write that went wrong — a hand stored without its totals, a restore, an edit by hand in
the database — would show wrong totals for good. This sums every side's live hands in
one query and names each side whose stored total differs; it exits non-zero when one
does, for a cron job or a release step to fail on."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.db.models import F, OuterRef, Subquery, Sum, Value
from django.db.models.functions import Coalesce

from scoring.ledger.models import HandScore, Side


class Command(BaseCommand):
    help = "Check that every match's stored totals equal the sum of its hands."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("codes", nargs="*", help="only these matches (by code)")

    def handle(self, *args: Any, **options: Any) -> None:
        summed = (
            HandScore.objects.filter(side=OuterRef("pk"), hand__undone_at__isnull=True)
            .values("side")
            .annotate(sum=Sum("total"))
            .values("sum")
        )
        sides = Side.objects.annotate(summed=Coalesce(Subquery(summed), Value(0)))
        if options["codes"]:
            sides = sides.filter(match__code__in=options["codes"])
        checked = sides.count()
        wrong = (
            sides.exclude(total=F("summed"))
            .order_by("match__code", "position")
            .values_list("match__code", "position", "name", "total", "summed")
        )
        found = 0
        for code, position, name, total, hands in wrong.iterator():
            found += 1
            self.stdout.write(
                f"{code}: side {position} ({name}) stores {total}, its hands add up to {hands}"
            )
        if found:
            raise CommandError(f"{found} of {checked} sides do not equal the sum of their hands")
        self.stdout.write(f"{checked} sides checked: every total is the sum of its hands")
