from django.utils.translation import gettext_lazy as _

from scoring.kit.apps import GameConfig


class PifPafConfig(GameConfig):
    name = "scoring.games.pifpaf"
    label = "pifpaf"
    verbose_name = _("Pif-Paf")
