from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class TrucoConfig(AppConfig):
    name = "scoring.games.truco"
    label = "truco"
    verbose_name = _("Truco")
