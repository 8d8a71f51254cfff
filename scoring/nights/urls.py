from django.urls import path

from scoring.nights import views

app_name = "nights"

urlpatterns = [
    path("<str:code>/results/<int:pk>/", views.night, name="night"),
    path("<str:code>/results/standing.svg", views.standing_image, name="standing-image"),
    path("<str:code>/close/", views.close, name="close"),
    path("mail/<str:club>/", views.mail_choice, name="mail-choice"),
]
