from django.utils.translation import gettext_lazy as _

from scoring.kit.apps import GameConfig


class TrucoConfig(GameConfig):
    name = "scoring.games.truco"
    label = "truco"
    verbose_name = _("Truco")
