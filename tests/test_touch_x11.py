"""End to end: touches through a real X server's virtual touchscreen to the real game.

Xorg runs with the ``dummy`` screen and the ``inputtest`` touchscreen (:mod:`xtouch`;
installed with apt-get where the test runs as root on Debian, else the test is skipped
and says why). The game, in a process of its own on that display (``touch_drive``),
reads the touches with its XInput reader in pyglet's loop, as on a kiosk. Scripted taps
on hand tiles and ghosts each make exactly one selection or confirmation (1,000 of them
under CI=true), a pinch zooms the board about the fingers, a two-finger turn rotates it
a quarter, and the preview survives both.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
import xtouch
from sizes import sized

HERE = Path(__file__).resolve().parent


@pytest.fixture(scope="module")
def touchscreen() -> Iterator[tuple[str, Path]]:
    why = xtouch.missing()
    if why is not None:
        pytest.skip(f"no virtual touchscreen here: {why}")
    with xtouch.xorg() as server:
        yield server


@pytest.mark.slow
def test_taps_a_pinch_and_a_turn_through_a_virtual_touchscreen(
    touchscreen: tuple[str, Path],
) -> None:
    display, sock = touchscreen
    taps = sized(1000, 100)
    env = {**os.environ, "DISPLAY": display}
    env.pop("ARCADE_HEADLESS", None)  # a real window on the X server, not an offscreen one
    command = [sys.executable, str(HERE / "touch_drive.py"), "--socket", str(sock)]
    done = subprocess.run(
        [*command, "--taps", str(taps)], env=env, capture_output=True, text=True, timeout=900
    )
    assert done.returncode == 0, done.stderr[-3000:]
    result = json.loads(done.stdout.strip().splitlines()[-1])
    pinch, turn = result["pinch"], result["rotate"]
    # a pinch spreading the fingers 1.5 times zooms the board 1.5 times, the preview kept
    assert pinch["zoom_after"] == pytest.approx(pinch["zoom_before"] * 1.5, rel=0.02)
    assert pinch["preview_kept"] and pinch["selected"] != "None"
    # fingers turned 80 degrees: the table turned with them and settled a quarter on
    assert turn["quarter_turns"] == 1 and turn["angle_after"] == (turn["angle_before"] + 90) % 360
    assert turn["camera_angle"] == pytest.approx(turn["angle_after"], abs=0.01)
    assert turn["preview_kept"]
    # every tap one press and one release at the table (the driver checks each tap's
    # selection or confirmation as it goes); the two gestures' first fingers pressed too,
    # and were cancelled, not released
    assert result["taps"] == taps
    assert result["table_releases"] == taps
    assert result["table_presses"] == taps + 2
    assert result["plays_by_ghost"] >= 1
    assert result["ghost_confirmations"] == result["plays_by_ghost"]
