from django.contrib import admin

from scoring.ratings.models import ClubRatings, Season


@admin.register(ClubRatings)
class ClubRatingsAdmin(admin.ModelAdmin):
    list_display = ["club", "minimum_matches", "fresh_seasons"]


@admin.register(Season)
class SeasonAdmin(admin.ModelAdmin):
    list_display = ["name", "club", "start", "end"]
    list_filter = ["club"]
