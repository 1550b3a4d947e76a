"""The layers of DESIGN.md: the rules never import the display or physics."""

import ast
import subprocess
import sys
from pathlib import Path

import pytest

GAME = Path(__file__).resolve().parents[1] / "game"
FORBIDDEN = {"arcade", "pyglet", "pymunk"}


def _imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.add(node.module.split(".")[0])
    return found


@pytest.mark.parametrize("path", sorted((GAME / "rules").rglob("*.py")), ids=lambda p: p.name)
def test_rules_modules_import_no_display_or_physics(path: Path) -> None:
    assert not _imports(path) & FORBIDDEN, f"{path.name} imports {_imports(path) & FORBIDDEN}"


def test_importing_the_rules_loads_no_display_or_physics() -> None:
    code = "import sys, game.rules, game.match, game.record; print(sorted(sys.modules))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    loaded = {name.split(".")[0] for name in eval(out.stdout)}
    assert not loaded & FORBIDDEN


def test_the_scanner_sees_a_forbidden_import(tmp_path: Path) -> None:
    bad = tmp_path / "bad.py"
    bad.write_text("import pyglet.gl\nfrom arcade import View\n")
    assert _imports(bad) >= {"pyglet", "arcade"}


def test_no_pickle_anywhere_in_game() -> None:
    for path in GAME.rglob("*.py"):
        assert "pickle" not in _imports(path), f"{path} imports pickle; saves are JSON"
