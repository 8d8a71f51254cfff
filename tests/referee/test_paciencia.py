"""Paciência do Cachorro: the deal, the building, the dog's heap, the later deals, the odds.

The patience has no decisions, so most tests play a whole game and check it move by move
through the replay. The decks of the worked examples are built from a wanted first
layout (``deal_order``): positions are (pass, slot) of the first deal, slots 0–11 being
the counts 1–12 and 12–14 the pass's kennel column; pass 6 has only the slots 0–5.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Callable, Mapping
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.cards import Card, parse_cards
from referee.paciencia import (
    DECK,
    FEWEST_LEFT,
    KENNEL_ROWS,
    ORDERED_DECK,
    PACKETS,
    RULE_IDS,
    RULINGS,
    SHUFFLE_MAX,
    Game,
    Layout,
    Tally,
    check_deck,
    deck_violations,
    estimate_odds,
    layout_after,
    outcome,
    play,
    play_shuffle,
    record_violations,
    replay,
    shuffle,
    tally,
    wilson,
)
from referee.rulings import RuleError

KINGS = parse_cards("KS KH KD KC KS KH KD KC")
PASSES = [(p, s) for p in range(6) for s in range(15)] + [(6, s) for s in range(6)]
DEALING_RULES = {"paciencia.deal.packet", "paciencia.deal.dog", "paciencia.deal.kennel"}


def card(token: str) -> Card:
    return parse_cards(token)[0]


def count_of(slot: int) -> int | None:
    return slot + 1 if slot < 12 else None


def in_view(pass_: int, slot: int) -> bool:
    """Whether the first deal leaves this position in view (when no card went to the dog)."""
    return slot >= 12 or pass_ == 6 or (pass_ == 5 and slot >= 6)


def deal_order(placed: Mapping[tuple[int, int], Card]) -> list[Card]:
    """The deck (kings first) that deals ``placed`` card by card in the first deal."""
    assert set(placed) == set(PASSES)
    return [*KINGS, *(placed[position] for position in PASSES)]


def the_96() -> Counter[Card]:
    return Counter(c for c in ORDERED_DECK if c.rank != "K")


def quiet_deck(design: Mapping[tuple[int, int], str]) -> list[Card]:
    """The designed cards where given; every other card placed so that no queen and no
    spade is in view after the first deal and no card's rank equals its count."""
    placed = {position: card(token) for position, token in design.items()}
    pool = the_96() - Counter(placed.values())
    quiet = [c for c in sorted(pool.elements()) if c.rank != "Q" and c.suit != "S"]
    loud = [c for c in sorted(pool.elements()) if c.rank == "Q" or c.suit == "S"]
    rest = [p for p in PASSES if p not in placed]
    for position in [p for p in rest if in_view(*p)] + [p for p in rest if not in_view(*p)]:
        for source in (loud, quiet) if not in_view(*position) else (quiet,):
            fits = [c for c in source if c.rank_index != count_of(position[1])]
            if fits:
                placed[position] = fits[0]
                source.remove(fits[0])
                break
        else:
            raise AssertionError(f"nothing fits at {position}")
    return deal_order(placed)


def layered_deck() -> list[Card]:
    """A deck that comes out in the first building: the aces, the twos and two threes in
    the kennel, and each packet holding the other cards highest on top, so that a card
    is covered only by higher ones (or its equal) and the piles take them all in turn."""
    ranked = sorted(the_96().elements(), key=lambda c: (c.rank_index, c.suit))
    kennel, rest = ranked[:18], ranked[18:]
    placed = {(p, 12 + r): kennel[3 * p + r] for p in range(6) for r in range(3)}
    slots = [n for n in range(1, 13) for _ in range(7 if n <= 6 else 6)]
    for i, n in enumerate(slots):
        if rest[i].rank_index == n:
            # a card on its own number would go to the dog: swap it with one that can go here
            j = next(
                j
                for j, m in enumerate(slots)
                if rest[j].rank_index != n and rest[i].rank_index != m
            )
            rest[i], rest[j] = rest[j], rest[i]
    packets: dict[int, list[Card]] = {n: [] for n in range(1, 13)}
    for n, c in zip(slots, rest, strict=True):
        packets[n].append(c)
    for n, cards in packets.items():
        # dealt from the bottom up: the lowest first, the highest last, on top
        for pass_, c in enumerate(sorted(cards, key=lambda c: c.rank_index)):
            placed[pass_, n - 1] = c
    return deal_order(placed)


