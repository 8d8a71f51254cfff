from django.urls import path

from scoring.ratings import views

app_name = "ratings"

urlpatterns = [
    path("<str:code>/", views.club_ratings, name="club"),
    path("<str:code>/export.csv", views.export_csv, name="export-csv"),
    path("<str:code>/export.json", views.export_json, name="export-json"),
    path("<str:code>/rules/", views.rules, name="rules"),
    path("<str:code>/seasons/<int:pk>/delete/", views.delete_season, name="delete-season"),
    path("<str:code>/players/<int:pk>/", views.player_rating, name="player"),
]
