"""The one place shipped data is found (game/resources.py), and what a broken install says.

A file missing from the game's data, or a corrupt preset, is one line and exit 2 at the
command line: never a traceback, never raw keys on the buttons or a silent table.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from game import i18n, resources
from game.resources import DataError, data_path, data_root, editable_checkouts

ROOT = Path(__file__).resolve().parents[1]

# The real entry point, with the data read from a copy the test may break.
RUN_WITH_DATA = """
import sys
import tomllib
from pathlib import Path
from game import resources
resources.data_root = lambda: Path(sys.argv[1])
from game.__main__ import main
sys.exit(main(sys.argv[2:]))
"""


def test_an_editable_install_reads_the_checkout_it_was_installed_from() -> None:
    assert ROOT in editable_checkouts()  # pip's PEP 610 record, not a walk up from a file
    assert data_root() == ROOT
    assert data_path("levels", "block.toml").is_file()
    assert data_path("assets", "locale", "en", "LC_MESSAGES", "boneyard.mo").is_file()


def test_a_missing_data_file_is_one_line_naming_it() -> None:
    with pytest.raises(DataError) as caught:
        data_path("levels", "chess.toml")
    assert str(caught.value).startswith("levels/chess.toml: missing from the game's data in ")
    assert "\n" not in str(caught.value)


def test_nothing_under_game_finds_files_from_its_own_source_path() -> None:
    for path in (ROOT / "game").rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        assert "__file__" not in text and "parents[" not in text, path


def test_missing_words_are_an_error_not_silence(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "en").mkdir()  # English with no catalogue in it
    monkeypatch.setattr(i18n, "locale_folder", lambda: tmp_path)
    i18n.translation.cache_clear()
    try:
        with pytest.raises(DataError, match=r"^assets/locale/en/LC_MESSAGES/boneyard.mo: missing"):
            i18n._("Play")
    finally:
        monkeypatch.undo()
        i18n.translation.cache_clear()
    assert i18n._("Play") == "Play"


def _data_copy(tmp_path: Path) -> Path:
    copy = tmp_path / "data"
    for folder in ("levels", "assets"):
        shutil.copytree(data_path(folder), copy / folder)
    return copy


def _run(data: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", RUN_WITH_DATA, str(data), *args],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=data.parent,
    )


def _refused(out: subprocess.CompletedProcess[str], start: str) -> None:
    assert out.returncode == 2, out.stderr
    assert out.stderr.startswith(f"boneyard: {start}") and out.stderr.count("\n") == 1
    assert "Traceback" not in out.stderr and out.stdout == ""


@pytest.mark.parametrize(
    ("args", "broken"),
    [
        (["--list"], "cuban"),
        (["--demo", "--headless", "--out", "demo"], "all_fives"),  # the demo's own preset
        (["--rules", "block"], "block"),
        (["--rules", "block", "--players", "2"], "block"),
    ],
)
def test_a_corrupt_preset_exits_2_with_one_line(
    tmp_path: Path, args: list[str], broken: str
) -> None:
    data = _data_copy(tmp_path)
    (data / "levels" / f"{broken}.toml").write_text("rules = \n", encoding="utf-8")
    _refused(_run(data, *args), f"levels/{broken}.toml: not valid TOML")


def test_a_missing_preset_exits_2_with_one_line(tmp_path: Path) -> None:
    data = _data_copy(tmp_path)
    (data / "levels" / "draw.toml").unlink()
    _refused(_run(data, "--list"), "levels/draw.toml: no such preset file")


@pytest.mark.parametrize(
    ("missing", "start"),
    [
        ("assets/sounds/place.wav", "assets/sounds/place.wav: missing from the game's data"),
        ("assets/locale", "assets/locale: missing from the game's data"),
    ],
)
def test_a_missing_sound_or_language_stops_the_demo_with_one_line(
    tmp_path: Path, missing: str, start: str
) -> None:
    data = _data_copy(tmp_path)
    target = data / missing
    shutil.rmtree(target) if target.is_dir() else target.unlink()
    _refused(_run(data, "--demo", "--headless", "--out", "demo", "--players", "2"), start)
    assert resources.data_root() == ROOT  # the copy was the child's alone


def test_version_is_the_distributions(capsys: pytest.CaptureFixture[str]) -> None:
    """``boneyard --version`` says the version pyproject.toml gives, and exits 0."""
    from game.__main__ import main

    with pytest.raises(SystemExit) as stop:
        main(["--version"])
    assert stop.value.code == 0
    wanted = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert capsys.readouterr().out == f"boneyard {wanted['project']['version']}\n"
