"""QR codes for the links a phone hands on, drawn on the server as inline SVG (no image
request, no script; the page's CSP allows it as markup)."""

from __future__ import annotations

import hashlib

import segno
from django.core.cache import cache
from django.utils.safestring import SafeString, mark_safe


def qr_svg(url: str) -> SafeString:
    """The QR code of ``url`` as an ``<svg>`` element sized by CSS (class ``qr``). A link
    never changes, so each code is drawn once and kept (drawing one costs milliseconds,
    as much as the rest of the match page)."""
    key = "qr:" + hashlib.sha256(url.encode()).hexdigest()
    svg = cache.get(key)
    if svg is None:
        svg = _draw(url)
        cache.set(key, svg, timeout=60 * 60 * 24 * 30)
    return mark_safe(svg)


def _draw(url: str) -> str:
    code = segno.make(url, error="m")
    svg = code.svg_inline(
        scale=1, omitsize=True, svgclass="qr", lineclass=None, dark="#000", light="#fff"
    )
    # segno's own markup: paths and numbers only; the url is encoded, never written out.
    return svg