def three_still_deals() -> list[tuple[set[int], set[int]]]:
    """Where each of the 96 cards (by its place in the first deal's stock) lies in each deal
    if nothing ever goes up: (the cards in view, (card, count) pairs). Written apart from
    the engine: counts 1 … packets, a kennel column after each, gathered kennel first."""
    stock = list(range(96))
    deals = []
    for packets, rows in zip(PACKETS, KENNEL_ROWS, strict=True):
        heaps: dict[int, list[int]] = {n: [] for n in range(1, packets + 1)}
        kennel: list[int] = []
        counts: set[tuple[int, int]] = set()
        dealt = iter(stock)
        for i, card_id in enumerate(dealt):
            slot = i % (packets + rows)
            if slot < packets:
                heaps[slot + 1].append(card_id)
                counts.add((card_id, slot + 1))
            else:
                kennel.append(card_id)
        deals.append(({h[-1] for h in heaps.values() if h} | set(kennel), counts))
        stock = kennel + [card_id for n in heaps for card_id in heaps[n]]
    return deals


def hidden_queens_deck() -> list[Card]:
    """A deck in which no queen is ever in view and no card falls on its own count, in
    any of the three deals, if nothing goes up — and so nothing ever does."""
    deals = three_still_deals()
    seen = set().union(*(view for view, _ in deals))
    forbidden = {i: {n for _, counts in deals for c, n in counts if c == i} for i in range(96)}
    queens = [c for c in the_96().elements() if c.rank == "Q"]
    others = sorted(c for c in the_96().elements() if c.rank != "Q")
    placed: dict[int, Card] = {}
    for i, queen in zip((i for i in range(96) if i not in seen), queens, strict=False):
        placed[i] = queen
    assert len(placed) == 8
    # the most constrained places first
    for i in sorted(set(range(96)) - set(placed), key=lambda i: -len(forbidden[i])):
        c = next(c for c in others if c.rank_index not in forbidden[i])
        placed[i] = c
        others.remove(c)
    return [*KINGS, *(placed[i] for i in range(96))]


def moved(game: Game, rule_prefix: str) -> list[str]:
    return [str(m.card) for m in game.moves if m.rule.startswith(rule_prefix)]


def refused(call: Callable[..., Any], *args: Any) -> list[dict[str, Any]]:
    with pytest.raises(RuleError) as caught:
        call(*args)
    assert set(caught.value.rules) <= set(RULE_IDS)
    return [v.as_dict() for v in caught.value.violations]


# --- the deck ---------------------------------------------------------------------------


def test_a_shuffle_is_the_ordered_two_decks_shuffled_by_pythons_random():
    expected = list(ORDERED_DECK)
    random.Random(2012).shuffle(expected)
    assert shuffle(2012) == expected
    assert len(expected) == 104
    assert Counter(expected) == Counter(DECK.cards())
    assert ORDERED_DECK[:3] == tuple(parse_cards("AS 2S 3S"))
    assert ORDERED_DECK[52:55] == tuple(parse_cards("AS 2S 3S"))


def test_the_same_shuffle_number_plays_the_same_game():
    first, again = play_shuffle(41), play_shuffle(41)
    assert first == again
    assert first.as_dict(moves=True) == again.as_dict(moves=True)
    assert play_shuffle(42).deck != first.deck


def test_a_shuffle_number_is_a_whole_number_from_zero():
    # random.Random(-5) is random.Random(5): a negative number would repeat another one
    for bad in (-5, SHUFFLE_MAX + 1, 1.5, True, "7"):
        assert [v["rule"] for v in refused(shuffle, bad)] == ["paciencia.shuffle.number"]
    assert refused(outcome, -1)[0]["params"] == {"shuffle": -1, "max": SHUFFLE_MAX}
    assert len(shuffle(SHUFFLE_MAX)) == 104


