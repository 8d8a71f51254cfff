from django.urls import path

from scoring.board import views

app_name = "board"

urlpatterns = [
    path("<str:code>/board/", views.board, name="board"),
    path("<str:code>/board/live/", views.board_live, name="board-live"),
    path("<str:code>/clock/", views.clock, name="clock"),
    path("<str:code>/clock/rules/", views.clock_rules, name="clock-rules"),
    path("<str:code>/clock/<str:action>/", views.control_clock, name="control-clock"),
    path("<str:code>/cards/", views.table_cards, name="cards"),
    path("<str:code>/sheets/", views.score_sheets, name="sheets"),
    path("<str:code>/tables/<int:pk>/paper/", views.paper_result, name="paper"),
]
