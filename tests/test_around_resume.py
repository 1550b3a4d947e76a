"""Coming back to a match: the tile just drawn is marked in the hand, and setup keeps the
last seed typed (Resume shows the table as it was, no shuffle: tests/test_seating.py)."""

from __future__ import annotations

from pathlib import Path

import around_helpers as h

from game.match import Match
from game.ui.screens.setup import SetupView
from game.ui.services import Route


def test_the_tile_just_drawn_is_marked_in_the_hand(tmp_path: Path) -> None:
    shell = h.make_shell(tmp_path)
    shell.begin(Match.create("draw", 2, seats=["human", "computer"], seed=2, first=1))
    table = shell.current
    for _ in range(60):  # play by taps until the human has to draw
        h.frames(1)
        if not table.human_turn():
            continue
        if any(a.kind == "draw" for a in table.preview.buttons()):
            break
        h.play_turn(shell)
    draws = [a for a in table.preview.buttons() if a.kind == "draw"]
    assert draws, "the human never had to draw"
    assert not table.tray.fresh
    before = set(table.state.hands[0])
    h.press(shell, "draw")  # the only move: one press draws
    drawn = set(table.state.hands[0]) - before
    assert len(drawn) == 1 and table.tray.fresh == drawn
    h.draw()  # the mark is drawn round the tile
    while table.human_turn() and any(a.kind == "draw" for a in table.preview.buttons()):
        h.press(shell, "draw")
        drawn = set(table.state.hands[0]) - before
        assert table.tray.fresh == drawn  # every tile of this turn's draws
    h.play_turn(shell)
    assert not table.tray.fresh  # played: nothing is new any more


def test_setup_keeps_the_last_seed_typed(tmp_path: Path) -> None:
    shell = h.make_shell(tmp_path)
    shell.open(Route.SETUP)
    field = shell.current.widget("seed")
    h.click(*field.rect.centre)
    for digit in "4242":
        h.send("on_text", digit)
    assert shell.current.choice.seed == "4242"
    h.press(shell, "start")
    assert shell.table.match.seed == 4242
    shell.open(Route.LEAVE)
    h.press(shell, "play")
    assert isinstance(shell.current, SetupView)
    assert shell.current.widget("seed").value == "4242"
    h.press(shell, "seed-random")  # cleared, and kept cleared on the way out
    h.press(shell, "back")
    h.press(shell, "play")
    assert shell.current.widget("seed").value == ""
