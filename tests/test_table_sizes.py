"""Every rule set's largest table lays out at every screen size (issue 35, Deliver 1).

From a 7-inch kiosk panel to 4K, on the player's first turn and after some play: the
bars, the seat panels and the felt lie inside the window and apart, Mexican Train's
station lies whole on the felt, the hand's tiles are a finger wide, inside their bar and
never overlap (a long hand scrolls), the top bar's buttons are inside the window, apart
and touchable. Read from the view's own regions (around_helpers.check_table_regions).
"""

from __future__ import annotations

import random
from pathlib import Path

import around_helpers as h
import pytest

from game.match import Match
from game.rules import listed
from game.rules.presets import load_preset
from game.ui.theme import MIN_TOUCH

SIZES = [(800, 600), (1024, 600), (1280, 720), (1920, 1080), (2560, 1440), (3840, 2160)]


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("rules", listed())
def test_the_largest_table_lays_out_at_every_size(
    tmp_path: Path, rules: str, size: tuple[int, int]
) -> None:
    players = load_preset(rules).seats[1]
    seats = ["human"] + ["computer"] * (players - 1)
    match = Match.create(rules, players, seats=seats, seed=7)
    pick = random.Random(7)
    while len(match.actions) < players or match.state.to_move != 1:  # tiles on the table,
        match.play(pick.choice(match.legal()))  # and the player's turn
    assert not match.state.results  # still round 1: the player's whole first hand
    shell = h.make_shell(tmp_path)
    h.send("on_resize", *size)
    shell.services.laid_out_for = size
    try:
        shell.begin(match, shuffle=False)
        table = shell.table
        assert table is not None and table.laid_for == size
        h.frames(1, 0.0)
        table.settle()
        h.draw()
        h.check_table_regions(table, size)
        buttons = table.buttons.buttons
        window = h.Rect(0, 0, *size)
        for i, b in enumerate(buttons):
            assert h.inside(b.rect, window), b.key
            assert min(b.rect.width, b.rect.height) >= MIN_TOUCH - 0.5, b.key
            for other in buttons[i + 1 :]:
                assert not h.overlap(b.rect, other.rect), (b.key, other.key)
    finally:
        h.send("on_resize", h.WIDTH, h.HEIGHT)
        shell.services.laid_out_for = (h.WIDTH, h.HEIGHT)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_engine_search_is_said_on_the_felt_at_every_size(
    tmp_path: Path, size: tuple[int, int]
) -> None:
    """Ten seats of Mexican Train where nobody was dealt the engine (seed 2): the line that
    says why everyone drew stands on the felt, over none of the tiles, panels or bars."""
    seats = ["human"] + ["computer"] * 9
    match = Match.create("mexican_train", 10, seats=seats, seed=2)
    shell = h.make_shell(tmp_path)
    h.send("on_resize", *size)
    shell.services.laid_out_for = size
    try:
        shell.begin(match, shuffle=False)
        table = shell.table
        assert table is not None
        h.frames(1, 0.0)
        table.settle()
        h.draw()
        assert table.news.rule == "No one had the engine: all drew until it came up"
        assert table.news.rule_rect is not None
        h.check_table_regions(table, size)
    finally:
        h.send("on_resize", h.WIDTH, h.HEIGHT)
        shell.services.laid_out_for = (h.WIDTH, h.HEIGHT)
