"""QR codes for the links a phone hands on, drawn on the server as inline SVG (no image
request, no script; the page's CSP allows it as markup)."""

from __future__ import annotations

import segno
from django.utils.safestring import SafeString, mark_safe


def qr_svg(url: str) -> SafeString:
    """The QR code of ``url`` as an ``<svg>`` element sized by CSS (class ``qr``)."""
    code = segno.make(url, error="m")
    svg = code.svg_inline(
        scale=1, omitsize=True, svgclass="qr", lineclass=None, dark="#000", light="#fff"
    )
    # segno's own markup: paths and numbers only; the url is encoded, never written out.
    return mark_safe(svg)
