"""The rulebook as players read it: a title per game, a contents list, a search box,
rulings and house rules marked, and no rule id shown as text (only in the links)."""

from __future__ import annotations

import re

import pytest

from scoring.kit.registry import GAMES, get_game

pytestmark = pytest.mark.django_db
EN = {"HTTP_ACCEPT_LANGUAGE": "en"}


@pytest.mark.parametrize("slug", list(GAMES))
def test_every_game_has_its_own_titled_rulebook_with_contents(client, slug):
    game = get_game(slug)
    html = client.get(f"/rules/{slug}/", **EN).content.decode()
    assert f"<title>{game.name} — Rules · Tento</title>" in html
    sections = {str(rule.section) for rule in game.rules if rule.section}
    if len(sections) > 1:
        assert 'aria-label="Contents"' in html
        assert html.count('href="#section-') == len(sections)
    assert "data-rule-search" in html


def test_rulings_and_house_rules_are_marked(client):
    html = client.get("/rules/samba/", **EN).content.decode()
    ruling = re.search(r'<article class="rule-text kind-ruling" id="samba\.ruling\.[^"]+">', html)
    assert ruling, "no ruling marked"
    assert "Ruling</span>" in html
    assert 'class="rule-text kind-option"' in html and "House rule</span>" in html


def test_rule_ids_are_in_links_never_shown_as_text(client):
    html = client.get("/rules/truco/", **EN).content.decode()
    text_only = re.sub(r"<[^>]+>", " ", html)
    assert "truco.raise" not in text_only
    assert 'href="#truco.raise.alternate"' in html


@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("en", "Q♠ is the vira: it is turned up and out of play."),
        ("pt-br", "D♠ é a vira: fica virada e fora do jogo."),
    ],
)
def test_a_message_writes_its_card_as_the_reader_does(language, said):
    # The engine names the card by its code; the reader sees it in their own letters,
    # with the suit's symbol, as every answer shows the cards it read.
    from django.utils import translation

    from referee.rulings import Violation
    from scoring.kit.rulebook import describe, violation_dicts

    violation = Violation("truco.paulista.vira-in-play", {"card": "QS"})
    with translation.override(language):
        assert describe(violation) == said
        assert violation_dicts([violation])[0]["params"] == {"card": "QS"}  # data stays a code


@pytest.mark.parametrize(
    ("language", "threes", "leftover"),
    [
        ("en", "A three cannot join a group of K", "5♣ Q♣ K♣ cannot be placed"),
        ("pt-br", "Um três não entra num grupo de R", "5♣ D♣ R♣ não cabe"),
        ("pl", "grupy K", "5♣ D♣ K♣"),
    ],
)
def test_a_message_writes_ranks_and_card_lists_as_the_reader_does(language, threes, leftover):
    from django.utils import translation

    from referee.rulings import Violation
    from scoring.kit.rulebook import describe

    with translation.override(language):
        three = describe(Violation("samba.meld.group-no-threes", {"rank": "K", "threes": 1}))
        out = Violation("pifpaf.hand.not-out", {"player": "Bia", "leftover": "5♣ Q♣ K♣"})
        assert threes in three
        assert leftover in describe(out)


@pytest.mark.parametrize(
    ("language", "once", "twice", "five"),
    [
        ("en", "1 time,", "2 times,", "5 times,"),
        ("pt-br", "1 vez,", "2 vezes,", "5 vezes,"),
        ("pl", "1 raz,", "2 razy,", "5 razy,"),
    ],
)
def test_a_message_says_its_count_in_the_right_plural(language, once, twice, five):
    from django.utils import translation

    from referee.rulings import Violation
    from scoring.kit.rulebook import describe

    def said(count: int) -> str:
        params = {"card": "KC", "count": count, "limit": 2, "deck": "pinkerton"}
        return describe(Violation("cards.deck.too-many", params))

    with translation.override(language):
        assert once in said(1) and twice in said(2) and five in said(5)
