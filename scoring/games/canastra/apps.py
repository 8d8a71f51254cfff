from django.utils.translation import gettext_lazy as _

from scoring.kit.apps import GameConfig


class CanastraConfig(GameConfig):
    name = "scoring.games.canastra"
    label = "canastra"
    verbose_name = _("Canastra")
