"""The referee questions several games are asked alike, worded once.

Canastra and Samba are both asked whether a meld is valid, whether an opening is enough,
whether a player may take the pile and whether a side may go out; the referee page names
each the same way in both (its jump link, its button). A game's question subclasses one
of these, words its own ``title`` where its rules ask it otherwise, and brings its fields
and its ``verdict()`` (see ``scoring.ledger.referee.Question``).
"""

from __future__ import annotations

from collections.abc import Iterable

from django import forms
from django.utils.translation import gettext_lazy as _

from scoring.ledger.referee import Question


class MeldQuestion(Question):
    title = _("Is this meld valid?")
    short = _("A meld")
    submit = _("Check the meld")


class OpeningQuestion(Question):
    short = _("An opening")
    submit = _("Check the opening")


class PileQuestion(Question):
    short = _("The pile")
    submit = _("Ask about the pile")


class GoingOutQuestion(Question):
    short = _("Going out")
    submit = _("Ask about going out")


def players_field(counts: Iterable[int], initial: int) -> forms.TypedChoiceField:
    """How many play at the table (a trick, a claim), among the counts the game allows."""
    return forms.TypedChoiceField(
        label=_("Players at the table"),
        coerce=int,
        choices=[(n, str(n)) for n in counts],
        initial=initial,
    )
