"""The table's own furniture at any size: the top bar, the buttons and the hand; the
board filling the free felt, the camera's glides, Fit, and the count of the ends.

A ten-seat Mexican Train has the most to show (a boneyard count, ten seat
panels, every tool). Upright screens and a kiosk's larger targets must not
crowd the top bar: its words and buttons never overlap, every button is
inside the window and a finger's size, and in a kiosk the buttons and the
hand tiles are larger than on a desktop.
"""

from __future__ import annotations

from pathlib import Path

import around_helpers as h
import pytest

from game.match import Match
from game.ui.art.textures import HALF
from game.ui.board.geometry import Rect
from game.ui.scale import KIOSK_PPI, Sizing
from game.ui.table.framing import MAX_TILE, MIN_TILE_PX

SIZES = [(720, 1280), (1280, 720), (1920, 1080), (1024, 768)]


def _table(tmp_path: Path, size: tuple[int, int], kiosk: bool):
    shell = h.make_shell(tmp_path, kiosk=kiosk)
    seats = ["human"] + ["computer"] * 9
    shell.begin(Match.create("mexican_train", 10, seats=seats, seed=4))
    h.send("on_resize", *size)
    h.frames(1, 0.0)
    view = shell.table
    assert view is not None and view.laid_for == size
    return view


def _text_box(view, key: str) -> Rect | None:
    item = view.bar.texts._texts.get(key) or view.texts._texts.get(key)  # the top bar's, else
    if item is None or not item.text:
        return None
    return Rect(item.left, item.bottom, item.right, item.top)


def _longest_status(view) -> None:
    """Show the widest status the table can have (a tenth seat thinking, at 100%)."""
    n = view.match.ruleset.players
    longest = f"Seat {n} is thinking… 100%"
    view.bar.status = lambda progress=None: longest
    view.sync_preview()


@pytest.mark.parametrize("kiosk", [False, True])
@pytest.mark.parametrize("size", SIZES)
def test_the_top_bar_never_crowds(tmp_path: Path, size: tuple[int, int], kiosk: bool) -> None:
    """Words and buttons of the top bar: inside the window, apart, touchable."""
    view = _table(tmp_path, size, kiosk)
    _longest_status(view)
    width, height = size
    buttons = view.buttons.buttons
    for b in buttons:
        r = b.rect
        assert r.x0 >= 0 and r.y0 >= 0 and r.x1 <= width and r.y1 <= height, b.key
        assert min(r.width, r.height) >= 48, b.key
    for i, a in enumerate(buttons):
        for b in buttons[i + 1 :]:
            assert not a.rect.overlaps(b.rect), (a.key, b.key)
    words = [k for k in ("title", "status", "boneyard") if _text_box(view, k) is not None]
    assert set(words) == {"title", "status", "boneyard"}
    boxes = {k: _text_box(view, k) for k in words}
    for key, box in boxes.items():
        assert box is not None
        assert box.x0 >= 0 and box.x1 <= width, key
        assert view.screen.top.y0 <= box.y0 and box.y1 <= height + 1, key
        for b in buttons:
            assert not box.overlaps(b.rect), (key, b.key)
        for other, box2 in boxes.items():
            assert other == key or not box.overlaps(box2), (key, other)  # type: ignore[arg-type]
    message = _text_box(view, "message")
    assert message is None or message.x1 <= width


@pytest.mark.parametrize("size", [(720, 1280), (1920, 1080), (1024, 600)])
def test_a_kiosk_table_gives_every_target_nine_millimetres(tmp_path: Path, size) -> None:
    """A kiosk's buttons, tools and hand tiles are each at least 9 mm across on its panel
    (61 px on the 7-inch 1024x600 panel it assumes when the screen does not say), and
    never smaller than a desk's."""
    desk = _table(tmp_path / "desk", size, kiosk=False)
    kiosk = _table(tmp_path / "kiosk", size, kiosk=True)
    finger = Sizing(kiosk=True).finger(*size)
    assert 9.0 <= finger / KIOSK_PPI * 25.4 < 9.5  # millimetres on the assumed panel
    for b in kiosk.buttons.buttons:
        assert min(b.rect.width, b.rect.height) >= finger, b.key
    tray = kiosk.tray
    assert tray._reach * 2 >= finger and tray._h >= finger  # a hand tile's target
    desk_tool = next(b for b in desk.buttons.buttons if b.key == "menu").rect
    kiosk_tool = next(b for b in kiosk.buttons.buttons if b.key == "menu").rect
    assert kiosk_tool.height >= desk_tool.height and kiosk.tray._w >= desk.tray._w