def test_a_deck_from_the_table_is_the_two_decks_exactly():
    deck = shuffle(3)
    check_deck(deck)
    assert refused(play, deck[:-1]) == [
        {"rule": "paciencia.deck.size", "params": {"count": 103, "expected": 104}},
        {
            "rule": "paciencia.deck.missing",
            "params": {"card": str(deck[-1]), "count": 1, "limit": 2},
        },
    ]
    twice = [*deck[:-1], deck[0]]
    rules = [v["rule"] for v in refused(play, twice)]
    assert rules == ["cards.deck.too-many", "paciencia.deck.missing"]
    joker = [*deck[:-1], card("JK")]
    assert [v.rule for v in deck_violations(joker)] == [
        "cards.deck.not-in-deck",
        "paciencia.deck.missing",
    ]
    assert refused(play, [*deck, deck[5]])[0] == {
        "rule": "paciencia.deck.size",
        "params": {"count": 105, "expected": 104},
    }


def test_the_kings_may_be_anywhere_in_a_typed_deck_and_go_to_the_piles_in_row_order():
    deck = [c for c in shuffle(5) if c.rank != "K"] + KINGS[::-1]
    game = play(deck)
    kings = game.moves[:8]
    assert [m.rule for m in kings] == ["paciencia.layout.king"] * 8
    # KC, KD, KH, KS come last in the deck, each taken from where it then lies
    assert [m.source.as_dict()["index"] for m in kings] == [96, 96, 96, 96, 96, 96, 96, 96]
    # the first king met of a suit takes its place in the left half of the row
    assert [(str(m.card), m.params["pile"]) for m in kings] == [
        ("KC", 4),
        ("KD", 3),
        ("KH", 2),
        ("KS", 1),
        ("KC", 8),
        ("KD", 7),
        ("KH", 6),
        ("KS", 5),
    ]
    assert game.moves[8].rule.startswith("paciencia.deal.")
    assert game.moves[8].card == deck[0]


# --- the first deal -----------------------------------------------------------------------


def dealt_layout(game: Game, deal: int = 1) -> Layout:
    """The table once a deal is laid out, before anything is built."""
    last = max(i for i, m in enumerate(game.moves) if m.rule in DEALING_RULES and m.deal == deal)
    return layout_after(game, last + 1)


def test_page_the_cards_at_their_own_count_go_to_the_dog_and_leave_their_place_empty():
    # the seed's first figure, the first pass of fifteen cards: the two, the three and the
    # nine fell on their counts
    first_pass = parse_cards("4H 2H 3D 5H 6H 7H 8H 10H 9C JH AD 2D 4D 5D 6D")
    game = play(quiet_deck({(0, slot): str(card) for slot, card in enumerate(first_pass)}))
    after_one_pass = layout_after(game, 8 + 15)
    assert [len(packet) for packet in after_one_pass.packets] == [
        1, 0, 0, 1, 1, 1, 1, 1, 0, 1, 1, 1,
    ]  # fmt: skip
    assert after_one_pass.dog == tuple(parse_cards("2H 3D 9C"))
    assert after_one_pass.kennel == (tuple(parse_cards("4D 5D 6D")),)
    dealt = game.moves[8:23]
    assert [m.rule.rsplit(".", 1)[1] for m in dealt[:3]] == ["packet", "dog", "dog"]
    assert dealt[1].params == {"count": 2, "card": "2H"}
    assert dealt[12].params == {"column": 1, "card": "4D"}


def test_the_first_deal_is_six_passes_of_twelve_and_three_then_six_cards_counted_one_to_six():
    game = play(quiet_deck({}))
    dealt = [m for m in game.moves if m.rule in DEALING_RULES and m.deal == 1]
    assert len(dealt) == 96
    counts = [m.params["count"] for m in dealt if "count" in m.params]
    assert counts == list(range(1, 13)) * 6 + list(range(1, 7))
    layout = dealt_layout(game)
    assert [len(column) for column in layout.kennel] == [3] * 6
    assert all(c is not None for column in layout.kennel for c in column)
    assert [len(packet) for packet in layout.packets] == [7] * 6 + [6] * 6
    assert layout.dog == () and layout.stock == ()


