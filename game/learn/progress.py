"""Which puzzles the player has solved: one small JSON file in the user's data folder.

Why a file of its own, not a field of the settings: progress grows with play and
belongs with the player's history (the data folder, :func:`game.saves.data_dir`),
while settings are choices (the config folder). Written through :mod:`game.files`
(atomic, fsynced). A file that cannot be read is set aside (``puzzles.bad-1.json``)
with one line in ``note`` and the player starts with nothing solved; an entry
that is not a puzzle id with a date is dropped on its own, the rest kept.
"""

from __future__ import annotations

import os
from datetime import UTC, datetime
from pathlib import Path

from ..files import BadFile, read_json, set_aside, write_json
from ..i18n import _
from ..saves import data_dir

FORMAT = "boneyard-puzzles/1"
FILE = "puzzles.json"


def default_path() -> Path:
    """Where the player's puzzle progress is kept."""
    return data_dir() / FILE


class PuzzleProgress:
    """The solved puzzles (id → when), read once, written on every change."""

    def __init__(self, path: Path | None = None, writes: bool = True) -> None:
        """The progress kept at ``path``; ``writes`` False keeps new solves in memory only
        (a second instance of the game, which saves nothing)."""
        self.path = default_path() if path is None else Path(path)
        self.writes = writes
        self.note = ""
        self.solved: dict[str, str] = self._read()

    def is_solved(self, puzzle_id: str) -> bool:
        return puzzle_id in self.solved

    def mark_solved(self, puzzle_id: str, when: datetime | None = None) -> bool:
        """Remember ``puzzle_id`` as solved (the first time counts); False if not written."""
        if puzzle_id in self.solved:
            return True
        when = datetime.now(UTC) if when is None else when
        self.solved[puzzle_id] = when.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")
        if not self.writes:
            return True
        try:
            write_json(self.path, {"format": FORMAT, "solved": self.solved}, self.path.name)
        except BadFile as error:
            self.note = _("Your puzzle progress could not be saved ({reason}).").format(
                reason=error.reason
            )
            return False
        return True

    def _read(self) -> dict[str, str]:
        path = self.path
        if not os.path.lexists(path):
            return {}
        try:
            data = read_json(path, path.name)
            if not isinstance(data, dict) or data.get("format") != FORMAT:
                raise BadFile(path.name, f"not puzzle progress ('format' must be \"{FORMAT}\")")
            solved = data.get("solved")
            if not isinstance(solved, dict):
                raise BadFile(path.name, "'solved' must be a table of puzzle ids")
        except BadFile as error:
            self._set_aside(error.reason)
            return {}
        return {k: v for k, v in solved.items() if isinstance(k, str) and isinstance(v, str)}

    def _set_aside(self, reason: str) -> None:
        self.note = _(
            "Your puzzle progress could not be read ({reason}); it was kept as {name} and "
            "starts afresh."
        ).format(name=set_aside(self.path), reason=reason)
