"""``manage.py api_token <username> [--name N] [--days D]``: a new API token for a user,
printed once (only its hash is kept), working for D days or until revoked."""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError, CommandParser

from scoring.records.models import ApiToken


class Command(BaseCommand):
    help = "Issue a bearer token for the records API."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("username")
        parser.add_argument("--name", default="")
        parser.add_argument("--days", type=int, help="expires after this many days")

    def handle(self, *args, **options) -> None:
        user = get_user_model().objects.filter(username=options["username"]).first()
        if user is None:
            raise CommandError(f"no user {options['username']!r}")
        _token, clear = ApiToken.issue(user, options["name"], days=options["days"])
        self.stdout.write(clear)
