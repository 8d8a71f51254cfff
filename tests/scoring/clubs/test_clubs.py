"""Clubs: started by an admin, joined by an invitation link that expires, roles set by
admins, guests named by scorers; outsiders get 404."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.utils import timezone

from scoring.clubs.models import Club, Guest, Invitation, Membership, Role


def phone(name: str) -> Client:
    user = get_user_model().objects.get_or_create(username=name)[0]
    client = Client()
    client.force_login(user)
    return client


@pytest.fixture
def club(db) -> Club:
    phone("alice").post("/clubs/", {"name": "Thursday table"})
    return Club.objects.get()


def test_whoever_starts_a_club_is_its_admin(club):
    assert club.role_of(get_user_model().objects.get(username="alice")) == Role.ADMIN
    assert "Thursday table" in phone("alice").get("/clubs/").content.decode()


def test_an_invitation_link_makes_a_member_with_its_role(club):
    phone("alice").post(f"/clubs/{club.code}/invite/", {"role": Role.SCORER})
    invitation = Invitation.objects.get()
    bob = phone("bob")
    assert bob.get(invitation.get_absolute_url()).status_code == 200  # asks first
    assert not Membership.objects.filter(user__username="bob").exists()
    assert bob.post(invitation.get_absolute_url()).status_code == 302
    assert Membership.objects.get(user__username="bob").role == Role.SCORER


def test_an_expired_or_revoked_invitation_does_nothing(club):
    expired = Invitation.objects.create(club=club, expires_at=timezone.now() - timedelta(1))
    revoked = Invitation.objects.create(club=club, revoked=True)
    for invitation in (expired, revoked):
        assert phone("bob").post(invitation.get_absolute_url()).status_code == 404
    assert not Membership.objects.filter(user__username="bob").exists()


def test_an_invitation_needs_an_account(club):
    invitation = Invitation.objects.create(club=club)
    response = Client().get(invitation.get_absolute_url())
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]


def test_outsiders_and_members_cannot_invite_and_outsiders_do_not_see_the_club(club):
    Membership.objects.create(
        club=club, user=get_user_model().objects.create(username="mia"), role=Role.MEMBER
    )
    assert phone("nina").get(club.get_absolute_url()).status_code == 404
    assert phone("mia").get(club.get_absolute_url()).status_code == 200
    assert phone("mia").post(f"/clubs/{club.code}/invite/", {"role": "admin"}).status_code == 404
    assert not Invitation.objects.exists()


def test_an_admin_sets_roles_but_the_last_admin_stays(club):
    mia = Membership.objects.create(
        club=club, user=get_user_model().objects.create(username="mia"), role=Role.MEMBER
    )
    alice = phone("alice")
    alice.post(f"/clubs/{club.code}/members/{mia.pk}/role/", {"role": Role.SCORER})
    mia.refresh_from_db()
    assert mia.role == Role.SCORER
    own = Membership.objects.get(user__username="alice")
    alice.post(f"/clubs/{club.code}/members/{own.pk}/role/", {"role": Role.MEMBER})
    own.refresh_from_db()
    assert own.role == Role.ADMIN


def test_scorers_name_guests_and_names_refuse_bidi_and_control_characters(club):
    alice = phone("alice")
    alice.post(f"/clubs/{club.code}/guests/", {"name": "Tio Zé"})
    alice.post(f"/clubs/{club.code}/guests/", {"name": "evil\u202egnp.exe"})
    alice.post(f"/clubs/{club.code}/guests/", {"name": "bell\x07"})
    assert list(Guest.objects.values_list("name", flat=True)) == ["Tio Zé"]


@pytest.mark.parametrize("name", ["Ana\u202e", "Ana\u2066x", "A\x00na", "Ana\nBia"])
def test_a_match_refuses_player_names_with_control_or_bidi_characters(db, name):
    response = Client().post(
        "/matches/new/free/",
        {
            "sides-TOTAL_FORMS": 2,
            "sides-INITIAL_FORMS": 0,
            "sides-0-players": name,
            "sides-1-players": "Bia",
        },
    )
    assert response.status_code == 200  # the form again, with the error
    from scoring.ledger.models import Match

    assert not Match.objects.exists()


def test_failed_logins_are_throttled(db):
    get_user_model().objects.create_user("alice", "alice@example.com", "right-password-1")
    phone = Client()
    english = {"HTTP_ACCEPT_LANGUAGE": "en"}
    for _ in range(5):
        phone.post("/accounts/login/", {"login": "alice", "password": "wrong"}, **english)
    # The sixth try, even with the right password, is refused while the account cools off.
    right = phone.post(
        "/accounts/login/", {"login": "alice", "password": "right-password-1"}, **english
    )
    assert "Too many failed login attempts" in right.text
    assert "_auth_user_id" not in phone.session


def test_accounts_sign_up_log_in_and_reset_a_password(db, mailoutbox):
    phone = Client()
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
    assert get_user_model().objects.filter(username="zoe").exists()
    assert phone.get("/accounts/password/change/").status_code == 200
    phone.post("/accounts/logout/")
    Client().post("/accounts/password/reset/", {"email": "zoe@example.com"})
    assert [m.to for m in mailoutbox][-1] == ["zoe@example.com"]
    assert "/accounts/password/reset/key/" in mailoutbox[-1].body


def test_the_clubs_roster_is_offered_as_names_for_a_match(club):
    # Guests and members who have not played yet are offered too; nobody else's.
    admin = club.memberships.get().user
    Guest.objects.create(club=club, name="Zequinha")
    lia = get_user_model().objects.create_user("lia", password="x" * 12, first_name="Lia")
    Membership.objects.create(club=club, user=lia, role=Role.MEMBER)
    other = Club.objects.create(name="Outra mesa")
    Guest.objects.create(club=other, name="Estranho")
    member = Client()
    member.force_login(admin)
    page = member.get("/matches/new/free/").content.decode()
    datalist = page.split('<datalist id="player-names">')[1].split("</datalist>")[0]
    for name in ("Zequinha", "Lia", admin.get_username()):
        assert f'value="{name}"' in datalist
    assert "Estranho" not in datalist
    typed = member.get("/records/players/names/", {"q": "ze"}).content.decode()
    assert 'value="Zequinha"' in typed and "Lia" not in typed
    anonymous = Client().get("/records/players/names/", {"q": "ze"}).content.decode()
    assert "Zequinha" not in anonymous


def test_the_club_page_names_the_role_in_the_readers_language_and_links_its_standings(club):
    html = phone("alice").get(club.get_absolute_url()).content.decode()
    assert "<small>Administrador</small></h1>" in html and "<small>admin</small>" not in html
    assert f'href="/records/?club={club.code}" data-club-standings' in html
    polish = phone("alice").get(club.get_absolute_url(), HTTP_ACCEPT_LANGUAGE="pl")
    assert "<small>admin</small>" not in polish.content.decode()
