"""Paciencia on the ledger (being built: its forms, pages and API come next)."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

from referee import paciencia
from scoring.games.paciencia.rules import RULES
from scoring.ledger.registry import Game


class Paciencia(Game):
    slug = "paciencia"
    name = _("Paciencia")
    engine = paciencia
    deck = paciencia.DECK
    rules = RULES
