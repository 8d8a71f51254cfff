from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class SambaConfig(AppConfig):
    name = "scoring.games.samba"
    label = "samba"
    verbose_name = _("Samba")
