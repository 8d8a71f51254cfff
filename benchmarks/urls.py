"""Tento's URLs plus ``/bench/bare/``: the cheapest answer Django can give through the
app's middleware, the unit every served figure is measured in."""

from django.http import HttpRequest, HttpResponse
from django.urls import include, path


def bare(request: HttpRequest) -> HttpResponse:
    return HttpResponse("ok", content_type="text/plain")


urlpatterns = [
    path("bench/bare/", bare),
    path("", include("scoring.urls")),
]
