from django.contrib import admin
from django.urls import include, path

from scoring.api.urls import api

urlpatterns = [
    path("", include("scoring.ledger.urls")),
    path("api/v1/", api.urls),
    path("i18n/", include("django.conf.urls.i18n")),
    path("admin/", admin.site.urls),
]
