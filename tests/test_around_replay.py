"""History and replay on the table, driven by real taps and keys.

A finished match is kept; the History screen lists it and its statistics; Replay
opens it on the table, where the arrows, the round keys and the buttons step it
forward and back to the very states the record replays to; Space plays it at the
chosen speed; Esc closes it. ``boneyard --replay FILE`` refuses a bad file in one line.
"""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta
from pathlib import Path

import arcade
import around_helpers as h
import pytest

from game import i18n
from game.__main__ import main
from game.match import Match
from game.record import to_record
from game.replay import Cursor
from game.ui.board.geometry import Rect
from game.ui.routes import Recorded, Route
from game.ui.screens.history import HistoryView
from game.ui.table.rewind import ReplayControls, replay_table
from game.ui.table.rewinding import Rewinding
from game.ui.table.view import TableView


def finished(rules: str = "block", seed: int = 3, players: int = 2, **options: object) -> Match:
    seats = ["human"] + ["computer"] * (players - 1)
    match = Match.create(rules, players, seats=seats, seed=seed, **options)
    while not match.state.over:
        legal = match.legal()
        match.play(legal[len(match.actions) % len(legal)])
    return match


def _history_shell(tmp_path: Path, matches: list[Match]):
    shell = h.make_shell(tmp_path)
    when = datetime(2026, 12, 1, 14, 0, tzinfo=UTC)
    for n, match in enumerate(matches):
        shell.services.store.history.add(match, when=when + timedelta(minutes=n))
    shell.start()
    h.press(shell, "history")
    assert isinstance(shell.current, HistoryView)
    return shell


def test_history_lists_matches_and_statistics(tmp_path: Path) -> None:
    shell = _history_shell(tmp_path, [finished(seed=s, target=30) for s in (1, 2, 3)])
    texts = shell.current.texts()
    assert texts.count("Block") == 3 and "1–3 of 3" in texts
    h.press(shell, "tab:stats")
    texts = shell.current.texts()
    assert "played" in texts and "average points" in texts
    assert "3" in texts  # every seat played three matches
    h.key(arcade.key.ESCAPE)
    assert shell.stack[-1].route == Route.TITLE


def test_replay_steps_forward_and_back_by_keys(tmp_path: Path) -> None:
    """Each key moves the replay as it says (the states the cursor walks through are the
    controller's: tests/test_controller_modes.py); the log runs to the end; Esc closes."""
    match = finished(target=30)
    shell = _history_shell(tmp_path, [match])
    h.press(shell, "replay:0")
    view = shell.current
    assert isinstance(view, TableView)
    cursor = Cursor(to_record(match))
    first = cursor.state
    cursor.forward()
    assert view.state == first
    h.key(arcade.key.RIGHT)
    h.frames(1)
    assert view.state == cursor.state
    h.key(arcade.key.LEFT)
    assert view.state == first
    h.key(arcade.key.PAGEDOWN)  # a round on
    assert view.state.round == 2 and _replay(view).cursor.index == cursor.round_start(2)
    h.key(arcade.key.PAGEUP)
    assert _replay(view).cursor.index == 0
    h.key(arcade.key.END)
    assert view.state == match.state
    h.key(arcade.key.RIGHT)  # at the end it stays
    assert view.state == match.state
    h.draw()
    lines = [text for text, _ in _controls(view).log.lines()]
    assert len(lines) > len(cursor) / 2 and lines[-1] == "Seat 1 wins"
    h.key(arcade.key.ESCAPE)
    assert isinstance(shell.current, HistoryView)


def test_replay_by_taps_alone_every_hand_open_and_its_play_button(tmp_path: Path) -> None:
    match = finished("all_fives", players=4, target=100)
    shell = _history_shell(tmp_path, [match])
    h.press(shell, "replay:0")
    view = shell.current
    h.press(shell, "forward")
    h.press(shell, "forward")
    assert _replay(view).cursor.index == 2
    h.press(shell, "back")
    assert _replay(view).cursor.index == 1
    h.press(shell, "round+")
    assert view.state.round == 2
    h.press(shell, "round-")
    assert view.state.round == 1 and _replay(view).cursor.index == 0
    # every hand is open: each other seat's panel shows its tiles face up
    h.draw()
    faces = len(view.panels.backs)
    assert faces == sum(len(hand) for hand in view.state.hands[1:]) > 0
    assert not view.tray.hidden and len(view.tray.slots) == len(view.state.hands[0])
    # the speed and Play by taps, as their buttons say (the pace, the pause and the end of
    # a replay playing are the controller's: tests/test_controller_modes.py)
    h.press(shell, "speed")
    h.press(shell, "speed")
    assert _label(view, "speed") == "4×"
    h.press(shell, "play")
    assert _label(view, "play") == "Pause"
    h.frames(20, 0.3)
    assert _replay(view).cursor.index >= 10
    h.press(shell, "play")  # pause
    assert _label(view, "play") == "Play"
    h.press(shell, "close")
    assert isinstance(shell.current, HistoryView)


