"""Every table legible at 1280x720, the biggest (ten-seat Mexican Train) included.

Measured on screen through the game's own views: at each rule set's largest
table, filled by seeded random play, on the player's turn every tile shows at
least ``MIN_TILE_PX`` on its short side and every word at least 9 px (train
names, which never meet) or 11 px (the rest); the Mexican train has its own
look; an uncovered double carries a badge where it lies; the round summary's
lines stay on screen at 1280x720 and 1920x1080.
"""

from __future__ import annotations

import random
from pathlib import Path

import around_helpers as h
import pytest

from game.match import Match
from game.rules import Action, Kind, Tile, TrainsState, names
from game.rules.presets import load_preset
from game.ui.art.textures import HALF
from game.ui.board.geometry import Rect
from game.ui.screens.summary import RoundSummaryView
from game.ui.table.framing import MIN_TILE_PX
from game.ui.table.labels import LABEL_SIZES
from game.ui.theme import MEXICAN
from game.ui.widgets.kit import Label
from game.ui.widgets.text import text_width


def _full_table(rules: str, seed: int = 4) -> Match:
    """Seeded random play through round 1, stopped where seat 1 (the human) chooses at the
    fullest table of the round."""
    players = load_preset(rules).seats[1]
    seats = ["human"] + ["computer"] * (players - 1)
    match = Match.create(rules, players, seats=seats, seed=seed)
    pick = random.Random(seed)
    best: list = []
    most, actions = -1, list[Action]()
    while match.state.round == 1 and match.state.to_move is not None:
        state = match.state
        placed = len(match.ruleset.placed(state))
        tiles = [a for a in match.legal() if a.tile is not None]
        if state.to_move == 1 and tiles and placed >= most:
            most, best = placed, list(actions)
        action = pick.choice(match.legal())
        match.play(action)
        actions.append(action)
    fresh = Match.create(rules, players, seats=seats, seed=seed)
    for action in best:
        fresh.play(action)
    return fresh


def _texts(pool) -> list:
    return [x for x in pool._texts.values() if x.text]


@pytest.mark.parametrize("rules", sorted(names()))
def test_the_largest_table_is_legible_at_1280x720(tmp_path: Path, rules: str) -> None:
    shell = h.make_shell(tmp_path)
    shell.begin(_full_table(rules))
    h.frames(1, 0.0)
    table = shell.table
    assert shell.current is table and table.human_turn()
    table.settle()
    h.draw()
    tile_px = HALF * table.camera.zoom
    assert tile_px >= MIN_TILE_PX - 0.01, f"{rules}: tiles {tile_px:.1f} px"
    words = _texts(table.texts) + _texts(table.bar.texts)
    assert words and min(x.font_size for x in words) >= 11, rules
    names_ = _texts(table.labels.texts)
    assert all(x.font_size >= LABEL_SIZES[-1] for x in names_), rules
    if rules == "mexican_train":
        assert len(names_) >= 3  # the names near the play show, none shrunk away
        boxes = [Rect(x.left, x.bottom, x.right, x.top) for x in names_]
        for i, a in enumerate(boxes):  # train names never overlap
            for b in boxes[i + 1 :]:
                assert a.x1 <= b.x0 or b.x1 <= a.x0 or a.y1 <= b.y0 or b.y1 <= a.y0
        assert any(tuple(x.color) == MEXICAN for x in names_)  # the Mexican train's look
        h.key(ord("f"))  # Fit: the whole board, however small
        table.settle()
        h.draw()
        assert HALF * table.camera.zoom < MIN_TILE_PX
        # every seat's train named, in short if need be, still >= 9 px; the Mexican train's
        # name whole or not at all (never cut short to "Mex": its rail's colour tells it)
        whole = _texts(table.labels.texts)
        assert len(whole) >= 10 and all(x.font_size >= LABEL_SIZES[-1] for x in whole)
        assert all(x.text in ("Mexican",) or tuple(x.color) != MEXICAN for x in whole)


def _engine(match: Match) -> Tile | None:
    """The Mexican Train match's engine, None until it is on the hub."""
    state = match.state
    assert isinstance(state, TrainsState)
    return state.engine


def _pending(match: Match) -> tuple[tuple[int, Tile], ...]:
    """The Mexican Train match's doubles left uncovered (MT-09), oldest first."""
    state = match.state
    assert isinstance(state, TrainsState)
    return state.pending


