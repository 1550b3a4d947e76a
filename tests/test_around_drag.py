"""Drag to preview: a hand tile dragged onto the board, by the mouse and by one finger.

Driven through the window with real events (the mouse's press, drags and release; a
finger's contacts through the touch feed's recogniser), on the table the game shows,
in every rule set, at the sizes a player has. A tile dragged onto one of its ends (the
end's own tile, or a train's or a branch's name) previews it there and one tap on the
ghost confirms it (F-04: a move is previewed, then confirmed); a tile with one place,
dropped anywhere on the board, previews that place; a drop anywhere else leaves nothing
picked. A drag on the felt still pans (F-10) and a short press is still a tap. The
points are the layout's own, projected by the camera as it shows the table now.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import arcade
import around_helpers as h
import numpy as np
import pytest

from game.match import Match
from game.rules import Action, Kind
from game.rules.tiles import Tile
from game.ui.art.textures import HALF
from game.ui.board.geometry import Placed, Rect
from game.ui.router import Shell
from game.ui.screens.handover import HandoverView
from game.ui.table.view import TableView
from game.ui.touch.feed import TouchFeed

LEFT = arcade.MOUSE_BUTTON_LEFT
Want = Callable[[list[Action]], bool]


def _several(places: list[Action]) -> bool:
    return len({a.where for a in places}) >= 2


def _spinner(places: list[Action]) -> bool:
    return any(a.where in ("N", "S") for a in places) and _several(places)


def _mexican(places: list[Action]) -> bool:
    return {"train 1", "train mexican"} <= {a.where for a in places}


def _one(places: list[Action]) -> bool:
    return len(places) == 1 and places[0].kind == Kind.PLAY


# rule set, seats, seed, the places the player's tile must have when the test sits down
TABLES: dict[str, tuple[str, int, int, Want]] = {
    "draw": ("draw", 2, 1, _several),
    "all fives (spinner)": ("all_fives", 2, 2, _spinner),
    "longana": ("longana", 4, 1, _several),
    "mexican train (own train and the Mexican)": ("mexican_train", 4, 1, _mexican),
    "cuban": ("cuban", 4, 1, _several),
}
SIZES = ((1024, 600), (1920, 1080))


def _choosing(name: str, players: int, seed: int, want: Want, humans: int = 1) -> Match:
    """A match in its first round, seat 1 to move with a tile whose places ``want``
    accepts: the seats play seeded random moves until then."""
    seats = ["human"] * humans + ["computer:easy"] * (players - humans)
    match = Match.create(name, players, seats=seats, seed=seed)
    pick = random.Random(seed)
    for _ in range(80):
        state = match.state
        assert state.to_move is not None and state.round == 1, "no such turn in the round"
        if state.to_move == 1 and _tile_for(match, want) is not None:
            return match
        match.play(pick.choice(match.legal()))
    raise AssertionError("no such turn in the round")


def _tile_for(match: Match, want: Want) -> Tile | None:
    by: dict[Tile, list[Action]] = {}
    for action in match.legal():
        if action.tile is not None:
            by.setdefault(action.tile, []).append(action)
    return next((t for t in sorted(by) if want(by[t])), None)


def _sit(shell: Shell, match: Match) -> TableView:
    """The table showing ``match`` at the player's turn, its camera at rest."""
    shell.begin(match, shuffle=False)
    for _ in range(200):
        view = shell.current
        if isinstance(view, HandoverView):
            h.press(shell, "show")  # hot seat: the device is handed to seat 1 …
        elif isinstance(view, TableView) and view.replay is None and view.human_turn():
            break
        h.frames(1, 0.3)  # … who is shown the computers' moves since their last turn
    view = shell.current
    assert isinstance(view, TableView) and view.human_turn()
    h.frames(10, 0.1)
    view.settle()
    h.settle_camera(view)
    return view


@contextmanager
def _size(shell: Shell, size: tuple[int, int]) -> Iterator[None]:
    h.send("on_resize", *size)
    shell.resized(*size)
    try:
        yield
    finally:
        h.send("on_resize", h.WIDTH, h.HEIGHT)
        shell.resized(h.WIDTH, h.HEIGHT)


