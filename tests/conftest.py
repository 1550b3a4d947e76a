"""Test-wide settings: Arcade runs headless (Mesa's software GL) in every test, the
game's user folders (data, config, state) point into a scratch folder, so no test (nor a
program a test starts) reads or writes the real home, and the system's language is none
the game speaks, so a first start is in English whoever runs the tests. ``pseudo`` puts
the pseudo-language in the place of Indonesian for a test that asks for it."""

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

os.environ.setdefault("ARCADE_HEADLESS", "1")
for _name in ("LC_ALL", "LC_MESSAGES", "LANG"):
    os.environ[_name] = "C.UTF-8"

import game.ui  # noqa: E402, F401  (the audio driver picked before any test imports arcade)

USER_FOLDERS = ("XDG_DATA_HOME", "XDG_CONFIG_HOME", "XDG_STATE_HOME")


def pytest_report_header() -> str:
    """Which size the slow tests run at (tests/sizes.py), so no run is smaller unsaid."""
    from sizes import FULL

    if FULL:
        return "slow tests: full size (CI=true)"
    return "slow tests: quick size (CI=true ./dev test runs them at CI's full size)"


@pytest.fixture(autouse=True, scope="session")
def _scratch_home(tmp_path_factory: pytest.TempPathFactory) -> None:
    home: Path = tmp_path_factory.mktemp("home")
    for name in USER_FOLDERS:
        os.environ[name] = str(home / name.lower())


@pytest.fixture
def pseudo(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The pseudo-language in the place of Indonesian (``pseudo_locale``), for this test."""
    from pseudo_locale import installed

    yield from installed(tmp_path / "locale", monkeypatch)


@pytest.fixture(autouse=True)
def _nobody_seated() -> Iterator[None]:
    """Each test starts with no table's names in the words (a table sets them as it opens:
    without this, a test's "Seat 1" would depend on which table an earlier test sat)."""
    from game.ui.words.names import NOBODY, sit

    sit(NOBODY)
    yield
    sit(NOBODY)


@pytest.fixture(autouse=True)
def _in_english() -> Iterator[None]:
    """Each test starts and ends in English, the language a first start speaks here: a test
    that switches language through the settings (as a player does) leaves the game's one
    current language behind it, and a later test in the same worker would read Portuguese."""
    from game.i18n import DEFAULT, set_language

    set_language(DEFAULT)
    yield
    set_language(DEFAULT)
