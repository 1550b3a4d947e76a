"""About: the version ``boneyard --version`` prints, and where a player's things are kept."""

from __future__ import annotations

from pathlib import Path

import around_helpers as h

from game.resources import version
from game.saves import config_dir, data_dir, state_dir
from game.ui.screens.menu import TitleView
from game.ui.screens.panels import AboutView


def _about(shell: object) -> AboutView:
    shell.start()  # type: ignore[attr-defined]
    assert isinstance(shell.current, TitleView)  # type: ignore[attr-defined]
    h.press(shell, "about")  # type: ignore[arg-type]
    view = shell.current  # type: ignore[attr-defined]
    assert isinstance(view, AboutView)
    h.draw()
    return view


def test_about_shows_the_version_and_the_players_folders(tmp_path: Path) -> None:
    shell = h.make_shell(tmp_path)
    view = _about(shell)
    lines = view.texts()
    assert f"Boneyard {version()}" in lines
    for folder in (config_dir(), state_dir(), data_dir()):
        assert any(str(folder) in line for line in lines), folder
    h.press(shell, "close")
    assert isinstance(shell.current, TitleView)


def test_a_kiosk_offers_no_about(tmp_path: Path) -> None:
    """A kiosk names no folder of the account it runs as."""
    shell = h.make_shell(tmp_path, kiosk=True)
    shell.start()
    assert not h.has_button(shell, "about")
