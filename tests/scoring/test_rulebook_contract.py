"""The rulebook contract, one for every game in ``GAMES``.

A game's engine names rules (``RULE_IDS``) and its app gives them words (``Game.rules``).
Whatever the game, the same promises hold: every rule the engine can cite has a title and
a rulebook text, the texts are the game's own and sorted into sections, rulings and house
rules are marked as such, every message reads with the params the engine really sends
(the game's ``tests/scoring/games/<game>/examples.py``: ``engine_violations()``, real
engine calls), in every language the site offers, and every word of it is translated.
"""

from __future__ import annotations

import gettext
import importlib
import re
from collections.abc import Iterable
from functools import cache
from pathlib import Path
from types import ModuleType

import pytest
from django.conf import settings
from django.utils import translation
from django.utils.functional import Promise
from django.utils.translation import to_locale

from referee.rulings import Violation
from scoring.kit.registry import GAMES, Game, get_game
from scoring.kit.rulebook import (
    ACCEPTED,
    CORE_RULES,
    OPTION,
    RULE,
    RULING,
    RuleText,
    describe,
    rule_text,
)

LANGUAGES = [code for code, _name in settings.LANGUAGES]
TRANSLATED = [code for code in LANGUAGES if code != "en"]
CORE_IDS = frozenset(rule.id for rule in CORE_RULES)
WITH_ENGINE = [slug for slug in GAMES if get_game(slug).engine is not None]
EXAMPLES = Path(__file__).parent / "games"


def english(text: Promise | str) -> str:
    with translation.override("en"):
        return str(text)


def examples(game: Game) -> ModuleType:
    """The game's real engine calls; a game without them yet is skipped, by name."""
    if not (EXAMPLES / game.slug / "examples.py").exists():
        pytest.skip(
            f"{game.slug} has no tests/scoring/games/{game.slug}/examples.py yet, so its "
            "messages are not checked against what its engine really sends"
        )
    return importlib.import_module(f"tests.scoring.games.{game.slug}.examples")


@cache
def catalogue(language: str) -> dict[str, str]:
    """Our own compiled catalogue for a language (msgid → translation), read from the
    ``.mo`` file: Django's catalogues, merged in at run time, must not stand in for ours."""
    for folder in settings.LOCALE_PATHS:
        path = Path(folder) / to_locale(language) / "LC_MESSAGES" / "django.mo"
        if path.exists():
            with path.open("rb") as mo:
                return dict(gettext.GNUTranslations(mo)._catalog)
    return {}


def untranslated(language: str, texts: Iterable[Promise | str | None]) -> list[str]:
    found = catalogue(language)
    return sorted({english(text) for text in texts if text} - {k for k, v in found.items() if v})


def parts(rules: Iterable[RuleText]) -> list[Promise | str | None]:
    """Every plain text of the rules; a message whose words follow a number (an
    ``ngettext_lazy``, which reads as "" until it is given its number) is checked by
    ``test_every_plural_message_is_translated``."""
    found = [
        part for rule in rules for part in (rule.title, rule.message, rule.text, rule.section)
    ]
    return [part for part in found if not is_plural(part)]


def is_plural(text: Promise | str | None) -> bool:
    return bool(text) and english(text) == ""


@pytest.fixture(params=list(GAMES))
def game(request: pytest.FixtureRequest) -> Game:
    return get_game(request.param)


@pytest.fixture(params=WITH_ENGINE)
def played(request: pytest.FixtureRequest) -> Game:
    """A game with an engine."""
    return get_game(request.param)


def test_every_engine_rule_has_a_title_and_a_rulebook_text(played: Game):
    own = {rule.id: rule for rule in played.rules}
    core = {rule.id: rule for rule in CORE_RULES}
    missing = [rule for rule in played.engine.RULE_IDS if rule not in own | core]
    assert missing == [], f"scoring/games/{played.slug}/rules.py has no RuleText for these"
    untitled = [rule for rule in played.engine.RULE_IDS if not english((own | core)[rule].title)]
    assert untitled == []
    unstated = [rule for rule in played.engine.RULE_IDS if rule in own and not own[rule].text]
    assert unstated == [], f"scoring/games/{played.slug}/rules.py: the rulebook states nothing"


