"""A hand counts once another side accepts it: the permission matrix of side links, the
table's phone, watchers; the match held open; corrections; the trail. Both databases."""

from __future__ import annotations

import uuid

import pytest
from django.test import Client
from django.urls import reverse

from scoring.acceptance.models import HandCheck, TrailEntry
from scoring.ledger.models import Hand, Match, Seat
from tests.conftest import make_match, record
from tests.helpers import EN, form_state
from tests.scoring.acceptance.conftest import side_phone, table_phone, watcher

pytestmark = pytest.mark.django_db


def post_hand(phone: Client, match: Match, points: list[int]) -> Hand:
    data = form_state(match) | {f"side_{i}": str(p) for i, p in enumerate(points)}
    response = phone.post(reverse("ledger:add-hand", args=[match.code]), data)
    assert response.status_code == 302, response.content[:500]
    return match.hands.order_by("-number").first()


def accept(phone: Client, match: Match, number: int, side: int, **extra: str):
    headers = {name: value for name, value in extra.items() if name.startswith("HTTP_")}
    data = {"side": str(side), "request_id": str(uuid.uuid4())}
    data |= {name: value for name, value in extra.items() if name not in headers}
    url = reverse("acceptance:accept", args=[match.code, number])
    return phone.post(url, data, **headers)


def status(hand: Hand) -> str:
    return HandCheck.objects.get(hand=hand).status


def test_a_hand_recorded_on_one_sides_phone_waits_for_the_other(accepted_match):
    ana, bia = side_phone(accepted_match, 0), side_phone(accepted_match, 1)
    hand = post_hand(ana, accepted_match, [30, 10])
    assert status(hand) == "pending"
    assert HandCheck.objects.get(hand=hand).by_side.position == 0

    page = ana.get(accepted_match.get_absolute_url()).content.decode()
    assert "data-accept=" not in page  # side A is never asked to accept its own hand
    page = bia.get(accepted_match.get_absolute_url()).content.decode()
    assert 'data-accept="1"' in page and "Bia &amp; Davi" in page

    accept(bia, accepted_match, hand.number, 1)
    assert status(hand) == "accepted"
    steps = list(hand.trail.values_list("kind", "side__position", "via"))
    assert steps == [("recorded", 0, "side-link"), ("accepted", 1, "side-link")]


def test_a_side_never_accepts_its_own_hand(accepted_match):
    ana = side_phone(accepted_match, 0)
    hand = post_hand(ana, accepted_match, [30, 10])
    accept(ana, accepted_match, hand.number, 0)
    accept(ana, accepted_match, hand.number, 1)  # naming the other side changes nothing
    assert status(hand) == "pending"
    assert not hand.trail.filter(kind="accepted").exists()


def test_a_watcher_never_accepts(accepted_match):
    hand = post_hand(table_phone(accepted_match), accepted_match, [30, 10])
    follower = watcher(accepted_match)
    for side in (0, 1):
        assert accept(follower, accepted_match, hand.number, side).status_code == 404
    assert accept(Client(**EN), accepted_match, hand.number, 1).status_code == 404
    assert status(hand) == "pending"


@pytest.mark.parametrize(
    ("recorder", "acceptor", "side", "accepted"),
    [
        ("side0", "side1", 1, True),
        ("side1", "side0", 0, True),
        ("side0", "side0", 0, False),
        ("side1", "side1", 1, False),
        ("table", "side0", 0, True),
        ("table", "side1", 1, True),
        ("side0", "table", 1, True),
        ("side0", "table", 0, False),  # the table's phone never accepts for the recorder
        ("side1", "watcher", 0, False),
    ],
)
def test_permission_matrix(accepted_match, recorder, acceptor, side, accepted):
    phones = {
        "side0": side_phone(accepted_match, 0),
        "side1": side_phone(accepted_match, 1),
        "table": table_phone(accepted_match),
        "watcher": watcher(accepted_match),
    }
    hand = post_hand(phones[recorder], accepted_match, [5, 7])
    accept(phones[acceptor], accepted_match, hand.number, side)
    assert (status(hand) == "accepted") is accepted


def test_a_side_link_is_revoked_at_once(accepted_match):
    from scoring.acceptance import table

    ana = side_phone(accepted_match, 0)
    live = reverse("ledger:live", args=[accepted_match.code])
    etag = ana.get(live)["ETag"]
    assert ana.get(live, HTTP_IF_NONE_MATCH=etag).status_code == 304
    table.renew_side_link(accepted_match.sides.get(position=0))
    response = ana.post(reverse("ledger:add-hand", args=[accepted_match.code]), {})
    assert response.status_code == 404
    assert ana.get(live, HTTP_IF_NONE_MATCH=etag).status_code == 404  # the poll is told too


def test_a_side_link_never_shows_or_renews_the_scorer_link(accepted_match):
    ana = side_phone(accepted_match, 0)
    page = ana.get(accepted_match.get_absolute_url()).content.decode()
    assert accepted_match.edit_token not in page
    renew = reverse("ledger:renew-link", args=[accepted_match.code])
    response = ana.post(renew, {"link": "scorer"})
    assert response.status_code == 400


