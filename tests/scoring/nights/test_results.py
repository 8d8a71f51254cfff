"""Results delivered: each entrant's night (tables, opponents, hands, points) with the
whole standing and a share button; the standing as a picture; the night by e-mail to
the members who asked for it, once, however many times the director closes."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.utils import translation

from scoring.clubs.models import Membership
from scoring.events.models import Entrant
from scoring.events.standing import board_of
from scoring.nights.closing import close_night
from scoring.nights.models import Closing, ResultsByMail
from scoring.nights.night import night_of, summary_text
from tests.scoring.events.conftest import make_event, person, phone, play_round


@pytest.fixture
def night(club):
    """Four pairs, two rounds of a swiss night, each table one hand; Ana & Bia win both."""
    event = make_event(
        club,
        ["Ana & Bia", "Caio & Davi", "Edu & Fabi", "Gil & Hugo"],
        scale="win-draw-loss",
        rounds=2,
    )
    for number in (1, 2):
        event.draw_round(number, seed=3)
        play_round(event)
    return event


def ask_by_mail(club, username: str, name: str, email: str = "") -> None:
    user = person(username)
    first, _space, last = name.partition(" ")
    user.first_name, user.last_name, user.email = first, last, email or f"{username}@example.org"
    user.save()
    membership, _made = Membership.objects.get_or_create(club=club, user=user)
    ResultsByMail.objects.create(membership=membership)


def test_an_entrants_night_has_every_table_hand_and_the_standing(night):
    ana = Entrant.objects.get(event=night, name="Ana & Bia")
    board = board_of(night)
    mine = night_of(board, ana)
    assert [s.round for s in mine.sittings] == [1, 2]
    for sitting in mine.sittings:
        assert sitting.hands == [[100, 0]] or sitting.hands == [[0, 100]]
        assert sitting.hand_rows()[0]["mine"] == sitting.score == 100
        assert sitting.points == 2  # a win on 2/1/0
        assert ana not in sitting.opponents and len(sitting.opponents) == 1
    assert mine.place == 1 and mine.points == 4
    text = summary_text(mine, "http://x/")
    assert "Ana & Bia" in text and "http://x/" in text
    assert text.count("\n1. ") == 1


def test_the_results_page_shows_the_night_and_a_share_button(night):
    ana = Entrant.objects.get(event=night, name="Ana & Bia")
    page = phone("carol").get(f"/events/{night.code}/results/{ana.pk}/")
    html = page.content.decode()
    assert page.status_code == 200
    assert "data-share-sheet" in html and "data-share-text=" in html
    assert 'data-place="1"' in html and html.count('class="sitting"') == 2
    assert 'id="standing"' in html and html.count("<tr data-entrant=") == 4
    assert "data-provisional" in html  # not closed yet
    assert f"/events/{night.code}/results/standing.svg" in html


def test_the_results_are_the_clubs_to_see(night):
    ana = Entrant.objects.get(event=night, name="Ana & Bia")
    assert phone("dave").get(f"/events/{night.code}/results/{ana.pk}/").status_code == 404
    assert phone().get(f"/events/{night.code}/results/standing.svg").status_code == 404


def test_the_standing_picture_is_an_svg_of_every_line(night):
    response = phone("carol").get(f"/events/{night.code}/results/standing.svg")
    svg = response.content.decode()
    assert response["Content-Type"].startswith("image/svg+xml")
    assert svg.startswith("<svg") and "Ana &amp; Bia" in svg and svg.count("<g>") == 4


def test_the_standing_picture_cuts_a_long_name_to_its_width(night):
    # The picture is 720 wide whatever draws it (a phone's canvas makes the PNG): a name
    # of the longest allowed would run into the points.
    long = "Ana & Bia, campeãs do torneio de inverno do clube da esquina"
    ana = Entrant.objects.get(event=night, name="Ana & Bia")
    ana.name = long
    ana.save()
    svg = phone("carol").get(f"/events/{night.code}/results/standing.svg").content.decode()
    assert "Ana &amp; Bia, campeãs do torneio de in…" in svg and "esquina" not in svg


def test_closing_mails_each_member_who_asked_once(night, mailoutbox):
    ask_by_mail(night.club, "ana", "Ana")
    ask_by_mail(night.club, "gil", "Gil", "gil@example.org")
    # Edu has an address but did not ask; Caio asked but has no address.
    edu = person("edu")
    edu.email = "edu@example.org"
    edu.first_name = "Edu"
    edu.save()
    Membership.objects.create(club=night.club, user=edu)
    caio = person("caio")
    caio.first_name = "Caio"
    caio.save()
    ResultsByMail.objects.create(membership=Membership.objects.create(club=night.club, user=caio))

    alice = phone("alice")
    response = alice.post(f"/events/{night.code}/close/")
    assert response.status_code == 302
    assert sorted(m.to[0] for m in mailoutbox) == ["ana@example.org", "gil@example.org"]
    ana_mail = next(m for m in mailoutbox if m.to == ["ana@example.org"])
    ana = Entrant.objects.get(event=night, name="Ana & Bia")
    assert f"http://testserver/events/{night.code}/results/{ana.pk}/" in ana_mail.body
    assert "Ana & Bia" in ana_mail.subject or "Ana & Bia" in ana_mail.body
    # A second tap, and a second director's close: nothing sent again.
    alice.post(f"/events/{night.code}/close/")
    assert close_night(night) == 0
    assert len(mailoutbox) == 2
    assert Closing.objects.filter(event=night).count() == 1


def test_only_a_director_closes_the_night(night, mailoutbox):
    ask_by_mail(night.club, "ana", "Ana")
    assert phone("carol").post(f"/events/{night.code}/close/").status_code == 404
    assert not Closing.objects.exists() and not mailoutbox


def test_a_member_opts_in_and_out_on_the_clubs_page(club):
    carol = phone("carol")
    page = carol.get(club.get_absolute_url()).content.decode()
    assert (
        "data-results-by-mail" in page
        and "checked" not in page.split("data-results-by-mail")[1][:400]
    )
    carol.post(f"/events/mail/{club.code}/", {"results_by_mail": "1"})
    assert ResultsByMail.objects.filter(membership__user__username="carol").exists()
    carol.post(f"/events/mail/{club.code}/", {})
    assert not ResultsByMail.objects.exists()
    # someone outside the club cannot ask
    assert (
        phone("dave").post(f"/events/mail/{club.code}/", {"results_by_mail": "1"}).status_code
        == 404
    )
    assert not ResultsByMail.objects.exists()


def test_the_desk_offers_the_close_and_the_event_the_results(night):
    alice = phone("alice")
    assert "data-close-night" in alice.get(f"/events/{night.code}/desk/").content.decode()
    assert "data-results" not in alice.get(f"/events/{night.code}/").content.decode()
    alice.post(f"/events/{night.code}/close/")
    assert "data-closed" in alice.get(f"/events/{night.code}/desk/").content.decode()
    assert "data-results" in alice.get(f"/events/{night.code}/").content.decode()
    assert get_user_model().objects.filter(username="alice").exists()


def test_a_night_closed_in_the_room_is_mailed_once_from_the_hosted_tento(
    night, mailoutbox, settings
):
    ask_by_mail(night.club, "ana", "Ana")
    settings.ROOM, settings.MAILERS_SEND = True, False
    assert close_night(night) == 0 and not mailoutbox
    assert Closing.objects.get(event=night).mailed_at is None
    settings.ROOM = False  # imported into the hosted Tento, closed again there
    assert close_night(night) == 1 and close_night(night) == 0
    assert len(mailoutbox) == 1


def test_a_night_with_a_table_still_playing_is_not_closed(club, mailoutbox):
    event = make_event(club, ["Ana & Bia", "Caio & Davi"], scale="win-draw-loss", rounds=1)
    ask_by_mail(club, "ana", "Ana")
    event.draw_round(1, seed=1)
    response = phone("alice").post(f"/events/{event.code}/close/", follow=True)
    assert "Table 1 is still playing" in response.content.decode()
    assert not Closing.objects.exists() and not mailoutbox


def test_the_results_page_shows_each_entrants_rating_change_in_constant_queries(
    night, django_assert_num_queries
):
    from scoring.nights.ratings import rating_changes
    from scoring.ratings.recompute import rebuild

    board = board_of(night)
    assert rating_changes(board) == {}  # rated on commit: nothing yet in this test
    rebuild(night.club_id)
    with django_assert_num_queries(1):
        changes = rating_changes(board)
    ana = Entrant.objects.get(event=night, name="Ana & Bia")
    assert sorted(r.name for r in changes[ana.pk]) == ["Ana", "Bia"]
    assert all(r.change > 0 for r in changes[ana.pk])  # won both tables
    assert len(changes) == 4 and all(len(players) == 2 for players in changes.values())
    lost = [r for players in changes.values() for r in players if r.change < 0]
    assert lost  # someone lost to them
    html = phone("carol").get(f"/events/{night.code}/results/{ana.pk}/").content.decode()
    assert 'id="night-ratings"' in html and html.count("data-rating-change=") == 8
    first = changes[ana.pk][0]
    assert f"{first.name} +{first.change} ({first.before} → {first.after})" in html
    mine = night_of(board, ana)
    mine.ratings = changes[ana.pk]
    with translation.override("en"):
        text = summary_text(mine)
    assert f"Rating: {first.name} +{first.change} ({first.before} → {first.after})" in text
