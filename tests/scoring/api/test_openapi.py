"""The OpenAPI document tells the truth: every schema class has its own component, and
each endpoint's 200 body is documented with the keys it really answers."""

from __future__ import annotations

import uuid
from collections import defaultdict
from collections.abc import Iterator
from typing import Any, get_args

import pytest
from django.contrib.auth import get_user_model
from django.utils.module_loading import import_string
from ninja import Router
from ninja.constants import NOT_SET
from pydantic import BaseModel

from scoring.api import cards
from scoring.clubs.models import Club, Membership, Role
from scoring.ledger.models import Match
from scoring.ledger.registry import all_games
from scoring.records.models import ApiToken
from tests.conftest import make_match
from tests.helpers import EN
from tests.scoring.games.canastra.test_api import PAIR_A, PAIR_B
from tests.scoring.games.samba.test_game import PAGE_CARDS

pytestmark = pytest.mark.django_db

# A valid body for every POST endpoint, from the games' own tests.
EXAMPLES: dict[str, dict[str, Any]] = {
    "/api/v1/cards/parse": {"cards": ["10h", "Q♠"]},
    "/api/v1/samba/melds/check": {"cards": ["7H", "8H", "9H"]},
    "/api/v1/samba/hands/score": {"sides": PAGE_CARDS["sides"]},
    "/api/v1/canastra/melds/check": {"cards": ["5C", "6C", "JK", "8C"]},
    "/api/v1/canastra/hands/score": {"pairs": [PAIR_A, PAIR_B]},
    "/api/v1/canastra/openings/check": {"total": 1_500, "melds": [["JS", "QS", "KS", "AS"]]},
    "/api/v1/truco/tricks/resolve": {
        "plays": [
            {"team": "A", "card": "3H"},
            {"team": "B", "card": "7D"},
            {"team": "A", "card": "KS"},
            {"team": "B", "card": "3S"},
        ]
    },
    "/api/v1/truco/hands/resolve": {"tricks": ["A", "B", "A"]},
    "/api/v1/truco/hands/score": {
        "score": {"A": 0, "B": 0},
        "events": [
            {"type": "raise", "team": "A"},
            {"type": "accept", "team": "B"},
            {"type": "win", "team": "B"},
        ],
    },
    "/api/v1/pifpaf/hands/check": {
        "cards": ["AH", "2H", "3H", "7S", "7H", "7D", "QC", "KC", "AC"]
    },
    "/api/v1/pifpaf/melds/check": {"cards": ["QS", "QH", "QD", "QD"]},
    "/api/v1/pifpaf/settle": {
        "balances": {"P1": 46, "P2": 59, "P3": 49, "P4": 46},
        "buy_in": 50,
        "chip_value": "0.50",
    },
    "/api/v1/pinkerton/throws/check": {"stack": ["9S"], "throw": ["10S", "AH"]},
    "/api/v1/pinkerton/stack/add": {"stack": ["9S", "2D"], "card": "4C"},
    "/api/v1/pinkerton/rounds/points": {"cards": 12},
    "/api/v1/paciencia/play": {"shuffle": 177},
    "/api/v1/records/matches/{code}/hands": {"entry": {"points": [1, 1]}},
    "/api/v1/events/pairings": {
        "format": "swiss",
        "round": 2,
        "entrants": [
            {"id": "a", "points": 12, "opponents": ["b"]},
            {"id": "b", "points": 8, "opponents": ["a"]},
            {"id": "c", "points": 12, "opponents": ["d"]},
            {"id": "d", "points": 8, "opponents": ["c"]},
        ],
    },
    "/api/v1/events/victory-points": {"scale": "burraco-3", "scores": [1780, 1540]},
}


def routers() -> list[Router]:
    """The routers scoring/api/urls.py mounts."""
    games = [import_string(game.api) for game in all_games() if game.api]
    mounted = ("scoring.records.api.router", "scoring.api.events.router")
    return [cards.router, *(import_string(router) for router in mounted), *games]


def _models(annotation: Any, seen: set[type]) -> Iterator[type[BaseModel]]:
    """The schema classes an annotation names, and those their fields name."""
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        if annotation in seen:
            return
        seen.add(annotation)
        yield annotation
        for field in annotation.model_fields.values():
            yield from _models(field.annotation, seen)
    for argument in get_args(annotation):
        yield from _models(argument, seen)


def schema_classes() -> set[type[BaseModel]]:
    """Every schema class a request or an answer of the API is read or written with
    (ninja's own wrappers left out)."""
    found: set[type[BaseModel]] = set()
    for router in routers():
        for view in router.path_operations.values():
            for operation in view.operations:
                wrappers = [*operation.models, *operation.response_models.values()]
                for wrapper in wrappers:
                    if wrapper in (None, NOT_SET):
                        continue
                    for field in wrapper.model_fields.values():
                        found.update(_models(field.annotation, set()))
    return found


def resolve(schema: dict[str, Any], spec: dict[str, Any]) -> dict[str, Any]:
    while "$ref" in schema:
        schema = spec["components"]["schemas"][schema["$ref"].rsplit("/", 1)[-1]]
    return schema


def test_every_schema_class_has_a_component_of_its_own(client):
    spec = client.get("/api/v1/openapi.json").json()
    components = spec["components"]["schemas"]
    by_name: dict[str, set[str]] = defaultdict(set)
    for model in schema_classes():
        by_name[model.__name__].add(f"{model.__module__}.{model.__qualname__}")
    shared = {name: sorted(where) for name, where in by_name.items() if len(where) > 1}
    assert shared == {}
    for model in schema_classes():
        properties = model.model_json_schema(by_alias=True).get("properties", {})
        assert set(components[model.__name__].get("properties", {})) == set(properties), model


@pytest.fixture
def recorder(db) -> tuple[str, str]:
    """Where a hand of a club's match is recorded, and a token of the club's scorer."""
    club = Club.objects.create(name="Quinta do Truco")
    alice = get_user_model().objects.create_user("alice", password="x")
    Membership.objects.create(club=club, user=alice, role=Role.SCORER)
    token = ApiToken.issue(alice, "phone")[1]
    match = make_match("free", (("alice",), ("bob",)))
    Match.objects.filter(pk=match.pk).update(club=club)
    return f"/api/v1/records/matches/{match.code}/hands", token


def test_every_answer_is_documented_with_the_keys_it_has(client, recorder):
    spec = client.get("/api/v1/openapi.json").json()
    posts = {path for path, methods in spec["paths"].items() if "post" in methods}
    assert posts == set(EXAMPLES)
    recorded, token = recorder
    for path, body in EXAMPLES.items():
        if "{code}" in path:
            url, body = recorded, body | {"request_id": str(uuid.uuid4())}
            extra = EN | {"HTTP_AUTHORIZATION": f"Bearer {token}"}
        else:
            url, extra = path, EN
        response = client.post(url, body, content_type="application/json", **extra)
        assert response.status_code in (200, 201), (path, response.json())
        answers = spec["paths"][path]["post"]["responses"]
        schema = answers[str(response.status_code)]["content"]["application/json"]["schema"]
        assert set(resolve(schema, spec)["properties"]) == set(response.json()), path
        refused = answers["422"]["content"]["application/json"]["schema"]
        assert refused == {"$ref": "#/components/schemas/Violations"}, path