def _screen(view: TableView, x: float, y: float) -> tuple[float, float]:
    """A point of the layout (units) on screen, as the camera shows it now."""
    sx, sy = view.camera.project((x * HALF, y * HALF))
    return float(sx), float(sy)


def _placed(view: TableView, action: Action) -> Placed:
    assert action.tile is not None
    placed = view.layout.place(action.kind, action.where, action.tile)
    assert placed is not None
    return placed


def _gap(a: Rect, b: Rect) -> float:
    return math.hypot(max(a.x0 - b.x1, b.x0 - a.x1, 0.0), max(a.y0 - b.y1, b.y0 - a.y1, 0.0))


def _on_the_end(view: TableView, action: Action) -> tuple[float, float]:
    """Where a player drops a tile "on the end" of ``action``: on the end's own tile, by
    the place (the tile the place touches), or, a train with no tile yet, on its name."""
    place = _placed(view, action)
    box = place.rect()
    touching = [p for p in view.layout.tiles if _gap(p.rect(), box) < 0.01]
    if not touching:
        h.draw()  # (the names are written as the table is drawn)
        names = view.labels.texts.shown()
        assert action.where in names, f"{action.where} has neither a tile nor a name"
        return names[action.where].centre
    end = min(touching, key=lambda p: math.hypot(p.x - place.x, p.y - place.y))
    r = end.rect()
    ex, ey = min(max(place.x, r.x0), r.x1), min(max(place.y, r.y0), r.y1)  # their common edge
    dx, dy = end.x - ex, end.y - ey
    step = 0.4 / max(1e-9, math.hypot(dx, dy))  # 0.4 units into the end's tile
    return _screen(view, ex + dx * step, ey + dy * step)


def _path(start: tuple[float, float], end: tuple[float, float], steps: int = 6):
    (x0, y0), (x1, y1) = start, end
    return [(x0 + (x1 - x0) * k / steps, y0 + (y1 - y0) * k / steps) for k in range(1, steps + 1)]


def _press_and_drag(start: tuple[float, float], end: tuple[float, float]) -> None:
    """The mouse pressed at ``start`` and moved to ``end``, still held."""
    x, y = round(start[0]), round(start[1])
    h.send("on_mouse_press", x, y, LEFT, 0)
    for px, py in _path(start, end):
        nx, ny = round(px), round(py)
        h.send("on_mouse_drag", nx, ny, nx - x, ny - y, LEFT, 0)
        x, y = nx, ny


def _drag(start: tuple[float, float], end: tuple[float, float]) -> None:
    """A mouse drag from ``start`` to ``end``, let go there, then a frame."""
    _press_and_drag(start, end)
    h.send("on_mouse_release", round(end[0]), round(end[1]), LEFT, 0)
    h.frames(1, 0.0)


def _picked(view: TableView) -> tuple[Tile | None, Action | None]:
    return view.preview.selected, view.preview.chosen


def _felt_away(view: TableView) -> tuple[float, float]:
    """A point of the felt far from every place of the selected tile (a corner of the
    free felt), on the board all the same."""
    table = view.screen.table
    inset = 0.08 * min(table.width, table.height)
    corners = [
        (table.x0 + inset, table.y0 + inset),
        (table.x1 - inset, table.y0 + inset),
        (table.x0 + inset, table.y1 - inset),
        (table.x1 - inset, table.y1 - inset),
    ]
    h.draw()  # (the names are written as the table is drawn)
    rects = view.parts.words.sprite_rects() + list(view.labels.texts.shown().values())

    def room(p: tuple[float, float]) -> float:
        return min(_gap(r, Rect(p[0], p[1], p[0], p[1])) for r in rects)

    best = max(corners, key=room)
    assert room(best) > 40, "no free corner on the felt"
    return best


