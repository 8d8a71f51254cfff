"""/api/v1/pifpaf/: check a hand, check a meld, settle up."""

from __future__ import annotations

import uuid

import pytest
from django.contrib.auth import get_user_model

from referee.pifpaf import PifPafOptions
from scoring.clubs.models import Club, Membership, Role
from scoring.ledger.models import Match
from scoring.records.models import ApiToken
from tests.scoring.games.pifpaf.conftest import AFTER_THE_REBUY, BROKE_ANA, codes

pytestmark = pytest.mark.django_db


def post(client, path, body, language="en"):
    return client.post(
        f"/api/v1/pifpaf/{path}",
        body,
        content_type="application/json",
        HTTP_ACCEPT_LANGUAGE=language,
    )


def test_a_hand_that_goes_out_comes_back_arranged(client):  # page
    response = post(client, "hands/check", {"cards": codes("AH 2H 3H 7S 7H 7D QC KC AC")})
    assert response.status_code == 200
    body = response.json()
    assert body["goes_out"] is True
    assert sorted(map(sorted, body["melds"])) == [
        ["2H", "3H", "AH"],
        ["7D", "7H", "7S"],
        ["AC", "KC", "QC"],
    ]
    assert (body["discard"], body["leftover"]) == (None, [])
    assert sorted(map(sorted, body["melds_shown"])) == [
        ["2♥", "3♥", "A♥"],
        ["7♠", "7♥", "7♦"],
        ["A♣", "K♣", "Q♣"],
    ]
    assert body["discard_shown"] is None and body["leftover_shown"] == []


def test_ten_cards_find_the_discard_and_house_rules_apply(client):  # page
    ten = codes("AH 2H 3H 7S 7H 7D QC KC AC 5D")
    assert post(client, "hands/check", {"cards": ten}).json()["discard"] == "5D"
    pt = {"cards": codes("AC 2C 3C 7E 7C 7O DP RP AP 5O"), "notation": "pt"}
    body = post(client, "hands/check", pt).json()
    assert (body["discard"], body["discard_shown"]) == ("5D", "5♦")
    assert ["D♣", "R♣", "A♣"] in body["melds_shown"]
    low = post(client, "hands/check", {"cards": ten[:9], "options": {"aces": "low"}}).json()
    assert low["goes_out"] is False
    assert low["leftover"]


def test_a_hand_that_does_not_go_out_names_the_cards_left_over(client):  # page
    body = post(client, "hands/check", {"cards": codes("5S 6S 7S 8S 9D 9H 9C 9C KD")}).json()
    assert body == {**body, "goes_out": False, "discard": None, "leftover": ["KD"]}
    assert body["leftover_shown"] == ["K♦"]


def test_a_bad_hand_is_a_422_naming_every_rule(client):
    response = post(client, "hands/check", {"cards": ["AH", "ZZ"]})
    assert response.status_code == 422
    assert [v["rule"] for v in response.json()["violations"]] == ["cards.unreadable"]
    response = post(client, "hands/check", {"cards": ["AH"] * 3, "options": {"aces": "x"}})
    assert [v["rule"] for v in response.json()["violations"]] == ["pifpaf.options.invalid"]
    response = post(client, "hands/check", {"cards": ["AH"] * 3})
    (count, deck) = response.json()["violations"]
    assert count["rule"] == "pifpaf.hand.card-count"
    assert count["message"] == "A hand to check has nine cards, or ten with the discard, not 3."
    assert count["url"] == "/rules/pifpaf/#pifpaf.hand.card-count"
    assert deck["rule"] == "cards.deck.too-many"


def test_a_meld_is_checked_under_the_house_rules(client):  # page
    assert post(client, "melds/check", {"cards": ["QS", "QH", "QD", "QD"]}).json() == {
        "valid": True,
        "kind": "group",
        "violations": [],
    }
    body = post(client, "melds/check", {"cards": ["QS", "QH", "QD", "QC"]}, "pt-br").json()
    assert body["valid"] is False and body["kind"] == "none"  # a string, as issue 5 types it
    (violation,) = body["violations"]
    assert violation["rule"] == "pifpaf.group.three-suits"
    assert violation["message"] == "Uma trinca tem exatamente três naipes, não 4."
    trinca = {"cards": ["QS", "QH", "QD", "QD"], "options": {"groups": "trinca"}}
    assert post(client, "melds/check", trinca).json()["valid"] is False
    assert post(client, "melds/check", {"cards": ["QH", "KH", "AH"]}).json()["kind"] == (
        "sequence"
    )


def test_the_session_settles_in_the_fewest_payments(client):  # page balances, R$0.50
    body = {
        "balances": {"P1": 46, "P2": 59, "P3": 49, "P4": 46},
        "buy_in": 50,
        "chip_value": "0.50",
    }
    response = post(client, "settle", body)
    assert response.status_code == 200
    assert response.json() == {
        "payments": [
            {"from": "P1", "to": "P2", "amount": "2.00", "chips": 4},
            {"from": "P3", "to": "P2", "amount": "0.50", "chips": 1},
            {"from": "P4", "to": "P2", "amount": "2.00", "chips": 4},
        ]
    }


