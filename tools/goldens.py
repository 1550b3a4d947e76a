"""Golden screenshots: fixed scenes drawn headless and held against pictures a person approved.

    python -m tools.goldens check [--jobs 2] [--out DIR]   # draw, compare, list what differs
    python -m tools.goldens update [--only NAME,...] [--out DIR]   # draw and store (after looking)
    python -m tools.goldens list                             # the scenes' names

Each rule set's largest table mid-round at 1024x600, 1920x1080 and 3840x2160, and the title,
the setup, a round's summary and a match's end in each of the four languages (with a few
screens of the small kiosk beside them): about forty scenes that any later change of the
table's look shows up in. ``check`` writes, for each scene that differs, its new drawing,
the stored one and a map of the pixels that differ into ``--out``, so a person can look;
when the change is wanted, ``update --only`` those scenes stores their new drawings (with
no ``--only``, every scene: after a change meant to touch them all).

The goldens live in ``tests/goldens/`` as PNGs reduced to at most 1024 pixels across (a
4K scene averaged 4x4, a 1080p one 2x2; a 1024x600 one as drawn): small in the repository,
and the scene is compared at that reduced size. A pixel *differs* when one of its channels
moves by more than ``LEVELS`` (of 255) — more than the few levels anti-aliased edges may
wander between two GL builds; a scene *differs* when more than ``PIXELS`` pixels do. A
single board tile is the smallest thing worth catching: at the harshest reduction (a 4K
table's tiles, averaged 4x4) a tile with other pips moves several times ``PIXELS`` pixels by
far more than ``LEVELS`` (``tests/test_goldens.py`` holds that), while the same scene drawn
twice moves none.
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import sys
import tempfile
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np
from PIL import Image

if TYPE_CHECKING:
    from tools.tour import Tour

ROOT = Path(__file__).resolve().parents[1]
GOLDENS = ROOT / "tests" / "goldens"
LEVELS = 40  # a channel moving by more than this (of 255) makes its pixel differ
PIXELS = 6  # a scene with more differing pixels than this (at the stored size) differs
WIDEST = 1024  # the stored width, at most: a scene is averaged down by a whole factor to fit

SIZES = ((1024, 600), (1920, 1080), (3840, 2160))
LANGUAGES = ("en", "id", "pt", "ar")
TABLE_RULES = ("longana", "block", "draw", "all_fives", "mexican_train", "cuban")


@dataclass(frozen=True)
class Scene:
    """One fixed screen: what shows (``what``), in which language at which size."""

    what: str  # "table-RULES", "title", "setup", "setup-RULES", "summary", "match-end", "kiosk"
    width: int
    height: int
    language: str = "en"

    @property
    def name(self) -> str:
        return f"{self.what}-{self.width}x{self.height}-{self.language}"

    @property
    def factor(self) -> int:
        """The whole factor the scene is averaged down by to be at most ``WIDEST`` across."""
        return math.ceil(self.width / WIDEST)


def scenes() -> list[Scene]:
    """Every scene, in a fixed order."""
    found = [Scene(f"table-{r}", w, h) for w, h in SIZES for r in TABLE_RULES]
    for language in LANGUAGES:
        found += [Scene(w, 1920, 1080, language) for w in ("title", "setup", "summary")]
        found.append(Scene("match-end", 1920, 1080, language))
    small, large = SIZES[0], SIZES[-1]
    found += [Scene(w, *small) for w in ("setup-mexican_train", "summary", "handover", "kiosk")]
    found += [Scene(w, *large) for w in ("title", "setup-mexican_train")]
    return found


def reduced(image: Image.Image, factor: int) -> np.ndarray:
    """``image`` averaged ``factor`` x ``factor`` (the stored size), as RGB pixels."""
    rgb = image.convert("RGB")
    return np.asarray(rgb.reduce(factor) if factor > 1 else rgb)


def differing(a: np.ndarray, b: np.ndarray) -> int:
    """How many pixels differ between two pictures of one size (see ``LEVELS``); every pixel
    when the sizes are not the same."""
    if a.shape != b.shape:
        return max(a.shape[0] * a.shape[1], b.shape[0] * b.shape[1])
    moved = np.abs(a.astype(np.int16) - b.astype(np.int16)).max(axis=2)
    return int((moved > LEVELS).sum())


def stored(scene: Scene) -> np.ndarray | None:
    path = GOLDENS / f"{scene.name}.png"
    if not path.exists():
        return None
    with Image.open(path) as image:
        return np.asarray(image.convert("RGB"))


# -- drawing --------------------------------------------------------------------------------


def draw_group(group: Sequence[Scene]) -> dict[str, np.ndarray]:
    """Draw scenes of one size and language in one shell (one window): each reduced.

    Imported here, not at the top, so that the parent of the drawing processes opens no
    window and imports no GL (each process draws off-screen on its own).
    """
    from tools.harness import headless

    headless()
    from tools.tour import Tour

    first = group[0]
    walk = Tour(first.language, first.width, first.height, Path(tempfile.gettempdir()))
    drawn = {}
    try:
        for scene in group:
            show(walk, scene.what)
            drawn[scene.name] = reduced(walk.picture(), scene.factor)
    finally:
        walk.window.close()
    return drawn


def show(walk: Tour, what: str) -> None:
    """Put the screen ``what`` up in the tour's shell."""
    from game.rules.presets import load_preset
    from game.ui.routes import Route

    if what.startswith("table-"):
        walk.largest_table(what.removeprefix("table-"))
    elif what in ("title", "kiosk"):
        if what == "kiosk":
            walk.shell = walk._shell(kiosk=True)
        walk.shell.start()
        walk.frames(1)
    elif what.startswith("setup"):
        walk.shell.home()
        walk.shell.open(Route.SETUP)
        walk.frames(1)
        rules = what.removeprefix("setup").removeprefix("-")
        if rules:
            walk.press(f"rules:{rules}")
            for _ in range(load_preset(rules).seats[1]):
                plus = walk.window.current_view.button("players+")
                if plus is None or not plus.enabled:
                    break
                walk.press("players+")
    elif what in ("summary", "match-end"):
        walk.round_over("cuban", 4, 2, match_end=what == "match-end")
    elif what == "handover":
        from game.match import Match

        walk.shell.begin(Match.create("cuban", 4, seats=["human"] * 4, seed=2))
        if not walk.until("HandoverView", limit=40):
            raise SystemExit("goldens: the hot seat's handover did not show")
    else:
        raise SystemExit(f"goldens: no scene {what!r}")


