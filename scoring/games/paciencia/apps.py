from django.utils.translation import gettext_lazy as _

from scoring.kit.apps import GameConfig


class PacienciaConfig(GameConfig):
    name = "scoring.games.paciencia"
    label = "paciencia"
    verbose_name = _("Paciência do Cachorro")
