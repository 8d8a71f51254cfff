"""The data migration that gives hands stored before states were kept their state, once
(the ledger no longer repairs them as it reads)."""

from __future__ import annotations

import importlib

import pytest
from django.apps import apps

from scoring.ledger.models import Hand
from tests.conftest import make_match, record

derive = importlib.import_module("scoring.ledger.migrations.0004_derive_hand_states")


@pytest.mark.django_db
def test_hands_stored_without_their_state_get_the_one_they_would_have_had():
    match = make_match("truco", (("Ana",), ("Bia",)))
    for team in ("A", "B", "A"):
        record(match, {"events": [{"type": "win", "team": team}]})
    kept = dict(Hand.objects.filter(match=match).values_list("number", "state"))
    assert any(kept.values())  # Truco's running state is not empty
    Hand.objects.filter(match=match).update(state=None)
    derive.derive_states(apps, None)
    assert dict(Hand.objects.filter(match=match).values_list("number", "state")) == kept
