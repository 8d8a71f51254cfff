"""House rules, the same way in every engine: a frozen dataclass whose fields are the
rules a match may choose, with the page's defaults.

``HouseRules`` gives such a dataclass what every engine's options need: plain data in
(``from_dict``, refusing a name it does not know) and out (``as_dict``), and one way of
refusing a value: the game's own rule (``<game>.options.invalid``) with the option's name
and the value, every bad one at once. Plain Python, like the rest of ``referee``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import fields
from typing import Any, ClassVar, Self

from referee.rulings import RuleError, Violation


class HouseRules:
    """A mixin for a frozen dataclass of house rules. Set ``INVALID``; check the values
    in ``__post_init__`` with ``refuse_unless``. Override ``read`` for an option whose
    plain data is not its value, and ``shown`` for a value a message cannot print."""

    # The rule a bad house rule breaks, written out so that the engine's source names
    # every rule id it emits: ``<game>.options.invalid``.
    INVALID: ClassVar[str]

    @classmethod
    def shown(cls, value: Any) -> Any:
        """A refused value as the violation carries it (for its message)."""
        return value

    @classmethod
    def invalid(cls, name: str, value: Any) -> Violation:
        """The violation of a house rule with an unknown name or a value it cannot take."""
        return Violation(cls.INVALID, {"option": name, "value": cls.shown(value)})

    def refuse_unless(self, **ok: bool) -> None:
        """RuleError naming every option whose check (``name=check``) failed."""
        found = [self.invalid(name, getattr(self, name)) for name, good in ok.items() if not good]
        if found:
            raise RuleError(found)

    @classmethod
    def read(cls, name: str, value: Any) -> Any:
        """An option's value from plain data (a card from its token, say); raise
        RuleError for one that cannot be read, which is refused like a bad value."""
        return value

    @classmethod
    def from_dict(cls, data: Mapping[str, Any] | None) -> Self:
        """The options from plain data (None: the defaults); RuleError naming every name
        that is no house rule, every value that cannot be read and every value
        ``__post_init__`` refuses, at once."""
        known = {f.name for f in fields(cls)}  # type: ignore[arg-type]

        def field_name(name: Any) -> Any:
            # A name as the rulebook writes it (hyphens, as in its rule ids:
            # ``accepted-truco-trick-decides``) or as the field is named (underscores).
            spelled = name.replace("-", "_") if isinstance(name, str) else name
            return spelled if spelled in known else name

        data = {field_name(name): value for name, value in (data or {}).items()}
        found = [cls.invalid(name, value) for name, value in data.items() if name not in known]
        values: dict[str, Any] = {}
        for name, value in data.items():
            if name in known:
                try:
                    values[name] = cls.read(name, value)
                except RuleError:
                    found.append(cls.invalid(name, value))
        try:
            rules = cls(**values)
        except RuleError as error:
            raise RuleError([*found, *error.violations]) from None
        if found:
            raise RuleError(found)
        return rules

    def as_dict(self) -> dict[str, Any]:
        return {f.name: getattr(self, f.name) for f in fields(self)}  # type: ignore[arg-type]
