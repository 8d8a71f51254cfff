from django.apps import AppConfig


class LeaguesConfig(AppConfig):
    name = "scoring.leagues"
    verbose_name = "Leagues"
