from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class CanastraConfig(AppConfig):
    name = "scoring.games.canastra"
    label = "canastra"
    verbose_name = _("Canastra")
