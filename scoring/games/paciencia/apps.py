from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class PacienciaConfig(AppConfig):
    name = "scoring.games.paciencia"
    label = "paciencia"
    verbose_name = _("Paciência do Cachorro")
