"""What a deployment serves of the project's scripts is still JavaScript Chromium runs:
the minified copies (scoring.staticfiles) parse, and define what the sources define."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.conf import settings

from scoring.staticfiles import minified

SCRIPTS = sorted(
    str(path.relative_to(settings.BASE_DIR / "static"))
    for path in (settings.BASE_DIR / "static").rglob("*.js")
)


@pytest.mark.parametrize("name", SCRIPTS)
def test_a_minified_script_still_parses(browser, name):
    source = (Path(settings.BASE_DIR) / "static" / name).read_text(encoding="utf-8")
    served = minified(name, source)
    assert len(served) < len(source)
    page = browser.new_page()
    try:
        # new Function parses the whole script without running it.
        error = page.evaluate(
            "text => { try { new Function(text); return null } catch (e) { return String(e) } }",
            served,
        )
    finally:
        page.close()
    assert error is None, error
