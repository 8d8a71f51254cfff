"""/api/v1/pinkerton/: a throw checked against the stack, a card added to it and a round's
points, as the issue spells them; every worked example of the page through the API."""

from __future__ import annotations

import pytest

from tests.scoring.games.pinkerton.examples import EXACT_THROW

pytestmark = pytest.mark.django_db

EN = {"HTTP_ACCEPT_LANGUAGE": "en"}
THROW_FIELDS = {"stack_value", "required_cards", "sum", "meets", "exact", "violations"}


def api(client, path: str, body: dict):
    return client.post(f"/api/v1/pinkerton/{path}", body, content_type="application/json", **EN)


def throw(client, stack: str, cards: str, **extra):
    body = {"stack": stack.split(), "throw": cards.split(), **extra}
    return api(client, "throws/check", body)


def add(client, stack: str, card: str, **extra):
    return api(client, "stack/add", {"stack": stack.split(), "card": card, **extra})


def rules(response) -> list[str]:
    return [v["rule"] for v in response.json()["violations"]]


# --- POST /throws/check ------------------------------------------------------------------


def test_a_throw_check_answers_the_contract(client):
    response = throw(client, "9S", "10S AH")
    assert response.status_code == 200
    body = response.json()
    assert set(body) >= THROW_FIELDS
    assert {key: body[key] for key in THROW_FIELDS} == EXACT_THROW
    assert body["stack_cards"] == ["9S"] and body["throw_cards"] == ["10S", "AH"]
    assert body["stack_shown"] == ["9♠"] and body["throw_shown"] == ["10♠", "A♥"]


@pytest.mark.parametrize(
    ("stack", "cards", "total", "exact"),
    [
        ("9S", "10S AH", -9, True),  # page: centre 9♠
        ("9S", "QC JD", -10, False),
        ("3H", "10D JD", 30, False),  # page: centre 3♥
        ("3H", "KH QC", 10, False),
        ("3H", "AD 2H", 3, True),
        ("10S KH", "QH 2D", 32, False),  # page: stack 30, a throw must reach 30 or more
        ("5C 3C", "QS 10S", -40, False),  # page: stack −8
        ("5C 3C", "JD KC", -20, False),
        ("5C 3C", "10S 2D", -8, True),
        ("QS 5S AD", "KC JS", -60, False),  # page: stack −34
        ("QS 5S AD", "KS 6D", -34, True),
    ],
)
def test_page_throws_that_meet(client, stack, cards, total, exact):
    body = throw(client, stack, cards).json()
    assert (body["meets"], body["sum"], body["exact"], body["violations"]) == (
        True,
        total,
        exact,
        [],
    )


def test_page_one_does_not_meet_three_and_the_refusal_names_the_rule(client):
    body = throw(client, "3H", "2H AC").json()
    assert (body["meets"], body["exact"], body["sum"]) == (False, False, 1)
    assert rules_of(body) == ["pinkerton.meet.positive"]
    violation = body["violations"][0]
    assert violation["params"] == {"sum": 1, "value": 3}
    assert violation["url"] == "/rules/pinkerton/#pinkerton.meet.positive"
    assert "add up to 3 or more" in violation["message"]


def test_page_stack_thirty_wants_thirty_or_more(client):
    body = throw(client, "10S KH", "10H 9D").json()
    assert body["stack_value"] == 30 and not body["meets"]
    assert rules_of(body) == ["pinkerton.meet.positive"]


def test_a_negative_value_wants_a_lower_sum(client):
    body = throw(client, "5C 3C", "2S AH").json()
    assert (body["meets"], rules_of(body)) == (False, ["pinkerton.meet.negative"])


def test_a_throw_of_the_wrong_number_of_cards_never_meets_and_names_the_rule(client):
    body = throw(client, "3H", "KH").json()
    assert (body["meets"], body["required_cards"]) == (False, 2)
    assert body["violations"][0]["rule"] == "pinkerton.meet.card-count"
    assert body["violations"][0]["params"] == {"count": 1, "required": 2}
    # Three cards at 80: k grows (rule 3); two are too few, whatever they add up to.
    stack = "KH KD"  # 80
    assert throw(client, stack, "KH QH").json()["required_cards"] == 3
    assert rules_of(throw(client, stack, "KH QH").json()) == ["pinkerton.meet.card-count"]
    assert throw(client, stack, "KS KD QH").json()["meets"] is False
    assert throw(client, stack, "KS KC QH").json()["violations"] != []


