"""The engine's vocabulary for verdicts and scores.

A ``Violation`` names a rule by its stable id (``samba.meld.sequence-no-wilds``) and
carries the parameters a message needs; it never holds a translated sentence. A
``Breakdown`` is a side's score for one hand as ``ScoreLine`` s that add up to its total.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any


def _frozen(params: Mapping[str, Any] | None) -> Mapping[str, Any]:
    return MappingProxyType(dict(params or {}))


@dataclass(frozen=True)
class Violation:
    """A rule that an entry, a move or a claim breaks."""

    rule: str
    params: Mapping[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        object.__setattr__(self, "params", _frozen(self.params))

    @property
    def game(self) -> str:
        return self.rule.split(".", 1)[0]

    def as_dict(self) -> dict[str, Any]:
        return {"rule": self.rule, "params": dict(self.params)}


@dataclass(frozen=True)
class Verdict:
    """A referee's answer to a yes/no question (may she take the pile? may the pair go
    out?), with the rule that decides it and the parameters its message needs."""

    allowed: bool
    rule: str
    params: Mapping[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        object.__setattr__(self, "params", _frozen(self.params))

    def as_dict(self) -> dict[str, Any]:
        return {"allowed": self.allowed, "rule": self.rule, "params": dict(self.params)}


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
class ScoreLine:
    """One line of a breakdown: ``count`` times the thing named by ``rule``."""

    rule: str
    count: int
    points: int
    params: Mapping[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        object.__setattr__(self, "params", _frozen(self.params))

    def as_dict(self) -> dict[str, Any]:
        return {
            "rule": self.rule,
            "count": self.count,
            "points": self.points,
            "params": dict(self.params),
        }


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
