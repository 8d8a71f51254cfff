"""The engine's vocabulary for verdicts and scores.

A ``Violation`` names a rule by its stable id (``samba.meld.sequence-no-wilds``) and
carries the parameters a message needs; it never holds a translated sentence. A
``Breakdown`` is a side's score for one hand as ``ScoreLine`` s that add up to its total.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, fields
from types import MappingProxyType
from typing import Any


def _frozen(params: Mapping[str, Any] | None) -> Mapping[str, Any]:
    return MappingProxyType(dict(params or {}))


class _WithParams:
    """For the frozen dataclasses below that name a rule with its ``params``: the params
    cannot change once made, and ``as_dict`` gives every field as plain data."""

    params: Mapping[str, Any]

    def __post_init__(self) -> None:
        object.__setattr__(self, "params", _frozen(self.params))

    def as_dict(self) -> dict[str, Any]:
        plain = {f.name: getattr(self, f.name) for f in fields(self)}  # type: ignore[arg-type]
        return plain | {"params": dict(self.params)}


@dataclass(frozen=True)
class Violation(_WithParams):
    """A rule that an entry, a move or a claim breaks."""

    rule: str
    params: Mapping[str, Any] = field(default_factory=dict)

    @property
    def game(self) -> str:
        return self.rule.split(".", 1)[0]


@dataclass(frozen=True)
class Verdict(_WithParams):
    """A referee's answer to a yes/no question (may she take the pile? may the pair go
    out?), with the rule that decides it and the parameters its message needs."""

    allowed: bool
    rule: str
    params: Mapping[str, Any] = field(default_factory=dict)


class Checked:
    """For a frozen dataclass that answers a check, with every rule broken in its
    ``violations`` (none when it passes): ``as_dict`` gives every field as plain data,
    each violation as its dict."""

    violations: tuple[Violation, ...]

    def as_dict(self) -> dict[str, Any]:
        plain = {f.name: getattr(self, f.name) for f in fields(self)}  # type: ignore[arg-type]
        return plain | {"violations": [violation.as_dict() for violation in self.violations]}


class RuleError(Exception):
    """Raised when something cannot be accepted; carries every violation found."""

    def __init__(self, violations: Violation | Iterable[Violation]) -> None:
        if isinstance(violations, Violation):
            violations = [violations]
        self.violations: tuple[Violation, ...] = tuple(violations)
        if not self.violations:
            raise ValueError("a RuleError needs at least one violation")
        super().__init__(", ".join(v.rule for v in self.violations))

    @property
    def rules(self) -> list[str]:
        return [v.rule for v in self.violations]


@dataclass(frozen=True)
class ScoreLine(_WithParams):
    """One line of a breakdown: ``count`` times the thing named by ``rule``."""

    rule: str
    count: int
    points: int
    params: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Breakdown:
    """A side's score for one hand; the total is by construction the sum of its lines."""

    lines: tuple[ScoreLine, ...] = ()

    @classmethod
    def of(cls, lines: Iterable[ScoreLine]) -> Breakdown:
        return cls(tuple(lines))

    @property
    def total(self) -> int:
        return sum(line.points for line in self.lines)

    def points_for(self, rule: str) -> int:
        return sum(line.points for line in self.lines if line.rule == rule)

    def as_dict(self) -> dict[str, Any]:
        return {"total": self.total, "lines": [line.as_dict() for line in self.lines]}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Breakdown:
        return cls.of(
            ScoreLine(
                rule=line["rule"],
                count=line["count"],
                points=line["points"],
                params=line.get("params") or {},
            )
            for line in data["lines"]
        )


@dataclass(frozen=True)
class Standing:
    """Where a match played to a target stands on its running totals. ``winner``: the
    index of the side that has won, or None. ``tied``: the sides level at the top past
    the target, who play another hand (empty unless that is why nobody has won yet)."""

    winner: int | None
    tied: tuple[int, ...] = ()

    @classmethod
    def of(cls, totals: Sequence[int], past_target: Callable[[int], bool]) -> Standing:
        """The highest of the totals past the target wins (what "past" means is the
        game's: reached, or passed); if they are level at the top, nobody has won yet."""
        past = [total for total in totals if past_target(total)]
        if not past:
            return cls(None)
        best = max(past)
        leaders = tuple(index for index, total in enumerate(totals) if total == best)
        return cls(None, leaders) if len(leaders) > 1 else cls(leaders[0])