def test_replay_buttons_by_tab_and_enter(tmp_path: Path) -> None:
    shell = _history_shell(tmp_path, [finished(target=30)])
    h.key(arcade.key.TAB)  # the tabs, then the first row's Replay
    while shell.current.focused is None or shell.current.focused.key != "replay:0":
        h.key(arcade.key.TAB)
    h.key(arcade.key.ENTER)
    view = shell.current
    assert isinstance(view, TableView)
    while _controls(view).focus != "forward":
        h.key(arcade.key.TAB)
    h.key(arcade.key.ENTER)
    h.key(arcade.key.ENTER)
    assert _replay(view).cursor.index == 2


def test_export_writes_a_record_that_replays_from_the_command_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    match = finished(target=30)
    shell = _history_shell(tmp_path, [match])
    h.press(shell, "export:0")
    note = next(x for x in shell.current.texts() if x.startswith("Exported to"))
    path = Path(note.removeprefix("Exported to").replace("\n", "").strip())  # wrapped to fit
    data = json.loads(path.read_text(encoding="utf-8"))
    assert Cursor(data).match.state == match.state
    shell.open(Route.REPLAY, Recorded(data))
    assert isinstance(shell.current, TableView)
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "nope"}', encoding="utf-8")
    assert main(["--replay", str(bad)]) == 2
    err = capsys.readouterr().err.strip()
    assert (
        err.startswith("boneyard: ") and "\n" not in err and bad.read_text() == '{"format": "nope"}'
    )
    assert main(["--replay", str(tmp_path / "missing.json")]) == 2
    assert "\n" not in capsys.readouterr().err.strip()


def test_a_kiosk_keeps_a_visitors_history_only_until_they_leave(tmp_path: Path) -> None:
    now = [0.0]
    shell = h.make_shell(tmp_path, kiosk=True, clock=lambda: now[0])
    shell.start()
    shell.begin(finished(target=30))
    shell.save()
    h.frames(1)
    shell.home()
    h.press(shell, "history")
    assert "1–1 of 1" in shell.current.texts()
    folder = shell.services.store.history.folder
    assert not (tmp_path / "history").exists()  # nothing personal in the kiosk's own folders
    now[0] += 10_000  # the visitor walked away
    h.frames(1)
    assert not folder.exists()
    h.press(shell, "history")
    assert "No finished match yet: play one to the end." in shell.current.texts()


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
@pytest.mark.parametrize("language", ["id", "pt"])
def test_the_open_hands_leave_each_seats_score_clear(
    tmp_path: Path, language: str, size: tuple[int, int]
) -> None:
    """A replay shows the other seats' tiles in their panels: at every move, in languages
    whose points are longer words, the tiles stay in their panel and off its score."""
    i18n.set_language(language)
    try:
        h.window()
        for match in (finished("block", seed=3), finished("mexican_train", players=5)):
            view = replay_table(Cursor(to_record(match)), on_close=lambda: None, size=size)
            for index in range(0, len(_replay(view).cursor) + 1, 3):
                _replay(view).go(index)
                view.settle()
                shown = view.texts.shown()
                for seat, panel in view.screen.panels.items():
                    score = shown[f"score{seat}"]
                    for tile in view.panels.backs:
                        box = Rect(tile.left, tile.bottom, tile.right, tile.top)
                        x, y = box.centre
                        if panel.x0 <= x <= panel.x1 and panel.y0 <= y <= panel.y1:
                            assert panel.x0 <= box.x0 and box.x1 <= panel.x1, (seat, box)
                            assert not box.overlaps(score), (index, seat, box, score)
    finally:
        i18n.set_language("en")


def test_the_log_is_a_region_of_its_own_the_wheel_over_it_steps_the_match(
    tmp_path: Path,
) -> None:
    """The wheel over the log's column steps the replay a move back (up) or on (down) and
    leaves the board's zoom alone; a press on the log does nothing on the table; over the
    board the wheel zooms, as at any table."""
    shell = _history_shell(tmp_path, [finished(target=30)])
    h.press(shell, "replay:0")
    view = shell.current
    assert isinstance(view, TableView)
    h.key(arcade.key.END)
    view.settle()
    end, zoom = _replay(view).cursor.index, view.camera.target.scale
    x, y = _controls(view).log.rect.centre
    h.send("on_mouse_scroll", int(x), int(y), 0, 1)
    assert _replay(view).cursor.index == end - 1
    h.send("on_mouse_scroll", int(x), int(y), 0, -1)
    assert _replay(view).cursor.index == end
    h.click(x, y)
    assert _replay(view).cursor.index == end and not _replay(view).playing
    view.settle()
    assert view.camera.target.scale == zoom
    bx, by = view.screen.table.centre
    h.send("on_mouse_scroll", int(bx), int(by), 0, 1)
    assert view.camera.target.scale > zoom


def _replay(view: object) -> Rewinding:
    return h.part(view, Rewinding)


def _controls(view: object) -> ReplayControls:
    return h.part(view, ReplayControls)


def _label(view: object, key: str) -> str:
    assert isinstance(view, TableView)
    return next(b.label for b in view.buttons.buttons if b.key == key)
