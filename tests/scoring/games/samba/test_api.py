"""/api/v1/samba/: the meld check and the hand score, as the issue spells them."""

from __future__ import annotations

import pytest

from tests.helpers import api_post, meld_answer, points_by_rule, scored_sides
from tests.scoring.games.samba.test_game import PAGE_CARDS

pytestmark = pytest.mark.django_db

# The page's worked example, as test_game scores it on the ledger.
SIDE_A, SIDE_B = PAGE_CARDS["sides"]


def check(client, cards, going_out=False):
    return api_post(client, "samba/melds/check", {"cards": cards, "going_out": going_out})


def score(client, sides, options=None):
    body = {"sides": sides} | ({"options": options} if options is not None else {})
    return api_post(client, "samba/hands/score", body)


@pytest.mark.parametrize(
    ("cards", "going_out", "valid", "kind", "points"),
    [
        ("7H 8H 9H", False, True, "sequence", 25),
        ("QH KH AH", False, True, "sequence", 40),
        ("KH AH 2H", False, False, "sequence", 50),
        ("4S 5S 6S 7S 8S 9S 10S", False, True, "samba", 50),
        ("8S 8S JK", False, True, "group", 70),
        ("8S JK 2C", False, False, "group", 80),
        ("KH KS KD KC KH KS KD", False, True, "canastra-clean", 70),
        ("KH KS KD KC KH JK 2D", False, True, "canastra-dirty", 120),
        ("JK JK 2H", False, True, "wild-group", 120),
        ("JK JK JK 2H 2S 2D 2C", False, True, "wild-canastra", 230),
        ("3S 3C 3S", False, False, "black-threes", 15),
        ("3S 3C 3S", True, True, "black-threes", 15),
        ("3H 4H 5H", False, False, "sequence", 10),
        ("4S 5S 6S 7S 8S 9S 10S JS", False, False, "samba", 60),
        ("KH KS KD KC KH KS KD JK 2D 2C", False, False, "canastra-dirty", 160),
        ("3H 3D 3H", True, False, "none", 0),
        ("3S 3C JK", True, False, "black-threes", 60),
    ],
)
def test_page_meld_examples_through_the_api(client, cards, going_out, valid, kind, points):
    assert meld_answer(check(client, cards.split(), going_out)) == (valid, kind, points)


def test_a_refused_meld_lists_each_rule_with_a_message(client):
    body = check(client, ["7H", "8H", "2H"]).json()
    (violation,) = body["violations"]
    assert violation["rule"] == "samba.meld.sequence-no-wilds"
    assert violation["message"] == "A sequence cannot hold a wild (1 found)."
    assert violation["url"] == "/rules/samba/#samba.meld.sequence-no-wilds"


def test_a_meld_check_shows_the_cards_as_read_with_suit_symbols(client):
    assert check(client, ["QH", "KH", "AH"]).json()["shown"] == ["Q♥", "K♥", "A♥"]
    body = {"cards": ["DC", "RC", "AC"], "notation": "pt"}
    pt = api_post(client, "samba/melds/check", body).json()
    assert (pt["cards"], pt["shown"]) == (["QH", "KH", "AH"], ["D♥", "R♥", "A♥"])


def test_cards_that_make_no_kind_answer_the_kind_none(client):
    body = check(client, ["KH", "QS", "4D"]).json()
    assert body["kind"] == "none"
    assert body["violations"][0]["rule"] == "samba.meld.no-combination"


def test_an_unreadable_card_is_a_422(client):
    response = check(client, ["KH", "ZZ"])
    assert response.status_code == 422
    assert response.json()["violations"][0]["rule"] == "cards.unreadable"


def test_page_hand_is_scored_with_breakdowns_that_add_up(client):
    a, b = scored_sides(score(client, [SIDE_A, SIDE_B]))
    assert (a["total"], b["total"]) == (2580, 275)
    assert points_by_rule(b) == {
        "samba.score.table-cards": 140,
        "samba.bonus.dirty-canastra": 300,
        "samba.honours.red-three-without-combinations": -100,
        "samba.score.hand-cards": -65,
    }
    assert b["lines"][1]["label"] == "Dirty canastra bonus"


