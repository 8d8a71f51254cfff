"""``manage.py api_token <username> [--name N]``: a new API token for a user, printed
once (only its hash is kept)."""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError, CommandParser

from scoring.records.models import ApiToken


class Command(BaseCommand):
    help = "Issue a bearer token for the records API."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("username")
        parser.add_argument("--name", default="")

    def handle(self, *args, **options) -> None:
        user = get_user_model().objects.filter(username=options["username"]).first()
        if user is None:
            raise CommandError(f"no user {options['username']!r}")
        _token, clear = ApiToken.issue(user, options["name"])
        self.stdout.write(clear)
