"""The layers of DESIGN.md: the rules never import the display or physics."""

import ast
import importlib.metadata
import re
import subprocess
import sys
import tomllib
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


def _declared() -> set[str]:
    """The distributions ``[project] dependencies`` names, normalised (PEP 503)."""
    project = tomllib.loads((GAME.parent / "pyproject.toml").read_text(encoding="utf-8"))
    names = (re.match(r"[A-Za-z0-9._-]+", spec) for spec in project["project"]["dependencies"])
    return {_normal(name.group(0)) for name in names if name}


def _normal(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def test_every_package_the_game_imports_is_declared_and_every_declared_one_imported() -> None:
    """Issue 30 item 4: nothing arrives only through arcade's own pins (Pillow, pyglet)."""
    imported = set().union(*(_imports(path) for path in GAME.rglob("*.py")))
    outside = imported - set(sys.stdlib_module_names) - {"game", "__future__"}
    providers = importlib.metadata.packages_distributions()
    unknown = {name for name in outside if name not in providers}
    assert not unknown, f"imported but installed by no distribution: {unknown}"
    needed = {_normal(dist) for name in outside for dist in providers[name]}
    assert needed == _declared(), (
        f"imported, not declared: {needed - _declared()}; declared, not imported: "
        f"{_declared() - needed}"
    )