def test_the_settlement_counts_every_rebuy(client):
    body = {
        "balances": {"Ana": 4, "Bia": 11, "Caio": 7, "Duda": 3},
        "buy_in": 5,
        "chip_value": "0.50",
        "rebuys": {"Ana": 1},
    }
    assert post(client, "settle", body).json() == {
        "payments": [
            {"from": "Ana", "to": "Bia", "amount": "3.00", "chips": 6},
            {"from": "Duda", "to": "Caio", "amount": "1.00", "chips": 2},
        ]
    }
    body["rebuys"] = {"Eva": 1}
    response = post(client, "settle", body)
    assert response.status_code == 422
    (violation,) = response.json()["violations"]
    assert (violation["rule"], violation["url"]) == (
        "pifpaf.settle.rebuys",
        "/rules/pifpaf/#pifpaf.settle.rebuys",
    )
    del body["rebuys"]  # none: then 25 chips are 5 too many
    assert [v["rule"] for v in post(client, "settle", body).json()["violations"]] == [
        "pifpaf.settle.not-conserved"
    ]


def test_the_rebuy_house_rule_is_taken_with_the_others(client):
    hand = codes("AH 2H 3H 7S 7H 7D QC KC AC")
    options = {"aces": "both", "rebuy": True}
    assert post(client, "hands/check", {"cards": hand, "options": options}).status_code == 200
    response = post(client, "hands/check", {"cards": hand, "options": {"rebuy": "yes"}})
    assert response.status_code == 422
    assert response.json()["violations"][0]["params"] == {"option": "rebuy", "value": "yes"}


def test_a_sessions_rebuy_house_rule_and_its_rebuys_round_trip_through_the_records_api(
    client, rebuys
):
    club = Club.objects.create(name="Mesa da Quinta")
    alice = get_user_model().objects.create_user("alice", password="x")
    Membership.objects.create(club=club, user=alice, role=Role.SCORER)
    Match.objects.filter(pk=rebuys.pk).update(club=club)
    auth = {"HTTP_AUTHORIZATION": f"Bearer {ApiToken.issue(alice, 'phone')[1]}"}
    url = f"/api/v1/records/matches/{rebuys.code}"
    for entry in (BROKE_ANA, AFTER_THE_REBUY):
        body = {"request_id": str(uuid.uuid4()), "entry": entry}
        response = client.post(f"{url}/hands", body, content_type="application/json", **auth)
        assert response.status_code == 201, response.json()
    match = client.get(url, **auth).json()
    assert match["options"]["rebuy"] is True
    assert PifPafOptions.from_dict(match["options"]) == PifPafOptions(buy_in=5, rebuy=True)
    ana = match["hands"][1]["scores"][0]
    assert [(line["rule"], line["count"], line["points"]) for line in ana["lines"]] == [
        ("pifpaf.chips.rebuy", 5, 0),
        ("pifpaf.chips.ante", 1, -1),
    ]


def test_a_settlement_that_does_not_add_up_is_a_422(client):
    body = {"balances": {"P1": 46, "P2": 60, "P3": 50}, "buy_in": 50, "chip_value": "0.50"}
    assert [v["rule"] for v in post(client, "settle", body).json()["violations"]] == [
        "pifpaf.settle.not-conserved"
    ]
    body = {"balances": {"P1": 50, "P2": 50, "P3": 50}, "buy_in": 50, "chip_value": "cheap"}
    assert [v["rule"] for v in post(client, "settle", body).json()["violations"]] == [
        "pifpaf.settle.chip-value"
    ]


@pytest.mark.parametrize(
    ("balances", "chip_value", "rule"),
    [
        ({"P1": 50}, "0.50", "pifpaf.table.players"),
        ({}, "0.50", "pifpaf.table.players"),
        ({"P1": 50, "P2": 50, "P3": 50}, "1e30", "pifpaf.settle.chip-value"),
        ({"P1": 50, "P2": 50, "P3": 50}, "NaN", "pifpaf.settle.chip-value"),
        ({"P1": 10**30, "P2": -(10**30) + 100, "P3": 50}, "0.50", "pifpaf.settle.balance-limit"),
    ],
)
def test_a_settlement_never_crashes_on_numbers(client, balances, chip_value, rule):
    body = {"balances": balances, "buy_in": 50, "chip_value": chip_value}
    response = post(client, "settle", body)
    assert response.status_code == 422
    assert rule in [v["rule"] for v in response.json()["violations"]]


def test_the_schema_lists_the_endpoints(client):
    schema = client.get("/api/v1/openapi.json").json()
    for path in (
        "/api/v1/pifpaf/hands/check",
        "/api/v1/pifpaf/melds/check",
        "/api/v1/pifpaf/settle",
    ):
        assert "post" in schema["paths"][path]
    payment = schema["components"]["schemas"]["PaymentOut"]
    assert set(payment["properties"]) == {"from", "to", "amount", "chips"}
