"""Real Canastra engine calls: between them every violation the engine can emit and every
verdict a referee answer words with its message. The shared rulebook contract
(``tests/scoring/test_rulebook_contract.py``) formats each message with these params."""

from __future__ import annotations

from referee import canastra
from referee.canastra import CanastraOptions, PairCards, PairTally
from referee.cards import JOKER, parse_card, parse_cards
from referee.rulings import Violation
from tests.referee.rulewatch import refused


def said(verdict: canastra.Verdict) -> Violation:
    """A referee's verdict as the message it is worded with: its rule and params."""
    return Violation(verdict.rule, dict(verdict.params))


def c(text: str) -> list:
    return parse_cards(text)


def engine_violations() -> list[Violation]:
    found: list[Violation] = []
    # Melds: too few cards, two suits, two wilds, a gap, a wrap, longer than A … K A.
    for text in (
        "5H",
        "5H 6S 7H",
        "2S 2C 5H 6H",
        "5H 8H 9H",
        "KH AH 2H 3H",
        "AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH JK",
    ):
        found += canastra.check_meld(c(text)).violations
    found += refused(lambda: CanastraOptions.from_dict({"target": -1, "rebuy": True}))
    found += refused(lambda: canastra.read_pairs([{"hand": ["XX"]}, {}]))
    # Three jokers in two decks of four, and a card beyond them.
    found += refused(
        lambda: canastra.score_hand(
            [
                PairCards(melds=[c("JK 3D 4D"), c("JK 5D 6D"), c("JK 7D 8D")]),
                PairCards(hand=c("JK JK 3D")),
            ]
        )
    )
    found += refused(
        lambda: canastra.score_quick([PairTally(meld_points=-5), PairTally(hand_points=7)])
    )
    found += refused(lambda: canastra.score_quick([PairTally(went_out=True)]))
    found += refused(
        lambda: canastra.score_quick(
            [PairTally(clean_canastras=1, meld_points=40, took_morto=True), PairTally()]
        )
    )
    found += refused(
        lambda: canastra.score_quick(
            [
                PairTally(clean_canastras=8, meld_points=800),
                PairTally(dirty_canastras=13, meld_points=715),
            ]
        )
    )
    # Thirteen clean canastras, when the 26 cards of each suit make three.
    found += refused(
        lambda: canastra.score_quick(
            [
                PairTally(clean_canastras=7, meld_points=315),
                PairTally(clean_canastras=6, meld_points=270),
            ]
        )
    )
    # A player alone who went out, with cards still in hand.
    found += refused(
        lambda: canastra.score_quick(
            [
                PairTally(clean_canastras=1, meld_points=45, hand_points=60, went_out=True),
                PairTally(),
            ],
            players=[1, 1],
        )
    )
    # Six clean canastras a pair, each pair fine alone: twelve need 720 between them.
    six = PairTally(clean_canastras=6, meld_points=270)
    found += refused(lambda: canastra.score_quick([six, six]))
    found += refused(
        lambda: canastra.score_quick(
            [
                PairTally(took_morto=True),
                PairTally(dirty_canastras=1, meld_points=55, took_morto=True, went_out=True),
            ]
        )
    )
    found += refused(
        lambda: canastra.score_quick(
            [
                PairTally(clean_canastras=1, meld_points=45, went_out=True),
                PairTally(clean_canastras=1, meld_points=45, went_out=True),
            ]
        )
    )
    found += canastra.check_opening([], 1_500, 1).violations
    found += canastra.check_opening([c("3H 4H 5H")], 2_000, 2).violations
    top = parse_card("6H")
    for verdict in (
        canastra.may_take_pile(top, c("7H 9C"), locked=True),
        canastra.may_take_pile(top, c("7H")),
        canastra.may_take_pile(top, c("7H 8H")),
        canastra.may_take_pile(top, c("9C 8C"), [c("3H 4H 5H")]),
        canastra.may_take_pile(top, c("9C 8C")),
        canastra.may_next_player_take_pile(JOKER),
        canastra.may_next_player_take_pile(top),
        canastra.may_next_player_take_pile(parse_card("2H"), c("2H 3H 4H")),
        canastra.may_go_out([c("3H 4H 5H")], took_morto=False),
        canastra.may_go_out([c("5C 6C JK 8C 9C 10C JC")], took_morto=True),
        canastra.may_refuse_first_card(first_card_of_hand=False, mixed_into_hand=False),
        canastra.may_refuse_first_card(first_card_of_hand=True, mixed_into_hand=True),
    ):
        found.append(said(verdict))
    return found
