from django.apps import AppConfig


class NightsConfig(AppConfig):
    name = "scoring.nights"
    verbose_name = "Nights"
