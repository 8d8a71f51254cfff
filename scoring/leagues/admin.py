from django.contrib import admin

from scoring.leagues.models import Fixture


@admin.register(Fixture)
class FixtureAdmin(admin.ModelAdmin):
    list_display = ["event", "round", "home", "away", "state", "deadline"]
    list_filter = ["state"]
    raw_id_fields = ["event", "home", "away", "match", "walkover_to"]
    raw_id_fields += ["reported_by", "confirmed_by", "ruled_by"]
