"""Truco's JSON referee: /api/v1/truco/tricks/resolve, hands/resolve and hands/score."""

from __future__ import annotations

import pytest

from tests.referee.test_truco import REFUSED_RAISES

pytestmark = pytest.mark.django_db


def post(client, path: str, body: dict):
    return client.post(
        f"/api/v1/truco/{path}", body, content_type="application/json", HTTP_ACCEPT_LANGUAGE="en"
    )


def trick(cards: str, **extra) -> dict:
    plays = [
        {"team": team, "card": card} for team, card in zip("ABAB", cards.split(), strict=True)
    ]
    return {"plays": plays, "options": {"variant": "seed"}, **extra}


def events(*spec: str) -> list[dict]:
    out = []
    for item in spec:
        kind, *team = item.split()
        out.append({"type": kind, "team": team[0] if team else None})
    return out


def score(client, a: int, b: int, *spec: str, **options):
    body = {"score": {"A": a, "B": b}, "events": events(*spec), "options": options}
    return post(client, "hands/score", body)


# --- tricks ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("cards", "winner", "next_leader"),
    [
        ("3H 7D KS 3S", "B", 1),  # page: B1 wins with the manilha 7♦
        ("3H 3S 2C KD", None, 0),  # page: the 3s tie the trick; A1 leads next
        ("2H KD 2S AC", "A", 0),  # page: the 2s are both A's; A1 leads next
    ],
)
def test_page_tricks(client, cards, winner, next_leader):
    response = post(client, "tricks/resolve", trick(cards))
    assert response.status_code == 200
    assert response.json()["winner"] == winner
    assert response.json()["next_leader"] == next_leader


def test_a_paulista_trick_ranks_by_the_vira(client):
    body = trick("3H QD KS 3S", options={"variant": "paulista", "vira": "7S"})
    answer = post(client, "tricks/resolve", body).json()
    assert {key: answer[key] for key in ("winner", "next_leader", "winning_play")} == {
        "winner": "B",
        "next_leader": 1,
        "winning_play": 1,
    }


def test_the_vira_is_read_in_the_notation_of_the_plays(client):
    # In Portuguese letters RP is the rei de paus (K♣): the aces are the manilhas.
    plays = [{"team": t, "card": c} for t, c in zip("ABAB", ["AO", "3C", "2E", "RC"], strict=True)]
    body = {"notation": "pt", "plays": plays, "options": {"variant": "paulista", "vira": "RP"}}
    answer = post(client, "tricks/resolve", body)
    assert answer.status_code == 200
    assert (answer.json()["winner"], answer.json()["winning_play"]) == ("A", 0)
    # 7C is 7♥ there: playing it is playing the vira; 7P (7♣) may be played.
    body["options"]["vira"] = "7C"
    body["plays"][0]["card"] = "7C"
    refused = post(client, "tricks/resolve", body)
    assert [v["rule"] for v in refused.json()["violations"]] == ["truco.paulista.vira-in-play"]
    body["plays"][0]["card"] = "7P"
    assert post(client, "tricks/resolve", body).status_code == 200
    # A vira that is no card in that notation is named, not read in another one.
    body["options"]["vira"] = "ZP"
    unread = post(client, "tricks/resolve", body).json()["violations"]
    assert [(v["rule"], v["params"]["token"]) for v in unread] == [("cards.unreadable", "ZP")]


def test_a_covered_card_from_the_second_trick_on(client):
    body = trick("4C 5H KS 6D", trick_number=2)
    body["plays"][0]["face_down"] = True
    assert post(client, "tricks/resolve", body).json()["winner"] == "A"
    body["trick_number"] = 1
    response = post(client, "tricks/resolve", body)
    assert response.status_code == 422
    assert [v["rule"] for v in response.json()["violations"]] == ["truco.trick.face-down-first"]


def test_every_unreadable_card_is_named(client):
    response = post(client, "tricks/resolve", trick("3H ZZ KS XX"))
    assert response.status_code == 422
    violations = response.json()["violations"]
    assert [(v["rule"], v["params"]["token"]) for v in violations] == [
        ("cards.unreadable", "ZZ"),
        ("cards.unreadable", "XX"),
    ]
    response = post(client, "tricks/resolve", trick("3H 9D KS 3S"))
    assert response.json()["violations"][0]["url"] == "/rules/cards/#cards.deck.not-in-deck"


def test_bad_options_are_named(client):
    response = post(client, "tricks/resolve", trick("3H 7D KS 3S", options={"variant": "x"}))
    assert response.status_code == 422
    (violation,) = response.json()["violations"]
    assert violation["rule"] == "truco.options.invalid"
    assert violation["message"] == "The house rule “variant” cannot be “x”."


