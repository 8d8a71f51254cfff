"""The API takes nothing it does not understand: a key an object does not have is refused
(naming the key, and the one meant when one is close), and every value must be of its
JSON type. Checked on every request object the OpenAPI document names."""

from __future__ import annotations

import copy
import json
import uuid
from collections.abc import Iterator
from functools import cache
from typing import Any

import pytest

from tests.helpers import EN
from tests.scoring.api.test_openapi import EXAMPLES, recorder, resolve  # noqa: F401

pytestmark = pytest.mark.django_db

Path = tuple[str | int, ...]


@cache
def _document() -> str:
    from scoring.api.urls import api

    return json.dumps(api.get_openapi_schema())


def _spec() -> dict[str, Any]:
    return json.loads(_document())


def _walk(body: Any, schema: dict[str, Any], spec: dict[str, Any], where: Path) -> Iterator:
    """Each object of the example body with its schema, and each integer and boolean
    field found in them: ("object", path, schema) / ("integer" | "boolean", path)."""
    schema = resolve(schema, spec)
    for option in schema.get("allOf", ()):  # a nested object with a default
        schema = resolve(option, spec)
    for option in schema.get("anyOf", ()):
        if resolve(option, spec).get("type") != "null":
            schema = resolve(option, spec)
    if isinstance(body, dict) and "properties" in schema:
        yield "object", where, schema
        for name, sub in schema["properties"].items():
            kind = resolve(sub, spec).get("type")
            kinds = {resolve(o, spec).get("type") for o in sub.get("anyOf", ())} | {kind}
            for simple in ("integer", "boolean"):
                if simple in kinds:
                    yield simple, (*where, name)
            # An object or a map the example leaves out is walked as sent empty.
            yield from _walk(body.get(name, {}), sub, spec, (*where, name))
    elif isinstance(body, dict) and isinstance(schema.get("additionalProperties"), dict):
        # A map (a score per team): its values are checked as fields are.
        kind = resolve(schema["additionalProperties"], spec).get("type")
        if kind in ("integer", "boolean"):
            for key in list(body)[:1] or ["P1"]:
                yield kind, (*where, key)
    elif isinstance(body, list) and "items" in schema:
        for index, item in enumerate(body[:1]):
            yield from _walk(item, schema["items"], spec, (*where, index))


def _body_schema(spec: dict[str, Any], path: str) -> dict[str, Any]:
    return spec["paths"][path]["post"]["requestBody"]["content"]["application/json"]["schema"]


def _with(body: Any, where: Path, value: Any) -> Any:
    """The body with ``value`` set at ``where`` (the last part a key)."""
    body = copy.deepcopy(body)
    target = body
    for part in where[:-1]:
        target = target[part] if isinstance(target, list) else target.setdefault(part, {})
    target[where[-1]] = value
    return body


def _post(client, request, path: str, body: dict[str, Any]):
    extra = EN
    url = path
    if "{code}" in path:  # the records API: a club's match, and its scorer's token
        url, token = request.getfixturevalue("recorder")
        body = body | {"request_id": str(uuid.uuid4())}
        extra = EN | {"HTTP_AUTHORIZATION": f"Bearer {token}"}
    return client.post(url, json.dumps(body), content_type="application/json", **extra)


def _refusals(response) -> list[tuple[str, str]]:
    assert response.status_code == 422, response.content[:400]
    return [(v["rule"], v["params"].get("field", "")) for v in response.json()["violations"]]


def _dotted(where: Path) -> str:
    return ".".join(str(part) for part in where)


@pytest.mark.parametrize("path", list(EXAMPLES))
def test_every_request_object_refuses_a_key_it_does_not_have(client, request, path):
    spec = _spec()
    objects = [
        where
        for kind, where, *_ in _walk(EXAMPLES[path], _body_schema(spec, path), spec, ())
        if kind == "object"
    ]
    assert objects, path
    for where in objects:
        key = (*where, "surely_not_a_field")
        response = _post(client, request, path, _with(EXAMPLES[path], key, 1))
        assert ("api.body.invalid", _dotted(key)) in _refusals(response), (path, key)


