"""Tento as an installable app that works where the signal is weak: the web manifest,
the service worker (served from the site's root so that it may serve every page), and
the page shown when a page was never opened before and there is no network."""

from __future__ import annotations

import hashlib
import json

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.templatetags.static import static
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_safe

from scoring.kit.registry import all_games

# The app's colour: the phone's status bar and the installed app's frame.
THEME_COLOR = "#0b6b3a"
# What a phone keeps so that an open match's page works offline: the page's styles and
# scripts, each game's stylesheet besides (pages themselves are kept as they are visited).
PRECACHE = (
    "tento/tento.css",
    "tento/tento.js",
    "tento/offline.js",
    "tento/share.js",
    "ledger/picker.js",
    "records/records.css",
    "django_htmx/htmx-2.min.js",
    "django_htmx/django-htmx.js",
    "tento/icons/tento-192.png",
)


@require_safe
def manifest(request: HttpRequest) -> JsonResponse:
    icons = [
        {"src": static("tento/icons/tento-192.png"), "sizes": "192x192", "type": "image/png"},
        {"src": static("tento/icons/tento-512.png"), "sizes": "512x512", "type": "image/png"},
        {
            "src": static("tento/icons/tento-maskable-512.png"),
            "sizes": "512x512",
            "type": "image/png",
            "purpose": "maskable",
        },
    ]
    data = {
        "name": "Tento",
        "short_name": "Tento",
        "description": _("Keeps score and referees card games at a real table."),
        "start_url": reverse("ledger:home"),
        "scope": "/",
        "display": "standalone",
        "background_color": "#fbf8f1",
        "theme_color": THEME_COLOR,
        "icons": icons,
    }
    response = JsonResponse(data, json_dumps_params={"ensure_ascii": False})
    response["Content-Type"] = "application/manifest+json"
    return response


@require_safe
def service_worker(request: HttpRequest) -> HttpResponse:
    """The worker, with the URLs to keep written in (they carry the static files' hashes,
    so a new deployment is a new worker)."""
    sheets = [game.stylesheet for game in all_games() if game.stylesheet]
    assets = [static(path) for path in (*PRECACHE, *sheets)]
    context = {
        "assets": json.dumps(assets),
        "offline": json.dumps(reverse("offline")),
        "version": json.dumps(hashlib.sha256("\n".join(assets).encode()).hexdigest()[:12]),
    }
    response = render(request, "ledger/sw.js", context, content_type="text/javascript")
    response["Cache-Control"] = "no-cache"
    response["Service-Worker-Allowed"] = "/"
    return response


@require_safe
def offline(request: HttpRequest) -> HttpResponse:
    return render(request, "ledger/offline.html")