def test_an_upright_screen_gives_the_tools_a_row_and_the_choices_a_strip(tmp_path: Path) -> None:
    view = _table(tmp_path, (720, 1280), kiosk=False)
    screen = view.screen
    assert screen.upright and screen.rows == 2
    assert screen.actions.x0 == 0 and screen.actions.x1 == 720  # across the whole width
    assert screen.actions.y0 >= screen.tray.y1  # above the hand
    assert screen.table.y0 >= screen.actions.y1
    wide = _table(tmp_path / "wide", (1920, 1080), kiosk=False)
    assert wide.screen.rows == 1 and not wide.screen.upright


# -- the board fills the free felt ----------------------------------------------------------

FELT_SIZES = [(1920, 1080), (1024, 600)]
TABLES = [("block", 2), ("all_fives", 4), ("mexican_train", 8), ("longana", 4)]
FRAME = 1 / 60  # seconds: one frame of a real display


def _played(tmp_path: Path, rules: str, players: int, size: tuple[int, int], moves: int = 6):
    """A table of ``rules`` for ``players`` (seat 1 the one human) at ``size``, after
    ``moves`` moves, every glide ended and one frame drawn."""
    shell = h.make_shell(tmp_path)
    seats = ["human"] + ["computer"] * (players - 1)
    shell.begin(Match.create(rules, players, seats=seats, seed=3, ai_seed=7))
    h.send("on_resize", *size)
    h.frames(1, 0.0)
    view = shell.table
    assert view is not None
    view.step_computers(moves)
    view.settle()
    h.draw()
    return shell, view


def _inside(box: Rect, area: Rect, slack: float = 1.0) -> bool:
    return (
        area.x0 - slack <= box.x0
        and box.x1 <= area.x1 + slack
        and area.y0 - slack <= box.y0
        and box.y1 <= area.y1 + slack
    )


def _gap(a: Rect, b: Rect) -> float:
    """How far apart two rectangles are (0 when they touch or meet)."""
    dx = max(0.0, b.x0 - a.x1, a.x0 - b.x1)
    dy = max(0.0, b.y0 - a.y1, a.y0 - b.y1)
    return max(dx, dy)


@pytest.mark.parametrize("size", FELT_SIZES)
@pytest.mark.parametrize(("rules", "players"), TABLES)
def test_the_board_fills_the_free_felt(
    tmp_path: Path, rules: str, players: int, size: tuple[int, int]
) -> None:
    """After a few moves the layout's bounding box on screen lies inside the free felt
    (between the seat panels, the top bar and the hand) and fills at least 60 % of its
    width or height, unless its tiles are as large as the table draws them (a seventh of
    the window's height long). A board that would need tiles under MIN_TILE_PX to show
    whole shows, on the player's turn, the places they can play, whole, on the felt."""
    _, view = _played(tmp_path, rules, players, size)
    felt = view.screen.table
    for panel in view.screen.panels.values():  # the free felt: off the panels and the bars
        assert not felt.overlaps(panel)
    assert felt.y0 >= view.screen.tray.y1 and felt.y1 <= view.screen.top.y0
    board = view.parts.words.board_on_screen()
    unit = HALF * view.camera.zoom  # screen pixels of half a tile
    if not _inside(board, felt) and view.human_turn():
        assert unit == pytest.approx(MIN_TILE_PX), (rules, board, felt)
        region = view.framing.play_region()
        assert region is not None and _inside(view.parts.words.on_screen(region), felt), rules
        return
    assert _inside(board, felt), (rules, board, felt)
    fill = max(board.width / felt.width, board.height / felt.height)
    capped = unit == pytest.approx(size[1] * MAX_TILE / 2)
    assert fill >= 0.6 or capped, (rules, fill, unit)
    for tile in view.parts.words.sprite_rects():
        assert _inside(tile, felt), (rules, tile)


def _glide(view, frames: int = 60) -> list[tuple[float, float, float]]:
    """The camera (x, y, zoom) frame by frame, a real frame's time each, until it rests."""
    seen = []
    for _ in range(frames):
        h.frames(1, FRAME)
        x, y = view.camera.position
        seen.append((x, y, view.camera.zoom))
        if not view.tweens.moving(view.camera.target):
            break
    return seen


