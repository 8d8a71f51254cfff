from django.urls import path

from scoring.games.samba import views

app_name = "samba"

urlpatterns = [
    path("melds/check", views.check_melds, name="check-melds"),
    path("referee/", views.referee, name="referee"),
    path("referee/meld/", views.ask_meld, name="ask-meld"),
    path("referee/opening/", views.ask_opening, name="ask-opening"),
    path("referee/pile/", views.ask_pile, name="ask-pile"),
    path("referee/going-out/", views.ask_going_out, name="ask-going-out"),
]
