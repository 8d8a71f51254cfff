"""The ``AppConfig`` every game app's config builds on.

As Django's admin finds each app's ``admin.py`` when it starts, a game app's config
defines the app's game (``<app>/game.py``) once every app is loaded, and defining a game
registers its rule texts with the rulebook (``Game.__init_subclass__``): by the first
request, every rule the engines can cite has its words, and the rulebook never has to
ask which games exist.
"""

from __future__ import annotations

from importlib import import_module
from typing import Any

from django.apps import AppConfig


class GameConfig(AppConfig):
    # Django picks the one config of an app's ``apps.py``: never this base, imported
    # there beside it, but the game's own.
    default = False

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls.default = vars(cls).get("default", True)

    def ready(self) -> None:
        import_module(f"{self.name}.game")
