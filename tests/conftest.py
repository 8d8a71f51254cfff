"""Fixtures and plain ``make_*`` helpers shared by the whole suite.

The people: alice, bob and carol play; dave arrives late and only watches.
"""

from __future__ import annotations

import os
import uuid
from collections.abc import Iterator, Sequence
from importlib import import_module
from typing import Any

import pytest
from django.conf import settings
from django.core.cache import cache, caches
from django.db.models.signals import post_save
from hypothesis import settings as hypothesis_settings

from scoring.ledger.access import grant_session
from scoring.ledger.models import Match, Player, Seat, Side

# A match is changed only by a phone holding its edit token (scoring.ledger.access). The
# suite's `client` and the browser tests' phones stand for the phone that started each
# match: every match made with make_match in a test is granted to their sessions.
# tests/scoring/ledger/test_access.py makes its own clients, without that grant.
_made: list[Match] = []
SessionStore = import_module(settings.SESSION_ENGINE).SessionStore
_trusted_sessions: list[str] = []


def _grant_made() -> None:
    for key in _trusted_sessions:
        store = SessionStore(session_key=key)
        for match in _made:
            grant_session(store, match)
        store.save()


def trusted_session() -> str:
    """The key of a new session that holds the edit token of every match make_match has
    made (and will make) in this test."""
    store = SessionStore()
    store.create()
    _trusted_sessions.append(store.session_key)
    _grant_made()
    return store.session_key


# Hypothesis: no deadline anywhere (the machines are noisy and a slow example is not a
# failure); "ci" prints how to reproduce a failure. HYPOTHESIS_PROFILE picks one.
hypothesis_settings.register_profile("dev", deadline=None)
hypothesis_settings.register_profile("ci", deadline=None, print_blob=True)
hypothesis_settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "dev"))


def pytest_configure(config: pytest.Config) -> None:
    # Passwords in tests only need to match: the slow default hasher cost about a seventh
    # of the run, for nothing a test checks.
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


# Every test that touched the database leaves a ledger check_ledger would pass: each
# side's stored total is the sum of its live hands. The whole suite's data is checked
# this way on both databases, whatever path wrote it (a test that breaks the balance on
# purpose is marked ``unbalanced_ledger``).
DATABASE_FIXTURES = {"db", "transactional_db", "django_db_reset_sequences", "live_server"}


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item: pytest.Item) -> Iterator[None]:
    result = yield
    uses_database = DATABASE_FIXTURES & set(getattr(item, "fixturenames", ())) or (
        item.get_closest_marker("django_db")
    )
    if uses_database and not item.get_closest_marker("unbalanced_ledger"):
        from scoring.ledger.balance import summed_sides, unbalanced

        wrong = list(unbalanced(summed_sides()))
        assert not wrong, f"totals that are not the sum of their hands: {wrong}"
    return result


def make_match(
    game: str = "free",
    sides: Sequence[Sequence[str]] = (("alice",), ("bob",), ("carol",)),
    *,
    target: int | None = None,
    options: dict[str, Any] | None = None,
    names: Sequence[str] | None = None,
) -> Match:
    match = Match.objects.create(game=game, target=target, options=options or {})
    for position, players in enumerate(sides):
        name = names[position] if names else " & ".join(players)
        side = Side.objects.create(match=match, position=position, name=name)
        for order, player in enumerate(players):
            Seat.objects.create(side=side, player=Player.named(player), order=order)
    _made.append(match)
    _grant_made()
    return match


def record(match: Match, entry: dict[str, Any], **kwargs: Any):
    kwargs.setdefault("request_id", uuid.uuid4())
    return match.record_hand(entry, **kwargs).hand


def totals(match: Match) -> list[int]:
    return list(match.sides.order_by("position").values_list("total", flat=True))


@pytest.fixture(autouse=True)
def _fresh_cache() -> None:
    """Rolled-back tests reuse primary keys; a cached fragment must not outlive its test
    (nor one drawn once per process, under settings a test changed)."""
    cache.clear()
    caches["release"].clear()


def _granted_when_made(sender, instance: Match, created: bool, **kwargs: Any) -> None:
    # A match started from a page (a browser test's phone) is granted too.
    if created and instance not in _made:
        _made.append(instance)
        _grant_made()


@pytest.fixture(autouse=True)
def _forget_grants() -> Iterator[None]:
    _made.clear()
    _trusted_sessions.clear()
    post_save.connect(_granted_when_made, sender=Match, dispatch_uid="tests-grant")
    yield
    post_save.disconnect(sender=Match, dispatch_uid="tests-grant")


@pytest.fixture
def client(client, db):
    """pytest-django's client, on the phone that started the test's matches."""
    client.cookies[settings.SESSION_COOKIE_NAME] = trusted_session()
    return client


@pytest.fixture
def free_match(db) -> Match:
    return make_match()
