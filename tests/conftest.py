"""Fixtures and plain ``make_*`` helpers shared by the whole suite.

The people: alice, bob and carol play; dave arrives late and only watches.

Who acts is said by each test. pytest-django's ``client`` is a phone with no capability
at all; ``scorer(match)`` is that phone holding the match's scorer link (as the phone
that started it does), ``watcher(match)`` another phone holding only its watch link,
``member(club)`` a phone signed in as a club member, ``owner(match)`` one signed in as
the match's owner. A match made with ``make_match`` belongs to nobody until a test hands
it to one of them; a match started from a page belongs to the phone that started it.
"""

from __future__ import annotations

import os
import uuid
from collections.abc import Callable, Iterable, Iterator, Sequence
from importlib import import_module
from typing import Any

import pytest
from django.conf import settings
from django.core.cache import cache, caches
from django.test import Client
from hypothesis import settings as hypothesis_settings

from scoring.ledger.access import grant_session
from scoring.ledger.models import Match, Player, Seat, Side

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


def holding(phone: Client, matches: Iterable[Match], *, change: bool = True) -> Client:
    """``phone`` keeps each match's scorer link (``change``) or watch link in its session,
    as a phone that opened the link does (``scoring.ledger.access.grant_session``)."""
    session = phone.session
    for match in matches:
        grant_session(session, match, change=change)
    session.save()
    return phone


def scorer_session(*matches: Match) -> str:
    """The key of a new session holding the scorer link of each match given: a phone
    that is no test client (a stream read over HTTP from a real server)."""
    store = import_module(settings.SESSION_ENGINE).SessionStore()
    for match in matches:
        grant_session(store, match)
    store.save()
    return store.session_key


@pytest.fixture
def scorer(client) -> Callable[..., Client]:
    """``scorer(match, …)``: the test's phone (pytest-django's ``client``), holding the
    scorer link of each match given, as the phone that started them does. It may score."""

    def scoring(*matches: Match) -> Client:
        return holding(client, matches)

    return scoring


@pytest.fixture
def watcher(db) -> Callable[..., Client]:
    """``watcher(match, …)``: another phone, holding only the watch link (the share
    token) of each match given. It sees them and changes nothing."""

    def watching(*matches: Match) -> Client:
        return holding(Client(), matches, change=False)

    return watching


@pytest.fixture
def member(db) -> Callable[..., Client]:
    """``member(club, role=…)``: a phone signed in as a new account that is a member of
    ``club`` (or its scorer or admin, with ``role``)."""
    from django.contrib.auth import get_user_model

    from scoring.clubs.models import Membership, Role

    made = iter(range(1, 1_000))

    def signed_in(club: Any, role: str = Role.MEMBER) -> Client:
        name = f"{role}-{next(made)}"
        user = get_user_model().objects.create(username=name, email=f"{name}@example.com")
        Membership.objects.create(club=club, user=user, role=role)
        phone = Client()
        phone.force_login(user)
        return phone

    return signed_in


@pytest.fixture
def owner(db) -> Callable[..., Client]:
    """``owner(match)``: a phone signed in as the account that owns ``match`` (one is made
    and given the match when it has no owner yet)."""
    from django.contrib.auth import get_user_model

    def signed_in(match: Match) -> Client:
        if match.owner_id is None:
            name = f"owner-{match.pk}"
            match.owner = get_user_model().objects.create(username=name, email=f"{name}@x.org")
            match.save(update_fields=["owner"])
        phone = Client()
        phone.force_login(match.owner)
        return phone

    return signed_in


@pytest.fixture
def free_match(db) -> Match:
    return make_match()
