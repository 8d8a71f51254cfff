"""``manage.py check_ledger``: every match's stored totals are the sum of its hands.

Sums every side's live hands in one query (``scoring.ledger.balance``) and names each
side whose stored total differs; it exits non-zero when one does, for a cron job or a
release step to fail on."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from scoring.ledger.balance import summed_sides, unbalanced


class Command(BaseCommand):
    help = "Check that every match's stored totals equal the sum of its hands."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "codes",
            nargs="*",
            help="only these matches (by code; write -- before them, as a code may begin with -)",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        sides = summed_sides(options["codes"] or None)
        checked = sides.count()
        found = 0
        for code, position, name, total, hands in unbalanced(sides).iterator():
            found += 1
            self.stdout.write(
                f"{code}: side {position} ({name}) stores {total}, its hands add up to {hands}"
            )
        if found:
            raise CommandError(f"{found} of {checked} sides do not equal the sum of their hands")
        self.stdout.write(f"{checked} sides checked: every total is the sum of its hands")
