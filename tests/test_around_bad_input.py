"""Bad input at the table (issue 19 items 2, 4 and 8): the real views, headless (item 10, a
failed save said on the table at once: tests/test_seating.py)."""

from __future__ import annotations

import json
from pathlib import Path

import around_helpers as h
import pytest

from game.saves import Store
from game.settings import FORMAT, Settings
from game.ui.screens.setup import SetupChoice, SetupView
from game.ui.services import Route


@pytest.mark.parametrize("language", ["x" * 300, "../../etc", "/etc", 7, "zz"])
def test_a_language_that_is_not_shipped_is_replaced_by_the_default_with_a_note(
    tmp_path: Path, language: object
) -> None:
    """Item 4: before, 300 characters crashed the Settings screen and a path made the
    game read files from any folder."""
    data = {"format": FORMAT, "language": language, "pace": "fast"}
    (tmp_path / "settings.json").write_text(json.dumps(data), encoding="utf-8")
    store = Store(tmp_path)
    settings = store.load_settings()
    assert settings == Settings(pace="fast")
    assert (
        store.note == "Some settings could not be used (language); their defaults are used instead."
    )
    shell = h.make_shell(tmp_path, settings=settings)
    shell.open(Route.SETTINGS)
    h.draw()
    assert shell.services.settings.language == Settings().language
    assert "English" in shell.current.texts()  # the Language row shows the default


@pytest.mark.parametrize("players", [float("inf"), float("nan"), 10**400, "2", [2]])
def test_a_last_setup_that_makes_no_sense_gives_the_plain_default(
    tmp_path: Path, players: object
) -> None:
    """Item 4: before, ``"players": Infinity`` in settings.json crashed the setup screen.
    The rest of the last setup (All Fives, a seed) goes with it: the plain default."""
    settings = Settings(pace="instant", sound=False, deal_animation=False)
    settings.setup = {"rules": "all_fives", "players": players, "seed": "77"}
    shell = h.make_shell(tmp_path, settings=settings)
    shell.open(Route.SETUP)
    h.draw()
    view = shell.current
    assert isinstance(view, SetupView)
    assert view.choice == SetupChoice()  # Block, two seats, a human and the computer, no seed
    assert view.choice.rules == "block" and view.choice.players == 2 and view.choice.seed == ""