# -- the mouse ---------------------------------------------------------------------------


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("table", list(TABLES))
def test_f04_a_tile_dragged_onto_an_end_previews_there_and_one_tap_confirms(
    tmp_path: Path, table: str, size: tuple[int, int]
) -> None:
    """Every end the tile fits: dragged there (onto the end's own tile, or the name of a
    train with none yet), the tile previews there and nothing is played; while it is
    held its places are lit and it is under the pointer. One tap on the ghost plays it."""
    name, players, seed, want = TABLES[table]
    shell = h.make_shell(tmp_path)
    with _size(shell, size):
        view = _sit(shell, _choosing(name, players, seed, want))
        match = view.match
        tile = _tile_for(match, want)
        assert tile is not None
        places = [a for a in match.legal() if a.tile == tile]
        played = len(match.actions)
        for action in places:
            start = view.tray.slots[tile]
            target = _on_the_end(view, action)
            _press_and_drag(start, target)
            assert view.preview.selected == tile
            assert len(view.scene.slots) + (view.scene.ghost is not None) == len(places)
            held = view.tray.sprites[tile]
            assert held.position == (round(target[0]), round(target[1]))
            board = 2 * HALF * view.camera.zoom  # a tile's length on the board, on screen
            assert max(held.width, held.height) <= board + 0.5  # the ends stay in sight
            assert view.texts.get("message") == f"{tile}: let go on a lit place"
            ghost = view.scene.ghost  # where it would go shows before it is let go
            assert ghost is not None and ghost[1] == action
            h.send("on_mouse_release", round(target[0]), round(target[1]), LEFT, 0)
            h.frames(1, 0.0)
            assert view.preview.chosen == action, f"dropped on {action.where}"
            assert len(match.actions) == played, "a drop played the tile"
            h.key(arcade.key.ESCAPE)
            assert _picked(view) == (None, None)
        last = places[-1]
        _drag(view.tray.slots[tile], _on_the_end(view, last))
        assert view.preview.chosen == last
        ghost = view.scene.ghost
        assert ghost is not None
        h.click(*_screen(view, ghost[2].x, ghost[2].y))  # one tap on the ghost
        assert match.actions[played] == last


def test_a_tile_dropped_on_a_trains_name_at_the_station_previews_it_on_that_train(
    tmp_path: Path,
) -> None:
    name, players, seed, want = TABLES["mexican train (own train and the Mexican)"]
    shell = h.make_shell(tmp_path)
    view = _sit(shell, _choosing(name, players, seed, want))
    tile = _tile_for(view.match, want)
    assert tile is not None
    h.draw()  # (the names are written as the table is drawn)
    names = view.labels.texts.shown()
    for train in ("train mexican", "train 1"):
        _drag(view.tray.slots[tile], names[train].centre)
        assert view.preview.chosen == Action(Kind.PLAY, tile, train)
        h.key(arcade.key.ESCAPE)


def test_a_tile_dropped_on_an_end_of_a_turned_table_previews_there(tmp_path: Path) -> None:
    name, players, seed, want = TABLES["draw"]
    shell = h.make_shell(tmp_path)
    view = _sit(shell, _choosing(name, players, seed, want))
    h.press(shell, "rot+")
    view.settle()
    h.settle_camera(view)
    assert view.view_angle() % 180 == 90
    tile = _tile_for(view.match, want)
    assert tile is not None
    for action in [a for a in view.match.legal() if a.tile == tile]:
        _drag(view.tray.slots[tile], _on_the_end(view, action))
        assert view.preview.chosen == action
        h.key(arcade.key.ESCAPE)


