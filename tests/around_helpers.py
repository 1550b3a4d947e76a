"""Driving the game's real views with real input events on one headless window.

Events go through ``window.dispatch_event`` and are delivered at once, as
pyglet's event loop delivers them (it switches the window's event queue
off, and so does :func:`window`), to whichever view is showing. One window serves every test
(windows are slow to make); each test gets a fresh :class:`Shell` with its
own data folder, the computer at instant pace, no sound and no animation.
"""

from __future__ import annotations

import os

os.environ.setdefault("ARCADE_HEADLESS", "1")

from pathlib import Path  # noqa: E402
from typing import Any, TypeVar  # noqa: E402

import arcade  # noqa: E402

from game.match import Match  # noqa: E402
from game.saves import Store  # noqa: E402
from game.settings import Settings  # noqa: E402
from game.ui.art.textures import HALF  # noqa: E402
from game.ui.board.geometry import Rect  # noqa: E402
from game.ui.router import Shell  # noqa: E402
from game.ui.table.coach import Coach, Coaching  # noqa: E402
from game.ui.table.solving import Solving  # noqa: E402
from game.ui.table.tutoring import Tutoring  # noqa: E402
from game.ui.table.view import TableView  # noqa: E402
from game.ui.window import GameWindow, open_game_window  # noqa: E402

WIDTH, HEIGHT = 1280, 720
_window: GameWindow | None = None


def window() -> GameWindow:
    global _window
    if _window is None:
        _window = open_game_window(WIDTH, HEIGHT, visible=False)
        _window._enable_event_queue = False  # as pyglet.app.run does: events arrive at once
        _window.dispatch_events()  # what was queued while the window was made
    arcade.set_window(_window)
    _window.switch_to()  # its GL context current again: a test module's own window may have
    return _window  # been opened and closed since


