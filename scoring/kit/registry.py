"""The games Tento knows, in one plain dict, and the ``Game`` base class they build on.

Adding a game is one Django app under ``scoring/games/`` plus one line in ``GAMES``. The
ledger only ever talks to a game through ``Game`` below, with plain data: it hands the
game the match as a ``MatchView`` and gets back one ``Breakdown`` per side and the running
state the next hand starts from. A game never sees the ledger's tables.

Like Django's ``ModelAdmin``, ``Game`` carries a default for everything; a game overrides
only what differs (its forms, its engine, its scoreboard). The parts every game app keeps
in the same place are found there (``Game.__init_subclass__``): its rule texts, its
referee questions, its API router, its hand template and its stylesheet. Defining a game
registers its rule texts with the rulebook; its app's ``GameConfig`` defines it when
Django starts.
"""

from __future__ import annotations

import difflib
import json
from collections.abc import Callable, Mapping, Sequence
from functools import cache
from importlib import import_module
from types import ModuleType
from typing import TYPE_CHECKING, Any, ClassVar, Unpack

from django import forms
from django.core.exceptions import NON_FIELD_ERRORS
from django.utils.module_loading import import_string, module_has_submodule
from django.utils.text import get_text_list
from django.utils.translation import gettext, pgettext
from django.utils.translation import gettext_lazy as _

from referee.rulings import RuleError, Violation
from scoring.kit import rulebook
from scoring.kit.fields import WholeNumberField
from scoring.kit.handforms import HandForm, HandFormKeywords
from scoring.kit.match import MatchView, engine_options
from scoring.kit.questions import Question
from scoring.kit.rulebook import RuleText

if TYPE_CHECKING:
    from django.utils.functional import Promise

    from referee.cards import Deck
    from referee.rulings import Breakdown

# In the order the start-a-match page offers them.
GAMES: dict[str, str] = {
    "samba": "scoring.games.samba.game.Samba",
    "canastra": "scoring.games.canastra.game.Canastra",
    "truco": "scoring.games.truco.game.Truco",
    "pifpaf": "scoring.games.pifpaf.game.PifPaf",
    "pinkerton": "scoring.games.pinkerton.game.Pinkerton",
    "paciencia": "scoring.games.paciencia.game.Paciencia",
    "free": "scoring.games.free.game.FreeScoring",
}


def app_part(app: str, module: str, name: str, missing: Any) -> Any:
    """``name`` from a game app's ``module``, or ``missing`` if the app has no such module."""
    if not module_has_submodule(import_module(app), module):
        return missing
    return import_string(f"{app}.{module}.{name}")


def game_template(name: str) -> str | None:
    """``name`` if a game app has that template, else None."""
    from django.template import TemplateDoesNotExist
    from django.template.loader import get_template

    try:
        get_template(name)
    except TemplateDoesNotExist:
        return None
    return name


def game_stylesheet(slug: str) -> str | None:
    """The game's stylesheet, ``<slug>/<slug>.css``, if its app has one."""
    from django.contrib.staticfiles import finders

    sheet = f"{slug}/{slug}.css"
    return sheet if finders.find(sheet) else None


def table_text(sizes: Sequence[int]) -> str:
    """Sides of these many players as players say it: "2 v 2", "1 v 1 v 1"."""
    return pgettext("players on each side of a table", " v ").join(map(str, sizes))


