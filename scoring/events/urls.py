from django.urls import path

from scoring.events import views

app_name = "events"

urlpatterns = [
    path("new/<str:club>/", views.new_event, name="new"),
    path("<str:code>/", views.event_page, name="event"),
    path("<str:code>/desk/", views.desk, name="desk"),
    path("<str:code>/draw/", views.draw, name="draw"),
    path("<str:code>/settle/", views.settle, name="settle"),
    path("<str:code>/tables/<int:pk>/close/", views.close_table, name="close-table"),
    path("<str:code>/tables/<int:pk>/next-game/", views.next_game, name="next-game"),
    path("<str:code>/tables/<int:pk>/side-link/", views.side_link, name="side-link"),
    path("<str:code>/entrants/", views.add_entrant, name="add-entrant"),
    path("<str:code>/entrants/<int:pk>/", views.entrant_page, name="entrant"),
    path("<str:code>/entrants/<int:pk>/withdraw/", views.withdraw, name="withdraw"),
    path("<str:code>/entrants/<int:pk>/substitute/", views.substitute, name="substitute"),
    path("<str:code>/directors/", views.add_director, name="add-director"),
    path("<str:code>/export.csv", views.export_csv, name="export-csv"),
    path("<str:code>/export.json", views.export_json, name="export-json"),
]
