"""Test-wide settings: Arcade runs headless (Mesa's software GL) in every test, and the
game's user folders (data, config, state) point into a scratch folder, so no test (nor a
program a test starts) reads or writes the real home."""

import os
from pathlib import Path

import pytest

os.environ.setdefault("ARCADE_HEADLESS", "1")

USER_FOLDERS = ("XDG_DATA_HOME", "XDG_CONFIG_HOME", "XDG_STATE_HOME")


@pytest.fixture(autouse=True, scope="session")
def _scratch_home(tmp_path_factory: pytest.TempPathFactory) -> None:
    home: Path = tmp_path_factory.mktemp("home")
    for name in USER_FOLDERS:
        os.environ[name] = str(home / name.lower())
