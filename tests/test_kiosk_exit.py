"""A kiosk exits cleanly or keeps going (issue 49, item 4): never a traceback.

The real game, ``boneyard --kiosk`` in its own process on a virtual X server: its
window destroyed by another program (``xdotool windowclose``, an XDestroyWindow,
as a session manager or a crashed compositor does) ends it with one line on
stderr and the status its supervisor restarts it on; SIGTERM ends it as Quit
does, with status 0 and nothing said. Either way the game's way out is taken
(``shell.save()``, ``shell.close()``): the visitor's scratch folder (in the
``TMPDIR`` the helpers give it) is gone.
"""

from __future__ import annotations

import os
import signal
import subprocess
from pathlib import Path

import pytest
from kiosk_helpers import BONEYARD, UP, start_kiosk, virtual_display

from game.__main__ import KIOSK_STOPPED, _stopped


def test_a_window_destroyed_from_outside_is_one_line_and_the_status_to_restart_on(
    tmp_path: Path,
) -> None:
    with virtual_display() as screen:
        game = start_kiosk([str(BONEYARD), "--kiosk"], screen, tmp_path)
        game.wait_up(timeout=60)
        window = game.window(screen)
        env = {**os.environ, "DISPLAY": screen.name}
        subprocess.run(["xdotool", "windowclose", window], env=env, check=True)
        status = game.process.wait(timeout=30)
    said = game.stderr()
    assert status == KIOSK_STOPPED, said
    assert said.count("\n") == 1 and said.endswith("\n"), said  # exactly one line
    assert said == (
        "boneyard: the kiosk stopped (WindowLost: the window was destroyed by another program)\n"
    )
    assert not list(tmp_path.glob("boneyard-visitor-*"))  # its way out was taken all the same


def test_a_display_server_gone_is_one_line_and_the_status_to_restart_on(tmp_path: Path) -> None:
    """The X server ends under the kiosk (a compositor that crashed takes its Xwayland):
    Xlib's own two lines and status 1 are replaced by the kiosk's one line and 75."""
    with virtual_display() as screen:
        game = start_kiosk([str(BONEYARD), "--kiosk"], screen, tmp_path)
        game.wait_up(timeout=60)
        screen.server.kill()
        status = game.process.wait(timeout=30)
    assert status == KIOSK_STOPPED, game.stderr()
    assert game.stderr() == (
        "boneyard: the kiosk stopped (WindowLost: the connection to the display server was lost)\n"
    )
    assert not list(tmp_path.glob("boneyard-visitor-*"))


def test_sigterm_ends_a_kiosk_as_quit_does_status_0_and_nothing_said(tmp_path: Path) -> None:
    with virtual_display() as screen:
        game = start_kiosk([str(BONEYARD), "--kiosk"], screen, tmp_path)
        game.wait_up(timeout=60)
        game.process.send_signal(signal.SIGTERM)
        status = game.process.wait(timeout=30)
    assert status == 0, game.stderr()
    assert game.stderr() == ""
    assert game.stdout().count("\n") == 1 and game.stdout().startswith(UP)
    assert not list(tmp_path.glob("boneyard-visitor-*"))  # the kiosk cleaned up as it left


def test_whatever_stopped_a_kiosk_is_said_in_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    """An error's text over several lines (a GL driver's, say) still makes one line."""
    status = _stopped(RuntimeError("GL_OUT_OF_MEMORY\n  in glClear\n\n" + "x" * 1000))
    said = capsys.readouterr().err
    assert status == KIOSK_STOPPED == 75
    assert said.count("\n") == 1
    assert said.startswith(
        "boneyard: the kiosk stopped (RuntimeError: GL_OUT_OF_MEMORY in glClear x"
    )


def test_a_kiosk_with_no_display_to_open_on_is_one_line_and_the_status_to_restart_on(
    tmp_path: Path,
) -> None:
    """Started before its display server is up (a session still starting): one line, 75."""
    env = {k: v for k, v in os.environ.items() if k not in {"DISPLAY", "ARCADE_HEADLESS"}}
    env["TMPDIR"] = str(tmp_path)
    ran = subprocess.run(
        [str(BONEYARD), "--kiosk"], env=env, capture_output=True, text=True, timeout=120
    )
    assert ran.returncode == KIOSK_STOPPED, ran.stderr
    assert ran.stderr.count("\n") == 1, ran.stderr
    assert ran.stderr.startswith("boneyard: the kiosk stopped (")
    assert ran.stdout == ""
