"""``manage.py room`` (run by ``make room``, with ``TENTO_ROOM=1``): serve Tento to the
room's phones from this laptop, over the local network. Prints the address the phones
open, and its QR code, then runs gunicorn on every interface."""

from __future__ import annotations

import os
import shutil
import sys

import segno
from django.conf import settings
from django.core.management.base import BaseCommand, CommandError, CommandParser


class Command(BaseCommand):
    help = "Serve Tento to the room over the local network (TENTO_ROOM=1; see docs/deploy.md)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--workers", type=int, default=3)

    def handle(self, *args, **options) -> None:
        if not settings.ROOM:
            raise CommandError("Run it as `make room` (or with TENTO_ROOM=1 in the environment).")
        address = settings.TENTO_BASE_URL
        self.stdout.write(f"\nTento for the room: {address}\n")
        self.stdout.write("Phones on this Wi-Fi open that address, or scan:\n")
        segno.make(address).terminal(out=self.stdout, compact=True)
        self.stdout.write(
            "\nStop with Ctrl+C. Afterwards: manage.py export_records night.json\n\n"
        )
        self.stdout.flush()
        gunicorn = shutil.which("gunicorn", path=os.path.dirname(sys.executable))
        if gunicorn is None:
            raise CommandError("gunicorn is not installed in this environment")
        bind = f"0.0.0.0:{settings.ROOM_PORT}"
        workers = str(options["workers"])
        os.execv(gunicorn, [gunicorn, "scoring.wsgi", "-b", bind, "-w", workers])
