"""Learning the games: guided first rounds (tutorials) and puzzles, as data checked on load.

Why a package of its own: a tutorial and a puzzle are both a fixed table (a
deal, who leads, perhaps some moves already made) that the rules engine plays
out, plus a script or a goal. They share :mod:`.table` (reading that fixed
table from a file) and differ in what they judge: :mod:`.tutorials` walks a
script step by step, :mod:`.puzzles` proves a goal reachable and judges an
attempt at it. Progress through the puzzles is kept by :mod:`.progress`.

Pure Python (no arcade): the table's screens drive these state machines and
show what they say; every file is read through :mod:`game.files` and a
malformed one is refused in one line naming the file and the step or puzzle.
"""

from .table import LearnError

__all__ = ["LearnError"]
