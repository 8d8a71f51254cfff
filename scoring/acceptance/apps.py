from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class AcceptanceConfig(AppConfig):
    name = "scoring.acceptance"
    verbose_name = _("Acceptance and rulings")

    def ready(self) -> None:
        from scoring.acceptance import hooks

        hooks.connect()