def groups(chosen: Sequence[Scene]) -> list[list[Scene]]:
    """The scenes by size and language, the costliest group (most pixels drawn) first."""
    by: dict[tuple[int, int, str], list[Scene]] = {}
    for scene in chosen:
        by.setdefault((scene.width, scene.height, scene.language), []).append(scene)
    return sorted(by.values(), key=lambda g: -len(g) * g[0].width * g[0].height)


def draw_all(chosen: Sequence[Scene], jobs: int) -> dict[str, np.ndarray]:
    """Every scene in ``chosen`` drawn and reduced, by ``jobs`` processes of their own."""
    parts = groups(chosen)
    if jobs <= 1:
        drawn: dict[str, np.ndarray] = {}
        for part in parts:
            drawn.update(draw_group(part))
        return drawn
    # spawned, not forked: a drawing process must not inherit another's GL state
    with multiprocessing.get_context("spawn").Pool(jobs) as pool:
        drawn = {}
        for result in pool.imap_unordered(draw_group, parts):
            drawn.update(result)
    return drawn


# -- the commands ---------------------------------------------------------------------------


def check(chosen: Sequence[Scene], jobs: int, out: Path) -> int:
    """Draw and compare; write what differs into ``out``; 0 when every scene matches."""
    start = time.perf_counter()
    drawn = draw_all(chosen, jobs)
    bad = []
    for scene in chosen:
        new, old = drawn[scene.name], stored(scene)
        moved = differing(new, old) if old is not None else -1
        if moved == -1 or moved > PIXELS:
            bad.append((scene.name, moved))
            out.mkdir(parents=True, exist_ok=True)
            Image.fromarray(new).save(out / f"{scene.name}.new.png")
            if old is not None:
                Image.fromarray(old).save(out / f"{scene.name}.golden.png")
                if old.shape == new.shape:
                    mask = np.abs(new.astype(np.int16) - old.astype(np.int16)).max(axis=2)
                    Image.fromarray(((mask > LEVELS) * 255).astype(np.uint8)).save(
                        out / f"{scene.name}.diff.png"
                    )
    took = time.perf_counter() - start
    for name, moved in bad:
        print(f"{name}: " + ("no golden" if moved == -1 else f"{moved} pixels differ"))
    print(
        f"goldens: {len(chosen) - len(bad)} of {len(chosen)} scenes match "
        f"(a pixel differs past {LEVELS} levels, a scene past {PIXELS} pixels), "
        f"{took:.1f} s with {jobs} processes" + (f"; the new drawings are in {out}" if bad else "")
    )
    return 1 if bad else 0


def update(chosen: Sequence[Scene], jobs: int, out: Path | None) -> int:
    """Draw and store ``chosen`` as the goldens (and, with ``out``, full-size-as-stored
    copies there too, to look at)."""
    drawn = draw_all(chosen, jobs)
    GOLDENS.mkdir(parents=True, exist_ok=True)
    for scene in chosen:
        image = Image.fromarray(drawn[scene.name])
        image.save(GOLDENS / f"{scene.name}.png", optimize=True)
        if out is not None:
            out.mkdir(parents=True, exist_ok=True)
            image.save(out / f"{scene.name}.png")
    names = {s.name for s in scenes()}
    stale = [p for p in GOLDENS.glob("*.png") if p.stem not in names]
    for path in stale:
        path.unlink()
    print(
        f"goldens: {len(chosen)} stored in {GOLDENS}"
        + (f", {len(stale)} old removed" if stale else "")
    )
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("command", choices=("check", "update", "list"))
    parser.add_argument("--only", help="comma-separated scene names (default: every scene)")
    parser.add_argument("--jobs", type=int, default=2, help="drawing processes (default 2)")
    parser.add_argument("--out", help="check: where what differs goes; update: a copy to look at")
    args = parser.parse_args(argv)
    every = scenes()
    chosen = every
    if args.only:
        wanted = {n.strip() for n in args.only.split(",") if n.strip()}
        unknown = sorted(wanted - {s.name for s in every})
        if unknown:
            parser.error(f"--only: no scene {unknown[0]!r} (python -m tools.goldens list)")
        chosen = [s for s in every if s.name in wanted]
    if args.command == "list":
        for scene in chosen:
            print(scene.name)
        return 0
    if args.command == "check":
        out = Path(args.out) if args.out else Path(tempfile.mkdtemp(prefix="boneyard-goldens-"))
        return check(chosen, args.jobs, out)
    return update(chosen, args.jobs, Path(args.out) if args.out else None)


if __name__ == "__main__":
    sys.exit(main())
