from __future__ import annotations

import pytest

pytestmark = pytest.mark.django_db


def test_it_answers_cards_in_canonical_form(client):
    response = client.post(
        "/api/v1/cards/parse", {"cards": ["10h", "Q♠"]}, content_type="application/json"
    )
    assert response.status_code == 200
    assert response.json() == {"cards": ["10H", "QS"]}


def test_an_unreadable_card_is_a_422_naming_the_token(client):
    response = client.post(
        "/api/v1/cards/parse", {"cards": ["10h", "ZZ"]}, content_type="application/json",
        HTTP_ACCEPT_LANGUAGE="en",
    )  # fmt: skip
    assert response.status_code == 422
    (violation,) = response.json()["violations"]
    assert violation["rule"] == "cards.unreadable"
    assert violation["params"]["token"] == "ZZ"
    assert "“ZZ” is not a card" in violation["message"]


def test_the_openapi_schema_and_docs_are_served(client):
    schema = client.get("/api/v1/openapi.json").json()
    assert "/api/v1/cards/parse" in schema["paths"]
    assert client.get("/api/v1/docs").status_code == 200
