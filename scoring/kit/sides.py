"""A hand entered side by side, in quick counts or card by card (Samba, Canastra).

The table chooses how to count (``mode``): quick, the counts a scorer adds up at the
table, or cards, every meld laid and every card left in hand, checked meld by meld as it
is typed. Each side has its melds, its hand and one picker serving both; the hand says
who went out. A game brings its own per-side fields (counts, premiums, its morto), its
meld check and the one-line summary of a side's melds; the rest is here.

Field names are ``s<position>-<name>``; ``mode`` and ``went_out`` are the hand's. Only the
chosen mode's fields are read; the other mode's are ignored.

Such games (``SidesGame``) are played to a target their engine judges, and a table keeps
to its way of counting from one hand to the next.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

from django import forms
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from referee.cards import Card
from referee.rulings import Breakdown
from scoring.kit.cardfields import (
    CARD_INPUT,
    MAX_CARDS_TEXT,
    MeldCheck,
    MeldLine,
    PickerTarget,
    meld_lines,
    picker,
    read_cards,
    read_melds,
)
from scoring.kit.handforms import HandForm
from scoring.kit.match import MatchView, SideView, engine_options
from scoring.kit.notation import written_cards
from scoring.kit.registry import Game, app_part

MODE_QUICK = "quick"
MODE_CARDS = "cards"
MODES = (MODE_QUICK, MODE_CARDS)


def prefix(position: int) -> str:
    """The start of a side's field names."""
    return f"s{position}-"


@dataclass
class SideFields:
    """One side's part of the hand form, as ``ledger/_side_entry.html`` lays it out: its
    quick counts, or its cards (the melds with each one's verdict and the summary under
    them, the picker, the cards left in hand). A game's own fields come in a subclass
    (``@dataclass(kw_only=True)``)."""

    position: int
    name: str
    counts: list[forms.BoundField]  # quick: the side's canastras (and sambas)
    points: list[forms.BoundField]  # quick: card points on the table and left in hand
    melds: forms.BoundField  # cards
    hand: forms.BoundField  # cards
    picker: dict[str, Any] = field(default_factory=dict)
    lines: list[MeldLine] = field(default_factory=list)
    summary: str = ""


