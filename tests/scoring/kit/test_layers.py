"""The game kit is a layer: its modules import one another in one direction, never from
inside a function to dodge a circle, and the games import the kit and the engine, never
the ledger the kit serves."""

from __future__ import annotations

import ast
import os
import subprocess
import sys
from graphlib import CycleError, TopologicalSorter
from pathlib import Path

import pytest

import scoring.games
import scoring.kit

KIT = Path(scoring.kit.__file__).parent
GAMES = Path(scoring.games.__file__).parent
ROOT = KIT.parent.parent


def module_name(path: Path) -> str:
    return ".".join(path.relative_to(ROOT).with_suffix("").parts).removesuffix(".__init__")


def imported(node: ast.Import | ast.ImportFrom) -> list[str]:
    """What an import statement may load: the module, and each name under it, which is a
    module when it is one (``from scoring.kit import rulebook``)."""
    if isinstance(node, ast.Import):
        return [alias.name for alias in node.names]
    if node.level or node.module is None:
        raise AssertionError(f"a relative import at line {node.lineno}")
    return [node.module, *(f"{node.module}.{alias.name}" for alias in node.names)]


def imports(path: Path) -> list[tuple[str, ast.Import | ast.ImportFrom]]:
    """Every module ``path`` imports, wherever the statement stands (a function, an
    ``if TYPE_CHECKING:`` block), with its statement."""
    tree = ast.parse(path.read_text(), str(path))
    return [
        (name, node)
        for node in ast.walk(tree)
        if isinstance(node, ast.Import | ast.ImportFrom)
        for name in imported(node)
    ]


KIT_MODULES = {module_name(path): path for path in sorted(KIT.glob("*.py"))}


def kit_graph() -> dict[str, set[str]]:
    return {
        module: {name for name, _node in imports(path) if name in KIT_MODULES}
        for module, path in KIT_MODULES.items()
    }


def test_it_finds_the_kit_modules_and_their_imports():
    graph = kit_graph()
    assert {"scoring.kit.notation", "scoring.kit.rulebook", "scoring.kit.registry"} <= set(graph)
    assert "scoring.kit.rulebook" in graph["scoring.kit.cardfields"]
    assert "scoring.kit.rulebook" in graph["scoring.kit.registry"]  # ``from scoring.kit import``


def test_the_kit_imports_in_one_direction():
    try:
        order = list(TopologicalSorter(kit_graph()).static_order())
    except CycleError as cycle:
        pytest.fail(f"the kit imports in a circle: {' → '.join(cycle.args[1])}")
    # The notation is the bottom layer, the games' registry above the forms it names.
    assert order.index("scoring.kit.notation") < order.index("scoring.kit.rulebook")
    assert order.index("scoring.kit.handforms") < order.index("scoring.kit.registry")
    assert order.index("scoring.kit.questions") < order.index("scoring.kit.registry")


def test_the_rulebook_knows_no_game():
    loaded = {name for name, _node in imports(KIT_MODULES["scoring.kit.rulebook"])}
    assert not [
        name for name in loaded if name.startswith(("scoring.kit.registry", "scoring.games"))
    ]


def test_the_kit_imports_its_modules_at_the_top_only():
    """An import inside a function would hide a circle from the graph above."""
    tops = {module: ast.parse(path.read_text()).body for module, path in KIT_MODULES.items()}
    hidden = [
        f"{module}:{node.lineno} imports {name}"
        for module, path in KIT_MODULES.items()
        for name, node in imports(path)
        if name.startswith("scoring.")
        and not any(
            isinstance(top, ast.Import | ast.ImportFrom) and top.lineno == node.lineno
            for top in tops[module]
        )
    ]
    assert hidden == []


@pytest.mark.parametrize("module", sorted(KIT_MODULES))
def test_each_kit_module_imports_first_in_a_fresh_interpreter(module):
    """Whatever is imported first, the kit loads: no module needs another to have been
    loaded before it (the mark of a circle dodged by import order)."""
    done = subprocess.run(
        [sys.executable, "-c", f"import {module}"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        env={**os.environ, "DJANGO_SETTINGS_MODULE": "scoring.settings"},
        check=False,
    )
    assert done.returncode == 0, done.stderr


def test_no_game_imports_the_ledger():
    found = [
        f"{module_name(path)}:{node.lineno} imports {name}"
        for path in sorted(GAMES.rglob("*.py"))
        for name, node in imports(path)
        if name == "scoring.ledger" or name.startswith("scoring.ledger.")
    ]
    assert found == []
