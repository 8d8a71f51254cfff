"""/api/v1/canastra/: the meld check, the hand score and the opening check, as the issue
spells them; the page's worked example through the API; every refusal a 422 naming its
rules."""

from __future__ import annotations

import pytest

from tests.helpers import api_post, meld_answer, points_by_rule, scored_sides

pytestmark = pytest.mark.django_db

# The page's worked example.
PAIR_A = {
    "melds": [["3H", "4H", "5H", "6H", "7H", "8H", "9H"], ["QS", "KS", "AS"]],
    "hand": ["7D", "8D"],
    "took_morto": True,
    "went_out": True,
}
PAIR_B = {
    "melds": [["5C", "6C", "JK", "8C", "9C", "10C", "JC"], ["2D", "3D", "4D"]],
    "hand": ["KH", "AS", "2C"],
    "took_morto": True,
    "went_out": False,
}


def post(client, path: str, body: dict):
    return api_post(client, f"canastra/{path}", body)


def check(client, cards, **extra):
    return post(client, "melds/check", {"cards": cards} | extra)


def score(client, pairs, options=None):
    body = {"pairs": pairs} | ({"options": options} if options is not None else {})
    return post(client, "hands/score", body)


def opening(client, total, melds, failed=None, **extra):
    body = {"total": total, "melds": melds} | ({"failed": failed} if failed is not None else {})
    return post(client, "openings/check", body | extra)


def rules(response) -> list[str]:
    return [violation["rule"] for violation in response.json()["violations"]]


# --------------------------------------------------------------------------- melds


@pytest.mark.parametrize(
    ("cards", "valid", "kind", "points"),
    [
        ("2H 3H 4H", True, "meld", 30),  # page: the 2 in its place is natural
        ("2H 4H 5H", True, "meld", 30),  # page: dirty, the 2♥ stands for the 3♥
        ("2H 2S 3H 4H", True, "meld", 50),  # page: 2♥ natural, 2♠ wild
        ("2S 2C 5H 6H", False, "meld", 50),  # page: two wilds
        ("KH AH 2H", True, "meld", 45),  # Q K A, the 2♥ standing for the queen
        ("KH AH 2H 3H", False, "meld", 50),  # K A 2 3 is no run
        ("QH KH AH", True, "meld", 35),
        ("3H 4H 5H 6H 7H 8H 9H", True, "canastra-clean", 45),
        ("5C 6C JK 8C 9C 10C JC", True, "canastra-dirty", 100),
        ("AH 2H 3H 4H 5H 6H 7H", True, "canastra-clean", 60),
        ("8S 8H 8D", False, "meld", 30),  # no groups in Canastra
    ],
)
def test_page_meld_examples_through_the_api(client, cards, valid, kind, points):
    assert meld_answer(check(client, cards.split())) == (valid, kind, points)


def test_the_meld_check_says_which_card_is_the_wild_and_what_it_stands_for(client):
    body = check(client, ["2H", "4H", "5H"]).json()
    assert body["wild"] == {
        "card": "2H",
        "stands_for": "3H",
        "card_shown": "2♥",
        "stands_for_shown": "3♥",
    }
    assert check(client, ["2H", "3H", "4H"]).json()["wild"] is None


def test_a_refused_meld_lists_each_rule_with_a_message_and_a_link(client):
    body = check(client, ["2S", "2C", "5H", "6H"]).json()
    (violation,) = body["violations"]
    assert violation["rule"] == "canastra.meld.two-wilds"
    assert violation["message"].startswith("A meld holds at most 1 wild, but these cards need 2.")
    assert violation["url"] == "/rules/canastra/#canastra.meld.two-wilds"


def test_the_meld_check_reads_portuguese_letters(client):
    body = check(client, ["5P", "6P", "JK", "8P", "9P", "10P", "VP"], notation="pt").json()
    assert body["kind"] == "canastra-dirty"
    assert body["cards"] == ["5C", "6C", "JK", "8C", "9C", "10C", "JC"]
    assert body["shown"] == ["5♣", "6♣", "🃏", "8♣", "9♣", "10♣", "V♣"]
    assert check(client, ["QS", "KS", "AS"]).json()["shown"] == ["Q♠", "K♠", "A♠"]


def test_the_meld_check_holds_the_cards_to_the_two_decks(client):
    body = check(client, ["JK"] * 5).json()
    assert body["valid"] is False
    assert "cards.deck.too-many" in rules_of(body)


def rules_of(body: dict) -> list[str]:
    return [violation["rule"] for violation in body["violations"]]


