"""QR codes for the links a phone hands on, drawn on the server as inline SVG (no image
request, no script; the page's CSP allows it as markup)."""

from __future__ import annotations

from functools import lru_cache

import segno
from django.utils.safestring import SafeString, mark_safe


def qr_svg(url: str) -> SafeString:
    """The QR code of ``url`` as an ``<svg>`` element sized by CSS (class ``qr``)."""
    return mark_safe(_draw(url))


# A link never changes, so each code is drawn once per process and kept (drawing one
# costs milliseconds, as much as the rest of the match page; reading it back from a shared
# cache would cost a round trip on every page). 512 codes of a few KB each.
@lru_cache(maxsize=512)
def _draw(url: str) -> str:
    code = segno.make(url, error="m")
    # segno's own markup: paths and numbers only; the url is encoded, never written out.
    return code.svg_inline(
        scale=1, omitsize=True, svgclass="qr", lineclass=None, dark="#000", light="#fff"
    )
