"""The acceptance app's few hooks into the ledger, wired once by its AppConfig."""

from __future__ import annotations

from scoring.acceptance import table
from scoring.ledger import access
from scoring.ledger.models import finish_held, hand_changed


def connect() -> None:
    hand_changed.connect(table.on_hand_changed, dispatch_uid="tento-acceptance-hands")
    finish_held.connect(table.on_finish, dispatch_uid="tento-acceptance-finish")
    if table.side_capability not in access.EXTRA_CAPABILITIES:
        access.EXTRA_CAPABILITIES.append(table.side_capability)
    if table.SIDE_LISTING not in access.EXTRA_LISTINGS:
        access.EXTRA_LISTINGS.append(table.SIDE_LISTING)