def test_the_rules_are_the_games_own_and_listed_once(game: Game):
    ids = [rule.id for rule in game.rules]
    assert [i for i in ids if not i.startswith(f"{game.slug}.")] == []
    assert sorted({i for i in ids if ids.count(i) > 1}) == []
    assert set(ids) & CORE_IDS == set()


def test_every_rule_sits_in_a_section_and_sections_do_not_scatter(game: Game):
    assert [rule.id for rule in game.rules if not rule.section] == []
    order: list[str] = []
    for rule in game.rules:
        section = english(rule.section)
        if order and order[-1] == section:
            continue
        assert section not in order, f"section {section!r} comes back at {rule.id}"
        order.append(section)


def test_rulings_and_options_are_marked_as_such(game: Game):
    assert {rule.kind for rule in game.rules} <= {RULE, RULING, OPTION}
    assert [r.id for r in game.rules if ".ruling." in r.id and r.kind != RULING] == []
    assert [r.id for r in game.rules if ".option." in r.id and r.kind != OPTION] == []


def test_the_examples_reach_every_rule_that_has_a_message(game: Game):
    reached = {violation.rule for violation in examples(game).engine_violations()}
    with_message = {rule.id for rule in game.rules if rule.message}
    assert sorted(with_message - reached) == []
    mute = [rule for rule in reached if not (text := rule_text(rule)) or not text.message]
    assert mute == [], "a violation the engine sends has no message to show"


@pytest.mark.parametrize("language", TRANSLATED)
def test_every_plural_message_is_translated(game: Game, language: str):
    """A message whose words follow a number, as the engine sends it, reads in the
    reader's language (and the rule has one: the examples reach it)."""
    plural = {rule.id for rule in [*game.rules, *CORE_RULES] if is_plural(rule.message)}
    for violation in examples(game).engine_violations():
        if violation.rule not in plural:
            continue
        with translation.override("en"):
            said_in_english = describe(violation)
        with translation.override(language):
            assert describe(violation) != said_in_english, (language, violation.rule)


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_message_formats_with_the_params_the_engine_sends(game: Game, language: str):
    violations = examples(game).engine_violations()
    with translation.override(language):
        for violation in violations:
            text = rule_text(violation.rule)
            assert text is not None and text.message is not None, violation.rule
            # describe() falls back to the bare title when the params do not fill the message.
            said = describe(violation)
            assert said != str(text.title), (violation.rule, dict(violation.params))
            assert "%(" not in said, said
            names = set(re.findall(r"%\((\w+)\)", str(text.message)))
            assert names <= set(re.findall(r"%\((\w+)\)", english(text.message))), said


@pytest.mark.parametrize("language", TRANSLATED)
def test_every_word_of_the_rulebook_is_translated(game: Game, language: str):
    assert untranslated(language, parts(game.rules)) == []


@pytest.mark.parametrize("language", TRANSLATED)
def test_every_word_of_the_core_rules_is_translated(language: str):
    assert untranslated(language, [*parts(CORE_RULES), *ACCEPTED.values()]) == []


@pytest.mark.parametrize(("language", "notation"), [("pt-br", "pt"), ("pl", "pl")])
def test_every_card_example_is_written_in_the_readers_letters(language, notation):
    """A hint such as "For example: KH KS KD JK" is typed back by the reader: in their
    language it must read as the same cards in their letters (R♥ is KH in Portuguese)."""
    from referee.cards import CardError, parse_cards

    checked = 0
    for msgid, translated in catalogue(language).items():
        if not (isinstance(msgid, str) and msgid.startswith("For example: ")):
            continue
        try:
            cards = parse_cards(msgid.removeprefix("For example: "))
        except CardError:
            continue  # not cards (a search's example words)
        tokens = translated.split(":", 1)[1]
        assert parse_cards(tokens, notation) == cards, (msgid, translated)
        checked += 1
    assert checked >= 4


def test_a_ruling_says_so_in_its_title(game: Game):
    """The badge and the words agree: a ruling's title reads "Ruling: …"."""
    titles = {rule.id: english(rule.title) for rule in game.rules if rule.kind == RULING}
    assert [rule for rule, title in titles.items() if not title.startswith("Ruling: ")] == []


