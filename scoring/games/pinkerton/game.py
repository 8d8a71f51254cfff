"""Pinkerton on the ledger (being built: its forms, pages and API come next)."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

from referee import pinkerton
from scoring.games.pinkerton.rules import RULES
from scoring.ledger.registry import Game


class Pinkerton(Game):
    slug = "pinkerton"
    name = _("Pinkerton")
    engine = pinkerton
    deck = pinkerton.DECK
    rules = RULES
