"""What the add-hand form of each game entered by cards or by counts (Canastra, Samba)
promises: filled from a stored entry, the page's hand in either mode, it posts that same
entry back, and it shows the cards in the reader's letters."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from django.utils import translation

from tests.helpers import reposted
from tests.scoring.games.canastra import test_hand_entry as canastra
from tests.scoring.games.samba import test_hand_entry as samba


@pytest.fixture(autouse=True)
def english() -> Iterator[None]:
    """The posts type English letters (KH is the king of hearts only in English)."""
    with translation.override("en"):
        yield


@pytest.mark.parametrize("mode", ["cards", "quick"])
@pytest.mark.parametrize("entries", [canastra, samba], ids=["canastra", "samba"])
def test_a_stored_entry_refills_the_form_to_the_same_entry(entries, mode):
    post = {"cards": entries.PAGE_CARDS_POST, "quick": entries.PAGE_QUICK_POST}[mode]
    entry = entries.entry_of(post)
    form = entries.game.hand_form(entries.MATCH, entry=entry)
    assert entries.entry_of(reposted(form)) == entry


@pytest.mark.parametrize(
    ("entries", "shown"),
    [
        pytest.param(
            canastra,
            {
                "s0-melds": "3♥ 4♥ 5♥ 6♥ 7♥ 8♥ 9♥\nD♠ R♠ A♠",
                "s1-hand": "R♥ A♠ 2♣",
                "s1-melds": "5♣ 6♣ JK 8♣ 9♣ 10♣ V♣\n2♦ 3♦ 4♦",
            },
            id="canastra",
        ),
        pytest.param(
            samba,
            {
                "s0-melds": "4♠ 5♠ 6♠ 7♠ 8♠ 9♠ 10♠\nR♥ R♠ R♦ R♣ R♥ R♠ R♦\nA♥ A♠ A♦",
                "s1-hand": "D♠ 5♥ JK",
                "went_out": "0",
            },
            id="samba",
        ),
    ],
)
def test_the_refilled_cards_read_in_the_users_language(entries, shown):
    entry = entries.entry_of(entries.PAGE_CARDS_POST)
    with translation.override("pt-br"):
        form = entries.game.hand_form(entries.MATCH, entry=entry)
        assert {name: form[name].value() for name in shown} == shown
