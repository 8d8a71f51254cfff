from django.urls import path

from scoring.records import account, views

app_name = "records"

urlpatterns = [
    path("", views.standings, name="standings"),
    path("players/names/", views.player_names, name="player-names"),
    path("players/<int:pk>/", views.player, name="player"),
    path("head-to-head/", views.head_to_head, name="head-to-head"),
    path("matches/", views.history, name="history"),
    path("matches/<str:code>/", views.match_record, name="match"),
    path("matches/<str:code>/chart/", views.match_chart, name="match-chart"),
    path("matches/<str:code>/summary.txt", views.match_summary, name="match-summary"),
    path("matches/<str:code>/hands.csv", views.match_hands_csv, name="match-csv"),
    path("export.csv", views.export_csv, name="export-csv"),
    path("export.json", views.export_json, name="export-json"),
    path("api-tokens/", account.api_tokens, name="api-tokens"),
    path("api-tokens/<int:pk>/revoke/", account.revoke_api_token, name="revoke-api-token"),
]
