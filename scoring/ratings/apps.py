from django.apps import AppConfig


class RatingsConfig(AppConfig):
    name = "scoring.ratings"
    label = "ratings"
    verbose_name = "Ratings"

    def ready(self) -> None:
        from scoring.ratings import hooks

        hooks.connect()
