from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class FreeScoringConfig(AppConfig):
    name = "scoring.games.free"
    label = "free"
    verbose_name = _("Free scoring")