class Clock:
    """A clock the test moves by hand (a kiosk's idle minutes pass at once)."""

    def __init__(self, now: float = 1000.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


P = TypeVar("P")


def part(view: object, kind: type[P]) -> P:
    """The mode's policy or screen part of ``kind`` at a table (a lesson's tutoring, a
    replay's controls …): the one the table's controller asks, or the view shows."""
    assert isinstance(view, TableView), type(view).__name__
    return next(p for p in [*view.ctl.policies, *view.parts.modes] if isinstance(p, kind))


def coach(view: object) -> Coach:
    """The coach's words and glow over a lesson's or a puzzle's table."""
    return part(view, Coaching).coach


def tutoring(view: object) -> Tutoring:
    """A lesson's rules over its table (its lesson, why the last move was not taken)."""
    return part(view, Tutoring)


def solving(view: object) -> Solving:
    """A puzzle's rules over its table (its puzzle, the attempt, whether it is over)."""
    return part(view, Solving)


def make_shell(folder: Path, **kw: object) -> Shell:
    settings = kw.pop("settings", None) or Settings(
        pace="instant", sound=False, deal_animation=False
    )
    shell = Shell(window(), Store(folder), settings, animate=False, **kw)  # type: ignore[arg-type]
    shell.services.laid_out_for = (WIDTH, HEIGHT)
    return shell


def send(event: str, *args: object) -> None:
    w = window()
    w.dispatch_event(event, *args)
    w.dispatch_events()


def frames(n: int = 1, dt: float = 0.3) -> None:
    for _ in range(n):
        send("on_update", dt)


def draw() -> None:
    send("on_draw")


def click(x: float, y: float) -> None:
    """A tap: press and release at one point, then a frame."""
    send("on_mouse_press", int(x), int(y), arcade.MOUSE_BUTTON_LEFT, 0)
    send("on_mouse_release", int(x), int(y), arcade.MOUSE_BUTTON_LEFT, 0)
    frames(1, 0.0)


def key(symbol: int, modifiers: int = 0) -> None:
    send("on_key_press", symbol, modifiers)
    send("on_key_release", symbol, modifiers)


def press(shell: Shell, key_name: str) -> None:
    """Tap the button called ``key_name`` on the screen showing now (kit or table)."""
    view = shell.current
    found = None
    if hasattr(view, "widget") and callable(view.widget):
        found = view.widget(key_name)
    if found is None and hasattr(view, "buttons") and hasattr(view.buttons, "buttons"):
        found = next((b for b in view.buttons.buttons if b.key == key_name), None)
    assert found is not None, f"no button {key_name!r} on {type(view).__name__}"
    click(*found.rect.centre)


def has_button(shell: Shell, key_name: str) -> bool:
    view = shell.current
    if hasattr(view, "button") and callable(view.button):
        return view.button(key_name) is not None
    return any(b.key == key_name for b in getattr(view.buttons, "buttons", []))


def settle_camera(view: Any, most: int = 120) -> None:
    """Frames of a real display's length until the table's camera has glided to rest."""
    for _ in range(most):
        if not view.tweens.moving(view.camera.target):
            return
        frames(1, 1 / 60)


def play_turn(shell: Shell) -> str:
    """The human to move plays one decision by taps alone; returns what was tapped."""
    view = shell.current
    assert view.human_turn()
    settle_camera(view)  # a player taps what they see: the board where the camera shows it
    playable = sorted(view.preview.playable(), reverse=True)
    if playable:
        tile = next((t for t in playable if t in view.tray.slots), playable[0])
        for _ in range(len(view.tray.sprites)):  # a hand that scrolls: to the tile's page
            if tile in view.tray.slots:
                break
            press(shell, "hand+" if view.tray.can_scroll(1) else "hand-")
        click(*view.tray.slots[tile])
        if view.preview.chosen is None:  # several places: tap the first lit one in sight
            settle_camera(view)
            felt = view.screen.table
            spots = [view._place(a) for a in view.preview.places]
            points = [view.camera.project((p.x * HALF, p.y * HALF)) for p in spots]
            seen = [(x, y) for x, y in points if felt.x0 < x < felt.x1 and felt.y0 < y < felt.y1]
            click(*(seen or points)[0])
        assert view.preview.chosen is not None, "the tap did not preview a play"
        press(shell, "confirm")
        return str(tile)
    action = view.preview.buttons()[0]
    one_press = view.only_move() == action  # a pass, draw or end that is all there is to do
    press(shell, str(action))
    if not one_press:
        press(shell, "confirm")
    return str(action)


def tap_move(shell: Shell, action: Any) -> None:
    """Make ``action`` on the table showing by taps: its button (one press when it is the
    only move, else with Confirm), or its hand tile, then its place if the tile has more
    than one, then Confirm."""
    view: Any = shell.current
    if action.tile is None and view.only_move() == action:
        press(shell, str(action))  # the only move: one press makes it
        return
    if action.tile is None:
        press(shell, str(action))
    else:
        click(*view.tray.slots[action.tile])
        if view.preview.chosen != action:
            placed = view._place(action)
            click(*view.camera.project((placed.x * HALF, placed.y * HALF)))
    assert view.preview.chosen == action
    press(shell, "confirm")


def finish_on_table(shell: Shell, names: tuple[str | None, ...] = ()) -> Match:
    """Sit down at a Block match one move from its end (the human, seat 1, to make it) and
    make that move on the table, as its Confirm does; the finished match."""
    for seed in range(1, 50):
        whole = Match.create("block", 2, seats=["human", "computer"], seed=seed, target=1)
        while not whole.state.over:
            whole.play(whole.legal()[0])
        match = Match.create(
            "block", 2, seats=["human", "computer"], seed=seed, target=1, names=list(names)
        )
        for _ in whole.actions[:-1]:
            match.play(match.legal()[0])
        if match.state.to_move == 1:
            break
    else:
        raise AssertionError("no deal ends on the human's move")
    shell.begin(match, shuffle=False)
    table = shell.table
    assert table is not None and table.commit(match.legal()[0])
    frames(3)
    assert table.match.state.over
    return table.match


def overlap(a: Rect, b: Rect) -> bool:
    return a.x0 < b.x1 - 0.5 and b.x0 < a.x1 - 0.5 and a.y0 < b.y1 - 0.5 and b.y0 < a.y1 - 0.5


def inside(a: Rect, b: Rect) -> bool:
    return b.x0 - 0.5 <= a.x0 and a.x1 <= b.x1 + 0.5 and b.y0 - 0.5 <= a.y0 and a.y1 <= b.y1 + 0.5


def station(table: Any) -> Rect:
    """The station (the trains' hub) on screen, as the camera shows it now."""
    hub = table.layout.hub
    assert hub is not None
    corners = [table.camera.project(p) for p in Rect(*(v * HALF for v in hub)).corners()]
    xs, ys = [x for x, _ in corners], [y for _, y in corners]
    return Rect(min(xs), min(ys), max(xs), max(ys))


def check_table_regions(table: Any, size: tuple[int, int]) -> None:
    """The table laid out for ``size``, read from the view's own regions (issue 35, bug 1
    and Deliver 1): bars, panels and felt inside the window and apart, the station whole
    on the felt, the hand's tiles finger-wide, inside their bar and never overlapping,
    a rule's line on the felt over none of the table's things, panels or other words."""
    screen, window = table.screen, Rect(0, 0, *size)
    bars = [screen.top, screen.tray, screen.actions]
    panels = list(screen.panels.values())
    for i, r in enumerate(bars + panels + [screen.table]):
        assert inside(r, window), r
        for other in (bars + panels + [screen.table])[i + 1 :]:
            assert not overlap(r, other), (r, other)
    # (no station between a round's end and the next engine; on the player's turn the
    # camera frames their places at a legible size, and Fit shows the station whole)
    if table.layout.hub is not None and not table.human_turn():
        hub = station(table)
        assert inside(hub, screen.table), (hub, screen.table)  # whole, on the felt
    tray = table.tray
    shown = [s for s in tray.sprites.values() if s.visible]
    assert len(shown) == len(tray.slots) > 0
    rects = sorted(Rect(s.left, s.bottom, s.right, s.top) for s in shown)
    # the hand's bar: the tray, and beside it the choices' area where no button stands (a
    # hand with nothing beside it is centred on the whole bar); never under a button
    bar = screen.tray if screen.upright else screen.tray.union(screen.actions)
    choices = [b.rect for b in table.buttons.buttons if overlap(b.rect, screen.actions)]
    for r in rects:
        assert inside(r, bar), r
        assert not any(overlap(r, c) for c in choices), (r, choices)
        assert r.width >= 48 - 0.5, r  # a touch target still
    for a, b in zip(rects, rects[1:], strict=False):
        assert not overlap(a, b), "two hand tiles overlap"
    if tray.arrows is not None:
        for arrow in tray.arrows:
            assert inside(arrow, screen.tray) and not any(overlap(arrow, r) for r in rects)
    news = table.news
    if news.rule:  # a rule's surprise, said on the felt: there, clear of all it could hide
        said = news.rule_rect
        assert said is not None, f"no room on the felt for {news.rule!r}"
        assert inside(said, screen.table), (said, screen.table)
        others = [*bars, *panels, *table.parts.words.shown_rects(), *news.placed.values()]
        others += [news.corner_rect] if news.corner_rect is not None else []
        for other in others:
            assert not overlap(said, other), (said, other)