# Rulings the games' pages (../shared/games/*.md) make where the sources are silent.
PAGE_RULINGS = [
    ("truco", "truco.ruling.deal-rotation"),  # the deal passes to the right
    ("truco", "truco.ruling.raise-again"),  # the team that accepted raises again later
    ("truco", "truco.ruling.all-covered"),  # a trick of face-down cards only
    ("pifpaf", "pifpaf.ruling.session-winner"),
    ("canastra", "canastra.ruling.no-wrap"),
    ("canastra", "canastra.ruling.going-out-without-morto"),  # the morto became the stock
    ("paciencia", "paciencia.ruling.passes"),  # six passes
    ("paciencia", "paciencia.ruling.later-deals"),  # eleven packets, a new dog's heap
    ("pinkerton", "pinkerton.ruling.free-pass"),  # it replaces the add only
    ("pinkerton", "pinkerton.ruling.dealer"),  # the dealer may play or not
    ("pinkerton", "pinkerton.ruling.zero"),  # rule 2 from phase II on
]


@pytest.mark.django_db
@pytest.mark.parametrize(("slug", "rule"), PAGE_RULINGS)
def test_the_pages_rulings_are_marked_as_rulings_on_the_rulebook(client, slug, rule):
    html = client.get(f"/rules/{slug}/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    article = re.search(
        rf'<article class="rule-text kind-(\w+)" id="{re.escape(rule)}">(.*?)</article>',
        html,
        re.DOTALL,
    )
    assert article is not None, rule
    assert article.group(1) == RULING
    assert 'class="kind-badge">Ruling</span>' in article.group(2)
    assert "<h3>Ruling: " in article.group(2)


# Counted messages read with the number they carry, in every language ("1 canastras
# escondidas" was a Samba refusal): ngettext keyed by the count, or the count set apart.
@pytest.mark.parametrize(
    ("rule", "params", "language", "says"),
    [
        (
            "samba.concealed.more-than-combinations",
            {"concealed": 1, "canastras": 0},
            "pt-br",
            "Foi anotada 1 canastra escondida,",
        ),
        (
            "samba.concealed.more-than-combinations",
            {"concealed": 1, "canastras": 0},
            "en",
            "1 concealed canastra was entered,",
        ),
        (
            "samba.concealed.more-than-combinations",
            {"concealed": 3, "canastras": 2},
            "pl",
            "Wpisano 3 ukryte canastry,",
        ),
        (
            "samba.hand.too-many-wilds",
            {"wild_canastras": 1, "dirty_canastras": 0, "wilds": 7, "limit": 6},
            "en",
            "Canastras de curingas (1) and dirty canastras (0) need",
        ),
        (
            "canastra.hand.meld-points-too-low",
            {"clean_canastras": 1, "dirty_canastras": 0, "minimum": 35, "meld_points": 20},
            "pt-br",
            "Canastras limpas (1) e canastras sujas (0)",
        ),
        ("paciencia.outcome.lost", {"cards_left": 2, "deal": 3}, "pl", "zostały 2 karty."),
        ("paciencia.outcome.lost", {"cards_left": 1, "deal": 3}, "pt-br", "ficou 1 carta fora"),
        ("pifpaf.group.trinca", {"cards": 3, "suits": 1}, "en", "not 3 cards in 1 suit."),
        (
            "pifpaf.settle.not-conserved",
            {"total": 1, "expected": 300},
            "pt-br",
            "Os saldos somam 1 ficha,",
        ),
        ("truco.trick.player-count", {"expected": 6, "count": 4}, "pl", "Lewa ma 6 kart,"),
        (
            "truco.raise.beyond-win",
            {"team": "A", "call": 6, "score": 1, "stake": 3, "target": 4},
            "en",
            "its 1 tento and",
        ),
        ("truco.deal.cut-count", {"cuts": 4}, "pl", "4 przełożenia:"),
    ],
)
def test_a_counted_message_takes_the_plural_of_its_number(rule, params, language, says):
    with translation.override(language):
        assert says in describe(Violation(rule, params))


@pytest.mark.parametrize(
    ("rule", "params", "says"),
    [
        ("samba.hand.too-many-sambas", {"sambas": 22, "limit": 12}, "Wpisano 22 samby,"),
        ("samba.hand.too-many-sambas", {"sambas": 25, "limit": 12}, "Wpisano 25 samb,"),
        (
            "canastra.hand.too-many-canastras",
            {"canastras": 23, "limit": 15},
            "Wpisano 23 canastry,",
        ),
    ],
)
def test_a_count_beyond_the_decks_takes_the_polish_plural_of_its_number(rule, params, says):
    with translation.override("pl"):
        assert says in describe(Violation(rule, params))