# --- hands -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("tricks", "winner", "after"),
    [
        (["A", "A"], "A", 2),
        (["A", "T"], "A", 2),
        (["A", "B", "A"], "A", 3),
        (["A", "B", "B"], "B", 3),
        (["A", "B", "T"], "A", 3),
        (["T", "B"], "B", 2),
        (["T", "T", "A"], "A", 3),
        (["T", "T", "T"], None, 3),
        (["A", "A", "B"], "A", 2),  # a decided hand ignores the tricks after it
        (["A"], None, None),
    ],
)
def test_page_hand_patterns(client, tricks, winner, after):
    answer = post(client, "hands/resolve", {"tricks": tricks}).json()
    assert (answer["winner"], answer["decided_after"]) == (winner, after)


def test_a_trick_result_must_be_a_b_or_t(client):
    response = post(client, "hands/resolve", {"tricks": ["A", "X"]})
    assert response.status_code == 422
    assert response.json()["violations"][0]["params"] == {"trick": 2, "value": "X"}


# --- scoring a hand ---------------------------------------------------------------------------


@pytest.mark.parametrize(("spec", "taker", "points"), REFUSED_RAISES)
def test_page_refused_raises(client, spec, taker, points):
    body = score(client, 0, 0, *spec).json()
    assert body["score"][taker] == points
    assert body["breakdowns"][taker]["lines"][0]["rule"] == "truco.raise.refused"
    assert body["breakdowns"][taker]["lines"][0]["label"] == "Call refused"


def test_page_twelve_accepted_and_won(client):
    body = score(
        client, 0, 0, "raise A", "raise B", "raise A", "raise B", "accept A", "win B"
    ).json()
    assert (body["score"], body["stake"], body["game_winner"]) == ({"A": 0, "B": 12}, 12, "B")


def test_page_mao_de_onze(client):
    assert score(client, 11, 7, "run A").json()["score"] == {"A": 11, "B": 8}
    assert score(client, 11, 7, "accept A", "win B").json()["score"] == {"A": 11, "B": 10}
    body = score(client, 11, 7, "win A").json()
    assert (body["game_winner"], body["kind"]) == ("A", "mao-de-onze")


def test_page_a_penalty_never_gives_the_twelfth_tento(client):
    body = {
        "score": {"A": 11, "B": 5},
        "events": [{"type": "penalty", "team": "B", "reason": "truco.penalty.deal-procedure"}],
        "options": {},
        "allow_unfinished": True,
    }
    response = post(client, "hands/score", body).json()
    assert response["score"] == {"A": 11, "B": 4} and not response["finished"]


@pytest.mark.parametrize(
    ("a", "b", "spec", "rule"),
    [
        (6, 0, ["raise A", "raise B", "raise A"], "truco.raise.beyond-win"),
        (11, 3, ["raise B"], "truco.mao-de-onze.no-truco"),
        (0, 0, ["raise A", "raise A"], "truco.raise.alternate"),
        (0, 0, ["raise A", "accept B"], "truco.hand.unfinished"),
    ],
)
def test_a_hand_the_rules_refuse_is_a_422_naming_the_rule(client, a, b, spec, rule):
    response = score(client, a, b, *spec)
    assert response.status_code == 422
    (violation,) = response.json()["violations"]
    assert violation["rule"] == rule
    assert violation["url"] == f"/rules/truco/#{rule}"


def test_a_hand_not_over_can_be_asked_about(client):
    body = {
        "score": {"A": 0, "B": 0},
        "events": events("raise A"),
        "allow_unfinished": True,
    }
    response = post(client, "hands/score", body).json()
    assert (response["offer"], response["next_stake"], response["finished"]) == (3, 6, False)


def test_the_schema_lists_the_truco_endpoints(client):
    paths = client.get("/api/v1/openapi.json").json()["paths"]
    for path in ("tricks/resolve", "hands/resolve", "hands/score"):
        assert f"/api/v1/truco/{path}" in paths


def test_the_accepted_truco_house_rule_under_the_name_issue_9_gives_it(client):
    body = {
        "tricks": ["A", "B", "B"],
        "truco_accepted_in": 2,
        "options": {"accepted-truco-trick-decides": True},
    }
    answer = post(client, "hands/resolve", body)
    assert answer.status_code == 200
    assert answer.json() == {
        "winner": "B",
        "decided_after": 2,
        "rule": "truco.hand.accepted-trick-decides",
    }