def test_an_unreadable_card_is_a_422_naming_it(client):
    response = check(client, ["7H", "ZZ"])
    assert response.status_code == 422
    assert rules(response) == ["cards.unreadable"]
    assert "“ZZ” is not a card" in response.json()["violations"][0]["message"]


def test_more_cards_than_two_decks_hold_is_a_422_of_shape(client):
    response = check(client, ["7H"] * 109)
    assert response.status_code == 422
    assert rules(response) == ["api.body.invalid"]


# --------------------------------------------------------------------------- hands


def test_page_worked_example_through_the_api_scores_525_and_345(client):
    a, b = scored_sides(score(client, [PAIR_A, PAIR_B]), "pairs")
    assert (a["total"], b["total"]) == (525, 345)
    assert points_by_rule(a) == {
        "canastra.score.meld-cards": 80,
        "canastra.bonus.clean-canastra": 200,
        "canastra.bonus.morto": 100,
        "canastra.bonus.final-going-out": 100,
        "canastra.score.opponents-hand-cards": 45,
    }
    morto = next(line for line in b["lines"] if line["rule"] == "canastra.bonus.morto")
    assert morto["label"] == "Taking the morto"
    assert morto["url"] == "/rules/canastra/#canastra.bonus.morto"


def test_page_worked_example_with_the_classic_option_scores_465_and_285(client):
    options = {"hand_to_opponents": False, "untaken_morto_penalty": False}
    a, b = scored_sides(score(client, [PAIR_A, PAIR_B], options), "pairs")
    assert (a["total"], b["total"]) == (465, 285)


def test_the_untaken_morto_penalty_is_a_house_rule(client):
    b = PAIR_B | {"took_morto": False}
    plain = score(client, [PAIR_A, b]).json()["pairs"][1]["total"]
    penalised = score(client, [PAIR_A, b], {"untaken_morto_penalty": True}).json()["pairs"][1]
    assert plain == 245 and penalised["total"] == 145
    assert penalised["lines"][-1]["rule"] == "canastra.penalty.untaken-morto"


def test_the_hand_reads_portuguese_letters(client):
    a = PAIR_A | {"melds": [["3C", "4C", "5C", "6C", "7C", "8C", "9C"], ["DE", "RE", "AE"]]}
    a |= {"hand": ["7O", "8O"]}
    b = PAIR_B | {"melds": [["5P", "6P", "JK", "8P", "9P", "10P", "VP"], ["2O", "3O", "4O"]]}
    b |= {"hand": ["RC", "AE", "2P"]}
    body = post(client, "hands/score", {"pairs": [a, b], "notation": "pt"}).json()
    assert [pair["total"] for pair in body["pairs"]] == [525, 345]


TWO_WILDS = PAIR_A | {"melds": [*PAIR_A["melds"], ["2S", "2C", "5H"]]}
FIVE_JOKERS = PAIR_A | {"hand": ["JK", "JK", "JK", "JK"]}
MORTO_WITHOUT_CANASTRA = PAIR_B | {"melds": [["2D", "3D", "4D"]]}
OUT_WITH_A_DIRTY_CANASTRA = PAIR_B | {"went_out": True}
ALSO_OUT = PAIR_A | {"melds": [["3S", "4S", "5S", "6S", "7S", "8S", "9S"]], "hand": []}


@pytest.mark.parametrize(
    ("a", "b", "expected"),
    [
        (TWO_WILDS, PAIR_B, ["canastra.meld.two-wilds"]),
        (FIVE_JOKERS, PAIR_B, ["cards.deck.too-many"]),
        (PAIR_A, MORTO_WITHOUT_CANASTRA, ["canastra.morto.needs-canastra"]),
        (
            OUT_WITH_A_DIRTY_CANASTRA,
            PAIR_A | {"went_out": False},
            ["canastra.going-out.needs-clean-canastra"],
        ),
        (PAIR_A, ALSO_OUT, ["canastra.going-out.one-pair"]),
    ],
)
def test_an_impossible_hand_is_a_422_naming_its_rules(client, a, b, expected):
    response = score(client, [a, b])
    assert response.status_code == 422
    assert rules(response) == expected
    assert all(v["message"] and v["url"] for v in response.json()["violations"])


def test_an_invalid_meld_says_which_pair_and_meld(client):
    (violation,) = score(client, [TWO_WILDS, PAIR_B]).json()["violations"]
    assert (violation["params"]["pair"], violation["params"]["meld"]) == (0, 2)


def test_unreadable_cards_are_located_and_all_named(client):
    b = PAIR_B | {"hand": ["KH", "XX"], "melds": [["5C", "6C", "7Z"]]}
    response = score(client, [PAIR_A, b])
    assert response.status_code == 422
    found = [(v["rule"], v["params"]) for v in response.json()["violations"]]
    assert found == [
        ("cards.unreadable", {"pair": 1, "meld": 0, "token": "7Z", "notation": "en"}),
        ("cards.unreadable", {"pair": 1, "field": "hand", "token": "XX", "notation": "en"}),
    ]