class Game:
    """A game on the ledger. Subclasses set the class attributes and override the hooks
    whose defaults do not fit."""

    slug: ClassVar[str]
    name: ClassVar[Promise | str]
    description: ClassVar[Promise | str] = ""
    # The engine module (``referee.<game>``), for its RULE_IDS and deck.
    engine: ClassVar[ModuleType | None] = None
    min_sides: ClassVar[int] = 2
    max_sides: ClassVar[int] = 2
    max_players_per_side: ClassVar[int] = 4
    # The tables the game is played by: each the number of players on each side, the
    # sides in any order ((2, 2): two pairs). None: any sides within the limits above.
    tables: ClassVar[frozenset[tuple[int, ...]] | None] = None
    # Everyone plays alone (each side one player): the set-up asks for players, not sides.
    individual: ClassVar[bool] = False
    # The engine's options dataclass (``from_dict``/``as_dict``); None: the game has none.
    options_class: ClassVar[type | None] = None
    # House rules asked when a match starts; ``cleaned_data`` is stored on the match.
    options_form_class: ClassVar[type[forms.Form] | None] = None
    # The add-hand (and correct-hand) form: a ``HandForm``.
    hand_form_class: ClassVar[type[HandForm]]
    # Included inside the ledger's hand form: the game's own fields.
    hand_template: ClassVar[str]
    # The scoreboard inside the ledger's live section; its context is ``scoreboard()``.
    scoreboard_template: ClassVar[str] = "ledger/_scoreboard.html"
    # Every rule the game can cite, for messages, labels and its rulebook page.
    rules: ClassVar[Sequence[RuleText]] = ()
    # The game's JSON API: the dotted path of its ninja Router, served at /api/v1/<slug>/.
    api: ClassVar[str | None] = None
    # The referee page's questions, in the order the page asks them; {} for none.
    questions: ClassVar[Mapping[str, type[Question]]] = {}
    # What ends a match without a target ("End match"; Pif-Paf ends a session), and
    # what the page says once it is over.
    finish_label: ClassVar[Promise | str] = _("End match")
    finished_text: ClassVar[Promise | str] = _("Match finished.")
    # What one hand is called ("Hand 3"; a patience's log counts games, Pinkerton rounds).
    hand_title: ClassVar[Promise | str] = _("Hand %(n)s")
    # The history's heading and what it says while empty, in the same words.
    history_title: ClassVar[Promise | str] = _("Hands")
    no_hands_text: ClassVar[Promise | str] = _("No hands yet.")
    earlier_text: ClassVar[Promise | str] = _("Earlier hands")
    # The question asked before a match is ended by hand (a chip game has no side ahead).
    finish_confirm: ClassVar[Promise | str] = _("End the match now? The side ahead wins.")
    # A hand where every side scores nothing is asked about before it is recorded (in a
    # game where such a hand is almost always a form sent too early).
    confirm_empty_hands: ClassVar[bool] = False
    # The scoreboard's own assets, for the page's head (the hand form brings its own).
    media: ClassVar[forms.Media] = forms.Media()
    # Its own stylesheet (in ``media``), which a phone keeps for pages opened offline.
    stylesheet: ClassVar[str | None] = None
    # Extra content on the game's rulebook page, above its rules (computed odds, say),
    # drawn with ``rulebook_context()`` and ``media``; None: the page is the rules alone.
    rulebook_template: ClassVar[str | None] = None

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """A game (a class with a ``slug``) finds the parts its app keeps where every game
        keeps them, unless it names its own: ``RULES`` in ``<app>/rules.py``,
        ``QUESTIONS`` in ``<app>/questions.py``, the ``router`` of ``<app>/api.py``, the
        templates ``<slug>/hand.html`` and (if it has one) ``<slug>/_scoreboard.html``,
        and the stylesheet ``<slug>/<slug>.css``."""
        super().__init_subclass__(**kwargs)
        if "slug" not in vars(cls):
            return  # a family of games (``SidesGame``), not a game
        app, slug = cls.__module__.rpartition(".")[0], cls.slug
        found: dict[str, Callable[[], Any]] = {
            "rules": lambda: app_part(app, "rules", "RULES", ()),
            "questions": lambda: app_part(app, "questions", "QUESTIONS", {}),
            # A dotted path: the router is imported with the URLs, not with the game.
            "api": lambda: (
                f"{app}.api.router" if module_has_submodule(import_module(app), "api") else None
            ),
            "hand_template": lambda: f"{slug}/hand.html",
            "scoreboard_template": lambda: (
                game_template(f"{slug}/_scoreboard.html") or Game.scoreboard_template
            ),
            "stylesheet": lambda: game_stylesheet(slug),
        }
        for name, default in found.items():
            if name not in vars(cls):
                setattr(cls, name, default())
        if "media" not in vars(cls) and cls.stylesheet:
            cls.media = forms.Media(css={"all": [cls.stylesheet]})
        if cls.individual:
            cls.max_players_per_side = 1
        rulebook.register(cls.rules)

    def __repr__(self) -> str:
        return f"<Game {self.slug}>"

    # --- who plays ------------------------------------------------------------------------

    def table_violation(self, sizes: Sequence[int]) -> Violation | None:
        """Why sides of these many players (in the order entered) are not a table of this
        game, naming the tables it has; None when they are."""
        if self.tables is None or tuple(sorted(sizes)) in self.tables:
            return None
        return Violation(
            "ledger.sides.table",
            {"game": str(self.name), "sides": table_text(sizes), "tables": self.tables_text()},
        )

    def tables_text(self) -> str:
        """The tables the game is played by, as players say them ("1 v 1, 2 v 2 or 3 v
        3"); "" for a game played by any sides."""
        if self.tables is None:
            return ""
        tables = sorted(self.tables, key=lambda table: (len(table), table))
        return get_text_list([table_text(table) for table in tables], gettext("or"))

    # --- what the engine says -----------------------------------------------------------

    @property
    def deck(self) -> Deck | None:
        """The deck everything entered for one hand must fit in: the engine's; None for a
        game without cards."""
        return getattr(self.engine, "DECK", None)

    @property
    def default_target(self) -> int | None:
        """The target a new match is offered: the engine's own, if its options have one."""
        return getattr(self.options_class(), "target", None) if self.options_class else None

    # --- starting a match -------------------------------------------------------------

    def options_form(
        self, data: Mapping[str, Any] | None = None, *, sides: int | None = None
    ) -> forms.Form:
        """House rules, validated by the game. ``sides``: how many sides the match is
        being started with, once they are valid."""
        form_class = self.options_form_class or forms.Form
        return form_class(data, prefix="options")

    def target_field(self) -> forms.Field | None:
        """How the start-a-match page asks for the target; None for a game without one."""
        return WholeNumberField(
            label=_("Target"),
            required=False,
            min_value=1,
            max_value=10**9,
            initial=self.default_target,
            help_text=_("Leave empty to end the match yourselves."),
            widget=forms.NumberInput(attrs={"inputmode": "numeric"}),
        )

    def match_options(self, match: MatchView) -> Any:
        """The engine's options for a match (see ``engine_options`` for the policy)."""
        if self.options_class is None:
            return None
        return match.derived(
            "options", lambda view: engine_options(self.options_class, view.options)
        )

    # --- hands ------------------------------------------------------------------------

    def hand_form(
        self,
        match: MatchView,
        data: Mapping[str, Any] | None = None,
        **keywords: Unpack[HandFormKeywords],
    ) -> HandForm:
        """The hand form: blank, bound to what was posted, or filled from a stored entry
        (a past hand being corrected); ``keywords`` as ``HandForm`` takes them."""
        return self.hand_form_class(match, data, deck=self.deck, **keywords)

    def score_hand(self, match: MatchView, entry: Mapping[str, Any]) -> Sequence[Breakdown]:
        """One breakdown per side, in side order; raises RuleError for an impossible hand."""
        raise NotImplementedError

    def checked_entry(self, match: MatchView, entry: Mapping[str, Any]) -> dict[str, Any]:
        """An entry sent by a program (the records API), checked as the hand form checks
        what a phone posts: the same fields, bounds and rules, and nothing the form would
        not have recorded (an unknown key, a number of another type, a side too many).
        Returns the entry as the form records it; RuleError names what it refuses."""
        try:
            blank = self.hand_form(match, entry=entry)
            form = self.hand_form(match, blank.posted_from(entry), entry=entry)
            valid = form.is_valid()
        except (KeyError, TypeError, ValueError, IndexError, AttributeError) as error:
            # An entry of no shape this game reads (a list where a mapping goes …).
            raise RuleError(entry_violation("", f"{type(error).__name__}: {error}")) from None
        if not valid:
            paths = self._field_paths(match, entry)
            raise RuleError(
                [
                    entry_violation(
                        paths.get(name, name if name != NON_FIELD_ERRORS else ""), text
                    )
                    for name, texts in form.errors.items()
                    for text in texts
                ]
            )
        recorded = form.entry()
        found = unrecorded(entry, recorded)
        if found is None:
            return recorded
        where, recorded_as = found
        suggestion = ""
        if recorded_as is MISSING:
            # A misspelt key: the one meant, when the form records one close to it there.
            suggestion = key_meant(where, recorded)
            why = gettext("this game's hand has no such field")
            if suggestion:
                why = gettext(
                    "this game's hand has no such field: did you mean %(suggestion)s?"
                ) % {"suggestion": suggestion}
        else:
            why = gettext("the hand form would record %(value)s") % {
                "value": canonical(recorded_as)
            }
        raise RuleError(entry_violation(".".join(map(str, where)), why, suggestion))

    def _field_paths(self, match: MatchView, entry: Mapping[str, Any]) -> dict[str, str]:
        """Each hand-form field that a number (or a yes/no) of ``entry`` fills, with that
        value's path in the entry (``sides.0.clean_canastras`` for ``s0-clean_canastras``):
        a program's refusal names the key it sent, not the page's field. Found by filling
        the form from the entry with each such value made a number of its own."""
        paths: dict[str, str] = {}
        marked = _marked(entry, (), paths)
        try:
            posted = self.hand_form(match, entry=marked).posted_from(marked)
        except (RuleError, ArithmeticError, LookupError, TypeError, ValueError, AttributeError):
            return {}  # the form's own field names, then
        return {name: paths[str(value)] for name, value in posted.items() if str(value) in paths}

    def state_after(
        self, match: MatchView, entry: Mapping[str, Any], scores: Sequence[Breakdown]
    ) -> dict[str, Any]:
        """The running state stored with a hand: what the next one starts from, so no
        page ever replays the hands before it. JSON-able."""
        return {}

    def winners(self, match: MatchView, *, closing: bool = False) -> list[int]:
        """Positions of the sides that have won, or [] while the match goes on.

        ``closing``: the players are ending the match now (or asking who leads).
        """
        if not closing or not match.hands_played:
            return []
        best = max(side.total for side in match.sides)
        return [side.position for side in match.sides if side.total == best]

    def target(self, match: MatchView) -> int | None:
        """The target the match is played to, as the title shows it."""
        return match.target

    def closable(self, match: MatchView) -> bool:
        """Whether the players end this match themselves (no target to reach)."""
        return match.target is None

    # --- the match page ---------------------------------------------------------------

    def hand_name(self, number: int | str) -> str:
        """One hand's name in the history and on the hand form ("Hand 3")."""
        return str(self.hand_title) % {"n": number}

    def hand_name_pattern(self) -> str:
        """A hand's name with "%s" for its number, for the phone's own scripts (the
        offline queue names a kept hand as the history does: "Game %s", "Round %s")."""
        return self.hand_name("%s")

    def hand_total_text(self, total: int) -> str:
        """A side's score for one hand as the history shows it: the number, unless the
        game says it otherwise (a patience's game is won or lost)."""
        return str(total)

    def side_notes(self, match: MatchView) -> dict[int, list[str]]:
        """Short lines shown under a side's total (e.g. its opening minimum)."""
        return {}

    def scoreboard(self, match: MatchView) -> dict[str, Any]:
        """Context for ``scoreboard_template`` besides the ledger's (``board`` in it)."""
        return {}

    # --- the rulebook page ------------------------------------------------------------

    def rulebook_context(self) -> dict[str, Any]:
        """Context for ``rulebook_template`` (``extra`` in it)."""
        return {}


