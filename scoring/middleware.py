"""Middleware of Tento's own."""

from __future__ import annotations

from collections.abc import Callable

from django.conf import settings
from django.http import HttpRequest, HttpResponse


class BodyLimitMiddleware:
    """A request whose body is larger than ``DATA_UPLOAD_MAX_MEMORY_SIZE`` is answered
    413 at once, before CSRF, a form or the API reads a byte of it (Django alone would
    answer 400 when the body is first read, and only for form bodies)."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        limit = settings.DATA_UPLOAD_MAX_MEMORY_SIZE
        try:
            length = int(request.META.get("CONTENT_LENGTH") or 0)
        except ValueError:
            length = 0
        if limit is not None and length > limit:
            return HttpResponse("Request body too large.\n", status=413, content_type="text/plain")
        return self.get_response(request)
