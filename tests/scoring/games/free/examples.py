"""Free scoring has no engine: nothing it records can be refused, so no rule of its has a
message for the shared rulebook contract to format."""

from __future__ import annotations

from referee.rulings import Violation


def engine_violations() -> list[Violation]:
    return []
