from django.utils.translation import gettext_lazy as _

from scoring.kit.apps import GameConfig


class FreeScoringConfig(GameConfig):
    name = "scoring.games.free"
    label = "free"
    verbose_name = _("Free scoring")