MISSING = object()


def unrecorded(sent: Any, recorded: Any, where: tuple[Any, ...] = ()) -> Any:
    """The first part of ``sent`` the form's ``recorded`` entry does not hold as sent:
    its path and what the form records there (``MISSING``: nothing); None when every key
    sent is recorded, with the same value of the same JSON type. Keys the form adds (its
    fields left out, at their defaults) are the form's own reading, as on the page."""
    if isinstance(sent, Mapping) and isinstance(recorded, Mapping):
        for key, value in sent.items():
            if key not in recorded:
                return (*where, key), MISSING
            found = unrecorded(value, recorded[key], (*where, key))
            if found is not None:
                return found
        return None
    if isinstance(sent, list) and isinstance(recorded, list) and len(sent) == len(recorded):
        for index, (value, kept) in enumerate(zip(sent, recorded, strict=True)):
            found = unrecorded(value, kept, (*where, index))
            if found is not None:
                return found
        return None
    return None if canonical(sent) == canonical(recorded) else (where, recorded)


# A number no hand holds, to find which form field an entry's value fills.
_MARK = 7_770_000_000


def _marked(data: Any, where: tuple[Any, ...], paths: dict[str, str]) -> Any:
    """``data`` with each number and yes/no a number of its own, its path in ``paths``."""
    if isinstance(data, Mapping):
        return {key: _marked(value, (*where, key), paths) for key, value in data.items()}
    if isinstance(data, list):
        return [_marked(value, (*where, index), paths) for index, value in enumerate(data)]
    if isinstance(data, bool | int | float):
        mark = str(_MARK + len(paths))
        paths[mark] = ".".join(map(str, where))
        return int(mark)
    return data


