"""Who may see and change a match: the permission matrix over every view (and API
endpoint) that shows or changes one.

The people: alice owns the match, started for her club as one of its scorers; bob is
the club's admin, sam its scorer, mia a member; nina is in another club; an anonymous
phone has nothing; one phone opened the scorer link, another the share link. Anyone who
may not see a match gets 404, as for an address that does not exist; anyone who may see
but not change it gets 404 on changes.
"""

from __future__ import annotations

import re
import uuid
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from scoring.clubs.models import Club, Membership, Role
from scoring.ledger.models import Match, Player
from tests.conftest import make_match, record
from tests.helpers import new_match_data

ROLES = [
    "owner",
    "club-admin",
    "club-scorer",
    "club-member",
    "non-member",
    "anonymous",
    "scorer-link",
    "share-link",
]
SEES = {"owner", "club-admin", "club-scorer", "club-member", "scorer-link", "share-link"}
CHANGES = {"owner", "club-admin", "club-scorer", "scorer-link"}


def _user(name: str):
    # No password: these phones log in with force_login, and hashing one is slow.
    return get_user_model().objects.create(username=name, email=f"{name}@example.com")


@pytest.fixture
def club_match(db) -> Match:
    """Alice's private match, started for her club, with one hand recorded."""
    alice = _user("alice")
    club = Club.objects.create(name="Thursday table", created_by=alice)
    others = Club.objects.create(name="Other table")
    Membership.objects.create(club=club, user=alice, role=Role.SCORER)
    for name, role, where in [
        ("bob", Role.ADMIN, club),
        ("sam", Role.SCORER, club),
        ("mia", Role.MEMBER, club),
        ("nina", Role.ADMIN, others),
    ]:
        Membership.objects.create(club=where, user=_user(name), role=role)
    match = make_match()
    match.owner = alice
    match.club = club
    match.save()
    record(match, {"points": [3, 2, 1]})
    # The same people's Samba match: the views only a game with melds and a referee has.
    match.samba = make_match("samba", (("ana", "caio"), ("bia", "duda")))
    Match.objects.filter(pk=match.samba.pk).update(owner=alice, club=club)
    match.samba.refresh_from_db()
    return match


def phone_of(role: str, match: Match) -> Client:
    """A fresh phone (its own session) for one role."""
    phone = Client()
    users = {
        "owner": "alice",
        "club-admin": "bob",
        "club-scorer": "sam",
        "club-member": "mia",
        "non-member": "nina",
    }
    if role in users:
        phone.force_login(get_user_model().objects.get(username=users[role]))
    elif role == "scorer-link":
        for each in (match, match.samba):
            assert phone.get(f"/score/{each.edit_token}/").status_code == 302
    elif role == "share-link":
        for each in (match, match.samba):
            assert phone.get(f"/watch/{each.share_token}/").status_code == 302
    return phone


def start_a_match(phone: Client, **fields: str) -> tuple[Any, Match]:
    """Ana against Bia, started as a free match from ``phone``'s new-match page (for the
    club whose code is ``club``, if given): the response, and the one match it made."""
    before = list(Match.objects.values_list("pk", flat=True))
    response = phone.post("/matches/new/free/", new_match_data(["Ana", "Bia"], fields))
    return response, Match.objects.exclude(pk__in=before).get()


def shows(match: Match) -> dict[str, tuple[str, str, dict]]:
    """Every view that shows a match: (method, url, data)."""
    code = match.code
    return {
        "page": ("get", f"/matches/{code}/", {}),
        "live": ("get", f"/matches/{code}/live/", {}),
        "history": ("get", f"/matches/{code}/history/?before=5", {}),
        "hand-form": ("get", f"/matches/{code}/hand-form/", {}),
        "live-check": (
            "post",
            f"/matches/{match.samba.code}/check/s0-melds/",
            {"s0-melds": "7H 7D 7C"},
        ),
        "referee": ("get", f"/samba/referee/?match={match.samba.code}", {}),
    }


