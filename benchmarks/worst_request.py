"""The worst request the API accepts, priced: every POST endpoint of /api/v1 gets the
largest body its schema allows (every list at its maximum length, every number at its
maximum, cards everywhere a string goes), cut to the body limit, and the slowest median
answer is the figure. It must stay under 50 ms: a phone (or a stranger) cannot hold a
worker with one request.

``worst_request_ms()`` returns that figure; ``python -m benchmarks.worst_request`` prints
it with the endpoint that set it.
"""

from __future__ import annotations

import json
import os
import statistics
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
LIMIT_MS = 50.0
# A card every game reads (rank and suit, English letters).
CARD = "KH"


def _setup() -> None:
    sys.path.insert(0, str(ROOT))
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "scoring.settings")
    os.environ.setdefault("DEBUG", "1")  # the in-process client speaks plain HTTP
    import django

    django.setup()


def _resolve(schema: dict[str, Any], spec: dict[str, Any]) -> dict[str, Any]:
    while "$ref" in schema:
        name = schema["$ref"].rsplit("/", 1)[-1]
        schema = spec["components"]["schemas"][name]
    if "allOf" in schema:
        merged: dict[str, Any] = {}
        for part in schema["allOf"]:
            merged |= _resolve(part, spec)
        return merged
    if "anyOf" in schema:  # the first non-null choice, with the bounds beside the choice
        choices = [s for s in schema["anyOf"] if s.get("type") != "null"]
        beside = {key: value for key, value in schema.items() if key != "anyOf"}
        return _resolve(choices[0], spec) | beside if choices else {"type": "null"}
    return schema


def largest(schema: dict[str, Any], spec: dict[str, Any], depth: int = 0) -> Any:
    """The largest value the schema accepts (bounded lists at their bound; an unbounded
    list gets 50 items, which the schema check then shows up)."""
    schema = _resolve(schema, spec)
    if "enum" in schema:
        return schema["enum"][-1]
    kind = schema.get("type")
    if kind == "object" or "properties" in schema:
        props = schema.get("properties", {})
        return {name: largest(sub, spec, depth + 1) for name, sub in props.items()}
    if kind == "array":
        count = schema.get("maxItems", 50)
        item = largest(schema.get("items", {}), spec, depth + 1)
        return [item] * count
    if kind == "integer":
        return schema.get("maximum", schema.get("exclusiveMaximum", 1_000_001) - 1)
    if kind == "number":
        return schema.get("maximum", 1_000_000.0)
    if kind == "boolean":
        return True
    if kind == "string":
        return CARD
    return None


def bodies() -> list[tuple[str, bytes]]:
    """(path, body) for every POST endpoint, cut to DATA_UPLOAD_MAX_MEMORY_SIZE: the
    largest body that is read at all."""
    from django.conf import settings
    from django.test import Client

    spec = Client().get("/api/v1/openapi.json", HTTP_HOST="127.0.0.1").json()
    out = []
    for path, methods in spec["paths"].items():
        post = methods.get("post")
        if not post or "requestBody" not in post:
            continue
        schema = post["requestBody"]["content"]["application/json"]["schema"]
        body = json.dumps(largest(schema, spec)).encode()
        while len(body) > settings.DATA_UPLOAD_MAX_MEMORY_SIZE:
            body = json.dumps(_halve(json.loads(body))).encode()
        out.append((path, body))
    return out


def _halve(value: Any) -> Any:
    if isinstance(value, list):
        return [_halve(v) for v in value[: max(1, len(value) // 2)]]
    if isinstance(value, dict):
        return {k: _halve(v) for k, v in value.items()}
    return value


def priced(repeat: int = 5) -> list[tuple[float, str, int]]:
    """(median ms, path, status) for every endpoint's largest body, slowest first."""
    from django.test import Client

    client = Client(HTTP_HOST="127.0.0.1")
    results = []
    for path, body in bodies():
        times, status = [], 0
        for _ in range(repeat):
            start = time.perf_counter()
            response = client.post(path, body, content_type="application/json")
            times.append((time.perf_counter() - start) * 1000)
            status = response.status_code
        results.append((statistics.median(times), path, status))
    return sorted(results, reverse=True)


def worst_request_ms() -> float:
    """The slowest median answer of the API to the largest body it accepts, in ms."""
    _setup()
    return priced()[0][0]


if __name__ == "__main__":
    _setup()
    for ms, path, status in priced():
        print(f"{ms:8.2f} ms  {status}  {path}")
    worst = priced()[0][0]
    print(f"worst accepted API request: {worst:.2f} ms (limit {LIMIT_MS:.0f} ms)")
