"""Sound: a click for a tile placed, another for a tile drawn, and a mute switch."""

from __future__ import annotations

import wave
from pathlib import Path

import around_helpers as h
import pytest

from game import resources
from game.match import Match
from game.settings import Settings
from game.ui.art.sound import NAMES, Sounds, sound_for
from game.ui.routes import Route


def test_the_generated_sounds_are_small_short_wavs() -> None:
    for name in ("place", "draw", "shuffle", "knock"):
        path = Sounds().paths[name]
        assert name in NAMES and path.stat().st_size < 32_000
        with wave.open(str(path)) as w:
            assert w.getnchannels() == 1 and w.getnframes() / w.getframerate() < 0.5


def test_actions_click_and_mute_silences(tmp_path: Path) -> None:
    settings = Settings(pace="instant", sound=True, deal_animation=False)
    shell = h.make_shell(tmp_path, settings=settings)
    shell.services.sounds = Sounds(True)  # the tests have no audio device: asked for, not heard
    shell.begin(Match.create("draw", 2, seats=["human", "human"], seed=3, first=1))
    h.frames(1)
    h.press(shell, "show")
    h.play_turn(shell)
    assert shell.services.sounds.played[-1] == sound_for("play", True) == "place"
    assert sound_for("draw", False) == "draw" and sound_for("pass", False) == "knock"
    shell.open(Route.SETTINGS)
    h.press(shell, "sound")
    assert not shell.services.settings.sound and not shell.services.sounds.enabled
    heard = len(shell.services.sounds.played)
    shell.services.sounds.play("place")
    assert len(shell.services.sounds.played) == heard


def test_a_missing_sound_file_is_an_error_naming_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A broken install says which file it lacks when the game starts, not a quiet table."""
    (tmp_path / "assets" / "sounds").mkdir(parents=True)
    for name in ("place", "shuffle"):
        (tmp_path / "assets" / "sounds" / f"{name}.wav").write_bytes(b"")
    monkeypatch.setattr(resources, "data_root", lambda: tmp_path)
    with pytest.raises(resources.DataError, match=r"^assets/sounds/draw\.wav: missing from"):
        Sounds(True)
