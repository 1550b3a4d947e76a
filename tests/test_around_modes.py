"""Window modes and the entry point: kiosk, resizing and rotation, the command line, the demo."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import arcade
import around_helpers as h
import pytest

from game.__main__ import main, parse, wants_fullscreen
from game.match import Match
from game.ui.kiosk import KIOSK_IDLE
from game.ui.routes import Route
from game.ui.screens.menu import TitleView
from game.ui.table.view import TableView
from game.ui.widgets.kit import Button

ROOT = Path(__file__).resolve().parents[1]


def test_a_kiosk_has_no_quit_and_goes_back_to_the_title_after_three_idle_minutes(
    tmp_path: Path,
) -> None:
    clock = h.Clock()
    shell = h.make_shell(tmp_path, kiosk=True, clock=clock)
    shell.start()
    assert not h.has_button(shell, "quit") and h.has_button(shell, "play")
    h.press(shell, "play")
    h.press(shell, "start")
    assert isinstance(shell.current, TableView)
    clock.now += KIOSK_IDLE - 1
    h.frames(2)
    assert isinstance(shell.current, TableView)
    h.key(arcade.key.F)  # any touch or key counts as someone there
    clock.now += KIOSK_IDLE - 1
    h.frames(2)
    assert isinstance(shell.current, TableView)
    clock.now += 2
    h.frames(1)
    assert isinstance(shell.current, TitleView)
    # issue 16.2: the next visitor starts fresh: no Resume, nothing saved, no match kept
    assert not h.has_button(shell, "resume") and shell.table is None
    assert not list(tmp_path.iterdir())


def test_a_kiosk_visitor_picks_a_language_on_the_title_and_the_next_one_starts_in_the_kiosks(
    tmp_path: Path,
) -> None:
    """Issue 15.4: each visitor may speak another language; idle, the kiosk's comes back."""
    from game.i18n import language

    clock = h.Clock()
    shell = h.make_shell(tmp_path, kiosk=True, clock=clock)
    shell.start()
    names = [b.label for b in shell.current.buttons() if b.key.startswith("lang:")]
    assert names == ["English", "Bahasa Indonesia", "Português", "العربية"]
    h.press(shell, "lang:pt")
    assert language() == "pt" and shell.current.button("play").label == "Jogar"
    assert shell.current.button("lang:pt").style == "selected"
    clock.now += KIOSK_IDLE + 1
    h.frames(1)
    assert language() == "en" and shell.current.button("play").label == "Play"
    assert not list(tmp_path.iterdir())  # the visitor's choice was never written


