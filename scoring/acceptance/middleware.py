"""Who is behind a change: the ledger's signals carry no request, so the request being
answered is kept for them (``table.acting``), as django-simple-history keeps its user."""

from __future__ import annotations

from collections.abc import Callable

from django.http import HttpRequest, HttpResponse

from scoring.acceptance.table import current_request


class ActingMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        token = current_request.set(request)
        try:
            return self.get_response(request)
        finally:
            current_request.reset(token)