def key_meant(where: Sequence[Any], recorded: Any) -> str:
    """The key of ``recorded`` closest to the last part of ``where`` (a key it does not
    hold), beside it in the same object; "" when none is close."""
    for part in where[:-1]:
        try:
            recorded = recorded[part]
        except (KeyError, IndexError, TypeError):
            return ""
    if not isinstance(recorded, Mapping):
        return ""
    close = difflib.get_close_matches(str(where[-1]), [str(key) for key in recorded], n=1)
    return close[0] if close else ""


def canonical(data: Any) -> str:
    """Data as JSON with sorted keys: ``true`` is not ``1`` nor ``3.0`` ``3``, as Python's
    ``==`` would have them."""
    return json.dumps(data, sort_keys=True, separators=(",", ":"), default=str)


def entry_violation(where: str, detail: str, suggestion: str = "") -> Violation:
    """A hand entry refused as the API refuses a body: ``entry`` (and the part of it, or
    the hand form's field) with what is wrong; ``suggestion``: the key meant, where a key
    was misspelt."""
    return Violation(
        "api.body.invalid",
        {
            "field": f"entry.{where}" if where else "entry",
            "problem": gettext("is not a hand this game can record: %(why)s") % {"why": detail},
            "detail": detail,
            **({"suggestion": suggestion} if suggestion else {}),
        },
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
