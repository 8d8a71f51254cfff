"""An operator's export read into an empty database gives everything back: the clubs,
their members (accounts, roles) and guests, and every match with its club, its owner,
its hands and its totals."""

from __future__ import annotations

import json
from io import StringIO

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command

from scoring.clubs.models import Club, Guest, Invitation, Membership, Role
from scoring.ledger.models import Match, Player
from tests.conftest import make_match, record
from tests.scoring.records.test_exports import snapshot

pytestmark = pytest.mark.django_db
User = get_user_model()


def people_snapshot() -> dict:
    return {
        "accounts": sorted(
            User.objects.values_list(
                "username",
                "email",
                "first_name",
                "last_name",
                "password",
                "is_active",
                "is_staff",
                "is_superuser",
                "date_joined",
            )
        ),
        "clubs": sorted(
            Club.objects.values_list("code", "name", "created_at", "created_by__username")
        ),
        "members": sorted(
            Membership.objects.values_list("club__code", "user__username", "role", "joined_at")
        ),
        "guests": sorted(Guest.objects.values_list("club__code", "name", "added_at")),
    }


@pytest.fixture
def two_clubs(db) -> None:
    """Os Bs (alice admin, bob scorer, carol member; guests Zé and Lia) and Quinta (dave
    admin, alice member; guest Zé too): 30 matches, 12 of them Os Bs', 8 Quinta's and
    10 of nobody's club, owned by alice, bob, dave or no one."""
    alice, bob, carol, dave = (
        User.objects.create_user(name, f"{name}@x.org", f"{name}-password", first_name=name)
        for name in ("alice", "bob", "carol", "dave")
    )
    os_bs = Club.objects.create(name="Os Bs", created_by=alice)
    quinta = Club.objects.create(name="Quinta", created_by=dave)
    for club, user, role in [
        (os_bs, alice, Role.ADMIN),
        (os_bs, bob, Role.SCORER),
        (os_bs, carol, Role.MEMBER),
        (quinta, dave, Role.ADMIN),
        (quinta, alice, Role.MEMBER),
    ]:
        Membership.objects.create(club=club, user=user, role=role)
    for club, name in [(os_bs, "Zé"), (os_bs, "Lia"), (quinta, "Zé")]:
        Guest.objects.create(club=club, name=name)
    Invitation.objects.create(club=os_bs, created_by=alice)
    owners = [alice, bob, dave, None]
    for n in range(30):
        match = make_match("free", (("alice",), ("Zé",), ("carol",)))
        club = os_bs if n < 12 else quinta if n < 20 else None
        Match.objects.filter(pk=match.pk).update(club=club, owner=owners[n % 4])
        for hand in range(n % 4):
            record(match, {"points": [n, hand, -hand]})
        if n % 3 == 0:
            match.refresh_from_db()
            match.finish()


def empty_the_database() -> None:
    Match.objects.all().delete()
    Player.objects.all().delete()
    Club.objects.all().delete()
    User.objects.all().delete()
    for model in (Match, Player, Club, Membership, Guest, Invitation, User):
        assert not model.objects.exists(), model


def test_an_export_restores_clubs_members_guests_and_every_match_s_club_and_owner(
    two_clubs, tmp_path
):
    ledger, people = snapshot(), people_snapshot()
    assert sum(1 for m in ledger["matches"].values() if m["club__code"]) == 20
    assert sum(1 for m in ledger["matches"].values() if m["owner__username"]) == 23
    path = tmp_path / "tento.json"
    call_command("export_records", str(path))
    empty_the_database()

    out = StringIO()
    call_command("import_records", str(path), stdout=out)
    assert "30 matches imported" in out.getvalue()
    assert people_snapshot() == people
    assert snapshot() == ledger
    # The accounts work as before: a member signs in with the password they had.
    assert User.objects.get(username="bob").check_password("bob-password")
    assert Club.objects.get(name="Os Bs").role_of(User.objects.get(username="bob")) == Role.SCORER


def test_importing_the_same_export_again_adds_nothing(two_clubs, tmp_path):
    path = tmp_path / "tento.json"
    call_command("export_records", str(path))
    ledger, people = snapshot(), people_snapshot()
    call_command("import_records", str(path), stdout=StringIO())
    assert (snapshot(), people_snapshot()) == (ledger, people)


def test_one_club_s_export_holds_its_matches_and_its_people_only(two_clubs, tmp_path):
    quinta = Club.objects.get(name="Quinta")
    path = tmp_path / "quinta.json"
    # One code in 64 begins with "-": written as one argument, it is never read as an option.
    call_command("export_records", str(path), f"--club={quinta.code}")
    data = json.loads(path.read_text())
    assert [club["name"] for club in data["clubs"]] == ["Quinta"]
    assert {m["club"] for m in data["matches"]} == {quinta.code}
    assert len(data["matches"]) == 8
    assert {a["username"] for a in data["accounts"]} == {"alice", "bob", "dave"}  # bob owns some
    empty_the_database()
    call_command("import_records", str(path), stdout=StringIO())
    assert Match.objects.filter(club__name="Quinta").count() == 8
    assert sorted(Club.objects.get().guests.values_list("name", flat=True)) == ["Zé"]
