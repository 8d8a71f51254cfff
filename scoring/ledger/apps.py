from pathlib import Path
from typing import Any

from django.apps import AppConfig
from django.core.cache import caches
from django.utils.autoreload import file_changed
from django.utils.translation import gettext_lazy as _


def forget_release_fragments(sender: Any, file_path: Path, **kwargs: Any) -> None:
    """The development server draws an edited template anew at once (Django resets its
    template loaders); so must the fragments kept per process, which templates draw."""
    if file_path.suffix != ".py":
        caches["release"].clear()


class LedgerConfig(AppConfig):
    name = "scoring.ledger"
    verbose_name = _("Match ledger")

    def ready(self) -> None:
        file_changed.connect(forget_release_fragments, dispatch_uid="tento-release-fragments")
        from scoring.ledger import access

        access.connect_signals()
        import scoring.checks  # noqa: F401  (registers the deployment checks)
