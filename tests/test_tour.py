"""The tour tool writes the screenshots the newcomer issue asks to be looked at.

Run as a player of the tool runs it (its own process, drawing off-screen by itself): every
rule set's table at its most seats, the largest table's round summary and match end, and
the hot seat's handover, each a PNG of the size asked, and nothing said on stderr.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from PIL import Image

from game.rules import names
from game.rules.presets import load_preset

ROOT = Path(__file__).resolve().parents[1]


def test_the_tour_shoots_each_largest_table_and_the_handover_at_the_size_asked(
    tmp_path: Path,
) -> None:
    command = [sys.executable, "-m", "tools.tour", "--size", "800x600", "--out", str(tmp_path)]
    command += ["--parts", "largest,handover"]
    env = {**os.environ, "ARCADE_HEADLESS": "1"}
    out = subprocess.run(command, capture_output=True, text=True, cwd=ROOT, env=env)
    assert out.returncode == 0, out.stderr
    assert out.stderr == ""
    folder = tmp_path / "800x600"
    wanted = {f"largest-{n}-{load_preset(n).seats[1]}.png" for n in names()}
    wanted |= {"summary-mexican_train-10.png", "match-end-mexican_train-10.png", "handover.png"}
    assert {p.name for p in folder.iterdir()} == wanted
    for name in wanted:
        with Image.open(folder / name) as image:
            assert image.size == (800, 600), name
            colours = image.getcolors(1 << 16)  # None: more colours than that
            assert colours is None or len(colours) > 8, name  # a screen drawn, not a blank
