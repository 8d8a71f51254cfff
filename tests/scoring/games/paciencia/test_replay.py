"""The replay pages: a shuffle or a deal from the table, stepped through move by move,
each step drawn by the server (links without script, HTMX swapping only the step)."""

from __future__ import annotations

import re
from itertools import pairwise

import pytest
from django.utils import translation

from referee.cards import format_card, parse_cards
from referee.paciencia import SHUFFLE_MAX, play, play_shuffle, shuffle
from referee.rulings import Violation
from scoring.games.paciencia.replay import (
    ALPHABET,
    chapters,
    deck_code,
    deck_from_code,
    said,
    step,
)

EN = {"HTTP_ACCEPT_LANGUAGE": "en"}
PT = {"HTTP_ACCEPT_LANGUAGE": "pt-br"}
HTMX = {"HTTP_HX_REQUEST": "true"}


def between(html: str, start: str, end: str) -> str:
    return html[html.index(start) : html.index(end, html.index(start))]


def test_a_deck_code_is_a_letter_a_card_and_reads_back_as_the_same_deck():
    deck = shuffle(5)
    code = deck_code(deck)
    assert len(code) == 104 and set(code) <= set(ALPHABET)
    assert deck_from_code(code) == deck
    assert deck_code(parse_cards("AS KS AH AD AC KC")) == "AMNanz"
    with pytest.raises(ValueError):
        deck_from_code("AB1")
    with pytest.raises(ValueError):
        deck_from_code("A" * 1000)


def test_a_step_marks_where_the_card_came_from_and_where_it_went():
    game = play_shuffle(177)
    # the first move lays a king out of the stock onto its pile
    first = step(game, 1)
    king = game.moves[0]
    assert first.stock_mark == "from"
    assert [(p.n, p.mark) for p in first.piles if p.mark] == [(king.target.n, "to")]
    assert first.piles[king.target.n - 1].top.code == str(king.card)
    # a dog's card going under its packet: the packet is marked, the card shown under it
    i = next(i for i, m in enumerate(game.moves, 1) if m.rule == "paciencia.dog.under-packet")
    under = step(game, i)
    move = game.moves[i - 1]
    assert under.dog_mark == "from"
    packet = under.packets[move.target.n - 1]
    assert packet.mark == "to" and packet.under.code == str(move.card)
    # a card passed over in the run goes from the top of the packet to its bottom
    i = next(i for i, m in enumerate(game.moves, 1) if m.rule == "paciencia.run.passes")
    assert step(game, i).packets[game.moves[i - 1].source.n - 1].mark == "from to"


def test_a_step_is_the_table_the_engine_lays_out_after_that_many_moves():
    game = play_shuffle(11)
    for number in (0, 60, 104, 250, len(game.moves)):
        shown = step(game, number)
        layout = game.layout(number)
        assert shown.stock == len(layout.stock) and shown.dog == len(layout.dog)
        assert [p.count for p in shown.piles] == [len(p) for p in layout.piles]
        assert [p.count for p in shown.packets] == [
            len(p) for p in layout.packets[: layout.packet_count]
        ]
        # every one of the 104 cards is somewhere on the table drawn
        drawn = shown.stock + shown.dog + sum(p.count for p in shown.piles + shown.packets)
        drawn += sum(1 for column in shown.kennel for cell in column if cell.card)
        assert drawn == 104
    assert step(game, -5).number == 0 and step(game, 10**6).number == len(game.moves)


def test_the_chapters_begin_where_each_part_of_each_deal_begins():
    game = play_shuffle(177)  # comes out in the second deal
    with translation.override("en"):
        found = [(c.label, c.number) for c in chapters(game)]
    labels = [label for label, _n in found]
    assert labels == [
        "The kings",
        "Deal 1: dealing",
        "Deal 1: building",
        "Deal 1: the dog's heap",
        "Deal 1: gathered for the next",
        "Deal 2: dealing",
        "Deal 2: building",
        "Deal 2: the dog's heap",
    ]
    assert found[0][1] == 1 and found[1][1] == 9  # eight kings, then the deal
    assert all(a[1] < b[1] for a, b in pairwise(found))


