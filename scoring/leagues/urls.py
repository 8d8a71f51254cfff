from django.urls import path

from scoring.leagues import views

app_name = "leagues"

urlpatterns = [
    path("<str:code>/fixtures/", views.fixtures, name="fixtures"),
    path("<str:code>/fixtures/lay-out/", views.lay_out, name="lay-out"),
    path("<str:code>/fixtures/<int:pk>/report/", views.report, name="report"),
    path("<str:code>/fixtures/<int:pk>/confirm/", views.confirm, name="confirm"),
    path("<str:code>/fixtures/<int:pk>/refuse/", views.reject, name="refuse"),
    path("<str:code>/fixtures/<int:pk>/walkover/", views.walkover, name="walkover"),
    path("<str:code>/fixtures/<int:pk>/extend/", views.extend, name="extend"),
]
