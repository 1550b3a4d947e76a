"""Short clicks for placing and drawing a tile and for a move without a tile, a cue for a round
and a match won, with a mute switch.

The sounds are small WAV files in ``assets/sounds/``, made from numpy by
``tools/make_sounds.py`` (so they are ours, and the repository holds only
a few kilobytes of them). Every file is looked up when the game starts, so a
missing one is a DataError naming it (a broken install, not a quiet game);
they load the first time they are played, and a machine with no audio
device (a server, the tests) simply stays silent.
"""

from __future__ import annotations

from typing import Any

from game.resources import data_path
from game.rules import Kind

NAMES = ("place", "draw", "shuffle", "knock", "chime", "fanfare")


class Sounds:
    """The game's sounds; ``enabled`` False is the mute toggle."""

    def __init__(self, enabled: bool = True) -> None:
        self.enabled = enabled
        self.paths = {name: data_path("assets", "sounds", f"{name}.wav") for name in NAMES}
        self._loaded: dict[str, Any] = {}
        self._broken = False
        self.played: list[str] = []  # what was asked for, for the tests

    def play(self, name: str | None) -> None:
        if not name or not self.enabled:
            return
        self.played.append(name)
        path = self.paths[name]  # a sound the game does not ship is a bug, not a silence
        if self._broken:
            return
        try:
            import arcade

            sound = self._loaded.get(name)
            if sound is None:
                sound = self._loaded[name] = arcade.Sound(str(path))
            sound.play(volume=0.6)
        except Exception:  # noqa: BLE001 - no audio device is no reason to stop a game
            self._broken = True


def sound_for(action_kind: str, has_tile: bool) -> str:
    """Which click an action makes: a tile placed, a tile drawn, or a knock on the table
    for a move without a tile (a pass, a hand kept: players knock to pass)."""
    if action_kind == Kind.DRAW:
        return "draw"
    return "place" if has_tile else "knock"
