from django.apps import AppConfig


class ClubsConfig(AppConfig):
    name = "scoring.clubs"
    label = "clubs"
