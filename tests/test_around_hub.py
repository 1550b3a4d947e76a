"""Issue 35, deliver 6: the Mexican Train hub is the classic round station.

Measured through the game's own table view at every seat count and window
size: the round hub is drawn (its brass rim shows on screen where the layout
puts it), the engine lies at its centre, every train (each seat's and the
Mexican) has its own spoke that starts on the hub's rim, leaves at its own
angle and ends where that train's first tile lies, and on screen the trains'
names and markers overlap neither one another nor any tile, the table turned a
quarter too.
"""

from __future__ import annotations

import math
import random
from pathlib import Path

import arcade
import around_helpers as h
import pytest

from game.match import Match
from game.rules import TrainsState
from game.ui.art.textures import HALF, HUB_PAD
from game.ui.board.geometry import EPS, HUB, Rect
from game.ui.table.felt import _drawn_box
from game.ui.theme import BRASS

SIZES = ((800, 600), (1024, 600), (1280, 720), (1920, 1080))


def _table_with_trains(players: int, seed: int) -> Match:
    """A match a few turns in (the engine on the hub, some trains begun), seat 1 to move."""
    seats = ["human"] + ["computer:easy"] * (players - 1)
    match = Match.create("mexican_train", players, seats=seats, seed=seed)
    pick = random.Random(seed)
    for step in range(8 * players):
        state = match.state
        assert state.to_move is not None and state.round == 1
        if step >= 3 * players and state.to_move == 1:
            break
        match.play(pick.choice(match.legal()))
    assert match.state.to_move == 1
    return match


def _screen_box(table, world: Rect) -> Rect:
    corners = [table.camera.project(p) for p in world.corners()]
    xs, ys = [x for x, _ in corners], [y for _, y in corners]
    return Rect(min(xs), min(ys), max(xs), max(ys))


def _apart(a: Rect, b: Rect, slack: float = 0.5) -> bool:
    return (
        a.x1 <= b.x0 + slack or b.x1 <= a.x0 + slack or a.y1 <= b.y0 + slack or b.y1 <= a.y0 + slack
    )


@pytest.mark.parametrize("players", (4, 8, 2, 10))
def test_the_hub_is_round_with_a_spoke_per_train(tmp_path: Path, players: int) -> None:
    match = _table_with_trains(players, seed=players)
    shell = h.make_shell(tmp_path)
    shell.begin(match)
    try:
        for size in SIZES:
            h.send("on_resize", *size)
            shell.resized(*size)
            h.frames(1, 0.0)
            table = shell.table
            assert table is not None and shell.current is table
            h.press(shell, "fit")  # the whole station (the player's turn frames their places)
            table.settle()
            h.draw()
            _check(table, players, size)
        # turned a quarter (the ↺ tool), the trains' rows stand side by side: still no
        # name over another's, a marker or a tile
        h.send("on_resize", h.WIDTH, h.HEIGHT)
        shell.resized(h.WIDTH, h.HEIGHT)
        h.press(shell, "rot-")
        h.press(shell, "fit")
        h.frames(3, 0.3)
        table = shell.table
        assert table is not None
        table.settle()
        h.draw()
        assert table.view_angle() % 180 == 90
        _check(table, players, (h.WIDTH, h.HEIGHT))
    finally:
        h.send("on_resize", h.WIDTH, h.HEIGHT)
        shell.resized(h.WIDTH, h.HEIGHT)


def _check(table, players: int, size: tuple[int, int]) -> None:
    where = f"{players} seats at {size[0]}x{size[1]}"
    lay = table.layout
    state = table.state
    assert isinstance(state, TrainsState) and state.engine is not None
    assert lay.ring is not None, where
    cx, cy, radius = lay.ring
    hub = table.scene._hub
    assert hub is not None and hub.radius == radius, where
    # the engine at the hub's centre
    engine = next(p for p in lay.tiles if p.tile == state.engine)
    assert (engine.x, engine.y) == (cx, cy), where
    assert math.hypot(1.0, 0.5) < radius, "the engine fits inside the rim"
    # a spoke per train, each from the rim at its own angle, ending at its first tile
    keys = {f"train {s}" for s in range(1, players + 1)} | {"train mexican"}
    assert set(lay.spokes) == keys == {label.key for label in lay.labels}, where
    angles = []
    for key, points in lay.spokes.items():
        (x0, y0), *_, (x1, y1) = points
        assert abs(math.hypot(x0 - cx, y0 - cy) - radius) < EPS, f"{key} starts off the rim"
        angles.append(round(math.degrees(math.atan2(y0 - cy, x0 - cx)), 1))
        train = state.trains[players if key == "train mexican" else int(key.split()[1]) - 1]
        if train:
            first = next(
                lay.tiles[link.child]
                for link in lay.links
                if link.parent == HUB and lay.tiles[link.child].tile == train[0]
            )
            inner = [(x, y) for x, y, n in first.halves() if n == state.engine.high]
            assert any(abs(abs(x - x1) - 0.5) < EPS and abs(y - y1) < EPS for x, y in inner), (
                f"{key}'s spoke does not reach its first tile {first}"
            )
    assert len(set(angles)) == len(angles), f"two spokes leave at one angle: {angles}"
    # the hub is drawn where the layout puts it, its size: the disk and a spoke per train
    (disk,) = hub.sprites
    assert (
        disk.position == (cx * HALF, cy * HALF)
        and abs(disk.width * (1 - 2 * HUB_PAD / disk.texture.width) - 2 * radius * HALF) < 1
    )
    assert set(hub.spokes) == keys and len(hub.flat) >= 2 * 4 * len(keys), where
    if size == (h.WIDTH, h.HEIGHT):  # the window's own size: its pixels are the frame's
        sx, sy = table.camera.project((cx * HALF, (cy + radius - 0.07) * HALF))
        pixel = arcade.get_image(round(sx), round(sy), 1, 1).convert("RGB").getpixel((0, 0))
        assert isinstance(pixel, tuple)
        assert all(abs(a - b) < 40 for a, b in zip(pixel, BRASS[:3], strict=True)), (
            f"{where}: no brass rim at ({sx:.0f}, {sy:.0f}): {pixel}"
        )
    # names and markers: none over another, none over a tile
    names = [r for key, r in table.labels.texts.shown().items() if key.startswith("train")]
    assert names, where
    markers = [_screen_box(table, _drawn_box(m)) for m in table.scene.markers]
    tiles = [_screen_box(table, _drawn_box(t)) for t in table.scene.tiles]
    words = names + markers
    for i, a in enumerate(words):
        for b in words[i + 1 :]:
            assert _apart(a, b), f"{where}: {a} meets {b}"
        for t in tiles:
            assert _apart(a, t), f"{where}: {a} lies on a tile {t}"
