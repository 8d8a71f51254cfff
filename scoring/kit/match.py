"""What a game may know of a match: the ledger hands every game the match as plain data
(``MatchView``), never its tables, and the game reads its house rules from it under one
policy (``engine_options``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, fields, is_dataclass
from typing import Any

from referee.rulings import RuleError


@dataclass(frozen=True)
class SideView:
    position: int
    name: str
    players: tuple[str, ...]
    total: int
    won: bool = False


@dataclass(frozen=True)
class MatchView:
    """What a game may know of a match: its options, target, sides and their totals, how
    many hands were played, and the running state the game stored with the last of them
    (``state``: what the next hand starts from)."""

    options: Mapping[str, Any]
    target: int | None
    sides: tuple[SideView, ...]
    hands_played: int
    state: Mapping[str, Any] = field(default_factory=dict)
    # The hand in progress that every phone at the table shares (a Truco call, the bets).
    draft: Mapping[str, Any] = field(default_factory=dict)
    # What a game derives from this view, worked out once however often a page asks
    # (never copied by ``dataclasses.replace``: a changed view derives afresh).
    _derived: dict[str, Any] = field(default_factory=dict, init=False, compare=False, repr=False)

    @property
    def player_names(self) -> tuple[str, ...]:
        """One name per side, in seat order: its player's, or the side's own name where
        it has no seats (older data). A game where everyone plays alone (Pif-Paf,
        Pinkerton) names its players to the engine so."""
        return tuple(side.players[0] if side.players else side.name for side in self.sides)

    @property
    def number(self) -> int:
        """The number of the hand this view comes before."""
        return self.hands_played + 1

    def derived(self, key: str, work: Callable[[MatchView], Any]) -> Any:
        """``work(self)``, computed on first use."""
        if key not in self._derived:
            self._derived[key] = work(self)
        return self._derived[key]


def engine_options(options_class: type, stored: Mapping[str, Any], **fixed: Any) -> Any:
    """The engine's options from a match's stored house rules: one policy for every game.

    Keys the engine does not know (an option since withdrawn) are ignored, and a stored
    value the engine refuses (old data) gives way to the engine's default for it: a bad
    option must never stop a match's pages. ``fixed`` (the ledger's target) wins over the
    stored options. The class is an engine dataclass with ``from_dict`` and ``as_dict``.
    """
    known = {f.name for f in fields(options_class)} if is_dataclass(options_class) else set()
    chosen = options_class().as_dict()
    wanted = {k: v for k, v in stored.items() if k in known} | {
        k: v for k, v in fixed.items() if v is not None
    }
    for name, value in wanted.items():
        try:
            options_class.from_dict(chosen | {name: value})
        except RuleError:
            continue
        chosen[name] = value
    return options_class.from_dict(chosen)
