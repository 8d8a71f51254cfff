"""The QR codes of the share panel: drawn once per link, the same code every time."""

from __future__ import annotations

import segno

from scoring.ledger import qr


def test_a_link_s_code_is_drawn_once_and_encodes_the_link():
    url = "https://tento.example/watch/qr-test-token/"
    qr._draw.cache_clear()
    first, again = qr.qr_svg(url), qr.qr_svg(url)
    assert first == again and first.startswith("<svg") and 'class="qr"' in first
    assert qr._draw.cache_info().misses == 1 and qr._draw.cache_info().hits == 1
    assert url not in first  # the link is encoded in the modules, never written out
    expected = segno.make(url, error="m").svg_inline(
        scale=1, omitsize=True, svgclass="qr", lineclass=None, dark="#000", light="#fff"
    )
    assert first == expected