def test_page_worked_example_the_first_building_and_the_dog_fetching_from_packet_seven():
    # Hand-checked. The first building: the Q♠ on packet 3 goes onto the K♠ of pile 1, the
    # J♠ under it follows, then the 10♠ in the kennel; nothing else fits (no other queen
    # and no spade is in view). The only dog's card is the 7♠, dealt at count 7. It does
    # not fit the 10♠, so it goes under packet 7 (5♥ 4♥ 8♠ 9♠ 3♦, bottom first), and the
    # packet is run through from the top: 3♦ goes under, 9♠ and 8♠ go up, 4♥ and 5♥ go
    # under; the 7♠ comes up again and now fits. Then the 6♠ in the kennel follows.
    design = {
        (6, 2): "QS",
        (5, 2): "JS",
        (4, 2): "2C",
        (0, 12): "10S",
        (1, 12): "6S",
        (1, 6): "7S",
        (0, 6): "5H",
        (2, 6): "4H",
        (3, 6): "8S",
        (4, 6): "9S",
        (5, 6): "3D",
    }
    game = play(quiet_deck(design))
    start = 8 + 96
    steps = [
        (m.rule.removeprefix("paciencia."), str(m.card), m.source.as_dict(), m.target.n)
        for m in game.moves[start : start + 11]
    ]
    packet3, packet7 = ({"kind": "packet", "n": n, "end": "top"} for n in (3, 7))
    assert steps == [
        ("build.in-view", "QS", packet3, 1),
        ("build.in-view", "JS", packet3, 1),
        ("build.in-view", "10S", {"kind": "kennel", "column": 1, "row": 1}, 1),
        ("dog.under-packet", "7S", {"kind": "dog"}, 7),
        ("run.passes", "3D", packet7, 7),
        ("run.fits", "9S", packet7, 1),
        ("run.fits", "8S", packet7, 1),
        ("run.passes", "4H", packet7, 7),
        ("run.passes", "5H", packet7, 7),
        ("run.dog-fits", "7S", packet7, 1),
        ("build.in-view", "6S", {"kind": "kennel", "column": 2, "row": 1}, 1),
    ]
    assert game.moves[start + 11].rule == "paciencia.gather.stock"
    assert game.moves[start + 5].params == {
        "packet": 7,
        "dog": "7S",
        "pile": 1,
        "onto": "10S",
        "card": "9S",
    }
    assert game.moves[start + 3].target.end == "bottom"
    layout = layout_after(game, start + 11)
    assert layout.piles[0] == tuple(parse_cards("KS QS JS 10S 9S 8S 7S 6S"))
    # the packet keeps its order, less the cards that went up
    assert layout.packets[6] == tuple(parse_cards("5H 4H 3D"))


def test_a_deck_laid_highest_on_top_comes_out_in_the_first_deal():
    game = play(layered_deck())
    assert (game.won, game.deal, game.cards_left) == (True, 1, 0)
    assert moved(game, "paciencia.deal.dog") == []
    assert moved(game, "paciencia.gather") == []
    built = moved(game, "paciencia.build.in-view")
    assert len(built) == 96
    # queens first, and downward
    assert [card(c).rank for c in built[:8]] == ["Q"] * 8
    ranks = [card(c).rank_index for c in built]
    assert ranks == sorted(ranks, reverse=True)
    assert game.outcome.as_dict() == {"rule": "paciencia.outcome.won", "params": {"deal": 1}}


def test_a_deck_that_never_shows_a_queen_cannot_come_out():
    # No queen in view in any of the three deals and no card on its own count: nothing
    # can ever go onto a king.
    game = play(hidden_queens_deck())
    assert (game.won, game.deal, game.cards_left) == (False, 3, 96)
    assert [m.rule for m in game.moves if m.target.kind == "pile"] == ["paciencia.layout.king"] * 8
    for deal in (1, 2, 3):
        layout = dealt_layout(game, deal)
        in_view = [p[-1] for p in layout.packets if p]
        in_view += [c for column in layout.kennel for c in column if c is not None]
        assert len(in_view) == (30, 35, 40)[deal - 1]
        assert all(c.rank != "Q" for c in in_view)
        assert layout.dog == ()
    assert game.outcome.as_dict() == {
        "rule": "paciencia.outcome.lost",
        "params": {"deal": 3, "cards_left": 96},
    }


# --- the later deals ----------------------------------------------------------------------