def test_a_moves_cards_are_written_in_the_readers_letters():
    fetched = Violation(
        "paciencia.run.fits", {"card": "QH", "onto": "KH", "pile": 2, "packet": 3, "dog": "JC"}
    )
    with translation.override("pt-br"):
        message = said(fetched)["message"]
        assert tuple(card for card in ("D♥", "R♥", "V♣") if card in message) == ("D♥", "R♥", "V♣")
        assert not {"QH", "KH", "JC"} & set(message.replace(",", " ").split())
    with translation.override("en"):
        assert "Q♥" in said(fetched)["message"]


@pytest.mark.django_db
def test_a_shuffle_replays_forward_and_back_with_plain_links(client):
    game = play_shuffle(177)
    start = client.get("/paciencia/177/", **EN).content.decode()
    assert "Move 0 of 408" in start
    assert 'href="/paciencia/177/?move=1"' in start  # forward, as a link
    assert 'id="step-back"' not in start  # nothing before the start
    assert "The patience came out in deal 2." in start
    assert 'href="/rules/paciencia/#paciencia.outcome.won"' in start

    page = client.get("/paciencia/177/?move=150", **EN).content.decode()
    move = game.moves[149]
    assert "Move 150 of 408" in page
    assert 'href="/paciencia/177/?move=149"' in page and 'href="/paciencia/177/?move=151"' in page
    why = between(page, 'class="why"', "</p>")
    assert f'data-why="{move.rule}"' in why
    assert f'href="/rules/paciencia/#{move.rule}"' in why
    assert format_card(move.card, "en") in why
    # the table drawn is the engine's after 150 moves
    layout = game.layout(150)
    for n, packet in enumerate(layout.packets[: layout.packet_count], 1):
        assert f'data-packet="{n}" data-count="{len(packet)}"' in page
    assert f'data-dog="{len(layout.dog)}"' in page

    end = client.get("/paciencia/177/?move=408", **EN).content.decode()
    assert 'id="step-forward"' not in end and "data-end" in end


@pytest.mark.django_db
def test_htmx_swaps_only_the_step_and_the_address_follows(client):
    response = client.get("/paciencia/177/?move=20", **HTMX, **EN)
    html = response.content.decode()
    assert html.lstrip().startswith('<section id="replay-step"')
    assert "<html" not in html and "<script" not in html
    assert 'hx-push-url="true"' in html
    assert "HX-Request" in response["Vary"]
    # a history restore asks for the whole page again
    whole = client.get("/paciencia/177/?move=20", HTTP_HX_HISTORY_RESTORE_REQUEST="true", **HTMX)
    assert "<html" in whole.content.decode()


@pytest.mark.django_db
def test_a_move_past_either_end_or_not_a_number_is_the_nearest_step(client):
    assert "Move 0 of" in client.get("/paciencia/3/?move=-4", **EN).content.decode()
    assert "Move 0 of" in client.get("/paciencia/3/?move=abc", **EN).content.decode()
    total = len(play_shuffle(3).moves)
    last = client.get("/paciencia/3/?move=999999", **EN).content.decode()
    assert f"Move {total} of {total}" in last


@pytest.mark.django_db
def test_a_replay_in_portuguese_writes_the_cards_in_portuguese_letters(client):
    game = play_shuffle(177)
    i = next(i for i, m in enumerate(game.moves, 1) if m.card.rank == "Q")
    page = client.get(f"/paciencia/177/?move={i}", **PT).content.decode()
    why = between(page, 'class="why"', "</p>")
    assert f"D{format_card(game.moves[i - 1].card)[-1]}" in why
    assert "QH" not in why and "QS" not in why


