from django.contrib import admin
from django.urls import include, path

from scoring.api.urls import api
from scoring.ledger.views import pwa

urlpatterns = [
    path("manifest.webmanifest", pwa.manifest, name="manifest"),
    path("sw.js", pwa.service_worker, name="service-worker"),
    path("offline/", pwa.offline, name="offline"),
    path("records/ratings/", include("scoring.ratings.urls")),
    path("records/", include("scoring.records.urls")),
    path("accounts/", include("allauth.urls")),
    path("clubs/", include("scoring.clubs.urls")),
    path("events/", include("scoring.nights.urls")),
    path("events/", include("scoring.leagues.urls")),
    path("events/", include("scoring.events.urls")),
    path("events/", include("scoring.board.urls")),
    path("", include("scoring.ledger.urls")),
    path("", include("scoring.acceptance.urls")),
    path("paciencia/", include("scoring.games.paciencia.urls")),
    path("api/v1/", api.urls),
    path("i18n/", include("django.conf.urls.i18n")),
    path("admin/", admin.site.urls),
]

# A database that cannot write answers 503 in the app's own page (scoring.errors).
handler500 = "scoring.errors.server_error"