@pytest.mark.parametrize(
    ("stack", "k"),
    [
        ("KH QH 9H", 2),  # 79
        ("KH KD", 3),  # 80
        ("KS KC", 3),  # −80
        ("KH KD QH 9H", 3),  # 119
        ("KH KD KH", 4),  # 120
        ("KH KD KH KD", 5),  # 160
        ("KH KD QH QD", 4),  # 140
        ("KS KC KS KC", 5),  # −160
    ],
)
def test_page_k_grows_at_eighty_then_every_forty(client, stack, k):
    assert throw(client, stack, "2H 3H").json()["required_cards"] == k


def test_a_joker_on_the_stack_is_refused_with_the_deck_rule(client):
    response = throw(client, "JK 3H", "2H 3H")
    assert response.status_code == 422
    assert rules(response) == ["cards.deck.not-in-deck"]
    assert response.json()["violations"][0]["url"] == "/rules/cards/#cards.deck.not-in-deck"


def test_a_third_king_of_hearts_on_the_stack_is_refused(client):
    response = throw(client, "KH KH KH", "2H 3H")
    assert response.status_code == 422
    assert rules(response) == ["cards.deck.too-many"]
    assert response.json()["violations"][0]["params"]["limit"] == 2
    # With the extra deck (rule 5) the stack may hold three.
    assert throw(client, "KH KH KH", "QS QC", extra_deck=True).status_code == 200


def test_a_thrown_joker_never_meets_and_names_the_deck_rule(client):
    response = throw(client, "3H", "JK KH")
    assert response.status_code == 200
    body = response.json()
    assert body["meets"] is False and "cards.deck.not-in-deck" in rules_of(body)


def test_a_throw_may_not_use_a_card_the_stack_holds_twice(client):
    body = throw(client, "KH KH", "KH QH QD").json()
    assert body["meets"] is False and "cards.deck.too-many" in rules_of(body)


def test_cards_are_read_in_the_chosen_notation(client):
    # Polish letters: D is the dama (Q), W the walet (J); suits as symbols or English letters.
    body = throw(client, "DH", "W♦ K♥", notation="pl").json()
    assert body["stack_cards"] == ["QH"] and body["throw_cards"] == ["JD", "KH"]
    assert body["stack_value"] == 30 and body["meets"] is True
    assert body["stack_shown"] == ["D♥"] and body["throw_shown"] == ["W♦", "K♥"]
    body = throw(client, "7C", "RC DO", notation="pt").json()  # 7♥ (copas): K♥ Q♦
    assert body["stack_value"] == 7 and body["sum"] == 70
    assert body["stack_shown"] == ["7♥"] and body["throw_shown"] == ["R♥", "D♦"]


def test_an_unreadable_card_is_a_422_naming_the_token(client):
    response = throw(client, "3H", "2H ZZ")
    assert response.status_code == 422
    assert rules(response) == ["cards.unreadable"]
    assert response.json()["violations"][0]["params"]["token"] == "ZZ"


def test_lists_longer_than_a_table_reaches_are_refused(client):
    response = throw(client, "3H " * 157, "2H 3H")
    assert response.status_code == 422 and rules(response) == ["api.body.invalid"]
    response = throw(client, "3H", "2H " * 41)
    assert response.status_code == 422 and rules(response) == ["api.body.invalid"]
    response = throw(client, "3H", "X" * 13)
    assert response.status_code == 422 and rules(response) == ["api.body.invalid"]


def test_a_body_without_a_throw_is_refused(client):
    response = api(client, "throws/check", {"stack": ["3H"]})
    assert response.status_code == 422 and rules(response) == ["api.body.invalid"]


# --- POST /stack/add ---------------------------------------------------------------------


def test_an_add_answers_the_contract(client):
    response = add(client, "2H QD", "4C")  # page: 32, adds 4♣ → 28
    assert response.status_code == 200
    assert response.json() == {
        "allowed": True,
        "stack_value": 28,
        "violations": [],
        "card": "4C",
        "card_shown": "4♣",
    }
    assert add(client, "2C QO", "4P", notation="pt").json()["card_shown"] == "4♣"


def test_page_rule_one_a_king_waits_for_twenty(client):
    body = add(client, "10H 5H", "KH").json()  # 15
    assert (body["allowed"], body["stack_value"]) == (False, 15)
    assert rules_of(body) == ["pinkerton.rule1.face-card"]
    assert body["violations"][0]["params"] == {"card": "KH"}
    body = add(client, "10H 10D", "KH").json()  # 20
    assert (body["allowed"], body["stack_value"]) == (True, 60)
    assert add(client, "10S 10C", "KH").json()["allowed"] is True  # −20, whatever colour


