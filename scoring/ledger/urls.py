from django.urls import path

from scoring.ledger.views import hands, matches, rulebook

app_name = "ledger"

urlpatterns = [
    path("", matches.home, name="home"),
    path("matches/new/", matches.pick_game, name="pick-game"),
    path("matches/new/<slug:game>/", matches.new_match, name="new-match"),
    path("matches/<int:pk>/", matches.match_detail, name="match"),
    path("matches/<int:pk>/live/", matches.live, name="live"),
    path("matches/<int:pk>/finish/", matches.finish_match, name="finish"),
    path("matches/<int:pk>/hands/", hands.add_hand, name="add-hand"),
    path("matches/<int:pk>/hands/<int:number>/edit/", hands.edit_hand, name="edit-hand"),
    path("matches/<int:pk>/undo/", hands.undo_hand, name="undo"),
    path("matches/<int:pk>/redo/<int:hand_id>/", hands.redo_hand, name="redo"),
    path("rules/<slug:game>/", rulebook.rulebook, name="rulebook"),
]
