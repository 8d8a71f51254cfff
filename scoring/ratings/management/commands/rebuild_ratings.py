"""``manage.py rebuild_ratings [--club CODE]``: every rating worked out again from the
records (they are derived data; the ledger's changes keep them right as they happen)."""

from __future__ import annotations

import time

from django.core.management.base import BaseCommand, CommandError

from scoring.clubs.models import Club
from scoring.ratings.recompute import rebuild


class Command(BaseCommand):
    help = "Rebuild the clubs' ratings from their finished matches."

    def add_arguments(self, parser) -> None:
        parser.add_argument("--club", help="Only this club (its code)")

    def handle(self, *args, club: str | None = None, **options) -> None:
        club_id = None
        if club:
            club_id = Club.objects.filter(code=club).values_list("pk", flat=True).first()
            if club_id is None:
                raise CommandError(f"No club with the code {club!r}.")
        start = time.perf_counter()
        changes = rebuild(club_id)
        seconds = time.perf_counter() - start
        self.stdout.write(f"{changes} rating changes written in {seconds:.2f} s.")
