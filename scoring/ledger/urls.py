from django.urls import path

from scoring.ledger.views import hands, matches, referee, rulebook, stream

app_name = "ledger"

urlpatterns = [
    path("", matches.home, name="home"),
    path("matches/new/", matches.pick_game, name="pick-game"),
    path("matches/new/<slug:game>/", matches.new_match, name="new-match"),
    path("score/<str:token>/", matches.scorer_link, name="score"),
    path("watch/<str:token>/", matches.share_link, name="watch"),
    path("matches/<str:code>/", matches.match_detail, name="match"),
    path("matches/<str:code>/live/", matches.live, name="live"),
    path("matches/<str:code>/stream/", stream.stream, name="stream"),
    path("matches/<str:code>/history/", matches.history, name="history"),
    path("matches/<str:code>/finish/", matches.finish_match, name="finish"),
    path("matches/<str:code>/links/", matches.renew_link, name="renew-link"),
    path("matches/<str:code>/hands/", hands.add_hand, name="add-hand"),
    path("matches/<str:code>/hand-form/", hands.hand_form, name="hand-form"),
    path("matches/<str:code>/check/<str:field>/", hands.live_check, name="live-check"),
    path("matches/<str:code>/hands/<int:number>/edit/", hands.edit_hand, name="edit-hand"),
    path("matches/<str:code>/hands/<int:number>/undo/", hands.undo_hand, name="undo"),
    path("matches/<str:code>/hands/<int:number>/redo/", hands.redo_hand, name="redo"),
    path("rules/<slug:game>/", rulebook.rulebook, name="rulebook"),
    path("<slug:game>/referee/", referee.referee, name="referee"),
]