def test_a_kiosk_ignores_close_requests_and_quit_keys_but_its_operator_gets_out(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 16.2: Alt+F4 / the ✕ (the window manager's close request), Escape, Ctrl+Q,
    Cmd+Q do nothing to a kiosk; Ctrl+Alt+Q held for five seconds closes it."""
    closed: list[bool] = []
    window = h.window()
    monkeypatch.setattr(window, "close", lambda: closed.append(True))
    clock = h.Clock()
    shell = h.make_shell(tmp_path, kiosk=True, clock=clock)
    shell.start()
    k = arcade.key
    for view in ("title", "table"):
        h.send("on_close")
        for symbol, mods in (
            (k.ESCAPE, 0),
            (k.Q, k.MOD_CTRL),
            (k.Q, k.MOD_COMMAND),
            (k.F4, k.MOD_ALT),
            (k.W, k.MOD_CTRL),
        ):
            h.key(symbol, mods)
            h.frames(1)
        assert not window.has_exit and not closed, f"the kiosk's {view} let itself be closed"
        if view == "title":
            assert isinstance(shell.current, TitleView)
            h.press(shell, "play")
            h.press(shell, "start")
            assert isinstance(shell.current, TableView)
    chord = k.MOD_CTRL | k.MOD_ALT
    h.send("on_key_press", k.Q, chord)
    clock.now += 4.0
    h.frames(1)
    h.send("on_key_release", k.Q, chord)  # let go too soon: nothing
    clock.now += 2.0
    h.frames(1)
    assert not closed
    h.send("on_key_press", k.Q, chord)
    clock.now += 5.0
    h.frames(1)
    assert closed == [True]
    # the same close request does close a desktop window (the check can fail)
    desktop = h.make_shell(tmp_path / "desk")
    desktop.start()
    h.send("on_close")
    assert window.has_exit
    window.has_exit = False


def test_a_kiosks_settings_offer_no_fullscreen_and_save_nothing(tmp_path: Path) -> None:
    """Issue 16.2: no Fullscreen row; a change lasts for this visitor only, never written."""
    clock = h.Clock()
    shell = h.make_shell(tmp_path, kiosk=True, clock=clock)
    shell.start()
    h.press(shell, "settings")
    assert not h.has_button(shell, "fullscreen") and h.has_button(shell, "sound")
    h.press(shell, "pace")
    assert shell.services.settings.pace != "instant"
    assert not list(tmp_path.iterdir())  # nothing written
    clock.now += KIOSK_IDLE + 1
    h.frames(1)
    # the kiosk's own settings for the next visitor
    assert shell.services.settings.pace == "instant"
    desk = h.make_shell(tmp_path / "desk")
    desk.start()
    h.press(desk, "settings")
    assert h.has_button(desk, "fullscreen")


def test_a_kiosk_seed_needs_no_keyboard(tmp_path: Path) -> None:
    shell = h.make_shell(tmp_path, kiosk=True, clock=h.Clock())
    shell.open(Route.SETUP)
    h.press(shell, "seed")  # the field opens the digit keys, a page of their own
    for digit in "407":
        h.press(shell, f"key{digit}")
    h.press(shell, "key⌫")
    assert shell.current.choice.seed == "40"
    h.press(shell, "done")
    assert shell.current.widget("seed").value == "40" and not shell.current.button("key4")


def test_a_desktop_window_never_goes_idle(tmp_path: Path) -> None:
    clock = h.Clock()
    shell = h.make_shell(tmp_path, clock=clock)
    shell.begin(Match.create("block", 2, seats=["human", "computer:easy"], seed=1))
    clock.now += 10 * KIOSK_IDLE
    h.frames(2)
    assert isinstance(shell.current, TableView)


@pytest.mark.parametrize("size", [(720, 1280), (1920, 1080), (1024, 768)])
def test_screens_lay_out_again_for_any_size_and_turn(tmp_path: Path, size: tuple[int, int]) -> None:
    shell = h.make_shell(tmp_path)
    shell.begin(Match.create("block", 2, seats=["human", "computer:easy"], seed=2, first=2))
    h.send("on_resize", *size)
    h.frames(1)
    screens = [shell.home] + [
        lambda route=route: shell.open(route)
        for route in (Route.SETUP, Route.MENU, Route.RULES, Route.SETTINGS)
    ]
    for show in screens:
        show()
        view = shell.current
        assert view.dims == size
        buttons = [w for w in view.widgets if isinstance(w, Button)]
        for b in buttons:
            r = b.rect
            inside = r.x0 >= 0 and r.y0 >= 0 and r.x1 <= size[0] + 0.5 and r.y1 <= size[1] + 0.5
            assert inside, b.key
            assert r.height >= 30, b.key
        for i, a in enumerate(buttons):
            for b in buttons[i + 1 :]:
                assert not a.rect.overlaps(b.rect), (type(view).__name__, a.key, b.key)
    h.send("on_resize", h.WIDTH, h.HEIGHT)


def test_the_command_line_refuses_what_cannot_work(capsys: pytest.CaptureFixture[str]) -> None:
    for argv in (["--headless"], ["--kiosk", "--windowed"], ["--size", "big"]):
        with pytest.raises(SystemExit) as stop:
            parse(argv)
        assert stop.value.code == 2
    capsys.readouterr()
    assert main(["--rules", "cuban", "--players", "3"]) == 2
    err = capsys.readouterr().err.strip()
    assert err.count("\n") == 0 and "4 to 4 players" in err
    assert main(["--list"]) == 0
    assert "mexican_train" in capsys.readouterr().out


def test_the_headless_demo_writes_a_picture_per_round_and_the_record(tmp_path: Path) -> None:
    out = tmp_path / "demo"
    argv = ["--demo", "--headless", "--out", str(out), "--rules", "block", "--players", "2"]
    run = subprocess.run(
        [sys.executable, "-m", "game", *argv, "--seed", "3", "--level", "easy"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert run.returncode == 0, run.stderr
    record = json.loads((out / "record.json").read_text(encoding="utf-8"))
    rounds = sorted(out.glob("round-??.png"))
    assert rounds and (out / "final.png").is_file()
    assert len(rounds) == len(sorted(out.glob("round-??-table.png")))
    assert record["seed"] == 3 and record["seats"] == ["computer:easy"] * 2
    replay = subprocess.run(
        [sys.executable, "-m", "game.record", "replay", str(out / "record.json"), "--json"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    )
    final = json.loads(replay.stdout.splitlines()[-1])
    assert final["winner"] and final["round"] == len(rounds)


def test_fullscreen_by_default_windowed_on_request_and_always_in_a_kiosk() -> None:
    assert wants_fullscreen(parse([]), True)
    assert not wants_fullscreen(parse(["--windowed"]), True)
    assert not wants_fullscreen(parse([]), False)
    assert wants_fullscreen(parse(["--kiosk"]), False)


def test_the_pace_setting_reaches_the_table_at_once(tmp_path: Path) -> None:
    shell = h.make_shell(tmp_path)
    shell.begin(Match.create("block", 2, seats=["human", "computer:easy"], seed=1))
    shell.open(Route.SETTINGS)
    h.press(shell, "pace")  # instant -> slow
    assert shell.table.computer_pause == shell.services.settings.computer_pause > 1
    h.press(shell, "back")
    assert isinstance(shell.current, TableView)


def test_the_demo_speaks_the_language_asked_for(tmp_path: Path) -> None:
    """--language is the run's language, the demo's words too (its settings took the
    system's and put it back over the one asked for)."""
    out = tmp_path / "demo"
    argv = ["--demo", "--headless", "--out", str(out), "--rules", "block", "--players", "2"]
    run = subprocess.run(
        [sys.executable, "-m", "game", *argv, "--seed", "3", "--level", "easy", "--language", "pt"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
        env={**os.environ, "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8"},
    )
    assert run.returncode == 0, run.stderr
    assert run.stdout.startswith("escrito "), run.stdout