def test_an_uncovered_double_is_badged_where_it_lies(tmp_path: Path) -> None:
    match = Match.create("mexican_train", 4, seats=["human"] + ["computer"] * 3, seed=2)
    pick = random.Random(2)
    for _ in range(400):
        if _pending(match):
            break
        match.play(pick.choice(match.legal()))
    assert _pending(match), "no double was ever left uncovered"
    _, double = _pending(match)[0]
    shell = h.make_shell(tmp_path)
    shell.begin(match)
    h.frames(1, 0.0)
    table = shell.table
    table.refit()
    table.settle()
    h.draw()
    badge = table.labels.texts._texts.get(f"cover {double}")
    assert badge is not None and badge.text
    at = next(p for p in table.layout.tiles if p.tile == double)
    x, y = table.camera.project((at.x * HALF, at.y * HALF))
    assert abs(badge.x - x) < 2 and 0 < badge.y - y < 3 * HALF * table.camera.zoom


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_the_ten_seat_round_summary_stays_on_screen(tmp_path: Path, size: tuple) -> None:
    match = Match.create("mexican_train", 10, seats=["human"] + ["computer"] * 9, seed=9)
    pick = random.Random(9)
    for _ in range(110):  # to seat 1's last tile
        match.play(pick.choice(match.legal()))
    assert match.state.to_move == 1 and len(match.state.hands[0]) == 1
    shell = h.make_shell(tmp_path)
    shell.begin(match)
    h.send("on_resize", *size)
    h.frames(1, 0.0)
    h.play_turn(shell)
    h.frames(2, 0.0)
    view = shell.current
    assert isinstance(view, RoundSummaryView)
    width = size[0]
    for w in view.widgets:
        if isinstance(w, Label) and not w.wrap and w.align == "left":
            assert w.rect.x0 + text_width(w.text, w.size, w.bold) <= width, w.text
    assert any(x.startswith("This round: You") for x in view.texts())  # the one human
    h.send("on_resize", h.WIDTH, h.HEIGHT)


def _only_draw(seed: int = 1) -> Match:
    """Seeded random play of a ten-seat Mexican Train up to a turn of seat 1 (the human),
    past the first turns, where Draw is all there is to do."""
    seats = ["human"] + ["computer"] * 9
    match = Match.create("mexican_train", 10, seats=seats, seed=seed)
    pick = random.Random(seed)
    while match.state.to_move is not None:
        legal = match.legal()
        if match.state.to_move == 1 and len(match.actions) > 30 and legal == (Action(Kind.DRAW),):
            return match
        match.play(pick.choice(legal))
    raise AssertionError("no turn with only Draw")


def test_a_turn_with_only_draw_is_as_legible_as_a_play(tmp_path: Path) -> None:
    """Issue 16 (left over): on a turn whose only choice was Draw the ten-seat table stayed
    whole at ~18 px; now it comes in to MIN_TILE_PX over the ends a drawn tile could go
    to (the rules' own: the seat's train, the Mexican train, the open ones), all on screen."""
    shell = h.make_shell(tmp_path)
    shell.begin(_only_draw())
    h.frames(1, 0.0)
    table = shell.table
    assert shell.current is table and table.human_turn()
    assert [str(a) for a in table.match.legal()] == ["draw"]
    table.settle()
    h.draw()
    tile_px = HALF * table.camera.zoom
    assert tile_px >= MIN_TILE_PX - 0.01, f"tiles {tile_px:.1f} px"
    ends = table.framing.open_ends()
    assert "train 1" in ends and "train mexican" in ends
    state = table.state
    closed = [f"train {i + 1}" for i, up in enumerate(state.markers) if not up and i]
    assert not set(closed) & set(ends)  # a closed train is no place for the drawn tile
    seen = 0
    for where in ends:
        x, y = table.camera.project(table.layout.ends[where].peek_rect().centre)
        r = table.screen.table
        seen += r.x0 <= x <= r.x1 and r.y0 <= y <= r.y1
    assert seen >= 1, "none of the ends a drawn tile could go to is on screen"
    held = len(state.hands[0])
    h.press(shell, "draw")  # and the play goes on by taps (the only move: one press)
    assert len(table.match.state.hands[0]) == held + 1


def test_every_table_draws_from_the_same_textures_so_the_atlas_keeps_their_places(
    tmp_path: Path,
) -> None:
    """A texture made again under a name already in the atlas lets the atlas free that
    name's place when the old one is collected, under the new one still drawing from it
    (seen: "Texture 'boneyard-hub-corner-0…' not found" at a new 10-seat table). So each
    name is made once: two tables share their tiles' and their hubs' textures."""
    tables = []
    for seed in (1, 2):
        match = Match.create("mexican_train", 4, seats=["human"] + ["computer:easy"] * 3, seed=seed)
        while _engine(match) is None:
            match.play(match.legal()[0])  # the engine, on the hub
        shell = h.make_shell(tmp_path / str(seed))
        shell.begin(match)
        tables.append(shell.current)
    first, second = (t.scene._hub for t in tables)
    assert first is not None and second is not None and first is not second
    assert [c.texture for c in first.sprites] == [c.texture for c in second.sprites]
    assert all(a.texture is b.texture for a, b in zip(first.sprites, second.sprites, strict=True))
    face = next(iter(tables[0].state.hands[0]))
    assert tables[0].textures.face(face) is tables[1].textures.face(face)
