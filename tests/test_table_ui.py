"""The table view with a real (headless) window: input in, preview, confirm, state out.

Real input events are queued into the window (``window.dispatch_event``)
and dispatched by it (``window.dispatch_events``), so they travel the same
path a click or a touch does; the tests then check what the input picked and
played, and read pixels to see that lit places and ghosts are drawn (the flow
itself, preview to confirm, is tested below the window: tests/test_controller*.py).
Preview-then-confirm is the table convention of every rule set (F-04, L-19,
MT-21, C-17); hidden hands on a shared device (F-07, L-20, MT-22);
zooming and turning keep the match and the preview (F-10); undo takes the
computer's replies back with the human's move (F-09, L-23, MT-24).

The pure parts (Preview, Tweens, seating, wording) are tested first and
need no window. The window tests skip only if no GL context can be made.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest
from PIL import Image
from table_matches import block_match

os.environ.setdefault("ARCADE_HEADLESS", "1")

from game.match import Match  # noqa: E402
from game.rules import Action, names, parse_action  # noqa: E402
from game.rules.presets import load_preset  # noqa: E402
from game.rules.tiles import Tile  # noqa: E402
from game.ui.board.geometry import Rect  # noqa: E402
from game.ui.board.seating import seat_angles, tray_slots  # noqa: E402
from game.ui.motion.tween import DURATION, Tweens  # noqa: E402
from game.ui.table.preview import Preview  # noqa: E402
from game.ui.table.view import TableView  # noqa: E402
from game.ui.words.wording import describe  # noqa: E402

WIDTH, HEIGHT = 1280, 720
FELT = (22, 84, 52)

# -- pure parts ------------------------------------------------------------------


def _a(text: str) -> Action:
    return parse_action(None, text)


def test_preview_one_place_is_previewed_at_once_and_confirm_hands_it_out_once() -> None:
    """F-04: picking a tile with one place previews it; only confirm gives the action."""
    legal = (_a("play 6-1 W"), _a("play 6-1 E"), _a("play 5-1 E"), _a("pass"))
    p = Preview(legal)
    assert p.playable() == {Tile(6, 1), Tile(5, 1)}
    assert p.buttons() == (_a("pass"),)
    assert p.select(Tile(5, 1)) and p.chosen == _a("play 5-1 E")
    assert p.select(Tile(6, 1)) and p.chosen is None and len(p.places) == 2
    assert not p.select(Tile(3, 3)) and p.selected == Tile(6, 1)
    p.cycle_place(1)
    assert p.chosen == _a("play 6-1 W")
    p.cycle_place(1)
    assert p.chosen == _a("play 6-1 E")
    assert p.confirm() == _a("play 6-1 E")
    assert p.confirm() is None and p.selected is None
    assert not p.choose(_a("play 4-4 W"))  # not legal: refused, nothing previewed
    assert p.choose(_a("pass")) and p.selected is None and p.confirm() == _a("pass")


class _Thing:
    def __init__(self) -> None:
        self.center_x, self.center_y, self.angle, self.scale = 0.0, 0.0, 0.0, 1.0


def test_tweens_glide_eased_and_arrive_in_a_fifth_of_a_second() -> None:
    thing = _Thing()
    tweens = Tweens()
    tweens.move(thing, 100.0, 50.0, 270.0)
    tweens.update(1 / 60)
    assert 0 < thing.center_x < 100 * 0.5  # moved, but did not jump
    assert thing.angle < 0  # 270 is reached the short way round, through -90
    tweens.update(DURATION)
    assert (thing.center_x, thing.center_y) == (100.0, 50.0) and len(tweens) == 0
    tweens.move(thing, 100.0, 50.0)  # already there: nothing to do
    assert len(tweens) == 0


def test_seats_sit_as_the_rules_say_and_hand_tiles_stay_touchable() -> None:
    assert seat_angles("longana", 4) == {1: 270, 2: 0, 3: 90, 4: 180}  # next seat on the right
    assert seat_angles("block", 4) == {1: 270, 2: 180, 3: 90, 4: 0}  # next seat on the left
    row = tray_slots(7, Rect(0, 0, 600, 100), 60, 10)
    assert row.shown == 7 and not row.scrolls and row.scale == 1.0
    row = tray_slots(15, Rect(0, 0, 600, 100), 60, 10)  # too many for the row, even at 48 px
    assert 60 * row.scale >= 48 and row.scrolls and 0 < row.shown < 15
    w = 60 * row.scale
    assert all(b - a >= w for a, b in zip(row.xs, row.xs[1:], strict=False))  # no overlap
    assert row.xs[0] - w / 2 >= 48 and row.xs[-1] + w / 2 <= 600 - 48  # the arrows' room
    assert tray_slots(15, Rect(0, 0, 600, 100), 60, 10, first=99).first == 15 - row.shown


def test_actions_are_described_in_words() -> None:
    assert describe(_a("play 6-5 E"), 1) == "6-5 on the east end"
    assert describe(_a("play 9-4 train 3"), 3) == "9-4 on your train"
    assert describe(_a("play 9-4 train mexican"), 3) == "9-4 on the Mexican train"
    assert describe(_a("play 7-2 branch 2"), 1) == "7-2 on Seat 2's branch"


def test_tile_art_is_drawn_from_code_for_every_number_and_cached() -> None:
    """Faces for 0-12 in the standard patterns (one pip per unit), coloured on request."""
    from game.ui.art.textures import (
        TEX_HALF,
        back_image,
        face_image,
        ghost_image,
        highlight_image,
        level_for,
        pip_centres,
    )

    for n in range(13):
        assert len(pip_centres(n)) == n
        assert len(set(pip_centres(n))) == n  # no two pips on one spot
        # the pattern reads the same after a half turn (one texture serves both ways)
        assert {(round(1 - x, 6), round(1 - y, 6)) for x, y in pip_centres(n)} == {
            (round(x, 6), round(y, 6)) for x, y in pip_centres(n)
        }
    face = face_image(12, 11, True)
    assert face.size == (2 * TEX_HALF, TEX_HALF)
    assert face is face_image(12, 11, True)  # cached
    assert face.tobytes() != face_image(12, 11, False).tobytes()  # colours are an option
    assert _rgba(face, (2, 2))[3] == 0  # rounded corners are see-through
    assert back_image().size == ghost_image(6, 5).size == highlight_image(6, 5).size
    assert _rgba(ghost_image(6, 5), (TEX_HALF // 2, TEX_HALF // 2))[3] < 255  # see-through
    assert [level_for(px) for px in (200, 128, 100, 60, 30, 10)] == [0, 0, 0, 1, 2, 2]


# -- the window ----------------------------------------------------------------------


@pytest.fixture(scope="module")
def window():
    arcade = pytest.importorskip("arcade")
    from tools.harness import open_window

    try:
        win = open_window(WIDTH, HEIGHT)
    except Exception as error:  # noqa: BLE001 - any failure to get GL is a reason to skip
        pytest.skip(f"no OpenGL context could be created: {error}")
    yield win
    win.close()
    del arcade


def _view(window, match: Match):
    from game.ui.table.controller import TableController
    from game.ui.table.view import TableView

    view = TableView(TableController(match, computer_pause=0))
    window.show_view(view)
    view.settle()
    return view


def _send(window, *event) -> None:
    """Queue one input event as the OS would, then let the window dispatch its queue."""
    window.dispatch_event(*event)
    window.dispatch_events()


def _tap(window, x: float, y: float) -> None:
    import arcade

    _send(window, "on_mouse_press", int(x), int(y), arcade.MOUSE_BUTTON_LEFT, 0)
    _send(window, "on_mouse_release", int(x), int(y), arcade.MOUSE_BUTTON_LEFT, 0)


def _key(window, symbol: int, modifiers: int = 0) -> None:
    _send(window, "on_key_press", symbol, modifiers)


def _on_screen(view, placed) -> tuple[float, float]:
    """Where a layout place shows on screen (through the table camera)."""
    from game.ui.art.textures import HALF

    view.settle()  # the camera may still be gliding to fit a new position
    x, y = view.camera.project((placed.x * HALF, placed.y * HALF))
    return float(x), float(y)


def _pixel(view, x: float, y: float) -> tuple[int, int, int]:
    import arcade

    view.settle()
    view.on_draw()
    red, green, blue = _rgba(arcade.get_image(int(x), int(y), 1, 1), (0, 0))[:3]
    return red, green, blue


def _far_from_felt(rgb: tuple[int, int, int]) -> bool:
    return sum(abs(a - b) for a, b in zip(rgb, FELT, strict=True)) > 60


def _places(view) -> dict[Action, object]:
    return {action: placed for _, action, placed in view.scene.slots}


def test_tap_a_tile_lights_its_places_tap_one_previews_tap_the_ghost_plays(window) -> None:
    """F-04 by taps: the tile's places are lit (pixels show them), a tap on one shows its
    ghost, a tap on the ghost plays it (that nothing reaches the rules before the confirm,
    the end it makes and the fresh preview after are the controller's:
    tests/test_controller_choices.py)."""
    match = block_match(["human", "computer"])
    view = _view(window, match)
    six_one = Tile(6, 1)
    _tap(window, *view.tray.slots[six_one])
    assert view.preview.selected == six_one and view.preview.chosen is None
    places = _places(view)
    assert set(places) == {_a("play 6-1 W"), _a("play 6-1 E")}
    east = _on_screen(view, places[_a("play 6-1 E")])
    assert _far_from_felt(_pixel(view, *east))  # the lit place is drawn
    _tap(window, *east)
    assert view.preview.chosen == _a("play 6-1 E")
    assert view.scene.ghost is not None
    ghost = _on_screen(view, view.scene.ghost[2])
    assert _far_from_felt(_pixel(view, *ghost))  # the ghost is drawn
    _tap(window, *ghost)
    assert match.actions[-1] == _a("play 6-1 E")
    assert view.scene.ghost is None and not view.scene.slots  # nothing lit any more


def test_a_played_tile_leaves_the_hand_over_the_hand_bar(window) -> None:
    """The confirmed tile starts its glide where it stood in the hand, drawn over the bar
    (not cut off at the table's edge), standing and as large as it stood; once it lands it
    is a tile of the table's size and flies no more."""
    import arcade

    from game.ui.art.textures import HALF

    match = block_match(["human", "computer"])
    view = _view(window, match)
    six_one = Tile(6, 1)
    # a turned and zoomed table: the glide starts as the hand shows it (zoomed out: the
    # board fills the felt, and a board turned upright and zoomed in would leave it)
    view.zoom_by(1 / 1.3)
    view.rotate(1)
    _tap(window, *view.tray.slots[six_one])
    _tap(window, *_on_screen(view, _places(view)[_a("play 6-1 E")]))
    held = view.tray.sprites[six_one]
    x, y = held.position  # lifted, as a chosen tile is
    long_side = max(held.width, held.height)
    _tap(window, *_on_screen(view, view.scene.ghost[2]))
    assert match.actions[-1] == _a("play 6-1 E")
    flying = view.scene.sprites[six_one]
    assert list(view.scene.flying) == [flying]
    assert view.camera.project(flying.position) == pytest.approx((x, y), abs=1)
    assert (flying.angle - view.camera.angle) % 180 == pytest.approx(90)  # standing
    on_screen = max(flying.width, flying.height) * view.camera.zoom
    assert on_screen == pytest.approx(long_side)  # as large as in the hand
    view.on_draw()  # the first frame of the glide: the tile still over the hand
    bar = _rgba(arcade.get_image(3, int(y), 1, 1), (0, 0))[:3]  # the bar, left of the hand
    patch = arcade.get_image(int(x) - 8, int(y) - 20, 16, 40)
    pixels = [_rgba(patch, (i, j))[:3] for i in range(16) for j in range(40)]
    assert sum(p == bar for p in pixels) < len(pixels) // 10
    level = view.scene.level
    view.scene.set_level(level + 1 if level < 2 else level - 1)  # the zoom crossed a level
    view.tweens.update(1.0)  # the glide's end, on the new level's texture
    assert max(flying.width, flying.height) == pytest.approx(2 * HALF)
    view.settle()
    assert not view.scene.flying and flying in view.scene.tiles
    assert max(flying.width, flying.height) == pytest.approx(2 * HALF)  # a tile on the table
    while len(match.actions) < 4:  # the computer replies: its tile comes from under its panel
        view.on_update(1 / 60)
    reply = view.scene.sprites[match.actions[-1].tile]
    assert view.tweens.moving(reply) and not view.scene.flying
    frame = view.scene._last  # the last move's frame is round the tile from the first frame
    assert frame is not None and frame.position == reply.position


def test_confirm_button_and_keys_tab_arrows_enter_escape(window) -> None:
    import arcade

    match = block_match(["human", "computer"])
    view = _view(window, match)
    _key(window, arcade.key.TAB)
    assert view.preview.selected is not None
    while view.preview.selected != Tile(6, 1):
        _key(window, arcade.key.TAB)
    _key(window, arcade.key.RIGHT)  # a second place cycles the preview
    first = view.preview.chosen
    _key(window, arcade.key.RIGHT)
    assert view.preview.chosen not in (None, first)
    _key(window, arcade.key.ESCAPE)
    assert view.preview.selected is None and view.preview.chosen is None
    _key(window, arcade.key.TAB)
    while view.preview.selected != Tile(6, 1):
        _key(window, arcade.key.TAB)
    _key(window, arcade.key.ENTER)  # first place previewed
    chosen = view.preview.chosen
    assert chosen is not None and len(match.actions) == 2
    confirm = next(b for b in view.buttons.buttons if b.key == "confirm")
    _tap(window, *confirm.rect.centre)
    assert match.actions[-1] == chosen


def test_tap_elsewhere_cancels_and_a_drag_onto_a_lit_place_previews(window) -> None:
    import arcade

    match = block_match(["human", "computer"])
    view = _view(window, match)
    x, y = view.tray.slots[Tile(6, 1)]
    _tap(window, x, y)
    assert view.preview.selected == Tile(6, 1)
    table = view.screen.table
    _tap(window, table.x0 + 5, table.y1 - 5)  # an empty corner of the table
    assert view.preview.selected is None
    # drag 6-1 from the tray onto its west place
    _send(window, "on_mouse_press", int(x), int(y), arcade.MOUSE_BUTTON_LEFT, 0)
    _send(window, "on_mouse_drag", int(x), int(y + 30), 0, 30, arcade.MOUSE_BUTTON_LEFT, 0)
    west = _on_screen(view, _places(view)[_a("play 6-1 W")])
    _send(window, "on_mouse_drag", int(west[0]), int(west[1]), 0, 0, arcade.MOUSE_BUTTON_LEFT, 0)
    assert view.tray.sprites[Tile(6, 1)].position == (int(west[0]), int(west[1]))  # it follows
    _send(window, "on_mouse_release", int(west[0]), int(west[1]), arcade.MOUSE_BUTTON_LEFT, 0)
    assert view.preview.chosen == _a("play 6-1 W")
    assert len(match.actions) == 2  # a drop previews; it does not play
    _key(window, arcade.key.ENTER)
    assert match.actions[-1] == _a("play 6-1 W")


def _drag(window, start: tuple[float, float], dx: float, steps: int = 8) -> None:
    """Press at ``start``, move ``dx`` pixels right in ``steps`` drag events, release there."""
    import arcade

    x, y = int(start[0]), int(start[1])
    _send(window, "on_mouse_press", x, y, arcade.MOUSE_BUTTON_LEFT, 0)
    done = 0
    for i in range(1, steps + 1):
        step = int(dx * i / steps) - done
        done += step
        _send(window, "on_mouse_drag", x + done, y, step, 0, arcade.MOUSE_BUTTON_LEFT, 0)
    _send(window, "on_mouse_release", x + done, y, arcade.MOUSE_BUTTON_LEFT, 0)


def test_a_drag_that_starts_on_the_ghost_pans_and_never_plays(window) -> None:
    """Issue 16.3: the ghost plays on a release that stayed put; a drag of 400 or 20 px pans."""
    match = block_match(["human", "computer"])
    view = _view(window, match)
    _tap(window, *view.tray.slots[Tile(6, 1)])
    _tap(window, *_on_screen(view, _places(view)[_a("play 6-1 E")]))
    assert view.preview.chosen == _a("play 6-1 E")
    for dx in (400, 20, -20):
        ghost = _on_screen(view, view.scene.ghost[2])
        position = tuple(view.camera.position)
        _drag(window, ghost, dx)
        assert len(match.actions) == 2, f"a drag of {dx} px played the tile"
        assert view.preview.chosen == _a("play 6-1 E")  # the preview stays
        assert tuple(view.camera.position) != position  # it panned
    _drag(window, _on_screen(view, view.scene.ghost[2]), 6)  # within the slop: still a tap
    assert match.actions[-1] == _a("play 6-1 E")


def test_panning_cannot_push_the_table_off_screen(window) -> None:
    """Issue 16.3: however far the table is dragged, the board stays under the screen's middle."""
    from game.ui.art.textures import HALF

    match = block_match(["human", "computer"])
    view = _view(window, match)
    table = view.screen.table
    for dx in (5000, -5000):
        for _ in range(4):
            _drag(window, (table.centre[0], table.centre[1]), dx / 4)
        board = view.board()
        x, y = view.camera.position
        assert board.x0 * HALF <= x <= board.x1 * HALF and board.y0 * HALF <= y <= board.y1 * HALF
        middle = view.camera.unproject(table.centre)
        assert board.x0 * HALF <= middle[0] <= board.x1 * HALF


def test_pass_button_only_when_legal_and_a_forced_pass_takes_one_press(window) -> None:
    """F-05 / F-22: Block has no Draw button; Pass shows only when nothing fits, a touch
    target, and its one tap passes (what is offered when, and the one press, are the
    controller's: tests/test_controller_choices.py)."""
    match = block_match(["human", "computer"])
    view = _view(window, match)
    keys = {b.key for b in view.buttons.buttons}
    assert "pass" not in keys and "draw" not in keys  # seat 1 can play
    match.play("play 6-1 E")  # ends 6 and 6: seat 2 holds 6-6
    match.play("play 6-6 E")  # ends 6 and 6 again: seat 1 holds nothing with a 6
    view.refresh()
    keys = {b.key for b in view.buttons.buttons}
    assert "pass" in keys and "draw" not in keys
    button = next(b for b in view.buttons.buttons if b.key == "pass")
    assert button.rect.width >= 48 and button.rect.height >= 48
    moves = len(match.actions)
    _tap(window, *button.rect.centre)  # the one press passes
    assert match.actions[moves:] == (_a("pass"),)
    assert "pass" not in {b.key for b in view.buttons.buttons}


def test_keys_reach_the_buttons_too(window) -> None:
    """Tab also walks to a choice such as Pass: it is previewed, and Enter plays it."""
    import arcade

    match = block_match(["human", "computer"])
    match.play("play 6-1 E")
    match.play("play 6-6 E")
    view = _view(window, match)
    _key(window, arcade.key.TAB)
    assert view.preview.chosen == _a("pass") and match.actions[-1] != _a("pass")
    _key(window, arcade.key.ENTER)
    assert match.actions[-1] == _a("pass")


def test_every_button_is_a_touch_target_of_at_least_48_pixels(window) -> None:
    view = _view(window, block_match(["human", "computer"]))
    _tap(window, *view.tray.slots[Tile(6, 1)])
    for b in view.buttons.buttons:
        assert b.rect.width >= 48 and b.rect.height >= 48, b.key
    assert view.tray._w >= 48


def test_a_new_tile_glides_from_the_hand_to_its_place(window) -> None:
    from game.ui.table.board import world

    match = block_match(["human", "computer"])
    view = _view(window, match)
    view.commit(_a("play 6-1 E"))
    sprite = view.scene.sprites[Tile(6, 1)]
    placed = next(p for p in view.layout.tiles if p.tile == Tile(6, 1))
    target = world(placed.x, placed.y)
    start = sprite.position
    assert start != target  # it starts where the hand tile was
    view.on_update(1 / 60)
    moved = sprite.position
    assert moved != start and moved != target  # on its way, not jumped
    for _ in range(20):
        view.on_update(1 / 60)
    assert sprite.position == pytest.approx(target)


def test_zoom_pan_and_turning_keep_the_match_and_the_preview(window) -> None:
    """F-10: the view moves; the preview and the match stay as they were."""
    import arcade

    match = block_match(["human", "computer"])
    view = _view(window, match)
    _tap(window, *view.tray.slots[Tile(6, 1)])
    selected = view.preview.selected
    zoom = view.camera.zoom
    cx, cy = view.screen.table.centre
    _send(window, "on_mouse_scroll", int(cx), int(cy), 0, 2)
    assert view.camera.zoom > zoom
    position = tuple(view.camera.position)
    table = view.screen.table
    x0, y0 = int(table.x0 + 10), int(table.y0 + 10)
    _send(window, "on_mouse_press", x0, y0, arcade.MOUSE_BUTTON_LEFT, 0)
    _send(window, "on_mouse_drag", x0 + 60, y0, 60, 0, arcade.MOUSE_BUTTON_LEFT, 0)
    _send(window, "on_mouse_release", x0 + 60, y0, arcade.MOUSE_BUTTON_LEFT, 0)
    assert tuple(view.camera.position) != position  # panned
    assert view.preview.selected == selected  # a pan is not a tap elsewhere
    _key(window, arcade.key.R)
    view.settle()
    assert round(view.camera.angle) % 360 == 90
    assert view.preview.selected == selected and len(match.actions) == 2
    _key(window, arcade.key.F)  # fit the whole board in view again
    view.settle()
    assert view.preview.selected == selected
    # picking still works through the turned camera
    east = _on_screen(view, _places(view)[_a("play 6-1 E")])
    assert view.input.on_table(*east)
    _tap(window, *east)
    assert view.preview.chosen == _a("play 6-1 E")


def test_a_shared_device_hides_the_hand_until_its_owner_taps(window) -> None:
    """F-07 / L-20 / MT-22: after a move the next human's tiles stay hidden, untouchable,
    until a tap on Show shows theirs (the cover and the hand taken are the controller's:
    tests/test_controller.py)."""
    match = block_match(["human", "human"])
    view = _view(window, match)
    assert not view.tray.hidden
    view.commit(_a("play 6-1 E"))
    assert view.tray.hidden and view.tray.hit(*view.screen.tray.centre) is None
    show = next(b for b in view.buttons.buttons if b.key == "show")
    _tap(window, *show.rect.centre)
    assert not view.tray.hidden and set(view.tray.slots) == set(match.state.hands[1])


@pytest.mark.parametrize("name", names())
def test_every_rule_set_draws_a_table_with_a_preview(window, name: str) -> None:
    """Each registered rule set renders; seat 1's selected tile lights its places."""
    low, high = load_preset(name).seats
    players = min(high, max(low, 4))
    seats = ["human"] + ["computer:easy"] * (players - 1)
    view = _view(window, Match.create(name, players, seats=seats, seed=11))
    for _ in range(40):  # let the computers play on until seat 1 has a tile to play
        if view.human_turn() and view.preview.playable():
            break
        view.step_computers(1)
    assert view.human_turn() and view.preview.playable()
    tile = sorted(view.preview.playable())[-1]
    _tap(window, *view.tray.slots[tile])
    target = view.scene.ghost[2] if view.scene.ghost else view.scene.slots[0][2]
    assert _far_from_felt(_pixel(view, *_on_screen(view, target)))


def test_to_view_turns_the_board_as_the_camera_does(window) -> None:
    """The pure camera maths (used by the layout tests) agrees with arcade's Camera2D."""
    import arcade

    from game.ui.board.layout import to_view

    camera = arcade.Camera2D()
    camera.position = (0, 0)
    for angle in (0, 90, 180, 270):
        camera.angle = angle
        sx, sy = camera.project((100, 40))
        cx, cy = camera.project((0, 0))
        assert to_view(100, 40, (0, 0), 1.0, angle) == pytest.approx((sx - cx, sy - cy), abs=1e-3)


def test_the_tables_own_words_go_through_the_translation_function(
    window, tmp_path, monkeypatch
) -> None:
    """The words the table draws (the top bar's status, the buttons, a seat's counts) are
    looked up with their English text as the key (the status and the messages themselves,
    below the window: tests/test_controller_words.py)."""
    import game.i18n as i18n
    from tools.i18n import Message, compile_mo, header_text

    words = {
        "Your turn": "A toi",
        "Confirm": "Valider",
        "Cancel": "Annuler",
        "{name} · {tiles} · {points}": "{name} : {tiles}, {points}",
    }
    folder = tmp_path / "pt" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    messages = [Message(k, strs=[v]) for k, v in words.items()]
    messages += [  # counts have their plural forms
        Message("{n} tile", plural="{n} tiles", strs=["{n} domino", "{n} dominos"]),
        Message("{n} pt", plural="{n} pts", strs=["{n} point", "{n} points"]),
    ]
    (folder / "boneyard.mo").write_bytes(compile_mo(header_text("pt"), messages))
    shutil.copytree(i18n.locale_folder() / "en", tmp_path / "en")
    match = block_match(["human", "computer"])
    english = _view(window, match)
    assert english.bar.texts.get("status") == "Your turn"
    assert english.texts.get("mine") == "You · 6 tiles · 0 pts"
    monkeypatch.setattr(i18n, "locale_folder", lambda: tmp_path)
    i18n.translation.cache_clear()
    try:
        i18n.set_language("pt")
        view = _view(window, block_match(["human", "computer"]))
        assert view.bar.texts.get("status") == "A toi"
        assert view.texts.get("mine") == "You : 6 dominos, 0 points"
        _tap(window, *view.tray.slots[Tile(6, 1)])
        _tap(window, *_on_screen(view, _places(view)[_a("play 6-1 E")]))
        labels = {b.key: b.label for b in view.buttons.buttons}
        assert labels["confirm"] == "Valider" and labels["cancel"] == "Annuler"
    finally:
        i18n.set_language("en")
        monkeypatch.undo()
        i18n.translation.cache_clear()


def test_train_names_and_markers_glide_when_the_trains_move(window) -> None:
    """Nothing jumps: a train's marker (MT-08) and name follow its band as the table grows."""
    import random

    from game.ui.table.board import world

    match = Match.create("mexican_train", 4, seats=["human"] * 4, seed=3)
    view = _view(window, match)
    pick = random.Random(1)
    for _ in range(400):  # seeded random moves until a standing marker has to move
        before = {k: tuple(m.position) for k, m in view.scene._markers.items()}
        match.play(pick.choice(match.legal()))
        view.refresh()
        marks = {lb.key: world(*lb.marker) for lb in view.layout.labels if lb.marker}
        moved = [k for k in before if k in view.scene._markers and marks[k] != before[k]]
        if moved:
            break
        view.settle()
    else:
        pytest.fail("no marker ever had to move")
    key = moved[0]
    marker, anchor = view.scene._markers[key], view.scene.anchors[key]
    label = next(lb for lb in view.layout.labels if lb.key == key)
    assert tuple(marker.position) == before[key]  # still where it stood ...
    view.on_update(1 / 60)
    assert tuple(marker.position) not in (before[key], marks[key])  # ... on its way
    assert (anchor.center_x, anchor.center_y) != world(label.x, label.y)
    view.settle()
    assert tuple(marker.position) == pytest.approx(marks[key])
    assert (anchor.center_x, anchor.center_y) == pytest.approx(world(label.x, label.y))


def _rgba(image: Image.Image, where: tuple[int, int]) -> tuple[int, ...]:
    """The colour of one pixel of a colour image (Pillow types getpixel for every mode)."""
    pixel = image.getpixel(where)
    assert isinstance(pixel, tuple), f"{image.mode} image: {pixel!r}"
    return pixel


def test_every_mode_of_the_table_is_the_table_view_assembled_not_a_class_of_its_own(
    tmp_path: Path,
) -> None:
    """The game's table, a lesson's, a puzzle's and a replay's are each the one table view
    over a controller, assembled with the mode's policies and screen parts: no mode is a
    class that could change what the table does, and no policy holds the view."""
    import around_helpers as h

    from game.learn.puzzles import load_puzzles
    from game.record import to_record
    from game.ui.services import PuzzleId, Recorded, Route, Tutorial
    from game.ui.table.addon import AddOn
    from game.ui.table.controller import Policy, TableController

    finished = Match.create("block", 2, seats=["computer", "computer"], seed=3, target=30)
    TableController(finished).step_computers(1000)
    shell = h.make_shell(tmp_path)
    shell.begin(Match.create("block", 2, seats=["human", "human"], seed=1), shuffle=False)
    tables = [shell.table]
    shell.open(Route.LESSON, Tutorial("block"))
    tables.append(shell.table)
    shell.open(Route.PUZZLE, PuzzleId(load_puzzles("block")[0].id))
    tables.append(shell.table)
    shell.open(Route.REPLAY, Recorded(to_record(finished)))
    tables.append(shell.rewind)
    policies: list[Policy] = []
    for view in tables:
        assert type(view) is TableView and view.ctl.screen is view
        policies += [p for p in view.ctl.policies if not isinstance(p, AddOn)]
    kinds = sorted(type(p).__name__ for p in policies)
    assert kinds == ["HotSeat", "Rewinding", "RoundSummaries", "Solving", "Tutoring"]
    for policy in policies:
        held = vars(policy).values()
        assert not any(isinstance(part, TableView) for part in held), type(policy).__name__
