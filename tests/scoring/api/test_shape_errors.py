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
        ("cards/parse", {"cards": ["KH"], "notation": "xx"}, "pt-br",
         "notation: deve ser um destes valores: 'en', 'pt', 'pl'"),
        ("cards/parse", {}, "pt-br", "cards: é obrigatório"),
        ("cards/parse", {"cards": ["KH"] * 501}, "pt-br", "cards: pode ter no máximo 500 itens"),
        ("paciencia/play", {"shuffle": "many"}, "pt-br", "shuffle: deve ser um número inteiro"),
        ("truco/hands/resolve", {"tricks": ["A"], "truco_accepted_in": 0}, "pt-br",
         "truco_accepted_in: deve ser pelo menos 1"),
        ("canastra/hands/score", {"pairs": [], "options": {"x": 1}}, "pt-br",
         "options.x: não é um campo deste pedido"),
        ("cards/parse", {"cards": ["KH"], "notation": "xx"}, "pl",
         "notation: musi być jedną z wartości: 'en', 'pt', 'pl'"),
        ("samba/hands/score", {"sides": []}, "pl", "sides: musi mieć co najmniej 1 element"),
        ("cards/parse", {"cards": ["KH"], "notation": "xx"}, "en",
         "notation: must be one of 'en', 'pt', 'pl'"),
    ],
)  # fmt: skip
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
