"""The window draws on change and otherwise sleeps (game.ui.window).

Frames are run as the frame clock runs them: an update, then the window's own
``draw``, which skips the frame when nothing can have changed. Input comes as
real events through the window.
"""

from __future__ import annotations

from pathlib import Path

import arcade
import pytest
from around_helpers import click, make_shell, play_turn, send, window

from game.match import Match
from game.rules import Action, RuleSet, State
from game.ui.window import AWAKE_FRAMES

TICK = 1 / 60


def run(n: int, dt: float = TICK) -> int:
    """``n`` frames of the frame clock; how many of them were drawn."""
    w = window()
    before = w.frames_drawn
    for _ in range(n):
        send("on_update", dt)
        w.draw(dt)
    return w.frames_drawn - before


def test_the_title_left_alone_draws_nothing_and_any_input_wakes_it(tmp_path: Path) -> None:
    shell = make_shell(tmp_path)
    shell.start()
    assert run(10) >= 1  # shown: drawn
    assert run(120) == 0  # two seconds untouched: not one frame
    send("on_mouse_motion", 5, 5, 1, 1)
    assert run(10) >= 1
    assert run(60) == 0
    send("on_key_press", arcade.key.TAB, 0)  # the focus moves: drawn
    send("on_key_release", arcade.key.TAB, 0)
    assert run(10) >= 1
    send("on_resize", 1280, 720)
    assert run(10) >= 1
    assert run(60) == 0


def test_a_screen_changed_by_the_game_itself_is_drawn(tmp_path: Path) -> None:
    shell = make_shell(tmp_path)
    shell.start()
    run(10)
    assert run(30) == 0
    shell.current.changed()  # e.g. a setting applied, a kiosk's language chosen
    assert run(1) == 1
    assert run(30) == 0


def test_a_table_waiting_for_the_player_sleeps_and_wakes_for_every_move(tmp_path: Path) -> None:
    shell = make_shell(tmp_path)
    shell.begin(Match.create("block", 2, seats=["human", "computer"], seed=5))
    view = shell.current
    for _ in range(600):  # the computer's moves, if it leads, and their glides and words
        if view.human_turn() and view.at_rest():
            break
        run(1, 0.1)
    assert view.human_turn() and view.at_rest()
    assert run(120) == 0  # the player thinks: the table is not drawn again
    play_turn(shell)  # a tap on a tile, then Confirm: the tile glides, the computer answers
    assert not view.at_rest()
    drawn = 0
    for _ in range(600):
        if view.human_turn() and view.at_rest():
            break
        drawn += run(1, 0.05)
    assert drawn > AWAKE_FRAMES  # every frame of the glides and the computer's turn drawn
    assert view.at_rest()
    assert run(60) == 0


def test_a_waiting_table_works_out_its_legal_moves_once_for_the_state(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every frame asks whether the table is busy and whose move it is (a forced move is
    the one legal action): the rules answer once for a state, not once a question."""
    shell = make_shell(tmp_path)
    shell.begin(Match.create("block", 2, seats=["human", "computer"], seed=5))
    view = shell.current
    for _ in range(600):  # the computer's moves, if it leads, and their glides and words
        if view.human_turn() and view.at_rest():
            break
        run(1, 0.1)
    assert view.human_turn() and view.at_rest()
    asked: list[State] = []
    rules = type(view.match.ruleset)
    real = rules.legal_actions

    def counted(self: RuleSet, state: State) -> tuple[Action, ...]:
        asked.append(state)
        return real(self, state)

    monkeypatch.setattr(rules, "legal_actions", counted)
    for _ in range(30):
        send("on_update", TICK)
        view.busy()  # what the window asks before it draws (it draws nothing here)
        window().draw(TICK)
    assert asked == []  # the state is the one already asked of


def test_a_seat_s_words_keep_the_table_awake_until_they_go(tmp_path: Path) -> None:
    shell = make_shell(tmp_path)
    shell.begin(Match.create("block", 2, seats=["human", "computer"], seed=5))
    view = shell.current
    view.news.tell(2, "Passes")
    run(10)
    assert not view.at_rest()
    assert run(10, 0.1) == 10  # drawn while the words show …
    run(40, 0.1)  # … which go by themselves
    assert not view.news.lines
    if view.human_turn():
        assert run(30) == 0


def test_a_window_that_does_not_sleep_draws_every_frame(tmp_path: Path) -> None:
    shell = make_shell(tmp_path)
    shell.start()
    w = window()
    w.sleeps = False
    try:
        assert run(30) == 30
    finally:
        w.sleeps = True
    assert run(30) <= AWAKE_FRAMES


def test_a_tap_on_the_title_draws_what_it_opens(tmp_path: Path) -> None:
    shell = make_shell(tmp_path)
    shell.start()
    run(10)
    button = shell.current.widget("play")
    assert button is not None
    click(*button.rect.centre)
    assert shell.current is not None and type(shell.current).__name__ == "SetupView"
    assert run(5) >= 1
