"""What each level of the computer measured: the table ``python -m tools.levels`` writes.

"Easy", "normal" and "hard" mean something only once measured: the tool plays each level
against the one below it on duplicated deals whose seeds were fixed before the run, and
writes each pairing's share of the rounds with its 95 % interval to
``levels/strength.json``, shipped with the game. Setup reads it here to say what a level
means ("Hard takes 6 rounds in 10 from Normal"). Only a pairing played to all its planned
deals is told; the file is checked before use, and a malformed one is refused in one line
(it ships with the game, so that is a broken install, not a player's mistake).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .files import BadFile, read_json
from .match import LEVELS
from .resources import DataError, data_path

FORMAT = "boneyard-strength/1"


@dataclass(frozen=True)
class Measured:
    """Level ``a`` against ``b`` (the level below, or an anchor) at ``rules`` with
    ``players`` seats: ``a``'s share of the rounds over ``deals`` duplicated deals."""

    rules: str
    players: int
    a: str
    b: str
    share: float
    low: float
    high: float
    deals: int

    @property
    def in_ten(self) -> int:
        """The share as players say it: rounds in ten."""
        return round(10 * self.share)


def levels(rules: str, path: Path | None = None) -> list[Measured]:
    """Each level of ``rules`` measured against the one below it (played to its planned
    deals), the lower pairing first."""
    found = {(m.a, m.b): m for m in read(path) if m.rules == rules}
    pairs = zip(LEVELS[1:], LEVELS, strict=False)
    return [found[pair] for pair in pairs if pair in found]


def read(path: Path | None = None) -> list[Measured]:
    """Every finished pairing of the table (DataError, one line, if it is malformed)."""
    where = path or data_path("levels", "strength.json")
    try:
        data = read_json(where, "levels/strength.json")
        return [m for m in (_pairing(row) for row in _rows(data)) if m is not None]
    except (BadFile, ValueError, TypeError, KeyError) as error:
        raise DataError(f"levels/strength.json: {error}") from None


def _rows(data: Any) -> list[Any]:
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise ValueError(f"not a table of the format {FORMAT!r}")
    rows = data.get("pairings")
    if not isinstance(rows, list):
        raise ValueError("'pairings' must be a list")
    return rows


def _pairing(row: Any) -> Measured | None:
    """A row checked; None for one not yet played to its planned deals."""
    if not isinstance(row, dict):
        raise ValueError("a pairing must be a table")
    rules, a, b = (row[k] for k in ("rules", "a", "b"))
    players, deals, planned = (row[k] for k in ("players", "deals", "planned_deals"))
    share, low, high = (row[k] for k in ("share", "low", "high"))
    if not all(isinstance(x, str) for x in (rules, a, b)):
        raise ValueError("a pairing's 'rules', 'a' and 'b' must be words")
    if not all(type(x) is int for x in (players, deals, planned)) or not 0 <= deals <= planned:
        raise ValueError(f"{rules} {a}-{b}: its seats and deals must be whole numbers in order")
    numbers = (share, low, high)
    if not all(isinstance(x, (int, float)) and math.isfinite(x) for x in numbers) or not (
        0 <= low <= share <= high <= 1
    ):
        raise ValueError(f"{rules} {a}-{b}: its share must lie in its interval, within 0 … 1")
    if deals < planned or deals == 0:
        return None
    return Measured(rules, players, a, b, float(share), float(low), float(high), deals)
