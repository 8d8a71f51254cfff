"""The server's own error pages (``handler500`` in ``scoring.urls``)."""

from __future__ import annotations

import sys

from django.db import DatabaseError
from django.http import HttpRequest, HttpResponse, HttpResponseServerError
from django.shortcuts import render
from django.utils.translation import gettext as _
from django.views.defaults import server_error as django_server_error
from django_htmx.http import reswap

# Why a database cannot write now, which a later try may not meet: SQLite's result codes
# (the primary code is the low byte) and PostgreSQL's SQLSTATEs.
SQLITE_CANNOT_WRITE = {8, 10, 13}  # SQLITE_READONLY, SQLITE_IOERR, SQLITE_FULL
# read_only_sql_transaction, insufficient_resources, disk_full, out_of_memory
POSTGRESQL_CANNOT_WRITE = {"25006", "53000", "53100", "53200"}


def cannot_save(error: BaseException | None) -> bool:
    """True if ``error`` is the database refusing to write (disk full, read-only)."""
    if not isinstance(error, DatabaseError):
        return False
    cause = error.__cause__
    code = getattr(cause, "sqlite_errorcode", None)
    if code is not None:
        return code & 0xFF in SQLITE_CANNOT_WRITE
    return getattr(cause, "sqlstate", None) in POSTGRESQL_CANNOT_WRITE


def cannot_save_text() -> str:
    return _("The server cannot save right now: this was not recorded. Try again in a moment.")


class Notice:
    """A message drawn like one of ``django.contrib.messages``'s (``ledger/_messages.html``)
    without storing it: the session may be what cannot be saved."""

    def __init__(self, text: str, tags: str) -> None:
        self.text, self.tags = text, tags

    def __str__(self) -> str:
        return self.text


def server_error(request: HttpRequest) -> HttpResponse:
    """Django calls this inside its ``except`` with the error (already logged). A database
    that cannot write (disk full, read-only) is a 503 saying so in the app's own page; for
    HTMX only the message, swapped into the page's messages, the form left as typed. Any
    other error is Django's plain 500."""
    if not cannot_save(sys.exc_info()[1]):
        return django_server_error(request)
    try:
        if getattr(request, "htmx", False):
            text = _(
                "The server cannot save right now: this was not recorded. Try again in a moment."
            )
            context = {"messages": [Notice(text, "error")]}
            return reswap(render(request, "ledger/_messages.html", context, status=503), "none")
        return render(request, "503.html", status=503)
    except Exception:  # the page itself needs what failed (a session read, say)
        return HttpResponseServerError(status=503)
