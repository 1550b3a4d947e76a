"""The frozen build runs where there is no Python: built once, then played from its folder.

``python -m tools.freeze`` builds the one-folder program in a temporary folder; the frozen
program is then run with nothing of Python around it (no virtual environment on the path, no
PYTHONPATH, an empty home): ``--version``, ``--list`` and a headless demo match of every rule
set, each exiting 0 with nothing on stderr. Each demo runs on a system set to one of the four
languages (``LANG``, which a first start follows) and prints its "wrote …" lines in it, which
shows the frozen program read that language's catalogue; every demo opens the game's sounds
(a sound missing is exit 2). The build is a
few minutes' work, so it is done once, for every check; it has one size (``tests/sizes.py``:
the demos are the fewest seats of each rule set, at the easy level, in CI too).
"""

from __future__ import annotations

import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from game.i18n import languages, translation
from game.rules import listed
from game.rules.presets import load_preset
from tools.freeze import MB, NAME, size

ROOT = Path(__file__).resolve().parents[1]
BUDGET = 130 * MB  # unpacked, the limit
NOT_SHIPPED = ("libGL", "libEGL", "libX11", "libXi")  # the system's, matched to its drivers

pytestmark = pytest.mark.slow


def _bare(home: Path, language: str) -> dict[str, str]:
    """An environment with no Python in it: the system's tools on the path, an empty home,
    the system's language ``language``."""
    return {
        "PATH": "/usr/bin:/bin",
        "HOME": str(home),
        "XDG_CONFIG_HOME": str(home / "config"),
        "XDG_STATE_HOME": str(home / "state"),
        "XDG_DATA_HOME": str(home / "data"),
        "LANG": f"{language}.UTF-8",
    }


def _frozen(program: Path, home: Path, *args: str, language: str = "en") -> str:
    """Run the frozen program; its stdout, once it exits 0 with nothing on stderr."""
    out = subprocess.run(
        [str(program), *args],
        cwd=home,
        env=_bare(home, language),
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert (out.returncode, out.stderr) == (0, ""), f"{args}: {out.stderr[-2000:]}"
    return out.stdout


def test_the_frozen_folder_plays_every_rule_set_without_python(tmp_path: Path) -> None:
    build = subprocess.run(
        [sys.executable, "-m", "tools.freeze"]
        + ["--dist", str(tmp_path / "dist"), "--work", str(tmp_path / "work")],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=1800,
    )
    assert build.returncode == 0, build.stderr[-3000:]
    folder = tmp_path / "dist" / NAME
    program = folder / NAME
    home = tmp_path / "home"
    home.mkdir()

    assert size(folder) <= BUDGET, f"{size(folder) / MB:.0f} MB unpacked"
    shipped = [p.name for p in folder.rglob("*") if p.name.startswith(NOT_SHIPPED)]
    assert shipped == []
    assert list(folder.rglob("direct_url.json")) == []  # the builder's checkout stays home

    version = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert _frozen(program, home, "--version") == f"boneyard {version['project']['version']}\n"
    listing = _frozen(program, home, "--list")
    assert [line.split()[0] for line in listing.splitlines()] == listed()

    spoken = languages()
    for i, rules in enumerate(listed()):
        code = spoken[i % len(spoken)]  # six rule sets: each of the four languages at least once
        fewest, _ = load_preset(rules).seats
        out = home / rules
        said = _frozen(
            program,
            home,
            *("--demo", "--headless", "--rules", rules, "--players", str(fewest)),
            *("--seed", "1", "--level", "easy", "--out", str(out)),
            language=code,
        )
        wrote = translation(code).gettext("wrote {path}").format(path=out / "record.json")
        assert wrote in said.splitlines(), (rules, code, said[-500:])
        assert (out / "final.png").is_file()
