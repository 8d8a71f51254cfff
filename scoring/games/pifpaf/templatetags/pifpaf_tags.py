"""The match page's view of a session: balances, the next dealer and the settlement."""

from __future__ import annotations

from typing import Any

from django import template

from scoring.ledger.cards import picker_ranks, picker_suits
from scoring.ledger.rulebook import violation_dicts

register = template.Library()


@register.simple_tag
def pifpaf_session(match: Any, sides: list[Any]) -> dict[str, Any]:
    """Each side with its balance and whether it deals next; the payments if the session
    ended now (or the rules that stop a settlement)."""
    summary = match.rules.summary(match.view())
    rows = [
        {"side": side, "balance": balance, "deals": side.position == summary.dealer}
        for side, balance in zip(sides, summary.balances, strict=True)
    ]
    return {
        "rows": rows,
        "summary": summary,
        "violations": violation_dicts(summary.violations),
    }


@register.simple_tag
def pifpaf_keys() -> dict[str, Any]:
    """The card keypad: ranks in the reader's letters (R, D, V in Portuguese), suits."""
    return {"ranks": picker_ranks(), "suits": picker_suits()}
