from django.urls import path

from scoring.games.pifpaf import views

app_name = "pifpaf"

urlpatterns = [
    path("referee/", views.referee, name="referee"),
    path("referee/verdict/", views.hand_verdict, name="hand-verdict"),
]