def test_a_hand_has_two_pairs(client):
    response = score(client, [PAIR_A])
    assert response.status_code == 422
    assert rules(response) == ["canastra.hand.pairs"]


@pytest.mark.parametrize(
    "body",
    [
        {"pairs": [PAIR_A, PAIR_B], "options": {"rebuy": True}},  # an unknown house rule
        {"pairs": [PAIR_A, PAIR_B], "options": {"hand_to_opponents": "maybe"}},
        {"pairs": [PAIR_A] * 5},  # more pairs than any table
        {"pairs": [PAIR_A | {"hand": ["7H"] * 109}, PAIR_B]},  # more cards than the decks
        {"pairs": [PAIR_A | {"melds": [["7H", "8H", "9H"]] * 37}, PAIR_B]},  # 37 melds
        {"pairs": [PAIR_A | {"hand": ["7H" * 5]}, PAIR_B]},  # a token longer than any card
        {"pairs": [PAIR_A | {"went_out": "yes please"}, PAIR_B]},
    ],
)
def test_a_body_beyond_what_a_table_can_reach_is_a_422_of_shape(client, body):
    response = post(client, "hands/score", body)
    assert response.status_code == 422
    assert set(rules(response)) == {"api.body.invalid"}


# --------------------------------------------------------------------------- openings


def test_below_1500_there_is_no_minimum(client):
    body = opening(client, 1_495, [["3H", "4H", "5H"]]).json()
    assert body == {"required": 0, "value": 15, "meets": True, "violations": []}


def test_from_1500_an_opening_needs_75(client):
    assert opening(client, 1_500, [["JS", "QS", "KS", "AS"], ["8H", "9H", "10H"]]).json()["meets"]
    body = opening(client, 1_500, [["QS", "KS", "AS"], ["3H", "4H", "5H"]]).json()
    assert (body["required"], body["value"], body["meets"]) == (75, 50, False)
    assert rules_of(body) == ["canastra.opening.minimum"]
    assert body["violations"][0]["params"] == {
        "value": 50,
        "required": 75,
        "total": 1_500,
        "failed": 0,
    }


@pytest.mark.parametrize(("failed", "required"), [(0, 75), (1, 90), (2, 120), (3, 150)])
def test_each_failed_opening_raises_the_requirement(client, failed, required):
    body = opening(client, 2_000, [["QS", "KS", "AS"]], failed).json()
    assert body["required"] == required


def test_the_opening_counts_card_values_only_no_canastra_bonus(client):
    body = opening(client, 1_600, [["3H", "4H", "5H", "6H", "7H", "8H", "9H"]]).json()
    assert (body["value"], body["meets"]) == (45, False)


def test_an_opening_must_lay_valid_melds_within_the_decks(client):
    body = opening(client, 0, [["2S", "2C", "5H", "6H"]]).json()
    assert body["meets"] is False
    assert rules_of(body) == ["canastra.meld.two-wilds"]
    body = opening(client, 0, []).json()
    assert rules_of(body) == ["canastra.opening.no-melds"]


@pytest.mark.parametrize(
    "extra",
    [{"total": 10**7}, {"failed": -1}, {"failed": 41}, {"total": "lots"}],
)
def test_an_opening_beyond_any_table_is_a_422_of_shape(client, extra):
    body = {"total": 1_600, "melds": [["QS", "KS", "AS"]]} | extra
    response = post(client, "openings/check", body)
    assert response.status_code == 422
    assert set(rules(response)) == {"api.body.invalid"}


def test_the_api_is_in_the_openapi_schema(client):
    paths = client.get("/api/v1/openapi.json").json()["paths"]
    for path in ("melds/check", "hands/score", "openings/check"):
        assert f"/api/v1/canastra/{path}" in paths


def test_a_player_alone_who_went_out_has_no_card_left(client):
    # The page's pair A went out holding 7♦ 8♦: a pair may (the partner's), one player not.
    assert score(client, [PAIR_A | {"players": 2}, PAIR_B | {"players": 2}]).status_code == 200
    assert score(client, [PAIR_A, PAIR_B]).status_code == 200  # the count is optional
    response = score(client, [PAIR_A | {"players": 1}, PAIR_B | {"players": 1}])
    assert response.status_code == 422
    assert rules(response) == ["canastra.going-out.cards-left-alone"]
    assert response.json()["violations"][0]["params"] == {"pair": 0, "hand_points": 15}
