from django.urls import path

from scoring.clubs import views

app_name = "clubs"

urlpatterns = [
    path("", views.clubs, name="clubs"),
    path("join/<str:token>/", views.join, name="join"),
    path("<str:code>/", views.club, name="club"),
    path("<str:code>/invite/", views.invite, name="invite"),
    path("<str:code>/invitations/<int:pk>/revoke/", views.revoke, name="revoke"),
    path("<str:code>/members/<int:pk>/role/", views.set_role, name="set-role"),
    path("<str:code>/guests/", views.add_guest, name="add-guest"),
]