def changes(match: Match) -> dict[str, tuple[str, str, dict]]:
    """Every view that changes a match (or opens a form to)."""
    code = match.code
    hand = {
        "request_id": str(uuid.uuid4()),
        "expected_number": 2,
        "side-0-points": "1",
        "side-1-points": "0",
        "side-2-points": "0",
    }
    return {
        "add-hand": ("post", f"/matches/{code}/hands/", hand),
        "edit-hand-page": ("get", f"/matches/{code}/hands/1/edit/", {}),
        "edit-hand": ("post", f"/matches/{code}/hands/1/edit/", {"revision": 1}),
        "undo": ("post", f"/matches/{code}/hands/1/undo/", {}),
        "redo": ("post", f"/matches/{code}/hands/1/redo/", {}),
        "finish": ("post", f"/matches/{code}/finish/", {}),
    }


def _ask(phone: Client, method: str, url: str, data: dict):
    return getattr(phone, method)(url, data, HTTP_ACCEPT_LANGUAGE="en")


SHOW_VIEWS = ["page", "live", "history", "hand-form", "live-check", "referee"]
CHANGE_VIEWS = ["add-hand", "edit-hand-page", "edit-hand", "undo", "redo", "finish"]


@pytest.mark.parametrize("view", SHOW_VIEWS)
@pytest.mark.parametrize("role", ROLES)
def test_who_sees_a_private_match(club_match, role, view):
    method, url, data = shows(club_match)[view]
    response = _ask(phone_of(role, club_match), method, url, data)
    if role in SEES:
        assert response.status_code == 200
        if view == "hand-form":  # a watcher's form has no fields and no button
            assert ("data-record" in response.text) == (role in CHANGES)
    else:
        assert response.status_code == 404


@pytest.mark.parametrize("view", CHANGE_VIEWS)
@pytest.mark.parametrize("role", ROLES)
def test_who_changes_a_private_match(club_match, role, view):
    method, url, data = changes(club_match)[view]
    before = (club_match.version, club_match.status)
    response = _ask(phone_of(role, club_match), method, url, data)
    club_match.refresh_from_db()
    if role in CHANGES:
        assert response.status_code != 404
    else:
        assert response.status_code == 404
        assert (club_match.version, club_match.status) == before


@pytest.mark.parametrize("role", ROLES)
def test_change_controls_are_drawn_only_for_those_who_may_change(club_match, role):
    response = phone_of(role, club_match).get(f"/matches/{club_match.code}/")
    if role not in SEES:
        assert response.status_code == 404
        return
    html = response.content.decode()
    assert ("data-record" in html) == (role in CHANGES)
    assert ("/undo/" in html) == (role in CHANGES)
    assert ('class="history-section read-only"' in html) == (role not in CHANGES)
    # The scorer link is shown only to those who may change; the share link to all.
    assert (f"/score/{club_match.edit_token}/" in html) == (role in CHANGES)
    assert f"/watch/{club_match.share_token}/" in html
    assert "<svg" in html  # the QR code, drawn on the server


def test_a_stranger_gets_the_same_404_as_for_no_match_at_all(club_match):
    stranger = Client()
    real_path, missing_path = f"/matches/{club_match.code}/", "/matches/doesnotexist/"
    real, missing = stranger.get(real_path), stranger.get(missing_path)
    assert real.status_code == missing.status_code == 404

    def page(response, path: str) -> str:  # without the CSRF token and the path asked
        text = response.text.replace(path, "")
        return re.sub(r'(csrfmiddlewaretoken" value="|X-CSRFToken": ")[^"]+', "", text)

    assert page(real, real_path) == page(missing, missing_path)


def test_a_stranger_polling_with_the_right_etag_gets_404_not_304(club_match):
    owner = phone_of("owner", club_match)
    etag = owner.get(f"/matches/{club_match.code}/live/")["ETag"]
    assert (
        owner.get(f"/matches/{club_match.code}/live/", HTTP_IF_NONE_MATCH=etag).status_code == 304
    )
    stranger = Client()
    response = stranger.get(f"/matches/{club_match.code}/live/", HTTP_IF_NONE_MATCH=etag)
    assert response.status_code == 404


