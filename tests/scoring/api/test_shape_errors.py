"""A body of the wrong shape is refused in the reader's language, naming its field;
pydantic's English words stay in ``detail``."""

from __future__ import annotations

import pytest
from django.utils import translation

from scoring.api.shapes import PROBLEMS, shape_problem

pytestmark = pytest.mark.django_db

# Every bound an error's context can name, for formatting each problem.
CONTEXT = {"expected": "'en', 'pt' or 'pl'", "max_length": 5, "min_length": 5}
CONTEXT |= {"le": 5, "ge": 5, "lt": 5, "gt": 5}


def refused(client, path: str, body: dict, language: str) -> list[dict]:
    response = client.post(
        f"/api/v1/{path}", body, content_type="application/json", HTTP_ACCEPT_LANGUAGE=language
    )
    assert response.status_code == 422
    return response.json()["violations"]


@pytest.mark.parametrize(
    ("path", "body", "language", "message"),
    [
        (
            "cards/parse",
            {"cards": ["KH"], "notation": "xx"},
            "pt-br",
            "notation: deve ser um destes valores: 'en', 'pt', 'pl'",
        ),
        ("cards/parse", {}, "pt-br", "cards: é obrigatório"),
        ("cards/parse", {"cards": ["KH"] * 501}, "pt-br", "cards: pode ter no máximo 500 itens"),
        ("paciencia/play", {"shuffle": "many"}, "pt-br", "shuffle: deve ser um número inteiro"),
        (
            "truco/hands/resolve",
            {"tricks": ["A"], "truco_accepted_in": 0},
            "pt-br",
            "truco_accepted_in: deve ser pelo menos 1",
        ),
        (
            "canastra/hands/score",
            {"pairs": [], "options": {"x": 1}},
            "pt-br",
            "options.x: não é um campo deste pedido",
        ),
        (
            "cards/parse",
            {"cards": ["KH"], "notation": "xx"},
            "pl",
            "notation: musi być jedną z wartości: 'en', 'pt', 'pl'",
        ),
        ("samba/hands/score", {"sides": []}, "pl", "sides: musi mieć co najmniej 1 element"),
        (
            "cards/parse",
            {"cards": ["KH"], "notation": "xx"},
            "en",
            "notation: must be one of 'en', 'pt', 'pl'",
        ),
    ],
)
def test_a_shape_error_is_worded_in_the_readers_language(client, path, body, language, message):
    (violation,) = refused(client, path, body, language)
    assert violation["rule"] == "api.body.invalid"
    assert violation["message"] == message
    assert violation["params"]["detail"].startswith(("Input should", "Field", "List", "Extra"))


def test_a_portuguese_answer_holds_no_english_sentence(client):
    (violation,) = refused(client, "cards/parse", {"cards": ["KH"], "notation": "xx"}, "pt-br")
    assert violation["params"]["detail"] == "Input should be 'en', 'pt' or 'pl'"
    for english in ("Input should", "should be", " or "):
        assert english not in violation["message"]
        assert english not in violation["title"]


@pytest.mark.parametrize("language", ["pt-br", "pl"])
@pytest.mark.parametrize("kind", sorted(PROBLEMS))
def test_every_shape_problem_is_translated(kind, language):
    error = {"type": kind, "ctx": CONTEXT}
    with translation.override("en"):
        english = shape_problem(error)
    with translation.override(language):
        assert shape_problem(error) != english


@pytest.mark.parametrize(
    ("body", "language", "message", "where"),
    [
        (
            b'{"cards": ["KH"',
            "pt-br",
            "O corpo não é um JSON legível: deixa de fazer sentido na linha 1, coluna 16.",
            (1, 16),
        ),
        (
            b'{\n  "cards": [KH]\n}',
            "pl",
            "Treść nie jest czytelnym JSON-em: przestaje mieć sens w wierszu 2, kolumnie 13.",
            (2, 13),
        ),
        (
            b"   ",
            "en",
            "The body is not JSON that can be read: it stops making sense at line 1, column 4.",
            (1, 4),
        ),
        (
            b'{"cards": ["\xff"]}',
            "en",
            "The body is not JSON that can be read: it stops making sense at line 1, column 13.",
            (1, 13),
        ),
    ],
)
def test_a_body_that_is_not_json_says_where_it_stops_in_the_readers_language(
    client, body, language, message, where
):
    """Ninja answers any unreadable body with one English sentence; Tento says where it
    stopped making sense, as a violation and as ``detail``, in the reader's language."""
    response = client.post(
        "/api/v1/cards/parse",
        body,
        content_type="application/json",
        HTTP_ACCEPT_LANGUAGE=language,
    )
    assert response.status_code == 400
    answer = response.json()
    (violation,) = answer["violations"]
    assert violation["rule"] == "api.body.unreadable"
    assert violation["message"] == answer["detail"] == message
    assert (violation["params"]["line"], violation["params"]["column"]) == where
    assert violation["url"].endswith("#api.body.unreadable")


def test_other_http_errors_are_answered_as_ninja_answers_them(client):
    """Only an unreadable body is worded anew: an error the API raises on purpose keeps
    ninja's answer."""
    from ninja.errors import HttpError

    from scoring.api.urls import api, http_error

    request = client.get("/").wsgi_request
    response = http_error(request, HttpError(403, "Forbidden here"))
    assert response.status_code == 403
    assert response.content == b'{"detail": "Forbidden here"}'
    assert api.parser.__class__.__name__ == "BodyParser"
