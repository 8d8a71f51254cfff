"""Canastra on the ledger (being built: its forms, pages and API come next)."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

from referee import canastra
from scoring.games.canastra.rules import RULES
from scoring.ledger.registry import Game


class Canastra(Game):
    slug = "canastra"
    name = _("Canastra")
    engine = canastra
    deck = canastra.DECK
    rules = RULES
