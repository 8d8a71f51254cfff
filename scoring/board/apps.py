from django.apps import AppConfig


class BoardConfig(AppConfig):
    name = "scoring.board"
    label = "board"
    verbose_name = "The room: board, round clock and paper"
