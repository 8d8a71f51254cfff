from django.urls import path

from scoring.acceptance import views

app_name = "acceptance"

urlpatterns = [
    path("side/<str:token>/", views.side_link, name="side"),
    path("matches/<str:code>/side-links/", views.renew_side_link, name="renew-side-link"),
    path("matches/<str:code>/acceptance/", views.house_option, name="house-option"),
    path("matches/<str:code>/hands/<int:number>/", views.hand_page, name="hand"),
    path("matches/<str:code>/hands/<int:number>/accept/", views.accept_hand, name="accept"),
    path("matches/<str:code>/hands/<int:number>/dispute/", views.dispute_hand, name="dispute"),
    path(
        "matches/<str:code>/hands/<int:number>/disputes/<int:pk>/rule/",
        views.rule_dispute,
        name="rule",
    ),
]
