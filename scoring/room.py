"""A room with no internet: Tento on a laptop, the phones on the venue's Wi-Fi or a
hotspot (``make room``; docs/deploy.md). The settings ask here for the laptop's address
on the local network, and the middleware sends a browser on the laptop itself
(``localhost``) to that address, so that every link and QR code the pages draw from the
request carries an address the phones can reach."""

from __future__ import annotations

import socket
from collections.abc import Callable
from urllib.parse import urlsplit

from django.conf import settings
from django.core.exceptions import MiddlewareNotUsed
from django.http import HttpRequest, HttpResponse, HttpResponsePermanentRedirect

LOOPBACK = {"localhost", "127.0.0.1", "::1", "[::1]"}


def lan_address() -> str:
    """The laptop's address on the local network: the one its routing table would send
    from. Connecting a UDP socket sends no packet, so this works with no internet (and
    on a hotspot); with no network at all it is the loopback address."""
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("10.255.255.255", 1))
        return probe.getsockname()[0]
    except OSError:
        return "127.0.0.1"
    finally:
        probe.close()


class RoomAddressMiddleware:
    """With ``TENTO_BASE_URL`` set (the room's mode sets it), a page asked for through
    the loopback address is redirected to the room's address: a QR code drawn on the
    laptop's screen must not say ``localhost`` to a phone."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        base = getattr(settings, "TENTO_BASE_URL", "")
        if not base:
            raise MiddlewareNotUsed
        self.base = base.rstrip("/")
        self.room_host = urlsplit(self.base).hostname
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        host = request.get_host().rsplit(":", 1)[0] if "]" not in request.get_host() else "[::1]"
        if host in LOOPBACK and self.room_host not in LOOPBACK and request.method == "GET":
            return HttpResponsePermanentRedirect(self.base + request.get_full_path())
        return self.get_response(request)
