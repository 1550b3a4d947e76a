"""The wheel carries the game: built, installed into a fresh venv outside the checkout, played.

Every other test runs the checkout through an editable install, which never shows a file
missing from the wheel. This one builds the wheel as a player's ``pip install .`` would,
checks its file list against the checkout's data folders, installs it (its dependencies
come from pip's cache or the index) and runs the installed game from an unrelated folder.
In CI (``tests/sizes.py``) the fresh venv installs the wheel's dependencies from pip as a
player's would; a quick run gives it the test environment's installed dependencies
instead (its site folder on the path, never the checkout's editable install), which
saves the download and unpack but still runs the wheel's own copy of the game.
"""

from __future__ import annotations

import json
import os
import site
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest
from sizes import FULL

from game.rules import listed as games_in_order
from game.rules import names
from game.ui.art.sound import NAMES

ROOT = Path(__file__).resolve().parents[1]

pytestmark = pytest.mark.slow

FOUND_BY_THE_LOCATOR = """
import json
from game import i18n, resources
from game.ui.art.sound import Sounds
print(json.dumps({
    "root": str(resources.data_root()),
    "play": i18n._("Play"),
    "catalogues": {code: i18n.translation(code).info()["language"] for code in i18n.languages()},
    "font": str(resources.data_path("assets", "fonts", "NotoSansArabic-Regular.ttf")),
    "sounds": {name: str(path) for name, path in Sounds().paths.items()},
}))
"""


def _shipped() -> set[str]:
    """Every file of the checkout's levels/ and assets/, as the wheel must hold it."""
    return {
        "game/data/" + path.relative_to(ROOT).as_posix()
        for folder in ("levels", "assets")
        for path in (ROOT / folder).rglob("*")
        if path.is_file()
    }


def _run(args: list[str | Path], cwd: Path, env: dict[str, str]) -> subprocess.CompletedProcess:
    out = subprocess.run(
        [str(a) for a in args], cwd=cwd, env=env, capture_output=True, text=True, timeout=600
    )
    assert out.returncode == 0, f"{args}: {out.stderr[-2000:]}"
    return out


def _site_folders(python: Path, cwd: Path, env: dict[str, str]) -> list[str]:
    code = "import site, json; print(json.dumps(site.getsitepackages()))"
    return list(json.loads(_run([python, "-c", code], cwd, env).stdout))


def test_the_installed_wheel_plays_a_demo_from_any_folder(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
    for name in ("XDG_DATA_HOME", "XDG_CONFIG_HOME", "XDG_STATE_HOME"):
        env[name] = str(tmp_path / "home" / name.lower())
    dist = tmp_path / "dist"
    pip = [sys.executable, "-m", "pip", "--disable-pip-version-check", "-q"]
    _run([*pip, "wheel", "--no-deps", "-w", dist, ROOT], tmp_path, env)
    (wheel,) = dist.glob("boneyard-*.whl")

    files = set(zipfile.ZipFile(wheel).namelist())
    assert _shipped() <= files, sorted(_shipped() - files)
    assert {f"game/data/levels/{name}.toml" for name in names()} <= files
    assert {f"game/data/assets/sounds/{name}.wav" for name in NAMES} <= files
    assert "game/data/assets/lang/en/rules.toml" in files
    for code in ("en", "id", "pt", "ar"):  # the catalogues, compiled, as gettext reads them
        assert f"game/data/assets/locale/{code}/LC_MESSAGES/boneyard.mo" in files
    fonts = {"NotoSansArabic-Regular.ttf", "NotoSansArabic-Bold.ttf", "OFL.txt"}
    assert {f"game/data/assets/fonts/{name}" for name in fonts} <= files
    assert "game/__main__.py" in files and "game/resources.py" in files
    assert "game/py.typed" in files  # PEP 561: the game's types reach whoever imports it
    assert not any(f.startswith(("tests/", "tools/")) or "__pycache__" in f for f in files)
    # the test support (tests/support/: the conformance checks, the file fuzz) stays out
    assert not any(f.rsplit("/", 1)[-1] in ("conformance.py", "file_fuzz.py") for f in files)

    venv = tmp_path / "venv"
    bin_dir = venv / ("Scripts" if os.name == "nt" else "bin")
    python, boneyard = bin_dir / "python", bin_dir / "boneyard"
    if FULL:
        _run([sys.executable, "-m", "venv", venv], tmp_path, env)
        _run([python, *pip[1:], "install", wheel], tmp_path, env)
    else:
        _run([sys.executable, "-m", "venv", "--without-pip", venv], tmp_path, env)
        _run([*pip, "--python", python, "install", "--no-deps", wheel], tmp_path, env)
        (own_site,) = (Path(p) for p in _site_folders(python, tmp_path, env))
        deps = "\n".join(site.getsitepackages())  # a path line: its .pth files stay unread
        (own_site / "test-dependencies.pth").write_text(deps + "\n", encoding="utf-8")

    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    listed = _run([boneyard, "--list"], elsewhere, env).stdout.splitlines()
    assert [line.split()[0] for line in listed] == games_in_order()  # the one order

    demo = ["--demo", "--headless", "--out", "out", "--rules", "block", "--players", "2"]
    _run([boneyard, *demo, "--seed", "1"], elsewhere, env)
    out = elsewhere / "out"
    assert (out / "final.png").stat().st_size > 0 and list(out.glob("round-01*.png"))
    replay = ["-m", "game.record", "replay", "out/record.json", "--json"]
    last = json.loads(_run([python, *replay], elsewhere, env).stdout.splitlines()[-1])
    assert last["final"] is True and last["winner"]

    found = json.loads(_run([python, "-c", FOUND_BY_THE_LOCATOR], elsewhere, env).stdout)
    root = Path(found["root"])
    assert root.name == "data" and venv in root.parents  # the installed copy, not the checkout
    assert found["play"] == "Play"
    assert found["catalogues"] == {code: code for code in ("en", "id", "pt", "ar")}
    assert venv in Path(found["font"]).parents  # the font the game ships, not the system's
    assert all(Path(p).is_file() and venv in Path(p).parents for p in found["sounds"].values())
    assert not (tmp_path / "home" / "xdg_data_home").exists()  # a demo touches no user folder