@pytest.mark.parametrize("size", FELT_SIZES)
def test_the_camera_eases_to_a_new_fit_and_never_jumps(
    tmp_path: Path, size: tuple[int, int]
) -> None:
    """As the board grows the camera follows it, gliding (many frames of zoom between the
    old fit and the new, the table not at rest meanwhile); a move made mid-glide turns the
    glide toward the new fit from where the camera is, without a jump."""
    shell, view = _played(tmp_path, "all_fives", 4, size, moves=2)
    view.paused = True  # the computers wait: only the moves the test makes happen
    for _ in range(30):  # play on until a move changes the fit's zoom
        before = view.camera.zoom
        view.step_computers(1)
        assert view.camera.zoom == before  # a move starts a glide, it does not jump
        if view.tweens.moving(view.camera.target):  # the fit changed: a glide began
            seen = _glide(view, 3)
            if abs(seen[-1][2] - before) > 0.01 * before:
                break
        view.settle()
    else:
        raise AssertionError("no move changed the camera's zoom")
    assert not view.still() and not view.at_rest()  # the table draws while it glides
    x, y = view.camera.position
    mid = view.camera.zoom
    view.step_computers(1)  # another move mid-glide: the glide turns from where it is
    assert view.camera.position == (x, y) and view.camera.zoom == mid
    seen = [(x, y, mid), *_glide(view)]
    zooms = [z for _, _, z in seen]
    assert not view.tweens.moving(view.camera.target), "the glide never ended"
    settled = [v for v in zooms if abs(v - zooms[-1]) > 1e-9]
    assert len(settled) >= 5, zooms  # many frames on the way, not one step
    span = max(abs(z - zooms[-1]) for z in zooms) + max(abs(z - zooms[0]) for z in zooms)
    steps = [abs(b - a) for a, b in zip(zooms, zooms[1:], strict=False)]
    assert max(steps) <= 0.25 * span, steps  # no frame jumps a large part of the way
    xs, ys = [p[0] for p in seen], [p[1] for p in seen]
    width = view.screen.table.width
    moves = [
        max(abs(b - a), abs(d - c)) for a, b, c, d in zip(xs, xs[1:], ys, ys[1:], strict=False)
    ]
    assert max(moves) * view.camera.zoom <= 0.2 * width  # no jump across the felt either


@pytest.mark.parametrize("size", FELT_SIZES)
@pytest.mark.parametrize(("rules", "players"), [("block", 2), ("all_fives", 4)])
def test_fit_returns_to_the_fitted_camera(
    tmp_path: Path, rules: str, players: int, size: tuple[int, int]
) -> None:
    """The player zooms with the + tool and the mouse wheel and pans by dragging; the
    table then stays as they left it; Fit glides back to the fit the table made itself."""
    shell, view = _played(tmp_path, rules, players, size)
    view.paused = True
    fitted = (*view.camera.position, view.camera.zoom)
    h.press(shell, "zoom+")
    cx, cy = view.screen.table.centre
    h.send("on_mouse_scroll", int(cx), int(cy), 0, 2)
    view.settle()
    h.send("on_mouse_press", int(cx), int(cy), 1, 0)  # a drag across the felt: a pan
    h.send("on_mouse_drag", int(cx + 60), int(cy + 20), 60, 20, 1, 0)
    h.send("on_mouse_drag", int(cx + 120), int(cy + 40), 60, 20, 1, 0)
    h.send("on_mouse_release", int(cx + 120), int(cy + 40), 1, 0)
    h.frames(1, 0.0)
    assert view.camera.user_view
    assert view.camera.zoom > fitted[2] * 1.3
    h.press(shell, "fit")
    seen = _glide(view)
    assert len(seen) >= 5  # Fit glides back too
    x, y = view.camera.position
    assert (x, y) == pytest.approx(fitted[:2], abs=0.5)
    assert view.camera.zoom == pytest.approx(fitted[2], rel=1e-6)
    assert not view.camera.user_view


@pytest.mark.parametrize("size", FELT_SIZES)
@pytest.mark.parametrize("moves", [3, 8])
def test_the_count_of_the_ends_stands_by_the_board(
    tmp_path: Path, size: tuple[int, int], moves: int
) -> None:
    """F-33: All Fives' count of the open ends shows beside the layout on screen (within
    40 px of its bounding box), on the free felt, over no tile, open place or panel."""
    _, view = _played(tmp_path, "all_fives", 4, size, moves)
    corner = view.news.corner_rect
    assert view.news.corner and corner is not None
    assert view.news.texts.get("corner") == view.news.corner
    felt = view.screen.table
    assert _inside(corner, felt, 0.0)
    board = view.parts.words.board_on_screen()
    assert _gap(corner, board) <= 40, (corner, board)
    places = [view.parts.words.on_screen(arm.peek_rect()) for arm in view.layout.ends.values()]
    for r in [*view.parts.words.sprite_rects(), *places, *view.screen.panels.values()]:
        assert not corner.overlaps(r), (corner, r)


@pytest.mark.parametrize("size", FELT_SIZES)
def test_the_hand_is_centred_in_its_bar(tmp_path: Path, size: tuple[int, int]) -> None:
    """The hand's row stands in the middle of the bar along the bottom (the tray and the
    choices beside it), within the tray."""
    _, view = _played(tmp_path, "block", 2, size, moves=2)
    screen = view.screen
    bar = screen.tray.union(screen.actions)
    xs = [x for x, _ in view.tray.slots.values()]
    assert len(xs) >= 5
    assert abs(sum(xs) / len(xs) - bar.centre[0]) <= 3
    half = view.tray._w / 2
    assert screen.tray.x0 <= min(xs) - half and max(xs) + half <= screen.tray.x1