def test_the_share_link_does_not_take_the_scoring_away_from_a_scorer(club_match):
    phone = phone_of("scorer-link", club_match)
    phone.get(f"/watch/{club_match.share_token}/")
    assert phone.post(f"/matches/{club_match.code}/finish/").status_code == 302


def test_an_unknown_link_is_404(db):
    assert Client().get("/score/not-a-token/").status_code == 404
    assert Client().get("/watch/not-a-token/").status_code == 404


def test_the_phone_that_starts_a_match_may_change_it_and_a_second_phone_may_not(db):
    starter = Client()
    response, match = start_a_match(starter)
    assert response.status_code == 302
    assert match.private and match.owner is None
    assert starter.get(response["Location"]).status_code == 200
    assert starter.post(f"/matches/{match.code}/finish/").status_code == 302
    assert Client().get(response["Location"]).status_code == 404


def test_a_logged_in_starter_owns_the_match_on_every_phone(db):
    alice = _user("alice")
    phone = Client()
    phone.force_login(alice)
    _, match = start_a_match(phone)
    assert match.owner == alice
    other_phone = Client()
    other_phone.force_login(alice)
    assert other_phone.post(f"/matches/{match.code}/finish/").status_code == 302
    assert match.code in other_phone.get("/").content.decode()


def test_a_scorer_starts_a_match_for_the_club_and_its_members_see_it(club_match):
    sam = phone_of("club-scorer", club_match)
    _, match = start_a_match(sam, club=club_match.club.code)
    assert match.club == club_match.club
    assert phone_of("club-member", club_match).get(f"/matches/{match.code}/").status_code == 200
    assert phone_of("non-member", club_match).get(f"/matches/{match.code}/").status_code == 404


def test_a_member_cannot_start_a_match_for_the_club(club_match):
    mia = phone_of("club-member", club_match)
    _, match = start_a_match(mia, club=club_match.club.code)
    assert match.club is None


@pytest.mark.parametrize("role", ROLES)
def test_the_home_page_lists_only_the_viewers_own_and_club_matches(club_match, role):
    html = phone_of(role, club_match).get("/").content.decode()
    listed = club_match.get_absolute_url() in html
    # A link holder's phone lists the match it opened; members list their club's.
    assert listed == (role in SEES)


def test_a_match_made_before_accounts_is_public_read_only(db):
    match = make_match()
    Match.objects.filter(pk=match.pk).update(private=False)
    stranger = Client()
    assert stranger.get(match.get_absolute_url()).status_code == 200
    assert stranger.post(f"/matches/{match.code}/finish/").status_code == 404
    assert match.get_absolute_url() not in stranger.get("/").content.decode()


# --- renewing a link ----------------------------------------------------------------------


def renew(phone: Client, match: Match, link: str):
    return phone.post(f"/matches/{match.code}/links/", {"link": link})


@pytest.mark.parametrize("role", ROLES)
def test_only_those_who_may_change_a_match_renew_its_links(club_match, role):
    phone = phone_of(role, club_match)
    old = (club_match.edit_token, club_match.share_token)
    for link in ("scorer", "watch"):
        response = renew(phone, club_match, link)
        assert response.status_code == (302 if role in CHANGES else 404)
    club_match.refresh_from_db()
    renewed = (club_match.edit_token != old[0], club_match.share_token != old[1])
    assert renewed == ((True, True) if role in CHANGES else (False, False))


def test_a_renewed_scorer_link_stops_on_every_phone_that_opened_it(club_match):
    old = club_match.edit_token
    guest = phone_of("scorer-link", club_match)
    assert renew(phone_of("owner", club_match), club_match, "scorer").status_code == 302
    club_match.refresh_from_db()
    assert guest.post(f"/matches/{club_match.code}/finish/").status_code == 404
    assert Client().get(f"/score/{old}/").status_code == 404
    assert not club_match.is_finished
    # The new link works, and the owner never needed one.
    assert Client().get(f"/score/{club_match.edit_token}/").status_code == 302
    assert phone_of("owner", club_match).get(club_match.get_absolute_url()).status_code == 200


