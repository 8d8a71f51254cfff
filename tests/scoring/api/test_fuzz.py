"""Every API endpoint, fed schema-shaped bodies with extreme values, answers without a 5xx:
a body that fits the schema is scored or refused with the rule (200/422), and one whose
numbers and strings go past every bound (huge, negative, long, odd characters) is a 422,
never a crash. The bodies come from each endpoint's own OpenAPI request schema."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from benchmarks.worst_request import _resolve

# Strings a card field reads, so a body gets past card reading into the rules.
CARDS = ["KH", "10♠", "JK", "4P", "A♥", "7O", "2C", "Q♦"]
EXTREMES = [0, -1, 2**31, -(2**31), 2**63, 10**30, -(10**30)]
LONGEST_LIST = 3  # long lists are priced by `make bench` (worst_request); here, many small


def shaped(schema: dict[str, Any], spec: dict[str, Any], loose: bool, depth: int = 0):
    """Bodies of the schema's shape. Strict: within every bound the schema states.
    Loose: the same shape, but numbers and strings at any extreme."""
    schema = _resolve(schema, spec)
    if "enum" in schema:
        values = st.sampled_from(schema["enum"])
        return values | st.text(max_size=20) if loose else values
    kind = schema.get("type")
    if (kind == "object" or "properties" in schema) and depth < 6:
        props = schema.get("properties", {})
        required = set(schema.get("required", ()))
        parts = {name: shaped(sub, spec, loose, depth + 1) for name, sub in props.items()}
        return st.fixed_dictionaries(
            {name: part for name, part in parts.items() if name in required},
            optional={name: part for name, part in parts.items() if name not in required},
        )
    if kind == "array":
        items = shaped(schema.get("items", {}), spec, loose, depth + 1)
        low = min(schema.get("minItems", 0), LONGEST_LIST)
        return st.lists(items, min_size=low, max_size=LONGEST_LIST)
    if kind == "integer":
        if loose:
            return st.integers() | st.sampled_from(EXTREMES)
        return st.integers(schema.get("minimum"), schema.get("maximum"))
    if kind == "number":
        if loose:
            return st.floats(allow_nan=False) | st.sampled_from(EXTREMES)
        return st.floats(schema.get("minimum"), schema.get("maximum"), allow_nan=False)
    if kind == "boolean":
        return st.booleans()
    if kind == "string":
        cards = st.sampled_from(CARDS)
        if loose:
            return cards | st.text(max_size=80) | st.just("9" * 400)
        return cards | st.text(max_size=schema.get("maxLength", 40))
    return st.none() | st.integers() | st.text(max_size=10)


def _request_schemas(client) -> tuple[dict[str, Any], list[tuple[str, dict[str, Any]]]]:
    spec = client.get("/api/v1/openapi.json").json()
    schemas = []
    for path, methods in spec["paths"].items():
        post = methods.get("post")
        if not post or "requestBody" not in post or "{" in path:
            continue
        schemas.append((path, post["requestBody"]["content"]["application/json"]["schema"]))
    return spec, schemas


def _answers_every(client, path: str, bodies) -> None:
    @settings(
        max_examples=40,
        database=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    )
    @given(body=bodies)
    def answers(body):
        response = client.post(path, json.dumps(body), content_type="application/json")
        assert response.status_code < 500, (path, body, response.content[:300])

    answers()


@pytest.mark.django_db
def test_extreme_schema_shaped_bodies_never_answer_a_5xx(client):
    spec, schemas = _request_schemas(client)
    assert len(schemas) >= 10, [path for path, _ in schemas]
    for path, schema in schemas:
        bodies = shaped(schema, spec, loose=False) | shaped(schema, spec, loose=True)
        _answers_every(client, path, bodies)


@pytest.mark.django_db
def test_a_body_past_a_bound_is_refused_not_scored(client):
    """The loosened bodies do reach past the bounds: a count beyond its maximum is a 422."""
    response = client.post(
        "/api/v1/truco/tricks/resolve",
        json.dumps({"plays": ["4P"] * 7}),
        content_type="application/json",
    )
    assert response.status_code == 422
