"""The versioned JSON API, /api/v1/: its schema at /api/v1/openapi.json, docs at
/api/v1/docs. Each game adds its referee endpoints under /api/v1/<game>/."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.utils.module_loading import import_string
from ninja import NinjaAPI
from ninja.errors import HttpError, ValidationError

from referee.rulings import RuleError, Violation
from scoring.api import cards
from scoring.api.schemas import violations_out
from scoring.api.shapes import BodyParser, UnreadableBody, shape_problem
from scoring.ledger.registry import all_games

api = NinjaAPI(
    title="Tento API",
    version="1",
    description="Card notation and the games' referees. Every verdict names its rule.",
    urls_namespace="api-v1",
    parser=BodyParser(),
)


@api.exception_handler(RuleError)
def rule_error(request: HttpRequest, error: RuleError) -> HttpResponse:
    """Input the rules cannot accept: 422, naming every rule it breaks."""
    return api.create_response(
        request, {"violations": violations_out(error.violations)}, status=422
    )


def _suggestion(problem: dict) -> dict[str, str]:
    suggestion = (problem.get("ctx") or {}).get("suggestion")
    return {"suggestion": suggestion} if suggestion else {}


@api.exception_handler(ValidationError)
def shape_error(request: HttpRequest, error: ValidationError) -> HttpResponse:
    """A body of the wrong shape (a missing field, a string for a number, a list longer
    than a real table needs): 422 in the same form, one violation per problem, worded in
    the request's language; pydantic's own English words are its ``detail``."""
    found = [
        Violation(
            "api.body.invalid",
            {
                "field": ".".join(str(part) for part in problem.get("loc", ()) if part != "body"),
                "problem": shape_problem(problem),
                "detail": problem.get("msg", ""),
                # A misspelt key: the one meant, for a program to offer.
                **_suggestion(problem),
            },
        )
        for problem in error.errors
    ]
    return api.create_response(request, {"violations": violations_out(found)}, status=422)


@api.exception_handler(HttpError)
def http_error(request: HttpRequest, error: HttpError) -> HttpResponse:
    """A body that is not JSON at all: 400, saying where it stopped making sense, in the
    request's language (its ``detail`` too, where ninja says one English sentence).
    Every other HTTP error as ninja answers it."""
    unreadable = error.__cause__
    if not isinstance(unreadable, UnreadableBody):
        return api.create_response(request, {"detail": str(error)}, status=error.status_code)
    found = violations_out(
        [Violation("api.body.unreadable", {"line": unreadable.line, "column": unreadable.column})]
    )
    return api.create_response(
        request, {"detail": found[0]["message"], "violations": found}, status=400
    )


api.add_router("/cards/", cards.router)
api.add_router("/records/", "scoring.records.api.router")
api.add_router("/events/", "scoring.api.events.router")
# Each game brings its own endpoints, found through the registry.
for game in all_games():
    if game.api:
        api.add_router(f"/{game.slug}/", import_string(game.api))
