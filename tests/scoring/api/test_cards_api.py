from __future__ import annotations

import pytest

pytestmark = pytest.mark.django_db


def test_it_answers_cards_in_canonical_form(client):
    response = client.post(
        "/api/v1/cards/parse", {"cards": ["10h", "Q♠"]}, content_type="application/json"
    )
    assert response.status_code == 200
    assert response.json()["cards"] == ["10H", "QS"]


@pytest.mark.parametrize(
    ("notation", "cards", "shown"),
    [
        ("en", ["10h", "Q♠", "JD", "JK"], ["10♥", "Q♠", "J♦", "🃏"]),
        ("pt", ["7C", "VC", "DP", "RE", "AO"], ["7♥", "V♥", "D♣", "R♠", "A♦"]),
        ("pl", ["WH", "D♠"], ["W♥", "D♠"]),
    ],
)
def test_it_shows_the_cards_as_read_with_suit_symbols(client, notation, cards, shown):
    body = {"cards": cards} | ({} if notation == "en" else {"notation": notation})
    response = client.post("/api/v1/cards/parse", body, content_type="application/json")
    assert response.status_code == 200
    assert response.json()["shown"] == shown


def test_an_unreadable_card_is_a_422_naming_the_token(client):
    response = client.post(
        "/api/v1/cards/parse",
        {"cards": ["10h", "ZZ"]},
        content_type="application/json",
        HTTP_ACCEPT_LANGUAGE="en",
    )
    assert response.status_code == 422
    (violation,) = response.json()["violations"]
    assert violation["rule"] == "cards.unreadable"
    assert violation["params"]["token"] == "ZZ"
    assert "“ZZ” is not a card" in violation["message"]


def test_the_openapi_schema_and_docs_are_served(client):
    schema = client.get("/api/v1/openapi.json").json()
    assert "/api/v1/cards/parse" in schema["paths"]
    assert client.get("/api/v1/docs").status_code == 200
