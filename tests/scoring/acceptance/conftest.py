"""A two-side Free match that asks the other side to accept each hand, and the phones at
its table: each side's own link, the table's scorer link, a watcher."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from scoring.acceptance import table
from scoring.ledger.models import Match
from tests.conftest import make_match
from tests.helpers import EN


@pytest.fixture
def accepted_match(db) -> Match:
    match = make_match(sides=(("Ana", "Caio"), ("Bia", "Davi")))
    table.require_acceptance(match)
    return match


def side_phone(match: Match, position: int) -> Client:
    """A phone that opened side ``position``'s own link."""
    side = match.sides.get(position=position)
    link = table.renew_side_link(side)
    phone = Client(**EN)
    response = phone.get(reverse("acceptance:side", args=[link.token]))
    assert response.status_code == 302
    return phone


def table_phone(match: Match) -> Client:
    phone = Client(**EN)
    assert phone.get(reverse("ledger:score", args=[match.edit_token])).status_code == 302
    return phone


def watcher(match: Match) -> Client:
    phone = Client(**EN)
    assert phone.get(reverse("ledger:watch", args=[match.share_token])).status_code == 302
    return phone
