"""Sound: a click for a tile placed, another for a tile drawn, and a mute switch."""

from __future__ import annotations

import wave
from pathlib import Path

import around_helpers as h

from game.match import Match
from game.settings import Settings
from game.ui.sound import NAMES, SOUNDS, Sounds, sound_for


def test_the_generated_sounds_are_small_short_wavs() -> None:
    for name in ("place", "draw", "shuffle"):
        path = SOUNDS / f"{name}.wav"
        assert name in NAMES and path.stat().st_size < 32_000
        with wave.open(str(path)) as w:
            assert w.getnchannels() == 1 and w.getnframes() / w.getframerate() < 0.5


def test_actions_click_and_mute_silences(tmp_path: Path) -> None:
    settings = Settings(pace="instant", sound=True, deal_animation=False)
    shell = h.make_shell(tmp_path, settings=settings)
    shell.sounds = Sounds(True, folder=tmp_path)  # no files here: asked for, never played aloud
    shell.begin(Match.create("draw", 2, seats=["human", "human"], seed=3, first=1))
    h.frames(1)
    h.press(shell, "show")
    h.play_turn(shell)
    assert shell.sounds.played[-1] == sound_for("play", True) == "place"
    assert sound_for("draw", False) == "draw" and sound_for("pass", False) is None
    shell.show_settings(shell.show_table)
    h.press(shell, "sound")
    assert not shell.settings.sound and not shell.sounds.enabled
    heard = len(shell.sounds.played)
    shell.sounds.play("place")
    assert len(shell.sounds.played) == heard