@pytest.mark.parametrize(("name", "players", "seed"), [("draw", 2, 2), ("longana", 4, 5)])
def test_the_rounds_first_tile_dropped_anywhere_on_the_board_previews_it(
    tmp_path: Path, name: str, players: int, seed: int
) -> None:
    """A lead (Draw) or the opening double (Longana) has one place: wherever on the felt
    the tile is let go, that place is previewed."""
    seats = ["human"] + ["computer:easy"] * (players - 1)
    shell = h.make_shell(tmp_path)
    view = _sit(shell, Match.create(name, players, seats=seats, seed=seed))
    first = next(a for a in view.match.legal() if a.tile is not None)
    assert first.kind in (Kind.LEAD, Kind.OPEN)
    assert first.tile is not None
    _drag(view.tray.slots[first.tile], _felt_away(view))
    assert view.preview.chosen == first


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_a_tile_with_one_place_dropped_anywhere_on_the_board_previews_that_place(
    tmp_path: Path, size: tuple[int, int]
) -> None:
    shell = h.make_shell(tmp_path)
    with _size(shell, size):
        view = _sit(shell, _choosing("draw", 2, 3, _one))
        tile = _tile_for(view.match, _one)
        assert tile is not None
        (only,) = [a for a in view.match.legal() if a.tile == tile]
        played = len(view.match.actions)
        felt = _felt_away(view)
        _press_and_drag(view.tray.slots[tile], felt)
        assert view.texts.get("message") == f"{tile}: let go anywhere on the table"
        h.send("on_mouse_release", round(felt[0]), round(felt[1]), LEFT, 0)
        h.frames(1, 0.0)
        assert view.preview.chosen == only
        assert len(view.match.actions) == played  # a drop previews, it never plays
        h.key(arcade.key.ESCAPE)
        # dropped back on the hand, the same tile leaves nothing picked
        start = view.tray.slots[tile]
        _drag(start, (start[0] + 2 * view.tray._w, start[1] + 10))
        assert _picked(view) == (None, None)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_a_drag_that_ends_off_the_board_or_between_places_leaves_nothing_picked(
    tmp_path: Path, size: tuple[int, int]
) -> None:
    """Back on the hand, on the top bar, on the felt away from the tile's ends (it has
    several): nothing is picked, nothing previewed, the tile back in its slot. Picked by a
    tap first, a drag that ends off its places puts it back too."""
    name, players, seed, want = TABLES["mexican train (own train and the Mexican)"]
    shell = h.make_shell(tmp_path)
    with _size(shell, size):
        view = _sit(shell, _choosing(name, players, seed, want))
        tile = _tile_for(view.match, want)
        assert tile is not None
        for where in ("the hand", "the top bar", "the felt"):
            h.click(*view.tray.slots[tile])
            assert view.preview.selected == tile
            slot = view.tray.slots[tile]  # (lifted, picked)
            ends = {
                "the hand": (slot[0] + 2 * view.tray._w, slot[1]),
                "the top bar": view.screen.top.centre,
                "the felt": _felt_away(view),
            }
            _drag(slot, ends[where])
            assert _picked(view) == (None, None), f"dropped on {where}"
            assert not view.scene.slots and view.scene.ghost is None
            view.settle()
            assert view.tray.sprites[tile].position == pytest.approx(view.tray.slots[tile])
        assert not view.message


def test_a_drop_on_an_end_the_rules_refuse_says_why_and_leaves_nothing_picked(
    tmp_path: Path,
) -> None:
    name, players, seed, want = TABLES["mexican train (own train and the Mexican)"]
    shell = h.make_shell(tmp_path)
    view = _sit(shell, _choosing(name, players, seed, want))
    tile = _tile_for(view.match, want)
    assert tile is not None
    fits = {a.where for a in view.match.legal() if a.tile == tile}
    refused = next(w for w in view.layout.ends if w not in fits)
    placed = view.layout.ends[refused].peek(tile)
    _drag(view.tray.slots[tile], _screen(view, placed.x, placed.y))
    assert _picked(view) == (None, None)
    assert view.message == view.why_not(tile, refused) != ""