def test_a_third_king_of_hearts_may_not_go_on_the_stack(client):
    body = add(client, "KH KH", "KH").json()
    assert body["allowed"] is False and rules_of(body) == ["cards.deck.too-many"]


def test_a_joker_may_not_be_added(client):
    body = add(client, "KH KD", "JK").json()
    assert body["allowed"] is False and rules_of(body) == ["cards.deck.not-in-deck"]


def test_an_add_to_a_stack_the_decks_cannot_make_is_a_422(client):
    response = add(client, "JK 5S", "2H")
    assert response.status_code == 422 and rules(response) == ["cards.deck.not-in-deck"]


def test_the_added_card_is_one_card(client):
    response = add(client, "2H 5S", "2H 3H")
    assert response.status_code == 422 and rules(response) == ["cards.unreadable"]


# --- POST /rounds/points -----------------------------------------------------------------


@pytest.mark.parametrize(("n", "points"), [(7, 7), (9, 9), (10, 20), (23, 43), (30, 60)])
def test_page_points_for_the_stack(client, n, points):
    response = api(client, "rounds/points", {"cards": n})
    assert response.status_code == 200
    body = response.json()
    assert body["points"] == points
    assert sum(line["points"] for line in body["breakdown"]["lines"]) == points


def test_the_points_come_with_their_lines(client):
    body = api(client, "rounds/points", {"cards": 23}).json()
    lines = body["breakdown"]["lines"]
    assert [(line["rule"], line["count"], line["points"]) for line in lines] == [
        ("pinkerton.points.cards", 23, 23),
        ("pinkerton.points.bonus", 2, 20),
    ]
    assert lines[1]["url"] == "/rules/pinkerton/#pinkerton.points.bonus"


def test_a_stack_of_more_cards_than_the_decks_hold_is_refused(client):
    response = api(client, "rounds/points", {"cards": 105})
    assert response.status_code == 422 and rules(response) == ["pinkerton.points.card-count"]
    assert api(client, "rounds/points", {"cards": 105, "extra_deck": True}).status_code == 200
    for bad in (-1, 10_001, "many"):
        response = api(client, "rounds/points", {"cards": bad})
        assert response.status_code == 422 and rules(response) == ["api.body.invalid"]


def test_the_schema_documents_the_three_endpoints(client):
    paths = client.get("/api/v1/openapi.json").json()["paths"]
    for path in ("throws/check", "stack/add", "rounds/points"):
        assert f"/api/v1/pinkerton/{path}" in paths


def test_a_refusal_speaks_the_requests_language(client):
    response = client.post(
        "/api/v1/pinkerton/stack/add",
        {"stack": ["10H", "5H"], "card": "KH"},
        content_type="application/json",
        HTTP_ACCEPT_LANGUAGE="pt-br",
    )
    english = add(client, "10H 5H", "KH").json()["violations"][0]["message"]
    assert response.json()["violations"][0]["message"] != english


def rules_of(body: dict) -> list[str]:
    return [v["rule"] for v in body["violations"]]


# --- what no table makes: refused as a round refuses it ------------------------------------


def test_a_throw_against_an_empty_centre_is_refused_as_a_round_refuses_it(client):
    response = throw(client, "", "10S AH")
    assert response.status_code == 422 and rules(response) == ["pinkerton.centre.turn-first"]
    assert throw(client, "9S", "10S AH").status_code == 200


@pytest.mark.parametrize(
    ("stack", "rule"),
    [("", "pinkerton.centre.turn-first"), ("9S", "pinkerton.add.not-in-phase")],
)
def test_nothing_is_added_to_a_stack_of_fewer_than_two_cards(client, stack, rule):
    response = add(client, stack, "4C")
    assert response.status_code == 422 and rules(response) == [rule]
    assert add(client, f"{stack} 9S 2D", "4C").status_code == 200


@pytest.mark.parametrize("cards", [0, 1])
def test_no_round_is_won_with_fewer_than_two_cards_in_the_stack(client, cards):
    response = api(client, "rounds/points", {"cards": cards})
    assert response.status_code == 422 and rules(response) == ["pinkerton.points.card-count"]
    (violation,) = response.json()["violations"]
    assert violation["params"] == {"cards": cards, "min": 2, "max": 104}
    assert api(client, "rounds/points", {"cards": 2}).json()["points"] == 2