@pytest.mark.django_db
def test_the_shuffle_form_goes_to_the_replay_and_a_bad_number_names_the_rule(client):
    response = client.get("/paciencia/", {"shuffle": "42"})
    assert response.status_code == 302 and response["Location"] == "/paciencia/42/"
    refused = client.get("/paciencia/", {"shuffle": str(SHUFFLE_MAX + 1)}, **EN)
    assert refused.status_code == 422
    assert 'href="/rules/paciencia/#paciencia.shuffle.number"' in refused.content.decode()
    assert client.get("/paciencia/", {"shuffle": "x"}, **EN).status_code == 422
    # the same number typed into the address
    gone = client.get(f"/paciencia/{SHUFFLE_MAX + 1}/", **EN)
    assert gone.status_code == 404
    assert "paciencia.shuffle.number" in gone.content.decode()


@pytest.mark.django_db
def test_a_random_shuffle_is_a_replay(client):
    response = client.get("/paciencia/random/")
    assert response.status_code == 302
    assert re.fullmatch(r"/paciencia/\d+/", response["Location"])


@pytest.mark.django_db
def test_a_deal_typed_in_from_the_table_is_played_out_at_its_deck_code(client):
    deck = shuffle(8)
    with translation.override("pt-br"):
        typed = " ".join(format_card(card, "pt") for card in deck)  # D♥, V♣, R♦ …
    response = client.get("/paciencia/", {"cards": typed}, **PT)
    assert response.status_code == 302
    code = deck_code(deck)
    assert response["Location"] == f"/paciencia/deck/{code}/"
    page = client.get(response["Location"], **EN).content.decode()
    game = play(deck)
    assert f"Move 0 of {len(game.moves)}" in page
    assert f"data-deck-code>{code}<" in page
    assert page.count('class="card') >= 104  # the deck as dealt, to check against the table


@pytest.mark.django_db
def test_a_deck_typed_in_portuguese_letters_reads_them_as_portuguese(client):
    # P E O are Portuguese suits; copas is written ♥: its letter C is clubs in English,
    # so a Portuguese page asks about it rather than guess
    deck = shuffle(8)
    typed = " ".join(format_card(card, "pt", symbols=card.suit == "H") for card in deck)
    pt = client.get("/paciencia/", {"cards": typed}, **PT)
    assert pt["Location"] == f"/paciencia/deck/{deck_code(deck)}/"
    assert client.get("/paciencia/", {"cards": typed}, **EN).status_code == 422
    with_c = " ".join(format_card(card, "pt", symbols=False) for card in deck)
    asked = client.get("/paciencia/", {"cards": with_c}, **PT)
    assert asked.status_code == 422 and "em letras portuguesas e" in asked.content.decode()


@pytest.mark.django_db
def test_a_deck_that_is_not_the_two_decks_is_refused_with_each_rule_it_breaks(client):
    deck = shuffle(8)
    typed = " ".join(str(card) for card in [*deck[:-1], deck[0]])
    response = client.get("/paciencia/", {"cards": typed}, **EN)
    assert response.status_code == 422
    html = response.content.decode()
    for rule in ("cards.deck.too-many", "paciencia.deck.missing"):
        assert rule in html
    assert 'href="/rules/paciencia/#paciencia.deck.missing"' in html
    assert "Read 104 cards" in html  # the cards as read, to find the slip
    short = client.get("/paciencia/", {"cards": "AS KS"}, **EN).content.decode()
    assert "/rules/paciencia/#paciencia.deck.size" in short
    # two cards leave all 52 short of their two copies: the first few named, the rest counted
    assert short.count("#paciencia.deck.missing") == 8
    assert "and 44 more cards entered fewer times" in short
    unreadable = client.get("/paciencia/", {"cards": "AS ZZ"}, **EN).content.decode()
    assert "ZZ" in unreadable and "is not a card" in unreadable


@pytest.mark.django_db
def test_a_deck_code_that_is_not_the_two_decks_names_the_rule_and_one_that_is_no_code_404s(
    client,
):
    short = client.get(f"/paciencia/deck/{deck_code(shuffle(8))[:-1]}/", **EN)
    assert short.status_code == 404
    assert "paciencia.deck.size" in short.content.decode()
    assert client.get("/paciencia/deck/AB-C/").status_code == 404
