"""The games Tento knows, in one plain dict.

Adding a game is one Django app under ``scoring/games/`` plus one line here. The ledger
only ever talks to a game through the ``Game`` protocol below, with plain data: it hands
the game the match as a ``MatchView`` and gets back one ``Breakdown`` per side. A game
never sees the ledger's tables.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import TYPE_CHECKING, Any, Protocol

from django import forms
from django.utils.module_loading import import_string
from django.utils.translation import gettext_lazy as _

if TYPE_CHECKING:
    from django.utils.functional import Promise

    from referee.rulings import Breakdown
    from scoring.ledger.rulebook import RuleText

# In the order the start-a-match page offers them.
GAMES: dict[str, str] = {
    "samba": "scoring.games.samba.game.Samba",
    "truco": "scoring.games.truco.game.Truco",
    "pifpaf": "scoring.games.pifpaf.game.PifPaf",
    "free": "scoring.games.free.game.FreeScoring",
}


@dataclass(frozen=True)
class SideView:
    position: int
    name: str
    players: tuple[str, ...]
    total: int


@dataclass(frozen=True)
class MatchView:
    """What a game may know of a match: its options, target, sides and their totals."""

    options: Mapping[str, Any]
    target: int | None
    sides: tuple[SideView, ...]
    hands_played: int
    # Each earlier hand's entry, oldest first, for games whose rules depend on them.
    entries: tuple[Mapping[str, Any], ...] = field(default=())
    # What a game derives from this view (a replay of its hands), worked out once.
    _derived: dict[str, Any] = field(default_factory=dict, compare=False, repr=False)

    def derived(self, key: str, work: Callable[[MatchView], Any]) -> Any:
        """``work(self)``, computed on first use: a page asks several questions of one view."""
        if key not in self._derived:
            self._derived[key] = work(self)
        return self._derived[key]


class Game(Protocol):
    slug: str
    name: Promise | str
    description: Promise | str
    min_sides: int
    max_sides: int
    max_players_per_side: int
    default_target: int | None
    # Included inside the add-hand (and correct-hand) form: the game's own fields.
    hand_template: str
    # The match page, with partials ``live``, ``hand-form`` and ``history``.
    match_template: str
    # Every rule the game can cite, for messages, labels and its rulebook page.
    rules: Sequence[RuleText]

    def options_form(
        self, data: Mapping[str, Any] | None = None, *, sides: int | None = None
    ) -> forms.Form:
        """House rules, validated by the game; ``cleaned_data`` is stored on the match.

        ``sides``: how many sides the match is being started with, once they are valid."""

    def target_field(self) -> forms.Field | None:
        """How the start-a-match page asks for the target; None for a game without one."""

    def hand_form(
        self, match: MatchView, data: Mapping[str, Any] | None = None, initial: Any = None
    ) -> forms.Form:
        """The add-hand form; its ``entry()`` is the plain dict stored for the hand.

        ``initial`` is a stored entry, when a past hand is being corrected."""

    def score_hand(self, match: MatchView, entry: Mapping[str, Any]) -> Sequence[Breakdown]:
        """One breakdown per side, in side order; raises RuleError for an impossible hand."""

    def winners(self, match: MatchView, *, closing: bool = False) -> list[int]:
        """Positions of the sides that have won, or [] while the match goes on.

        ``closing``: the players are ending the match now (or asking who leads).
        """

    def side_notes(self, match: MatchView) -> dict[int, list[str]]:
        """Short lines shown under a side's total (e.g. its opening minimum)."""


class GameBase:
    """Defaults for the optional parts of ``Game``."""

    match_template = "ledger/match.html"
    max_players_per_side = 4
    default_target: int | None = None

    def side_notes(self, match: MatchView) -> dict[int, list[str]]:
        return {}

    def target_field(self) -> forms.Field | None:
        return forms.IntegerField(
            label=_("Target"),
            required=False,
            min_value=1,
            initial=self.default_target,
            help_text=_("Leave empty to end the match yourselves."),
            widget=forms.NumberInput(attrs={"inputmode": "numeric"}),
        )


@cache
def get_game(slug: str) -> Game:
    try:
        path = GAMES[slug]
    except KeyError:
        raise LookupError(f"no game {slug!r}; Tento knows {sorted(GAMES)}") from None
    return import_string(path)()


def all_games() -> list[Game]:
    return [get_game(slug) for slug in GAMES]


def game_choices() -> list[tuple[str, str]]:
    return [(game.slug, game.name) for game in all_games()]