def test_the_second_and_third_deals_count_to_eleven_and_ten_with_kennel_columns_of_four_and_five():
    game = play_shuffle(7)
    assert game.deal == 3
    for deal in (2, 3):
        dealt = [m for m in game.moves if m.rule in DEALING_RULES and m.deal == deal]
        counts = [m.params["count"] for m in dealt if "count" in m.params]
        packets = PACKETS[deal - 1]
        rows = KENNEL_ROWS[deal - 1]
        assert max(counts) == packets
        full = len(dealt) // (packets + rows)
        assert counts[: full * packets] == list(range(1, packets + 1)) * full
        columns = Counter(m.target.n for m in dealt if m.target.kind == "kennel")
        assert set(list(columns.values())[:full]) == {rows}


@pytest.mark.parametrize("n", [0, 3])
def test_ruling_each_later_deal_makes_a_new_dogs_heap_worked_as_in_the_first(n):
    game = play_shuffle(n)
    assert game.deal == 3
    for deal in (2, 3):
        moves = [m for m in game.moves if m.deal == deal]
        to_dog = [m for m in moves if m.rule == "paciencia.deal.dog"]
        # a card at its own number in this deal's count goes face down to a new heap …
        assert to_dog
        assert all(m.card.rank_index == m.params["count"] <= PACKETS[deal - 1] for m in to_dog)
        # … which is turned in this same deal, top first, once the dealing is done
        turned = [m.card for m in moves if m.source.kind == "dog"]
        assert turned == [m.card for m in to_dog][::-1]
        last_dealt = max(moves.index(m) for m in moves if m.rule in DEALING_RULES)
        first_turned = min(i for i, m in enumerate(moves) if m.source.kind == "dog")
        assert last_dealt < first_turned


def test_the_packets_and_kennel_are_gathered_kennel_first_then_packet_one_up_to_the_last():
    game = play_shuffle(7)
    gathered = [m for m in game.moves if m.rule == "paciencia.gather.stock" and m.deal == 1]
    first = game.moves.index(gathered[0])
    before = layout_after(game, first)
    # the kennel as it was dealt, column by column from each one's first card, then
    # packet 1 from its bottom card up, packet 2, … packet 12
    kennel = [c for column in before.kennel for c in column if c is not None]
    stock = [*kennel, *(c for packet in before.packets for c in packet)]
    assert [m.card for m in gathered] == stock
    assert all(m.params["next"] == 2 for m in gathered)
    after = layout_after(game, first + len(gathered))
    assert after.stock == tuple(stock)
    assert after.packets == ((),) * 12 and after.kennel == () and after.dog == ()
    # and the second deal deals them in that order
    second = [m.card for m in game.moves if m.rule in DEALING_RULES and m.deal == 2]
    assert second == stock


# --- invariants over many shuffles --------------------------------------------------------


def check_invariants(game: Game) -> None:
    deck = Counter(game.deck)
    board = iter(replay(game))
    before = next(board)
    assert Counter(before.cards()) == deck
    turned_in_deal: dict[int, list[Card]] = {1: [], 2: [], 3: []}
    dealt_to_dog: dict[int, list[Card]] = {1: [], 2: [], 3: []}
    for move, layout in zip(game.moves, board, strict=True):
        # every card always somewhere: the 104, no more, no fewer
        assert Counter(layout.cards()) == deck
        assert move.rule in RULE_IDS
        assert move.params["card"] == str(move.card)
        if move.target.kind == "pile":
            pile = before.piles[move.target.n - 1]
            if move.rule == "paciencia.layout.king":
                assert pile == () and move.card.rank == "K"
                assert move.card.suit == "SHDC"[(move.target.n - 1) % 4]
            else:
                top = pile[-1]
                assert move.card.suit == top.suit
                assert move.card.rank_index == top.rank_index - 1
                assert move.params["onto"] == str(top)
        # the dog's heap only grows while dealing and only gives its top card
        if move.target.kind == "dog":
            assert move.rule == "paciencia.deal.dog"
            assert move.card.rank_index == move.params["count"]
            dealt_to_dog[move.deal].append(move.card)
            assert layout.dog == (*before.dog, move.card)
        elif move.source.kind == "dog":
            assert before.dog[-1] == move.card
            assert layout.dog == before.dog[:-1]
            turned_in_deal[move.deal].append(move.card)
        else:
            assert layout.dog == before.dog
        if move.rule == "paciencia.dog.under-packet":
            # ruling dog-packet: a dog's card always has a packet of its number
            assert move.target.n == move.card.rank_index <= PACKETS[move.deal - 1]
        if move.rule == "paciencia.gather.stock":
            assert before.dog == ()
        if move.rule == "paciencia.deal.packet":
            assert move.target.n == move.params["count"] != move.card.rank_index
        before = layout
    # the dog's heap is never shuffled: turned from its top, it gives back what was dealt
    # to it, last first, and is used up in every deal
    for deal in (1, 2, 3):
        assert turned_in_deal[deal] == dealt_to_dog[deal][::-1]
    final = before
    on_piles = sum(len(pile) for pile in final.piles)
    assert on_piles == 104 - game.cards_left
    assert game.won == (game.cards_left == 0) == all(len(p) == 13 for p in final.piles)
    assert game.deal == final.deal
    assert game.won or game.deal == 3


