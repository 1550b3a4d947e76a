"""Short clicks for placing and drawing a tile, with a mute switch.

The sounds are small WAV files in ``assets/sounds/``, made from numpy by
``tools/make_sounds.py`` (so they are ours, and the repository holds only
a few kilobytes of them). They load the first time they are played; a
machine with no audio device (a server, the tests) simply stays silent.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

SOUNDS = Path(__file__).resolve().parents[2] / "assets" / "sounds"
NAMES = ("place", "draw", "shuffle", "round")


class Sounds:
    """The game's sounds; ``enabled`` False is the mute toggle."""

    def __init__(self, enabled: bool = True, folder: Path = SOUNDS) -> None:
        self.enabled = enabled
        self.folder = folder
        self._loaded: dict[str, Any] = {}
        self._broken = False
        self.played: list[str] = []  # what was asked for, for the tests

    def play(self, name: str | None) -> None:
        if not name or not self.enabled:
            return
        self.played.append(name)
        if self._broken:
            return
        try:
            import arcade

            sound = self._loaded.get(name)
            if sound is None:
                path = self.folder / f"{name}.wav"
                if not path.is_file():
                    return
                sound = self._loaded[name] = arcade.Sound(str(path))
            sound.play(volume=0.6)
        except Exception:  # noqa: BLE001 - no audio device is no reason to stop a game
            self._broken = True


def sound_for(action_kind: str, has_tile: bool) -> str | None:
    """Which click an action makes: a tile placed, a tile drawn, or none."""
    if action_kind == "draw":
        return "draw"
    return "place" if has_tile else None
