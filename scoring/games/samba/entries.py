"""A stored Samba hand (the ledger's ``entry``) and the API's JSON, read into engine calls.

An entry is plain JSON, enough to score the hand again and to refill the form::

    {"mode": "cards", "sides": [{"melds": [["KH", "KS", …], …], "red_threes": 2,
                                 "hand": ["QS", …], "went_out": true,
                                 "concealed": {"deal_solo": 0, …},
                                 "penalties": {"stock_out_of_turn": 0, …}}, …]}
    {"mode": "quick", "sides": [{"clean_canastras": 1, "dirty_canastras": 0, "sambas": 1,
                                 "wild_canastras": 0, "red_threes": 2, "table_points": 180,
                                 "hand_points": 0, "red_threes_in_hand": 0,
                                 "went_out": true, "concealed": {…}, "penalties": {…}}, …]}

Counts left out are 0. Whatever the hand breaks, the engine says (``RuleError``). How
many players each side has is the match's, not the entry's: it comes with the scoring.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import fields
from typing import Any

from referee import samba
from referee.cards import parse_cards
from referee.rulings import Breakdown
from scoring.kit.sides import MODE_QUICK

CONCEALED_FIELDS = tuple(f.name for f in fields(samba.Concealed))
PENALTY_FIELDS = tuple(f.name for f in fields(samba.Penalties))
# The counts only the quick entry asks for; cards mode derives them from the melds.
QUICK_FIELDS = (
    "clean_canastras",
    "dirty_canastras",
    "sambas",
    "wild_canastras",
    "table_points",
    "hand_points",
    "red_threes_in_hand",
)


def _sub(data: Mapping[str, Any], key: str, names: Sequence[str]) -> dict[str, Any]:
    given = data.get(key) or {}
    return {name: given.get(name, 0) for name in names}


def concealed(data: Mapping[str, Any]) -> samba.Concealed:
    return samba.Concealed(**_sub(data, "concealed", CONCEALED_FIELDS))


def penalties(data: Mapping[str, Any]) -> samba.Penalties:
    return samba.Penalties(**_sub(data, "penalties", PENALTY_FIELDS))


def side_cards(data: Mapping[str, Any]) -> samba.SideCards:
    """One side entered card by card; unreadable tokens raise ``CardError``."""
    return samba.SideCards(
        melds=[parse_cards(meld) for meld in data.get("melds") or ()],
        red_threes=data.get("red_threes", 0),
        hand=parse_cards(data.get("hand") or ()),
        went_out=data.get("went_out", False),
        concealed=concealed(data),
        penalties=penalties(data),
    )


def side_tally(data: Mapping[str, Any]) -> samba.SideTally:
    """One side entered as counts."""
    return samba.SideTally(
        **{name: data.get(name, 0) for name in QUICK_FIELDS},
        red_threes=data.get("red_threes", 0),
        went_out=data.get("went_out", False),
        concealed=concealed(data),
        penalties=penalties(data),
    )


def score_entry(
    entry: Mapping[str, Any],
    options: samba.SambaOptions,
    players: Sequence[int | None] | None = None,
) -> list[Breakdown]:
    """One breakdown per side; ``RuleError`` (or ``CardError``) for an impossible hand.
    ``players``: how many play each side (None: unknown), to refuse what a player alone
    cannot do."""
    sides = entry.get("sides") or ()
    if entry.get("mode") == MODE_QUICK:
        return samba.score_quick([side_tally(side) for side in sides], options, players)
    return samba.score_hand([side_cards(side) for side in sides], options, players)