def test_the_scorer_link_holder_who_renews_it_keeps_scoring(club_match):
    guest = phone_of("scorer-link", club_match)
    assert renew(guest, club_match, "scorer").status_code == 302
    assert guest.post(f"/matches/{club_match.code}/finish/").status_code == 302


def test_a_renewed_watch_link_stops_at_once_even_for_a_phone_polling_it(club_match):
    watcher = phone_of("share-link", club_match)
    live = f"/matches/{club_match.code}/live/"
    etag = watcher.get(live)["ETag"]
    assert watcher.get(live, HTTP_IF_NONE_MATCH=etag).status_code == 304
    old = club_match.share_token
    assert renew(phone_of("club-scorer", club_match), club_match, "watch").status_code == 302
    # Not a 304 on the version it held: told at once that the match is gone for it.
    assert watcher.get(live, HTTP_IF_NONE_MATCH=etag).status_code == 404
    assert watcher.get(club_match.get_absolute_url()).status_code == 404
    assert Client().get(f"/watch/{old}/").status_code == 404


def test_the_match_page_offers_to_replace_the_links_only_to_those_who_may(club_match):
    action = f'action="/matches/{club_match.code}/links/"'
    assert action in phone_of("club-scorer", club_match).get(f"/matches/{club_match.code}/").text
    assert (
        action not in phone_of("club-member", club_match).get(f"/matches/{club_match.code}/").text
    )


def test_the_admin_replaces_a_matchs_links(club_match, admin_client):
    old = (club_match.edit_token, club_match.share_token)
    guest = phone_of("scorer-link", club_match)
    response = admin_client.post(
        "/admin/ledger/match/",
        {"action": "renew_links", "_selected_action": [club_match.pk]},
    )
    assert response.status_code == 302
    club_match.refresh_from_db()
    assert club_match.edit_token != old[0] and club_match.share_token != old[1]
    assert guest.post(f"/matches/{club_match.code}/finish/").status_code == 404


# --- leaving a club -----------------------------------------------------------------------


def set_role(club_match: Match, username: str, role: str):
    """bob, the club's admin, sets ``username``'s role (or removes them: "remove")."""
    membership = Membership.objects.get(club=club_match.club, user__username=username)
    url = f"/clubs/{club_match.club.code}/members/{membership.pk}/role/"
    return phone_of("club-admin", club_match).post(url, {"role": role})


def test_leaving_a_club_ends_the_right_to_change_its_matches_whoever_started_them(club_match):
    alice = phone_of("owner", club_match)
    assert set_role(club_match, "alice", "remove").status_code == 302
    for method, url, data in changes(club_match).values():
        assert _ask(alice, method, url, data).status_code == 404
    # She still sees the match she started, as a member would.
    assert alice.get(club_match.get_absolute_url()).status_code == 200


def test_a_scorer_made_a_member_follows_the_clubs_matches_and_no_longer_changes_them(
    club_match,
):
    sam = phone_of("club-scorer", club_match)
    assert set_role(club_match, "sam", Role.MEMBER).status_code == 302
    assert sam.get(club_match.get_absolute_url()).status_code == 200
    assert sam.post(f"/matches/{club_match.code}/finish/").status_code == 404


def test_a_scorer_link_opened_while_a_scorer_stops_when_the_scorer_leaves(club_match):
    sam = phone_of("club-scorer", club_match)
    old = club_match.edit_token
    assert sam.get(f"/score/{old}/").status_code == 302  # the link shown on the page
    set_role(club_match, "sam", "remove")
    assert sam.post(f"/matches/{club_match.code}/finish/").status_code == 404
    assert Client().get(f"/score/{old}/").status_code == 404  # not from another phone
    # Every match of the club: the Samba match's link was shown to sam too.
    samba = Match.objects.get(pk=club_match.samba.pk)
    assert samba.edit_token != club_match.samba.edit_token
    # The club's scorers and admins go on; so does a phone given the new link.
    assert (
        phone_of("club-admin", club_match).post(f"/matches/{club_match.code}/finish/").status_code
        == 302
    )


