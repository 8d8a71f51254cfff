from django.utils.translation import gettext_lazy as _

from scoring.kit.apps import GameConfig


class PinkertonConfig(GameConfig):
    name = "scoring.games.pinkerton"
    label = "pinkerton"
    verbose_name = _("Pinkerton")
