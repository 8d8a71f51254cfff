from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class PinkertonConfig(AppConfig):
    name = "scoring.games.pinkerton"
    label = "pinkerton"
    verbose_name = _("Pinkerton")
