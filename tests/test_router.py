"""The router only navigates: typed route parameters, and no kiosk, keys or saving in it."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from around_helpers import make_shell

from game.ui.routes import PARAMS, Game, Note, Route, Tutorial

ROUTER = Path(__file__).resolve().parent.parent / "game" / "ui" / "router.py"


def test_a_route_opened_with_another_route_s_parameters_is_refused(tmp_path: Path) -> None:
    shell = make_shell(tmp_path)
    shell.start()
    with pytest.raises(TypeError, match="rules"):
        shell.open(Route.RULES, Tutorial("block"))  # a Game, not a Tutorial
    with pytest.raises(TypeError, match="nothing"):
        shell.open(Route.SETUP, Game("block"))  # the setup takes none
    with pytest.raises(TypeError, match="Tutorial"):
        shell.open(Route.LESSON)  # a lesson needs its game
    assert type(shell.current).__name__ == "TitleView"  # nothing opened by any of them


def test_each_route_s_parameters_are_a_typed_value_and_open_their_screen(tmp_path: Path) -> None:
    shell = make_shell(tmp_path)
    shell.start()
    shell.open(Route.RULES, Game("cuban"))
    assert shell.current.rules == "cuban"
    shell.open(Route.TITLE, Note("A line to say."))
    assert "A line to say." in shell.current.notes
    assert all(hasattr(kind, "__dataclass_fields__") for kind in PARAMS.values())


def test_the_router_keeps_no_clock_folder_key_or_file_of_its_own() -> None:
    """The kiosk's clocks and folders, the X11 keys and the saving live in their modules."""
    tree = ast.parse(ROUTER.read_text(encoding="utf-8"))
    imported = {
        alias.name if isinstance(node, ast.Import) else f"{node.module}"
        for node in ast.walk(tree)
        if isinstance(node, ast.Import | ast.ImportFrom)
        for alias in node.names
    }
    for concern in ("shutil", "tempfile", "pyglet", "game.history", "game.learn.progress"):
        assert not any(name == concern or name.startswith(concern + ".") for name in imported)
