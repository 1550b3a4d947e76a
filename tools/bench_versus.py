"""Old and new in one run: a benchmark measured in this checkout and in another, turn about.

    python -m tools.bench_engine --json --versus ../old --rounds 2
    python -m tools.bench_ai --json --rules block --versus ../old --rounds 2

A change meant to be quicker is judged against the code before it on the same machine at
the same time: each round runs the benchmark's module once in the other checkout (say a
``git worktree`` of ``main``) and once here, one after the other, so a busy machine slows
both alike. The other checkout runs with its own ``.venv`` when it has one, else with this
Python and that checkout first on the path (its ``game/`` then needs its data beside it,
as an installed wheel has: ``game/data/levels`` and ``game/data/assets``). The report is
one JSON object: each side's results, round by round.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent.parent  # this checkout


def versus(module: str, argv: list[str], other: Path, rounds: int) -> dict[str, Any]:
    """``python -m module argv --json`` in ``other`` and here, ``rounds`` times each, turn
    about (``other`` first); each run's JSON in the order run."""
    report: dict[str, Any] = {"module": module, "argv": argv, "other": str(other)}
    runs: dict[str, list[Any]] = {"other": [], "this": []}
    for _ in range(rounds):
        for side, folder in (("other", other.resolve()), ("this", HERE)):
            runs[side].append(_run(module, argv, folder))
    report.update(runs)
    return report


def _run(module: str, argv: list[str], folder: Path) -> Any:
    own = folder / ".venv" / "bin" / "python"
    python = str(own) if own.exists() else sys.executable
    env = dict(os.environ, PYTHONPATH=str(folder))
    done = subprocess.run(
        [python, "-m", module, *argv, "--json"],
        cwd=folder,
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    if done.returncode != 0:
        raise SystemExit(f"{module} in {folder} failed: {done.stderr.strip().splitlines()[-1:]}")
    return json.loads(done.stdout.strip().splitlines()[-1])


def strip(argv: list[str]) -> list[str]:
    """``argv`` without ``--versus DIR``, ``--rounds N`` and ``--json`` (the runs get their
    own ``--json``)."""
    out, skip = [], False
    for word in argv:
        if skip:
            skip = False
        elif word in ("--versus", "--rounds"):
            skip = True
        elif word != "--json" and not word.startswith(("--versus=", "--rounds=")):
            out.append(word)
    return out
