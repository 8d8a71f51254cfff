"""Matches started without an account are rate limited per address (allauth's limits,
in the shared cache); an account is not limited."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model

from scoring.ledger.models import Match
from tests.helpers import new_match_data

pytestmark = pytest.mark.django_db


def start(client, address: str = "203.0.113.9") -> int:
    data = new_match_data(["Ana", "Bia"])
    return client.post("/matches/new/free/", data, REMOTE_ADDR=address).status_code


def test_a_phone_without_an_account_is_stopped_after_its_limit(client, settings):
    settings.ACCOUNT_RATE_LIMITS = settings.ACCOUNT_RATE_LIMITS | {"create_match": "3/h/ip"}
    assert [start(client) for _ in range(3)] == [302, 302, 302]
    data = new_match_data(["Ana", "Bia"])
    response = client.post("/matches/new/free/", data, REMOTE_ADDR="203.0.113.9")
    assert response.status_code == 429
    assert 'class="brand"' in response.content.decode()  # the app's own page
    assert Match.objects.count() == 3
    assert start(client, "198.51.100.4") == 302  # another address is not held back


def test_the_default_limit_is_set(settings):
    assert settings.ACCOUNT_RATE_LIMITS["create_match"]


def test_a_signed_in_player_is_not_limited(client, settings):
    settings.ACCOUNT_RATE_LIMITS = settings.ACCOUNT_RATE_LIMITS | {"create_match": "1/h/ip"}
    client.force_login(get_user_model().objects.create_user("alice"))
    assert [start(client) for _ in range(3)] == [302, 302, 302]


def test_a_form_with_errors_or_a_resize_costs_nothing(client, settings):
    settings.ACCOUNT_RATE_LIMITS = settings.ACCOUNT_RATE_LIMITS | {"create_match": "1/h/ip"}
    client.post("/matches/new/free/", new_match_data([""]), REMOTE_ADDR="203.0.113.9")
    assert start(client) == 302