@pytest.mark.parametrize("path", list(EXAMPLES))
def test_every_closed_object_says_so_in_the_openapi_document(client, path):
    spec = _spec()
    for kind, where, *schema in _walk(EXAMPLES[path], _body_schema(spec, path), spec, ()):
        if kind == "object":
            assert schema[0].get("additionalProperties") is False, (path, where)


@pytest.mark.parametrize("path", list(EXAMPLES))
def test_every_integer_and_yes_no_field_takes_its_json_type_only(client, request, path):
    spec = _spec()
    found = [
        (kind, where)
        for kind, where, *_ in _walk(EXAMPLES[path], _body_schema(spec, path), spec, ())
        if kind in ("integer", "boolean")
    ]
    wrong = {"integer": [True, "12", 3.0], "boolean": [0, 1, "true"]}
    for kind, where in found:
        for value in wrong[kind]:
            response = _post(client, request, path, _with(EXAMPLES[path], where, value))
            refusals = _refusals(response)
            assert ("api.body.invalid", _dotted(where)) in refusals, (path, where, value)


@pytest.mark.parametrize(
    ("path", "body", "field", "meant"),
    [
        (
            "samba/hands/score",
            {"sides": [{"concealed": {"dealsolo": 1}}, {}]},
            "sides.0.concealed.dealsolo",
            "deal_solo",
        ),
        (
            "samba/hands/score",
            {"sides": [{"redthrees": 3}, {}]},
            "sides.0.redthrees",
            "red_threes",
        ),
        (
            "canastra/hands/score",
            {"pairs": [{"tookmorto": True, "meld": []}, {}]},
            "pairs.0.tookmorto",
            "took_morto",
        ),
        (
            "truco/tricks/resolve",
            {
                "plays": [
                    {"team": "A", "card": "3H"},
                    {"team": "B", "card": "7D", "facedown": True},
                ]
            },
            "plays.1.facedown",
            "face_down",
        ),
    ],
)
def test_a_misspelt_key_is_refused_naming_the_key_meant(client, path, body, field, meant):
    response = client.post(f"/api/v1/{path}", body, content_type="application/json", **EN)
    violations = response.json()["violations"]
    assert response.status_code == 422
    (violation,) = [v for v in violations if v["params"]["field"] == field]
    assert violation["rule"] == "api.body.invalid"
    assert violation["params"]["suggestion"] == meant
    assert (
        violation["message"] == f"{field}: is not a field of this request: did you mean {meant}?"
    )


@pytest.mark.parametrize(
    ("language", "message"),
    [
        ("pt-br", "sides.0.redthrees: não é um campo deste pedido: você quis dizer red_threes?"),
        ("pl", "sides.0.redthrees: nie jest polem tego żądania: czy chodziło o red_threes?"),
    ],
)
def test_the_key_meant_is_said_in_the_requests_language(client, language, message):
    response = client.post(
        "/api/v1/samba/hands/score",
        {"sides": [{"redthrees": 3}, {}]},
        content_type="application/json",
        HTTP_ACCEPT_LANGUAGE=language,
    )
    assert [v["message"] for v in response.json()["violations"]] == [message]


def test_a_key_nothing_is_close_to_is_refused_without_a_guess(client):
    response = client.post(
        "/api/v1/cards/parse", {"cards": ["KH"], "zzz": 1}, content_type="application/json", **EN
    )
    (violation,) = response.json()["violations"]
    assert violation["message"] == "zzz: is not a field of this request"
    assert "suggestion" not in violation["params"]


def test_a_truco_score_of_true_is_no_score(client):
    body = {"score": {"A": True, "B": 0}, "events": [{"type": "win", "team": "A"}]}
    response = client.post(
        "/api/v1/truco/hands/score", body, content_type="application/json", **EN
    )
    assert response.status_code == 422
    (violation,) = response.json()["violations"]
    assert violation["message"] == "score.A: must be a whole number"


def test_query_parameters_keep_their_usual_reading(client):
    response = client.post(
        "/api/v1/paciencia/play?moves=1", {"shuffle": 177}, content_type="application/json"
    )
    assert response.status_code == 200 and response.json()["replay"]["moves"]