@settings(max_examples=40)
@given(st.integers(min_value=0, max_value=SHUFFLE_MAX))
def test_every_shuffle_keeps_the_cards_the_piles_and_the_dogs_heap_in_order(n):
    game = play_shuffle(n)
    check_invariants(game)
    assert outcome(n) == (game.won, game.deal, game.cards_left)


@settings(max_examples=300)
@given(st.integers(min_value=0, max_value=10**9))
def test_the_quick_outcome_is_the_played_games(n):
    game = play_shuffle(n)
    assert outcome(n) == (game.won, game.deal, game.cards_left)


def test_a_won_game_is_checked_as_carefully():
    won = next(n for n in range(2000) if outcome(n)[0])
    check_invariants(play_shuffle(won))
    check_invariants(play(layered_deck()))


# --- plain data for the API and the replay ------------------------------------------------


def test_a_game_is_plain_data_for_the_api():
    game = play_shuffle(7)
    summary = game.as_dict()
    assert summary == {
        "won": game.won,
        "deal": 3,
        "cards_left": game.cards_left,
        "moves": len(game.moves),
        "outcome": {
            "rule": "paciencia.outcome.lost",
            "params": {"deal": 3, "cards_left": game.cards_left},
        },
    }
    full = json.loads(json.dumps(game.as_dict(moves=True)))
    assert {key: full[key] for key in summary} == summary
    replayed = full["replay"]
    assert len(replayed["moves"]) == len(game.moves)
    assert replayed["deck"] == [str(c) for c in game.deck]
    assert replayed["moves"][0] == {
        "card": str(game.moves[0].card),
        "from": game.moves[0].source.as_dict(),
        "to": {"kind": "pile", "n": game.moves[0].target.n, "suit": game.moves[0].card.suit},
        "rule": "paciencia.layout.king",
        "deal": 1,
        "params": {"pile": game.moves[0].target.n, "card": str(game.moves[0].card)},
    }
    layout = json.loads(json.dumps(game.layout(300).as_dict()))
    assert set(layout) == {"deal", "stock", "piles", "packets", "kennel", "dog"}
    assert len(layout["packets"]) == PACKETS[layout["deal"] - 1]


def test_the_layout_after_a_move_is_the_replay_at_that_move():
    game = play_shuffle(11)
    layouts = list(replay(game))
    assert len(layouts) == len(game.moves) + 1
    for i in (0, 1, 50, 200, len(game.moves)):
        assert layout_after(game, i) == layouts[i]
    assert layouts[0].stock == game.deck
    with pytest.raises(IndexError):
        layout_after(game, len(game.moves) + 1)


def test_each_move_can_be_stepped_back_from_its_places():
    # what a replay page does to go backwards: take the card from "to", put it at "from"
    from referee.paciencia import _Board

    game = play_shuffle(11)
    layouts = list(replay(game))
    board = _Board(())
    last = layouts[-1]
    board.deal = last.deal
    board.stock = list(last.stock)
    board.piles = [list(p) for p in last.piles]
    board.packets = [list(p) for p in last.packets]
    board.kennel = {
        (col, row): c
        for col, column in enumerate(last.kennel, 1)
        for row, c in enumerate(column, 1)
        if c is not None
    }
    board.dog = list(last.dog)
    for i in range(len(game.moves) - 1, -1, -1):
        move = game.moves[i]
        board.put(move.source, board.take(move.target))
        board.deal = game.moves[i - 1].deal if i else 1
        assert board.layout() == layouts[i]


