"""The deck form: the cards a real table dealt, checked as two decks."""

from __future__ import annotations

import pytest
from django.utils import translation

from scoring.games.paciencia.forms import DeckForm


@pytest.mark.parametrize(
    ("language", "cards", "said"),
    [
        ("en", "KH", "This 1 card is not the two decks; see below."),
        ("en", "KH QH", "These 2 cards are not the two decks; see below."),
        ("pt-br", "KH", "Esta 1 carta não forma os dois baralhos; veja abaixo."),
        ("pl", "KH QH", "Te 2 karty to nie są dwie talie; zobacz niżej."),
        ("pl", "KH QH JH 10H 9H", "Tych 5 kart to nie są dwie talie; zobacz niżej."),
    ],
)
def test_a_short_deck_is_counted_in_the_plural_it_takes(language, cards, said):
    with translation.override(language):
        form = DeckForm({"cards": cards})
        assert not form.is_valid()
        assert form.errors["cards"] == [said]
