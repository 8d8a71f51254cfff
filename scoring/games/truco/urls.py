from django.urls import path

from scoring.games.truco import views

app_name = "truco"

urlpatterns = [
    path("referee/", views.referee, name="referee"),
    path("matches/<int:pk>/hand/", views.step, name="step"),
]
