"""Checks for text people type that other people's phones will draw: names."""

from __future__ import annotations

import unicodedata

from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _

# Characters that reorder the text drawn after them (a name that makes the next
# name read backwards) or hide between letters; Unicode's bidi controls and marks.
BIDI_CONTROLS = frozenset(
    "\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"
)
# Control characters, surrogates, private use, unassigned, line and paragraph breaks.
REFUSED_CATEGORIES = frozenset({"Cc", "Cs", "Co", "Cn", "Zl", "Zp"})


def refused_characters(text: str) -> list[str]:
    """The characters of ``text`` a name may not hold, as ``U+XXXX`` codes."""
    return [
        f"U+{ord(char):04X}"
        for char in text
        if char in BIDI_CONTROLS or unicodedata.category(char) in REFUSED_CATEGORIES
    ]


def validate_name(text: str) -> None:
    """A name is drawn as typed on every phone at the table: no control characters and
    nothing that flips the direction of the text around it."""
    found = refused_characters(text)
    if found:
        raise ValidationError(
            _("A name cannot hold control or text-direction characters (%(chars)s)."),
            code="name-characters",
            params={"chars": ", ".join(dict.fromkeys(found))},
        )
