"""History benchmark: the time and memory it takes to open History and its Statistics.

    python -m tools.bench_history [--entries 200] [--mb 16] [--folder DIR] [--json]

Builds (once; kept in ``--folder``, by default in the temporary folder) a history of
``--entries`` finished matches whose files are ``--mb`` megabytes each — real matches of
every rule set, their records padded with a list of short strings up to the size, the
largest file the game reads being 16 MB — then, each in a process of its own, opens the
History screen through the router on a headless window, draws it, opens its Statistics
page and draws that. Measured twice: the first opening after the history was written
by a version without an index (so every entry is read once to build it), and an
opening with the index in place (every later one). The figures are the wall time from
the tap to both pages drawn, and the process's peak resident memory (the window and
the fonts included) as the system counts it (``ru_maxrss``), with the time the game's
start took beside it (it reads the history too, to say a bad entry on the title). The
target: History and Statistics in at most 2 s, and at most 300 MB.
"""

from __future__ import annotations

import argparse
import json
import random
import resource
import subprocess
import sys
import tempfile
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from tools.harness import headless

RULES = ("block", "draw", "all_fives", "longana", "mexican_train", "cuban")
PAD = "play 6-6 N"  # the padding's strings: as short as a record's own actions


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--entries", type=int, default=200)
    parser.add_argument("--mb", type=float, default=16.0, help="each entry's size (at most 16)")
    parser.add_argument("--folder", type=Path, help="where the history is built (and kept)")
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--one", type=Path, help=argparse.SUPPRESS)  # the child: one opening
    args = parser.parse_args(argv)
    if args.one is not None:
        print(json.dumps(_open(args.one)))
        return 0
    if not 0 < args.mb <= 16:
        parser.error("--mb must be more than 0 and at most 16 (the game reads no larger file)")
    folder = (
        args.folder or Path(tempfile.gettempdir()) / f"boneyard-history-{args.entries}x{args.mb:g}"
    )
    built = _build(folder, args.entries, args.mb)
    results = []
    for label in ("first opening (no index yet)", "with the index"):
        if label.startswith("first"):
            for index in folder.glob("*.index.json"):
                index.unlink()
        command = [sys.executable, "-m", "tools.bench_history", "--one", str(folder)]
        done = subprocess.run(command, capture_output=True, text=True, check=True)
        results.append({"opening": label, **json.loads(done.stdout.strip().splitlines()[-1])})
    if args.json:
        print(json.dumps({"entries": built, "mb": args.mb, "results": results}, indent=2))
        return 0
    print(f"History of {built} entries of {args.mb:g} MB each in {folder}")
    if any(r["listed"] != built for r in results):
        print("  (not every entry was listed: the figures are not of the whole history)")
    for r in results:
        print(
            f"  {r['opening']:<30} start {r['start_seconds']:6.3f} s, History and Statistics "
            f"{r['seconds']:6.3f} s, peak {r['peak_mb']:6.0f} MB "
            f"({r['listed']} listed, {r['games']} games)"
        )
    return 0


def _build(folder: Path, entries: int, mb: float) -> int:
    """A history folder of ``entries`` finished matches of ``mb`` MB each (kept if there)."""
    from game.files import MAX_BYTES
    from game.history import History, entry_of
    from game.match import Match
    from game.record import to_record
    from game.rules.presets import load_preset

    history = History(folder / "history", keep=entries)
    have = len(history.files())
    if have >= entries:
        return have
    rng = random.Random(48)
    start = datetime(2026, 1, 1, tzinfo=UTC)
    size = min(int(mb * 1024 * 1024), MAX_BYTES - 1024)  # (under the limit, as read)
    for n in range(have, entries):
        rules = RULES[n % len(RULES)]
        quick: dict[str, Any] = {"target": 1} if "target" in load_preset(rules).options else {}
        match = Match.create(rules, 4 if rules == "cuban" else 2, seed=n, **quick)
        while not match.state.over:
            match.play(rng.choice(match.legal()))
        when = start + timedelta(minutes=n)
        entry, record = entry_of(match, "", when), to_record(match)
        record["pad"] = []
        empty = len(json.dumps(entry.to_json(record), indent=1))  # as the game writes it
        record["pad"] = [PAD] * max(0, (size - empty) // len(f'   "{PAD}",\n'))
        history.put(entry, record, when)
    return len(history.files())


def _open(folder: Path) -> dict[str, object]:
    """Open History, then Statistics, as a player does; the time and the peak memory."""
    headless()
    from game.saves import Store
    from game.settings import Settings
    from game.ui.router import Shell
    from game.ui.routes import Page, Route
    from game.ui.screens.history import HistoryView
    from game.ui.window import open_game_window

    window = open_game_window(1920, 1080, visible=False)
    settings = Settings(pace="instant", sound=False, deal_animation=False)
    shell = Shell(window, Store(folder), settings, animate=False)
    began = time.perf_counter()
    shell.start()  # the start reads the history too (a bad entry is said on the title)
    window.dispatch_event("on_draw")
    started = time.perf_counter() - began
    began = time.perf_counter()
    shell.open(Route.HISTORY)
    window.dispatch_event("on_draw")
    view = window.current_view
    assert isinstance(view, HistoryView)
    listed = len(view.entries)
    shell.open(Route.HISTORY, Page("stats"))
    window.dispatch_event("on_draw")
    seconds = time.perf_counter() - began
    games = len(shell.services.store.history.statistics())
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # KiB on Linux
    return {
        "start_seconds": round(started, 3),
        "seconds": round(seconds, 3),
        "peak_mb": round(peak, 1),
        "listed": listed,
        "games": games,
    }


if __name__ == "__main__":
    sys.exit(main())
