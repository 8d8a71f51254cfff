from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class PifPafConfig(AppConfig):
    name = "scoring.games.pifpaf"
    label = "pifpaf"
    verbose_name = _("Pif-Paf")