# --- recording a game from the table ------------------------------------------------------


def test_a_result_from_the_table_is_won_with_nothing_left_or_lost_in_the_third_deal():
    assert record_violations(True, 2, 0) == []
    assert record_violations(False, 3, 17) == []
    assert [v.rule for v in record_violations(False, 2, 17)] == ["paciencia.record.deal"]
    assert [v.rule for v in record_violations(True, 4, 0)] == ["paciencia.record.deal"]
    assert [v.as_dict() for v in record_violations(True, 1, 3)] == [
        {
            "rule": "paciencia.record.cards-left",
            "params": {"cards_left": 3, "won": True, "min": 2, "max": 96},
        }
    ]
    assert [v.rule for v in record_violations(False, 3, 0)] == ["paciencia.record.cards-left"]
    assert [v.rule for v in record_violations(False, 3, 97)] == ["paciencia.record.cards-left"]


def test_a_lost_game_never_leaves_a_single_card_off_the_piles():
    assert FEWEST_LEFT == 2
    assert [v.rule for v in record_violations(False, 3, 1)] == ["paciencia.record.cards-left"]
    assert record_violations(False, 3, 2) == []
    # the reason (see FEWEST_LEFT) holds for every game the engine plays
    left = {outcome(n)[2] for n in range(3000)}
    assert 1 not in left and min(left - {0}) >= FEWEST_LEFT


def test_a_result_is_refused_when_its_numbers_are_not_whole_numbers():
    assert [v.rule for v in record_violations(True, True, 0)] == ["paciencia.record.deal"]
    assert [v.rule for v in record_violations(False, 3, "5")] == ["paciencia.record.cards-left"]
    assert [v.rule for v in record_violations(True, 2, False)] == ["paciencia.record.cards-left"]


# --- the odds -----------------------------------------------------------------------------


def test_wilsons_interval_matches_the_textbook_values():
    low, high = wilson(5, 10)
    assert (round(low, 4), round(high, 4)) == (0.2366, 0.7634)
    low, high = wilson(0, 20)
    assert low == 0 and round(high, 4) == 0.1611
    assert wilson(0, 0) == (0.0, 1.0)


def test_a_tally_counts_every_game_and_adds_up_across_runs():
    whole = tally(range(0, 60))
    parts = tally(range(0, 25)) + tally(range(25, 60))
    assert whole == parts
    assert whole.shuffles == 60 == sum(whole.deals.values()) == sum(whole.cards_left.values())
    assert whole.wins == whole.cards_left[0] == sum(whole.won_in_deal.values())
    data = whole.as_dict()
    assert data["ci95"][0] <= data["estimate"] <= data["ci95"][1]
    assert list(data["deals"]) == ["1", "2", "3"]


def test_the_odds_do_not_depend_on_the_chunks_or_the_workers():
    seen: list[tuple[int, int]] = []
    one = estimate_odds(
        90, start=1000, chunk=40, progress=lambda done, of: seen.append((done, of))
    )
    assert seen == [(40, 90), (80, 90), (90, 90)]
    assert one == tally(range(1000, 1090))
    assert estimate_odds(90, start=1000, workers=2, chunk=25) == one


def test_a_tally_is_empty_before_any_game():
    empty = Tally()
    assert empty.estimate == 0.0 and empty.interval == (0.0, 1.0)


# --- the rule ids -------------------------------------------------------------------------


def test_the_rulings_are_listed_among_the_rule_ids():
    assert RULINGS and set(RULINGS) <= set(RULE_IDS)


def test_every_move_rule_is_used_by_some_game():
    rules = {m.rule for n in range(40) for m in play_shuffle(n).moves}
    moves = {
        r
        for r in RULE_IDS
        if r.split(".")[1] in {"layout", "deal", "build", "dog", "run", "gather"}
    }
    assert rules == moves