def test_premiums_penalties_and_options_are_applied(client):
    a = SIDE_A | {
        "concealed": {"deal_solo": 1},
        "penalties": {"stock_out_of_turn": 2, "permission_unable": 1},
    }
    body = score(client, [a, SIDE_B], {"cumulative_canastra_bonus": True}).json()
    assert body["sides"][0]["total"] == 2580 + 1000 - 300


@pytest.mark.parametrize(
    ("sides", "rule"),
    [
        (
            [SIDE_A | {"melds": [*SIDE_A["melds"], ["7H", "8H", "2H"]]}, SIDE_B],
            "samba.meld.sequence-no-wilds",
        ),
        ([SIDE_A, SIDE_B | {"hand": ["KH", "KH", "QS"]}], "cards.deck.too-many"),
        ([SIDE_A, SIDE_B | {"went_out": True}], "samba.going-out.two-combinations"),
        (
            [
                SIDE_A,
                SIDE_A | {"melds": [], "red_threes": 0},
                SIDE_B | {"melds": SIDE_A["melds"], "went_out": True, "red_threes": 0, "hand": []},
            ],
            "samba.going-out.one-side",
        ),
        ([SIDE_A], "samba.hand.sides"),
        ([SIDE_A, SIDE_B | {"red_threes": -1}], "samba.hand.invalid-entry"),
    ],
)
def test_an_impossible_hand_is_a_422_naming_its_rules(client, sides, rule):
    response = score(client, sides)
    assert response.status_code == 422
    rules = [v["rule"] for v in response.json()["violations"]]
    assert rule in rules


def test_players_alone_are_checked_when_the_body_says_how_many_play_each_side(client):
    went_out_holding = SIDE_A | {"hand": ["QH"], "concealed": {"play_with_partner": 1}}
    alone = score(client, [went_out_holding | {"players": 1}, SIDE_B | {"players": 1}])
    assert alone.status_code == 422
    assert [v["rule"] for v in alone.json()["violations"]] == [
        "samba.going-out.cards-left-alone",
        "samba.concealed.no-partner",
    ]
    pairs = score(client, [went_out_holding | {"players": 2}, SIDE_B | {"players": 2}])
    assert [side["total"] for side in pairs.json()["sides"]] == [2580 - 10 + 200, 275]
    # without the count, as before: nothing is known of the players
    unknown = score(client, [went_out_holding, SIDE_B])
    assert unknown.json() == pairs.json()


@pytest.mark.parametrize("players", [0, 4, "two"])
def test_a_side_has_one_to_three_players(client, players):
    response = score(client, [SIDE_A | {"players": players}, SIDE_B])
    assert response.status_code == 422


def test_the_meld_index_and_side_of_a_bad_meld_are_in_its_params(client):
    bad = SIDE_B | {"melds": [*SIDE_B["melds"], ["3H", "3D", "3H"]]}
    (violation,) = score(client, [SIDE_A, bad]).json()["violations"]
    assert violation["params"] | {"side": 1, "meld": 2} == violation["params"]


def test_an_unknown_option_is_a_422(client):
    response = score(client, [SIDE_A, SIDE_B], {"top_minimum": 155})
    assert response.status_code == 422
    assert response.json()["violations"][0]["rule"] == "samba.options.invalid"


def test_omitted_counts_are_zero(client):
    response = score(client, [{"melds": [["7H", "8H", "9H"]]}, {}])
    assert response.status_code == 200
    assert [side["total"] for side in response.json()["sides"]] == [25, 0]


def test_the_schema_lists_the_samba_endpoints(client):
    paths = client.get("/api/v1/openapi.json").json()["paths"]
    assert "/api/v1/samba/melds/check" in paths
    assert "/api/v1/samba/hands/score" in paths
