"""The engine must stay plain Python: importing any referee module never loads Django."""

from __future__ import annotations

import pkgutil
import subprocess
import sys

import referee


def referee_modules() -> list[str]:
    return sorted(f"referee.{m.name}" for m in pkgutil.iter_modules(referee.__path__))


def test_the_engine_has_modules_to_check():
    assert "referee.cards" in referee_modules()


def test_importing_every_referee_module_does_not_load_django():
    modules = referee_modules()
    code = (
        "import importlib, sys\n"
        f"for name in {modules!r}:\n"
        "    importlib.import_module(name)\n"
        "loaded = sorted(m for m in sys.modules if m == 'django' or m.startswith('django.'))\n"
        "print(','.join(loaded))\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd="."
    )
    assert result.stdout.strip() == "", f"referee loaded django: {result.stdout.strip()}"