def test_a_member_leaving_or_a_scorer_joining_renews_no_link(club_match):
    old = club_match.edit_token
    set_role(club_match, "mia", "remove")
    set_role(club_match, "sam", Role.ADMIN)
    club_match.refresh_from_db()
    assert club_match.edit_token == old


def test_a_scorer_removed_in_the_admin_loses_the_right_through_the_api_too(club_match):
    from scoring.records.models import ApiToken

    sam = get_user_model().objects.get(username="sam")
    token = ApiToken.issue(sam)[1]
    Membership.objects.filter(user=sam).delete()
    response = Client().post(
        f"/api/v1/records/matches/{club_match.code}/hands",
        {"request_id": str(uuid.uuid4()), "entry": {"points": [1, 0, 0]}},
        content_type="application/json",
        HTTP_AUTHORIZATION=f"Bearer {token}",
    )
    assert response.status_code == 404


# --- a phone's matches and its account ------------------------------------------------------


def _with_password(name: str):
    return get_user_model().objects.create_user(name, f"{name}@example.com", "a-table-of-four")


def log_in(phone: Client, name: str):
    response = phone.post("/accounts/login/", {"login": name, "password": "a-table-of-four"})
    assert response.status_code == 302
    return response


def test_matches_a_phone_started_before_logging_in_become_the_accounts(db):
    zoe = _with_password("zoe")
    phone = Client()
    _, match = start_a_match(phone)
    log_in(phone, "zoe")
    match.refresh_from_db()
    assert match.owner == zoe
    phone.post("/accounts/logout/")
    # Signed out, the phone keeps nothing the account holds...
    assert phone.get(match.get_absolute_url()).status_code == 404
    # ...and loses nothing: signed in again, on this phone or another, it is there.
    log_in(phone, "zoe")
    assert phone.post(f"/matches/{match.code}/finish/").status_code == 302
    other = Client()
    log_in(other, "zoe")
    assert match.code in other.get("/").text


def test_matches_a_phone_started_before_signing_up_become_the_new_accounts(db):
    phone = Client()
    _, match = start_a_match(phone)
    response = phone.post(
        "/accounts/signup/",
        {
            "username": "zoe",
            "email": "zoe@example.com",
            "password1": "a-table-of-four",
            "password2": "a-table-of-four",
        },
    )
    assert response.status_code == 302
    match.refresh_from_db()
    assert match.owner.username == "zoe"


def test_logging_in_takes_only_the_matches_the_phone_started(club_match):
    _with_password("zoe")
    phone = phone_of("scorer-link", club_match)  # a club's match, by its scorer link
    _, bobs = start_a_match(Client())
    Match.objects.filter(pk=bobs.pk).update(owner=get_user_model().objects.get(username="bob"))
    _, anonymous = start_a_match(Client())  # its starter's phone has no account yet
    for match in (bobs, anonymous):
        phone.get(f"/score/{Match.objects.get(pk=match.pk).edit_token}/")
    log_in(phone, "zoe")
    owners = dict(Match.objects.values_list("code", "owner__username"))
    assert owners[club_match.code] == "alice" and owners[bobs.code] == "bob"
    assert owners[anonymous.code] is None  # handed its scorer link, not its starter
    phone.post("/accounts/logout/")
    # Nothing the account does not hold stays reachable from the phone.
    for match in (club_match, bobs, anonymous):
        assert phone.get(match.get_absolute_url()).status_code == 404


def test_a_phone_whose_scorer_link_was_renewed_takes_nothing_at_login(db):
    _with_password("zoe")
    phone = Client()
    _, match = start_a_match(phone)
    match.renew_links(scorer=True)
    log_in(phone, "zoe")
    match.refresh_from_db()
    assert match.owner is None


def test_a_renewed_link_leaves_no_kept_records_page_counting_the_match(club_match):
    club_match.finish()
    watcher = phone_of("share-link", club_match)
    alice = Player.objects.get(name="alice")
    counted = f"/records/players/{alice.pk}/"
    assert counted in watcher.get("/records/").text  # the standings, kept for a while
    renew(phone_of("owner", club_match), club_match, "watch")
    assert counted not in watcher.get("/records/").text