class SidesHandForm(HandForm):
    """A hand entered per side, quick or card by card. Subclasses add their own fields in
    ``add_side_fields``, name the counts quick mode reads (``quick_fields``), judge a meld
    (``check_meld``) and sum a side's melds up (``melds_summary``)."""

    # The counts quick mode reads for each side (cards mode derives them from the melds),
    # and how the page groups them: the side's canastras, then its card points.
    quick_fields: ClassVar[tuple[str, ...]] = ()
    quick_counts: ClassVar[tuple[str, ...]] = ()
    quick_points: ClassVar[tuple[str, ...]] = ()
    # Where a stored entry keeps its sides (Canastra's are pairs).
    sides_key: ClassVar[str] = "sides"
    went_out_label: ClassVar[Any] = _("Who went out?")
    hand_label: ClassVar[Any] = _("Cards left in hand")

    mode = forms.ChoiceField(
        label=_("Entry"),
        choices=[(MODE_QUICK, _("Quick count")), (MODE_CARDS, _("Card by card"))],
        widget=forms.RadioSelect,
        initial=MODE_QUICK,
    )

    def add_fields(self) -> None:
        self.fields["went_out"] = forms.ChoiceField(
            label=self.went_out_label,
            choices=[
                *((str(side.position), side.name) for side in self.match.sides),
                ("", _("Nobody (the stock ran out)")),
            ],
            required=False,
            widget=forms.RadioSelect,
        )
        for side in self.match.sides:
            p = prefix(side.position)
            self.add_side_fields(p)
            # Plain text, read in ``clean`` only in cards mode: in quick mode they may
            # hold anything without stopping the hand. One picker per side serves both.
            self.fields[p + "melds"] = forms.CharField(
                label=_("Melds on the table, one per line"),
                required=False,
                max_length=MAX_CARDS_TEXT,
                widget=forms.Textarea(attrs={"rows": 3, **CARD_INPUT}),
            )
            self.fields[p + "hand"] = forms.CharField(
                label=self.hand_label,
                required=False,
                max_length=MAX_CARDS_TEXT,
                widget=forms.TextInput(attrs=CARD_INPUT),
            )

    # --- what a game brings -------------------------------------------------------------

    def add_side_fields(self, p: str) -> None:
        """The game's own fields of the side whose names start with ``p``."""

    def check_meld(self, cards: list[Card], position: int) -> MeldCheck:
        """The game's verdict on one meld the side at ``position`` typed."""
        raise NotImplementedError

    def melds_summary(self, lines: list[MeldLine]) -> str:
        """A side's melds in one line (card points, canastras)."""
        raise NotImplementedError

    def side_entry(self, p: str) -> dict[str, Any]:
        """What the entry keeps of a side besides its cards or counts and going out."""
        return {}

    def side_initial(self, p: str, side: Mapping[str, Any]) -> dict[str, Any]:
        """The game's own fields of a side filled from its stored entry."""
        return {}

    # --- reading ------------------------------------------------------------------------

    def mode_value(self) -> str:
        mode = self.data.get("mode") if self.is_bound else self["mode"].value()
        return mode if mode in MODES else MODE_QUICK

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        if data.get("mode") != MODE_CARDS:
            return data
        for side in self.match.sides:
            p = prefix(side.position)
            for name, read in (("melds", read_melds), ("hand", read_cards)):
                try:
                    data[p + name] = read(data.get(p + name) or "")
                except forms.ValidationError as error:
                    self.add_error(p + name, error)
        return data

    def entry(self) -> dict[str, Any]:
        """The plain dict stored for the hand: enough to score it again and refill this."""
        data = self.cleaned_data
        mode = data["mode"]
        went_out = data.get("went_out") or ""
        sides = []
        for side in self.match.sides:
            p = prefix(side.position)
            if mode == MODE_CARDS:
                own: dict[str, Any] = {
                    "melds": [[str(card) for card in meld] for meld in data[p + "melds"]],
                    "hand": [str(card) for card in data[p + "hand"]],
                }
            else:
                own = {name: data.get(p + name) or 0 for name in self.quick_fields}
            own.update(self.side_entry(p))
            own["went_out"] = went_out == str(side.position)
            sides.append(own)
        return {"mode": mode, self.sides_key: sides}

    def fields_key(self) -> Any:
        """A fresh hand's fields show the sides and the mode it starts in, nothing else
        the hands change."""
        return self.initial_for_new().get("mode", MODE_QUICK)

    def initial_for_new(self) -> dict[str, Any]:
        """Tables keep to one way of counting: a new hand starts in the last hand's mode."""
        last = self.match.state.get("mode")
        return {"mode": last} if last in MODES else {}

    def initial_from(self, entry: Mapping[str, Any]) -> dict[str, Any]:
        """The form's fields filled from a stored entry (to correct a hand)."""
        initial: dict[str, Any] = {"mode": entry.get("mode", MODE_QUICK), "went_out": ""}
        for position, side in enumerate(entry.get(self.sides_key) or ()):
            p = prefix(position)
            if side.get("went_out"):
                initial["went_out"] = str(position)
            for name in self.quick_fields:
                if name in side:
                    initial[p + name] = side[name]
            if "melds" in side:
                initial[p + "melds"] = "\n".join(written_cards(meld) for meld in side["melds"])
            if "hand" in side:
                initial[p + "hand"] = written_cards(side["hand"])
            initial.update(self.side_initial(p, side))
        return initial

    # --- checked as typed ---------------------------------------------------------------

    def went_out_value(self) -> str:
        return str(self["went_out"].value() or "")

    def side_lines(self, position: int) -> list[MeldLine]:
        return meld_lines(
            str(self[prefix(position) + "melds"].value() or ""),
            lambda cards: self.check_meld(cards, position),
        )

    def live_check(self, field: str) -> tuple[str, dict[str, Any]] | None:
        for side in self.match.sides:
            if field == prefix(side.position) + "melds":
                lines = self.side_lines(side.position)
                return "ledger/_meld_lines.html", {
                    "lines": lines,
                    "summary": self.melds_summary(lines),
                }
        return None

    # --- laying out ---------------------------------------------------------------------

    def side_fields(
        self, side: SideView, fields_class: type[SideFields] = SideFields, **own: Any
    ) -> SideFields:
        """A side's part of the form to lay out; ``own``: the game's fields of it."""
        p = prefix(side.position)
        melds, hand = self[p + "melds"], self[p + "hand"]
        lines = self.side_lines(side.position)
        return fields_class(
            position=side.position,
            name=side.name,
            counts=[self[p + name] for name in self.quick_counts],
            points=[self[p + name] for name in self.quick_points],
            melds=melds,
            hand=hand,
            picker=picker(
                [
                    PickerTarget(melds.auto_id, _("Melds"), melds=True),
                    PickerTarget(hand.auto_id, _("Hand")),
                ],
                self.deck,
            ),
            lines=lines,
            summary=self.melds_summary(lines),
            **own,
        )


