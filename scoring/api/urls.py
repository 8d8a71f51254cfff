"""The versioned JSON API, /api/v1/: its schema at /api/v1/openapi.json, docs at
/api/v1/docs. Each game adds its referee endpoints under /api/v1/<game>/."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from ninja import NinjaAPI

from referee.rulings import RuleError
from scoring.api import cards
from scoring.games.pifpaf import api as pifpaf_api
from scoring.games.samba import api as samba_api
from scoring.games.truco import api as truco_api
from scoring.ledger.rulebook import violation_dicts

api = NinjaAPI(
    title="Tento API",
    version="1",
    description="Card notation and the games' referees. Every verdict names its rule.",
    urls_namespace="api-v1",
)


@api.exception_handler(RuleError)
def rule_error(request: HttpRequest, error: RuleError) -> HttpResponse:
    """Input the rules cannot accept: 422, naming every rule it breaks."""
    return api.create_response(
        request, {"violations": violation_dicts(error.violations)}, status=422
    )


api.add_router("/cards/", cards.router)
api.add_router("/pifpaf/", pifpaf_api.router)
api.add_router("/truco/", truco_api.router)
api.add_router("/samba/", samba_api.router)
