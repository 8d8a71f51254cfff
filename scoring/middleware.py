"""Middleware of Tento's own."""

from __future__ import annotations

from collections.abc import Callable
from http.cookies import SimpleCookie
from urllib.parse import unquote

from asgiref.sync import iscoroutinefunction
from django.conf import settings
from django.core.exceptions import BadRequest
from django.http import Http404, HttpRequest, HttpResponse
from django.utils.decorators import sync_and_async_middleware


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


class PermissionsPolicyMiddleware:
    """Every response says which browser features the pages may use
    (``settings.PERMISSIONS_POLICY``: a feature with no origins is off for everyone)."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response
        self.header = ", ".join(
            f"{feature}=({' '.join(origins)})"
            for feature, origins in settings.PERMISSIONS_POLICY.items()
        )

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        response.headers.setdefault("Permissions-Policy", self.header)
        return response


class NulByteMiddleware:
    """A NUL byte in the address is 404 and one in the query 400, before any view looks
    anything up with it: PostgreSQL refuses NUL in a string and the lookup would be a
    500 (SQLite would just find nothing). A posted form's fields refuse it themselves
    (Django's form fields do); a value read straight from the post must too."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if "\x00" in request.path_info:
            raise Http404("no such page")
        if "\x00" in unquote(request.META.get("QUERY_STRING", "")) or any(
            "\x00" in value for value in request.COOKIES.values()
        ):
            raise BadRequest("NUL byte in the query")
        return self.get_response(request)


# What a 304 keeps (RFC 9110 15.4.5 lists what it must repeat; Date is the server's).
NOT_MODIFIED_HEADERS = frozenset({"etag", "cache-control", "vary", "date", "expires"})


def _bare_304(response: HttpResponse) -> HttpResponse:
    if response.status_code == 304:
        for header in [h for h in response.headers if h.lower() not in NOT_MODIFIED_HEADERS]:
            del response.headers[header]
        response.cookies = SimpleCookie()
    return response


@sync_and_async_middleware
def not_modified_middleware(get_response: Callable) -> Callable:
    """A 304 carries only what a 304 needs (ETag, Cache-Control, Vary, Date): an unchanged
    poll is most of what a watching phone sends and gets, and the page's security
    headers, language and cookies were all sent with the 200 it revalidates. Outermost,
    so that it sees every header the others added."""
    if iscoroutinefunction(get_response):

        async def middleware(request: HttpRequest) -> HttpResponse:
            return _bare_304(await get_response(request))

    else:

        def middleware(request: HttpRequest) -> HttpResponse:
            return _bare_304(get_response(request))

    return middleware