class SidesGame(Game):
    """A game entered per side (a ``SidesHandForm``) and played to a target its engine
    judges: ``engine.winner(totals, options)`` names the side that won, or None while the
    match goes on, and ``engine.standing(totals, options).tied`` the sides tied above the
    target, who play another hand. A stored hand is scored by ``score_entry``."""

    confirm_empty_hands = True
    # One breakdown per side of a stored entry, under the engine's options and with how
    # many play each side (None: unknown); RuleError for an impossible hand. A plain
    # function (``staticmethod``), shared with the API: by default the ``score_entry``
    # of the game app's ``entries`` module.
    score_entry: ClassVar[
        Callable[[Mapping[str, Any], Any, Sequence[int | None]], Sequence[Breakdown]]
    ]

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if "slug" in vars(cls) and "score_entry" not in vars(cls):
            app = cls.__module__.rpartition(".")[0]
            cls.score_entry = staticmethod(app_part(app, "entries", "score_entry", None))

    def match_options(self, match: MatchView) -> Any:
        """The house rules and the ledger's target (if the match has one)."""
        return match.derived(
            "options",
            lambda view: engine_options(self.options_class, view.options, target=view.target),
        )

    def score_hand(self, match: MatchView, entry: Mapping[str, Any]) -> Sequence[Breakdown]:
        # A side of one player is checked for what it cannot do alone (cards left after
        # going out, a partner's melds); a side without seats (older data) has no count,
        # and nothing is assumed.
        players = [len(side.players) or None for side in match.sides]
        return self.score_entry(entry, self.match_options(match), players)

    def state_after(
        self, match: MatchView, entry: Mapping[str, Any], scores: Sequence[Breakdown]
    ) -> dict[str, Any]:
        # What a side needs to open follows from the totals: only the way of counting
        # carries on (the next hand starts in it).
        return {"mode": entry.get("mode", MODE_QUICK)}

    def winners(self, match: MatchView, *, closing: bool = False) -> list[int]:
        if not match.hands_played:
            return []
        if match.target is not None and not closing:
            totals = [side.total for side in match.sides]
            index = self.engine.winner(totals, self.match_options(match))
            return [] if index is None else [match.sides[index].position]
        return super().winners(match, closing=closing)

    def with_ties(self, match: MatchView, notes: dict[int, list[str]]) -> dict[int, list[str]]:
        """A game's notes under each side, and "tied at the top" under those tied above
        the target."""
        if match.target is None:  # no target: nobody passes it, nobody ties above it
            return notes
        totals = [side.total for side in match.sides]
        for index in self.engine.standing(totals, self.match_options(match)).tied:
            notes[match.sides[index].position].append(
                gettext("Tied at the top: another hand is played")
            )
        return notes
