"""What the engine tests share: every rule id a test sees is checked, as it is seen,
against the engine's ``RULE_IDS``, so that an id the engine emits but never lists fails
the test that meets it."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from types import ModuleType
from typing import Any

import pytest

from referee import entries, options, tallies
from referee.rulings import Breakdown, RuleError, ScoreLine, Verdict, Violation

# Engine modules several games share: a game's rule ids are built there too (its options,
# its per-player checks), so the watch follows them as well.
SHARED = (entries, options, tallies)


class RuleWatch:
    """The helpers of one engine's tests (``seen``, ``rules_of``, ``raised``, ``lines``,
    ``answer``), each checking the rule ids it meets against ``rule_ids``."""

    def __init__(self, rule_ids: Iterable[str]) -> None:
        self.rule_ids = frozenset(rule_ids)

    def helpers(self) -> tuple[Callable[..., Any], ...]:
        """``seen, rules_of, raised, lines, answer``, as a test module names them."""
        return self.seen, self.rules_of, self.raised, self.lines, self.answer

    def seen(self, rules: Iterable[str]) -> list[str]:
        """Every rule id a test sees must be one the module lists."""
        rules = list(rules)
        unlisted = [rule for rule in rules if rule not in self.rule_ids]
        assert not unlisted, f"rule ids missing from RULE_IDS: {unlisted}"
        return rules

    def rules_of(self, verdict: Any) -> list[str]:
        """The rules a verdict (a meld's, an opening's) says are broken."""
        return self.seen([v.rule for v in verdict.violations])

    def raised(self, call: Callable[..., Any], *args: Any, **kwargs: Any) -> list[Violation]:
        """What ``call`` refuses: it must raise RuleError."""
        with pytest.raises(RuleError) as error:
            call(*args, **kwargs)
        self.seen(error.value.rules)
        return list(error.value.violations)

    def lines(self, breakdown: Breakdown) -> dict[str, int]:
        """A breakdown's points by rule."""
        self.seen(line.rule for line in breakdown.lines)
        return {line.rule: line.points for line in breakdown.lines}

    def answer(self, verdict: Verdict) -> tuple[bool, str]:
        """A yes/no verdict and the rule that decides it."""
        self.seen([verdict.rule])
        return verdict.allowed, verdict.rule


def refused(call: Callable[..., object], *args: Any, **kwargs: Any) -> list[Violation]:
    """The violations of ``call(*args, **kwargs)``, which must be refused (for the games'
    ``examples.py``, which gather real engine calls outside any test)."""
    try:
        call(*args, **kwargs)
    except RuleError as error:
        return list(error.violations)
    raise AssertionError(f"{getattr(call, '__name__', call)}{args} was not refused")


@contextmanager
def emitted_rules(monkeypatch: pytest.MonkeyPatch, engine: ModuleType) -> Iterator[set[str]]:
    """Record each rule id ``engine`` emits (as a violation or a score line) while the
    block runs, itself or through the shared engine modules; on leaving it, every one
    must be in the engine's ``RULE_IDS``."""
    seen: set[str] = set()

    def violation(rule, params=None):
        seen.add(rule)
        return Violation(rule, params or {})

    def score_line(rule, count, points, params=None):
        seen.add(rule)
        return ScoreLine(rule, count, points, params or {})

    for module in (engine, *SHARED):
        for name, stand_in in (("Violation", violation), ("ScoreLine", score_line)):
            if hasattr(module, name):
                monkeypatch.setattr(module, name, stand_in)
    yield seen
    assert seen <= set(engine.RULE_IDS), seen - set(engine.RULE_IDS)


def every_emitted_rule_listed(engine: ModuleType) -> Any:
    """An autouse fixture for an engine's test module: each rule id ``engine`` emits during
    a test must be in its ``RULE_IDS`` (see ``emitted_rules``)."""

    @pytest.fixture(autouse=True)
    def every_rule_emitted_is_listed(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
        with emitted_rules(monkeypatch, engine):
            yield

    return every_rule_emitted_is_listed
