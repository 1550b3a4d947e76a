"""How much of the screen the table's chrome takes, and how large the board's tiles are.

    python -m tools.chrome --out /tmp/chrome [--against main] [--language ar]

Ten-seat Mexican Train and four-seat Longana, each played by seeded random moves to the
player's turn (as the golden screenshots' tables), at 1024x600, 1920x1080 and 3840x2160,
drawn headless. For each it prints the chrome's share of the screen (everything but the
felt the board is drawn on: the bars, the hand, the seats' panels or strip), the felt's
share of the window's height, and the board tiles' short side on screen in pixels (the
smallest, as the camera frames the player's turn); each picture goes to ``--out`` as
``RULES-PLAYERS-WxH.png``, to look at.

``--against REF`` measures the game as it is at the git revision ``REF`` (``main``) too, in
the same run: that revision's files are exported to a temporary folder and this tool runs
there, so old and new are measured alike and printed side by side.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from game.ui.table.view import TableView

ROOT = Path(__file__).resolve().parents[1]
SIZES = ((1024, 600), (1920, 1080), (3840, 2160))
TABLES = (("mexican_train", 10), ("longana", 4))


def measure(out: Path, language: str) -> list[dict[str, object]]:
    """Each table at each size: its figures, its picture saved in ``out``."""
    from tools.harness import headless

    headless()
    from game.ui.art.textures import HALF
    from tools.tour import Tour

    out.mkdir(parents=True, exist_ok=True)
    rows: list[dict[str, object]] = []
    for width, height in SIZES:
        walk = Tour(language, width, height, out)
        try:
            for rules, players in TABLES:
                walk.sit_down(rules, players, 7)
                table = walk.shell.table
                assert table is not None
                # as the goldens' tables: seeded random moves, nine in, to the player's turn
                walk.play_randomly(7, partial(_to_play, table))
                walk.frames(2)
                picture = walk.picture()
                picture.save(out / f"{rules}-{players}-{width}x{height}.png")
                felt = table.screen.table
                tile = HALF * table.camera.zoom  # a tile's short side on screen (a unit)
                rows.append(
                    {
                        "table": f"{rules} x{players}",
                        "size": f"{width}x{height}",
                        "chrome": 1 - felt.width * felt.height / (width * height),
                        "felt_height": felt.height / height,
                        "tile": tile,
                    }
                )
        finally:
            walk.window.close()
    return rows


def _to_play(table: TableView) -> bool:
    """Nine moves made and the player to move: the table the goldens show."""
    return len(table.state.log) >= 9 and table.human_turn()


def against(ref: str, language: str, out: Path) -> list[dict[str, object]]:
    """The same figures for the game at git revision ``ref``, measured in a copy of it."""
    with tempfile.TemporaryDirectory(prefix="boneyard-chrome-") as folder:
        archive = subprocess.run(
            ["git", "archive", ref], cwd=ROOT, check=True, capture_output=True
        ).stdout
        subprocess.run(["tar", "-x", "-C", folder], input=archive, check=True)
        data = Path(folder) / "game" / "data"  # its data where a packaged game finds it
        data.mkdir(exist_ok=True)
        for part in ("levels", "assets"):
            (data / part).symlink_to(Path(folder) / part)
        shutil.copy(Path(__file__), Path(folder) / "tools" / "chrome.py")
        env = {**os.environ, "PYTHONPATH": folder}
        done = subprocess.run(
            [sys.executable, "-m", "tools.chrome", "--out", str(out), "--json"]
            + ["--language", language],
            cwd=folder,
            env=env,
            check=True,
            capture_output=True,
            text=True,
        )
        rows: list[dict[str, object]] = json.loads(done.stdout.splitlines()[-1])
        return rows


def table_of(rows: Sequence[dict[str, object]], label: str) -> list[str]:
    lines = [f"{label:<6} {'table':<17} {'size':<10} {'chrome':>7} {'felt/h':>7} {'tile px':>8}"]
    for r in rows:
        lines.append(
            f"{label:<6} {r['table']!s:<17} {r['size']!s:<10} {float(r['chrome']):>7.1%} "  # type: ignore[arg-type]
            f"{float(r['felt_height']):>7.1%} {float(r['tile']):>8.1f}"  # type: ignore[arg-type]
        )
    return lines


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", required=True, help="the folder the pictures go to")
    parser.add_argument("--language", default="en", help="the table's language (en, id, pt, ar)")
    parser.add_argument("--against", help="a git revision measured too (e.g. main)")
    parser.add_argument("--json", action="store_true", help="the figures as one JSON line")
    args = parser.parse_args(argv)
    out = Path(args.out)
    new = measure(out, args.language)
    if args.json:
        print(json.dumps(new))
        return 0
    lines = []
    if args.against:
        old = against(args.against, args.language, out / args.against)
        lines += table_of(old, args.against[:6])
    lines += table_of(new, "new")
    print("\n".join(lines))
    print(
        f"pictures in {out}"
        + (f" ({args.against}'s in {out / args.against})" if args.against else "")
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
