"""What a newcomer's playtest found at the table, each driven by real input events.

Taps are mouse presses and releases at a button's own rectangle, frames are the
window's ``on_update`` and ``on_draw``; every claim is read from what the view shows
(its texts, its regions, the sprites it draws).
"""

from __future__ import annotations

from pathlib import Path

import around_helpers as h

from game.match import Match
from game.settings import Settings
from game.ui.router import Shell
from game.ui.table.play import PlayView

MT_SEATS = ["human", "computer", "computer", "computer"]


def _mexican_train(tmp_path: Path, pace: str = "instant") -> tuple[Shell, PlayView]:
    """``--rules mexican_train --players 4 --seed 3``, up to the human's first turn."""
    tmp_path.mkdir(parents=True, exist_ok=True)
    settings = Settings(pace=pace, sound=False, deal_animation=False)
    shell = h.make_shell(tmp_path, settings=settings)
    shell.begin(Match.create("mexican_train", 4, seats=MT_SEATS, seed=3))
    table = shell.table
    for _ in range(600):
        if table.human_turn():
            return shell, table
        h.frames(1, 1 / 30)
    raise AssertionError("the human's turn never came")


def _status(table: PlayView) -> str:
    return table.texts.get("status")


def test_bug6_the_thinking_line_changes_once_the_computers_move_lands(tmp_path: Path) -> None:
    """Bug 6: "Seat 2 is thinking… 100%" stood in the top bar after the move, through the
    breath and the glide (the next move was already thought out ahead). A percentage shows
    only while a search runs; a decided move says the seat plays; once it lands, the
    next seat's words show."""
    shell, table = _mexican_train(tmp_path, pace="normal")
    seen: list[tuple[int | None, str, int]] = []
    start = len(table.match.actions)
    h.play_turn(shell)
    while table.human_turn():  # the first turn's chain: end it
        h.play_turn(shell)
    for _ in range(1500):
        h.frames(1, 1 / 30)
        h.draw()
        seen.append((table.state.to_move, _status(table), len(table.match.actions)))
        if table.human_turn():
            break
    assert table.human_turn(), "the computers never gave the turn back"
    assert len(table.match.actions) - start >= 4
    assert not [s for _, s, _ in seen if "100%" in s], "a decided move still said thinking 100%"
    for (seat, status, moves), (next_seat, after, next_moves) in zip(seen, seen[1:], strict=False):
        if next_moves != moves and next_seat != seat:  # a move landed, another seat's turn
            assert f"Seat {seat} " not in after, f"{status!r} stayed after the move: {after!r}"
    assert _status(table) == "Your turn"
