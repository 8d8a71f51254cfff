"""/paciencia/: the replay of a shuffle or of a deal typed in from the table."""

from django.urls import path

from scoring.games.paciencia import views

app_name = "paciencia"

urlpatterns = [
    path("", views.index, name="index"),
    path("random/", views.random_shuffle, name="random"),
    path("<int:number>/", views.shuffle_replay, name="shuffle"),
    path("deck/<str:code>/", views.deck_replay, name="deck"),
]
