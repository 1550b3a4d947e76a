"""How big the slow tests run: their full size in CI (``CI=true``), a small one otherwise.

A test marked ``slow`` (the conformance and fuzz runs, the UI soak, the wheel install)
is never skipped: every ``./dev test`` runs it, at the size :func:`sized` gives. CI
sets ``CI=true`` and so runs the full sizes; ``CI=true ./dev test`` does the same on a
developer's machine. The session header says which sizes a run used.
"""

from __future__ import annotations

import os

FULL = os.environ.get("CI", "").strip().lower() in {"1", "true", "yes"}


def sized(full: int, quick: int) -> int:
    """``full`` in CI, ``quick`` otherwise (a daily run that still exercises the test)."""
    return full if FULL else quick