def test_a_tile_the_player_may_not_play_says_the_same_when_dragged_as_when_tapped(
    tmp_path: Path,
) -> None:
    shell = h.make_shell(tmp_path)
    view = _sit(shell, _choosing("draw", 2, 1, _several))
    stuck = next(t for t in view.tray.slots if t not in view.preview.playable())
    _press_and_drag(view.tray.slots[stuck], _felt_away(view))
    dragged = view.message
    assert dragged and _picked(view) == (None, None)
    assert view.tray.sprites[stuck].position == pytest.approx(view.tray.slots[stuck])  # stays
    h.send("on_mouse_release", *(round(v) for v in _felt_away(view)), LEFT, 0)
    h.frames(1, 0.0)
    view.message = ""
    h.click(*view.tray.slots[stuck])
    assert view.message == dragged  # the words a tap says
    assert _picked(view) == (None, None)


def test_f10_a_drag_on_the_felt_pans_and_a_drag_from_the_hand_never_does(
    tmp_path: Path,
) -> None:
    shell = h.make_shell(tmp_path)
    view = _sit(shell, _choosing("draw", 2, 1, _several))
    tile = _tile_for(view.match, _several)
    assert tile is not None
    felt = _felt_away(view)
    before, played = tuple(view.camera.position), len(view.match.actions)
    _drag(view.tray.slots[tile], felt)  # from the hand: the tile's drag, no pan
    assert tuple(view.camera.position) == before
    _drag(felt, (felt[0] + 120, felt[1] + 40))  # on the felt: the table pans
    assert tuple(view.camera.position) != before
    assert _picked(view) == (None, None) and len(view.match.actions) == played


def test_a_short_press_on_a_hand_tile_is_still_a_tap(tmp_path: Path) -> None:
    shell = h.make_shell(tmp_path)
    view = _sit(shell, _choosing("draw", 2, 1, _several))
    tile = _tile_for(view.match, _several)
    assert tile is not None
    x, y = view.tray.slots[tile]
    _drag((x, y), (x + 4, y + 3))  # a hand's wobble, within a tap's reach
    assert view.preview.selected == tile and view.preview.chosen is None
    assert len(view.scene.slots) == 2  # its places lit, as a tap lights them


def _patch(x: float, y: float, half: int) -> np.ndarray:
    image = arcade.get_image(round(x) - half, round(y) - half, 2 * half, 2 * half)
    return np.asarray(image.convert("RGB"), dtype=int)


def test_the_held_tile_is_drawn_over_the_bars_and_their_buttons(tmp_path: Path) -> None:
    """The tile follows the pointer over everything: held over the top bar's Fit button it
    looks as it does held over the bare hand's bar (the button is not drawn over it)."""
    shell = h.make_shell(tmp_path)
    view = _sit(shell, _choosing("draw", 2, 1, _several))
    tile = _tile_for(view.match, _several)
    assert tile is not None
    fit = next(b for b in view.buttons.buttons if b.key == "fit")
    half = int(0.3 * view.tray._w)  # well inside the tile's face
    tray = view.screen.tray
    bare = (tray.x0 + view.tray._w, view.tray.slots[tile][1])  # the hand's bar, left of it
    assert bare[0] + view.tray._w < min(x for x, _ in view.tray.slots.values())
    patches = []
    for over in (bare, fit.rect.centre):
        _press_and_drag(view.tray.slots[tile], over)
        h.draw()
        patches.append(_patch(*over, half))
        h.send("on_mouse_release", round(over[0]), round(over[1]), LEFT, 0)
        h.frames(1, 0.0)
        view.settle()
    differ = np.abs(patches[0] - patches[1]).max(axis=2) > 24  # (a pip's gloss lets the
    assert differ.mean() < 0.05  # felt or the bar show through a little)


# -- one finger, a kiosk, hot seat ----------------------------------------------------------


def _finger(feed: TouchFeed, kind: str, touch: int, x: float, y: float) -> None:
    """A touch as the X server's reader tells it (y down, from the window's top)."""
    top = h.window().height
    feed.contact(kind, touch, x, top - y, x, top - y)


def _finger_drag(
    feed: TouchFeed, clock: h.Clock, start: tuple[float, float], end: tuple[float, float]
) -> None:
    _finger(feed, "begin", 5, *start)
    for x, y in _path(start, end):
        clock.now += 0.02
        _finger(feed, "move", 5, x, y)
    clock.now += 0.02
    _finger(feed, "end", 5, *end)
    h.frames(1, 0.0)