def test_two_phones_on_one_side_link_and_the_same_request_twice(accepted_match):
    ana = side_phone(accepted_match, 0)
    bia, davi = side_phone(accepted_match, 1), Client(**EN)
    token = accepted_match.sides.get(position=1).link.token
    davi.get(reverse("acceptance:side", args=[token]))  # a partner's second phone
    hand = post_hand(ana, accepted_match, [1, 2])
    request_id = str(uuid.uuid4())
    accept(bia, accepted_match, hand.number, 1, request_id=request_id)
    accept(bia, accepted_match, hand.number, 1, request_id=request_id)
    accept(davi, accepted_match, hand.number, 1)
    assert hand.trail.filter(kind="accepted").count() == 1


def test_the_match_finishes_only_once_every_hand_is_accepted(accepted_match):
    accepted_match.target = 100
    accepted_match.save()
    ana, bia = side_phone(accepted_match, 0), side_phone(accepted_match, 1)
    hand = post_hand(ana, accepted_match, [120, 10])
    accepted_match.refresh_from_db()
    assert not accepted_match.is_finished
    response = ana.post(reverse("ledger:finish", args=[accepted_match.code]), follow=True)
    assert "waiting for the other side" in response.content.decode()
    accept(bia, accepted_match, hand.number, 1)
    accepted_match.refresh_from_db()
    assert accepted_match.is_finished


def test_a_correction_resets_acceptance_and_an_old_accept_says_so(accepted_match):
    ana, bia = side_phone(accepted_match, 0), side_phone(accepted_match, 1)
    hand = post_hand(ana, accepted_match, [30, 10])
    accept(bia, accepted_match, hand.number, 1)
    accepted_match.correct_hand(hand.number, {"points": [40, 10]}, by=None)
    assert status(hand) == "pending"
    response = accept(bia, accepted_match, hand.number, 1, revision="1")
    response = bia.get(response.url)
    assert "was corrected on another phone" in response.content.decode()
    assert status(hand) == "pending"
    assert list(hand.trail.values_list("kind", flat=True)) == ["recorded", "accepted", "corrected"]


def test_totals_show_accepted_and_pending_apart(accepted_match):
    ana, bia = side_phone(accepted_match, 0), side_phone(accepted_match, 1)
    first = post_hand(ana, accepted_match, [30, 10])
    accept(bia, accepted_match, first.number, 1)
    post_hand(ana, accepted_match, [5, 7])
    page = bia.get(accepted_match.get_absolute_url()).content.decode()
    assert "30 accepted" in page and "5 pending" in page and "7 pending" in page


def test_a_match_without_acceptance_behaves_as_before(db):
    match = make_match(sides=(("Ana",), ("Bia",)), target=50)
    hand = record(match, {"points": [60, 0]})
    match.refresh_from_db()
    assert match.is_finished
    assert not HandCheck.objects.exists() and not TrailEntry.objects.filter(hand=hand).exists()


def test_a_tap_sent_from_the_offline_queue_is_answered_for_the_queue(accepted_match):
    ana, bia = side_phone(accepted_match, 0), side_phone(accepted_match, 1)
    hand = post_hand(ana, accepted_match, [30, 10])
    request_id = str(uuid.uuid4())
    sent = [
        accept(bia, accepted_match, hand.number, 1, request_id=request_id, HTTP_HX_REQUEST="true")
        for _ in range(2)  # the first answer lost: the queue sends the tap again
    ]
    assert [answer.status_code for answer in sent] == [204, 204]
    assert hand.trail.filter(kind="accepted").count() == 1
    refused = accept(ana, accepted_match, hand.number, 0, HTTP_HX_REQUEST="true")
    assert refused.status_code == 422
    assert "already been accepted" in refused.content.decode()


def test_a_phone_holding_only_a_side_link_lists_that_match_at_home(accepted_match):
    from scoring.acceptance import table

    elsewhere = make_match(sides=(("Eva",), ("Gil",)))
    ana = side_phone(accepted_match, 0)
    home = ana.get(reverse("ledger:home")).content.decode()
    assert home.count(f'href="{accepted_match.get_absolute_url()}"') == 1
    assert elsewhere.get_absolute_url() not in home
    # A link renewed since no longer opens the match, nor lists it.
    table.renew_side_link(accepted_match.sides.get(position=0))
    home = ana.get(reverse("ledger:home")).content.decode()
    assert accepted_match.get_absolute_url() not in home


def test_a_side_links_match_is_in_that_phones_records_and_no_other_phones(accepted_match):
    post_hand(table_phone(accepted_match), accepted_match, [3, 4])
    davi = Seat.objects.get(side__match=accepted_match, player__name="Davi").player
    page = reverse("records:player", args=[davi.pk])
    assert side_phone(accepted_match, 0).get(page).status_code == 200
    # A phone with no link at all is never answered from the side phone's cached page.
    assert Client(**EN).get(page).status_code == 404
