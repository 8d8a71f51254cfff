"""No answer hands anyone a link worth more than what they already have.

The permission matrix walked through every export and every API answer (and the pages
that show a match): each actor reads everything they can, and every scorer or read-only
link token found in what they read must grant no more than they may already do with that
match. The actors: alice owns a club match (as one of its scorers) and a match of her
own; bob is the club's admin, sam its scorer, mia a member; nina is in another club;
one phone opened the club match's watch link, another its scorer link; a stranger has
nothing. An old match, made before accounts, is public (read only) to anyone.
"""

from __future__ import annotations

import re

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from scoring.clubs.models import Club, Membership, Role
from scoring.ledger.models import Match
from scoring.records.models import ApiToken
from tests.conftest import make_match, record

NOTHING, VIEW, CHANGE = 0, 1, 2

# What each actor may do with each match: the matrix the answers are held to.
MAY = {
    "owner": {"club": CHANGE, "own": CHANGE, "public": VIEW},
    "club-admin": {"club": CHANGE, "own": NOTHING, "public": VIEW},
    "club-scorer": {"club": CHANGE, "own": NOTHING, "public": VIEW},
    "club-member": {"club": VIEW, "own": NOTHING, "public": VIEW},
    "other-club": {"club": NOTHING, "own": NOTHING, "public": VIEW},
    "watch-link": {"club": VIEW, "own": NOTHING, "public": VIEW},
    "scorer-link": {"club": CHANGE, "own": NOTHING, "public": VIEW},
    "stranger": {"club": NOTHING, "own": NOTHING, "public": VIEW},
}
ACCOUNTS = {
    "owner": "alice",
    "club-admin": "bob",
    "club-scorer": "sam",
    "club-member": "mia",
    "other-club": "nina",
}


@pytest.fixture
def matches(db) -> dict[str, Match]:
    users = {name: get_user_model().objects.create(username=name) for name in ACCOUNTS.values()}
    club = Club.objects.create(name="Thursday table", created_by=users["alice"])
    other = Club.objects.create(name="Other table")
    for name, role, where in [
        ("alice", Role.SCORER, club),
        ("bob", Role.ADMIN, club),
        ("sam", Role.SCORER, club),
        ("mia", Role.MEMBER, club),
        ("nina", Role.ADMIN, other),
    ]:
        Membership.objects.create(club=where, user=users[name], role=role)
    found = {}
    for kind, owner, of_club, private in [
        ("club", "alice", club, True),
        ("own", "alice", None, True),
        ("public", None, None, False),
    ]:
        match = make_match("free", (("alice",), ("bob",)))
        record(match, {"points": [3, 2]})
        if kind != "club":
            match.finish()
        Match.objects.filter(pk=match.pk).update(
            owner=users.get(owner), club=of_club, private=private
        )
        found[kind] = Match.objects.get(pk=match.pk)
    return found


def phone_of(actor: str, matches: dict[str, Match]) -> Client:
    phone = Client()
    if actor in ACCOUNTS:
        phone.force_login(get_user_model().objects.get(username=ACCOUNTS[actor]))
    elif actor == "watch-link":
        assert phone.get(f"/watch/{matches['club'].share_token}/").status_code == 302
    elif actor == "scorer-link":
        assert phone.get(f"/score/{matches['club'].edit_token}/").status_code == 302
    return phone


def everything_read_by(actor: str, matches: dict[str, Match]) -> str:
    """Every answer the actor gets: the exports, the records pages, the match pages
    and, with an account, the records API (by token, as a script calls it)."""
    phone = phone_of(actor, matches)
    answers = []

    def read(response) -> None:
        if response.status_code != 200:
            return
        if response.streaming:
            answers.append(b"".join(response.streaming_content).decode())
        else:
            answers.append(response.content.decode())

    for url in [
        "/",
        "/records/",
        "/records/matches/",
        "/records/export.json",
        "/records/export.csv",
        "/records/export.csv?season=2026",
    ]:
        read(phone.get(url))
    for match in matches.values():
        code = match.code
        for url in [
            f"/matches/{code}/",
            f"/matches/{code}/live/",
            f"/matches/{code}/history/",
            f"/matches/{code}/hand-form/",
            f"/matches/{code}/hands/1/edit/",
            f"/records/matches/{code}/",
            f"/records/matches/{code}/chart/",
            f"/records/matches/{code}/summary.txt",
            f"/records/matches/{code}/hands.csv",
        ]:
            read(phone.get(url))
    if actor in ACCOUNTS:
        user = get_user_model().objects.get(username=ACCOUNTS[actor])
        auth = {"HTTP_AUTHORIZATION": f"Bearer {ApiToken.issue(user)[1]}"}
        api = Client()
        for path in ["/matches", "/standings", *(f"/matches/{m.code}" for m in matches.values())]:
            read(api.get(f"/api/v1/records{path}", **auth))
    return "\n".join(answers)


def tokens_in(text: str) -> set[str]:
    return set(re.findall(r"[A-Za-z0-9_-]{32}", text))


@pytest.mark.parametrize("actor", list(MAY))
def test_no_answer_hands_an_actor_a_token_worth_more_than_they_have(matches, actor):
    read = everything_read_by(actor, matches)
    assert read  # they read something: at least the public match and their home page
    found = tokens_in(read)
    for kind, match in matches.items():
        may = MAY[actor][kind]
        if match.edit_token in found:
            assert may >= CHANGE, f"{actor} read the scorer link of the {kind} match"
        if match.share_token in found:
            assert may >= VIEW, f"{actor} read the watch link of the {kind} match"


@pytest.mark.parametrize("actor", list(MAY))
def test_the_matrix_is_what_the_actors_really_may_do(matches, actor):
    # The matrix above is the rule the answers are held to: check it against the pages.
    phone = phone_of(actor, matches)
    for kind, match in matches.items():
        may = MAY[actor][kind]
        seen = phone.get(match.get_absolute_url()).status_code == 200
        form = phone.get(f"/matches/{match.code}/hand-form/")
        assert seen == (may >= VIEW)
        assert (seen and "data-record" in form.text) == (may >= CHANGE and kind == "club")