def _touch(shell: Shell) -> tuple[TouchFeed, h.Clock]:
    feed = shell.hook.touch
    clock = h.Clock(100.0)
    feed.clock = clock
    feed.reading = True  # as where the X server gives touches
    return feed, clock


@pytest.mark.parametrize("kiosk", (False, True), ids=("desktop", "kiosk"))
def test_one_finger_drags_a_tile_onto_an_end_as_the_mouse_does(tmp_path: Path, kiosk: bool) -> None:
    """Through the touch feed's recogniser: a finger's drag onto an end previews there, a
    finger's tap on the ghost plays it; a finger's drag back to the hand picks nothing; a
    finger resting on the tile first (the long press lights its places) then dragging
    drops it all the same; a finger's drag on the felt pans."""
    name, players, seed, want = TABLES["all fives (spinner)"]
    shell = h.make_shell(tmp_path, kiosk=kiosk)
    with _size(shell, (1024, 600)):
        view = _sit(shell, _choosing(name, players, seed, want))
        feed, clock = _touch(shell)
        match = view.match
        tile = _tile_for(match, want)
        assert tile is not None
        places = [a for a in match.legal() if a.tile == tile]
        played = len(match.actions)
        for action in places:
            _finger_drag(feed, clock, view.tray.slots[tile], _on_the_end(view, action))
            assert view.preview.chosen == action
            h.key(arcade.key.ESCAPE)
        slot = view.tray.slots[tile]
        _finger_drag(feed, clock, slot, (slot[0], slot[1] + view.tray._w / 2))
        assert _picked(view) == (None, None)
        _finger(feed, "begin", 8, *slot)  # a second finger lands mid-drag: the tile goes back
        for x, y in _path(slot, _on_the_end(view, places[0]))[:3]:
            clock.now += 0.02
            _finger(feed, "move", 8, x, y)
        assert view.preview.selected == tile
        _finger(feed, "begin", 9, *_felt_away(view))
        assert _picked(view) == (None, None) and not view.input.pressing
        _finger(feed, "end", 9, *_felt_away(view))
        _finger(feed, "end", 8, x, y)
        view.settle()
        assert view.tray.sprites[tile].position == pytest.approx(view.tray.slots[tile])
        _finger(feed, "begin", 6, *slot)  # a long press, then the drag
        clock.now += 1.0
        h.frames(1, 0.0)
        assert view.preview.selected == tile
        end = _on_the_end(view, places[0])
        for x, y in _path(slot, end):
            clock.now += 0.02
            _finger(feed, "move", 6, x, y)
        _finger(feed, "end", 6, *end)
        h.frames(1, 0.0)
        assert view.preview.chosen == places[0]
        ghost = view.scene.ghost
        assert ghost is not None
        gx, gy = _screen(view, ghost[2].x, ghost[2].y)
        clock.now += 1.0
        _finger(feed, "begin", 7, gx, gy)
        _finger(feed, "end", 7, gx, gy)
        h.frames(1, 0.0)
        assert match.actions[played] == places[0]
        while not view.human_turn():
            h.frames(1)
        h.settle_camera(view)
        felt = _felt_away(view)
        before = tuple(view.camera.position)
        _finger_drag(feed, clock, felt, (felt[0] - 100, felt[1] + 30))
        assert tuple(view.camera.position) != before


def test_at_hot_seat_a_drop_previews_for_the_player_holding_the_device(tmp_path: Path) -> None:
    name, players, seed, want = TABLES["longana"]
    shell = h.make_shell(tmp_path)
    view = _sit(shell, _choosing(name, players, seed, want, humans=2))
    assert len(view.humans) == 2 and view.viewer == 1
    tile = _tile_for(view.match, want)
    assert tile is not None
    action = next(a for a in view.match.legal() if a.tile == tile)
    _drag(view.tray.slots[tile], _on_the_end(view, action))
    assert view.preview.chosen == action
