"""Real Samba engine calls that between them emit every violation and verdict rule: the
shared rulebook contract (``tests/scoring/test_rulebook_contract.py``) formats each
message with the params these calls send, in every language."""

from __future__ import annotations

from referee import samba
from referee.cards import Card, parse_cards
from referee.rulings import Violation
from tests.referee.rulewatch import refused


def c(text: str) -> list[Card]:
    return parse_cards(text)


def side(**kwargs) -> samba.SideCards:
    return samba.SideCards(**kwargs)


def pile(top: str, hand: str = "", melds=(), **kwargs) -> samba.Verdict:
    flags = {"side_has_opened": True, "first_take_this_hand": False, "pile_frozen": False}
    return samba.may_take_pile(
        parse_cards([top])[0], hand=c(hand), side_melds=[c(m) for m in melds], **flags | kwargs
    )


def engine_violations() -> list[Violation]:
    """Real engine calls, between them emitting every violation and verdict rule."""
    found: list[Violation] = []
    for text, going_out in [
        ("KH KS", False),  # too few cards
        ("KH QS 4D", False),  # no combination
        ("3H 3D 3H", False),  # red threes
        ("3S 3C 3S", False),  # black threes only going out
        ("3S 3C JK", True),  # black threes with a wild
        ("8S JK 2C", False),  # one natural
        ("8S 8H 3S", False),  # three in a group
        ("8S 8H 8D JK 2C", False),  # second wild below seven
        ("KH KS KD KC JK 2D 2C", False),  # three wilds
        ("7H 8H 2H", False),  # wild in a sequence
        ("3H 4H 5H", False),  # three in a sequence
        ("4H 6H 7H", False),  # gap
        ("KH AH 2H", False),  # wrap
        ("4S 5S 6S 7S 8S 9S 10S JS", False),  # samba closed
    ]:
        found += samba.check_meld(c(text), going_out=going_out).violations
    found += refused(samba.score_hand, [side()])  # sides
    found += refused(samba.score_quick, [samba.SideTally(sambas=-1), samba.SideTally()])
    found += refused(samba.score_quick, [samba.SideTally(table_points=7), samba.SideTally()])
    found += refused(samba.score_quick, [samba.SideTally(red_threes=7), samba.SideTally()])
    found += refused(samba.score_hand, [side(melds=[c("KH KS KD")], went_out=True), side()])
    two = samba.SideTally(sambas=2, table_points=100, went_out=True)
    found += refused(samba.score_quick, [two, two])  # two sides going out
    found += refused(  # more concealed premiums than canastras laid down
        samba.score_quick,
        [
            samba.SideTally(
                sambas=2, table_points=100, went_out=True, concealed=samba.Concealed(3)
            ),
            samba.SideTally(),
        ],
    )
    # what a side of one player cannot do: cards left after going out, the partner's
    # melds for a concealed canastra, the faults of asking the partner
    alone = samba.SideTally(
        sambas=2,
        table_points=100,
        hand_points=15,
        red_threes_in_hand=1,
        went_out=True,
        concealed=samba.Concealed(deal_with_partner=1, play_with_partner=1),
        penalties=samba.Penalties(went_out_after_refusal=1, permission_unable=1),
    )
    found += refused(samba.score_quick, [alone, samba.SideTally()], players=[1, 1])
    found += refused(samba.score_hand, [side(hand=c("QS"), went_out=True), side()], players=[1, 1])
    # beyond what three decks hold: wilds, sambas, clean canastras, combinations, points
    wilds = samba.SideTally(wild_canastras=2, dirty_canastras=1, table_points=330)
    found += refused(samba.score_quick, [wilds, wilds])
    found += refused(
        samba.score_quick,
        [
            samba.SideTally(sambas=13, table_points=650),
            samba.SideTally(clean_canastras=12, table_points=1200),
        ],
    )
    found += refused(samba.score_quick, [samba.SideTally(clean_canastras=3), samba.SideTally()])
    found += refused(samba.score_hand, [side(hand=c("KH KH KH KH")), side()])  # deck limit
    found += refused(samba.SambaOptions.from_dict, {"top_minimum": 155})
    found += samba.check_opening([c("KH KS KD KC KH KS KD")], 1500).violations
    found += samba.check_opening([c("QS QH QD")], 0, pile_top=Card("K", "D")).violations
    found += samba.check_opening([c("QS QH QD")], 0, pile_top=Card("Q", "C")).violations
    found += samba.check_opening([c("8H 9H 10H")], 0, pile_top=Card("8", "H")).violations
    found += samba.check_opening([c("QS QH QD")], 0, pile_top=Card("2", "D")).violations
    found += samba.check_opening([c("3S 3C 3S")], -100, going_out=True).violations
    found += refused(samba.may_go_out, -1)
    verdicts = [
        pile("JK"),
        pile("3S"),
        pile("3H"),
        pile("QS", "QH 5C", first_take_this_hand=True),
        pile("QS", "QH QD", first_take_this_hand=True),
        pile("QS", "QH QD", side_has_opened=False, first_take_this_hand=True, running_total=0),
        pile("QS", "QH 5C", pile_frozen=True),
        pile("QS", "", ["QH QD QC"]),
        pile("9H", "", ["6H 7H 8H"]),
        pile("QS", "QH QD"),
        pile("QS", "KS AS"),
        pile("QS", "JK 2D"),
        pile("QS", "4D 9C"),
        pile("QS", "QH", ["QD QC QS"]),  # pumba: one card left
        samba.may_go_out(1),
        samba.may_go_out([c("4S 5S 6S 7S 8S 9S 10S"), c("AH AS AD AC AH AS AD")]),
    ]
    found += [Violation(v.rule, v.params) for v in verdicts]
    return found
