from django.utils.translation import gettext_lazy as _

from scoring.kit.apps import GameConfig


class SambaConfig(GameConfig):
    name = "scoring.games.samba"
    label = "samba"
    verbose_name = _("Samba")
