"""The kit rebuilds only what changed: a focus or hover move asks the two widgets it touches
for their look again and lays out no text; a choice lays out only the words it changed.

Counted, never timed (a frame's time depends on the machine)."""

from __future__ import annotations

from pathlib import Path

import arcade
import around_helpers as h
import pytest

from game.match import Match
from game.ui.board.geometry import Rect
from game.ui.routes import Route
from game.ui.theme import FOCUS, SHEET, WELL
from game.ui.widgets import fills, kit
from game.ui.widgets import text as text_module

k = arcade.key


class Counts:
    """The widgets asked for their look, and the texts laid out, since the last ``reset``."""

    def __init__(self, view: kit.Screen, monkeypatch: pytest.MonkeyPatch) -> None:
        self.looked: list[kit.Widget] = []
        self.laid_out: list[str] = []
        for widget in view.widgets:
            monkeypatch.setattr(widget, "look", self._counting(widget), raising=False)
        real = text_module.make_text

        def make_text(text: str, *args: object, **kw: object) -> arcade.Text:
            self.laid_out.append(text)
            return real(text, *args, **kw)  # type: ignore[arg-type]

        monkeypatch.setattr(kit, "make_text", make_text)

    def _counting(self, widget: kit.Widget):
        look = type(widget).look

        def counted(screen: kit.Screen) -> kit.Look:
            self.looked.append(widget)
            return look(widget, screen)

        return counted


def _setup(tmp_path: Path, route: Route = Route.SETUP) -> kit.Screen:
    shell = h.make_shell(tmp_path)
    shell.home()
    shell.open(route)
    view = shell.current
    assert isinstance(view, kit.Screen)
    view.ensure()
    h.draw()
    return view


def test_a_focus_move_looks_again_at_the_two_buttons_it_touches_and_lays_out_no_text(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    view = _setup(tmp_path)
    before = view.focused
    assert isinstance(before, kit.Button) and before.key == "start"
    texts = list(view.texts())
    counts = Counts(view, monkeypatch)
    h.key(k.TAB)
    after = view.focused
    assert isinstance(after, kit.Button) and after is not before
    assert counts.looked == [before, after]  # in the screen's order
    assert counts.laid_out == []
    assert view.texts() == texts
    assert any(colour == FOCUS for _, colour in after.look(view))
    assert not any(colour == FOCUS for _, colour in before.look(view))


def test_a_hover_move_looks_again_at_the_button_left_and_the_one_entered(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    view = _setup(tmp_path)
    first, second = view.button("rules:draw"), view.button("rules:longana")
    assert first is not None and second is not None
    counts = Counts(view, monkeypatch)
    h.send("on_mouse_motion", *first.rect.centre, 0, 0)
    h.send("on_mouse_motion", *second.rect.centre, 0, 0)
    h.send("on_mouse_motion", *(v + 1 for v in second.rect.centre), 0, 0)  # still on it
    assert counts.looked == [first, first, second]
    assert counts.laid_out == []


def test_a_choice_lays_out_only_the_words_it_changed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    view = _setup(tmp_path)
    shown = {id(item.item) for texts in view._shown for item in texts}
    counts = Counts(view, monkeypatch)
    level = view.button("level2")
    assert level is not None and level.label == "Normal"
    level.press()
    view.ensure()
    assert counts.laid_out == ["Hard"]
    kept = {id(item.item) for texts in view._shown for item in texts}
    assert len(kept - shown) == 1 and len(shown - kept) == 1  # "Normal" went, nothing else

    counts.laid_out.clear()
    seat = view.button("seat2")
    assert seat is not None
    seat.press()  # seat 2 a human: its level goes, its kind is relabelled, a name field comes
    view.ensure()
    assert counts.laid_out == ["Human", "Name"]
    assert view.button("level2") is None and "Hard" not in view.texts()


def test_a_rebuild_with_nothing_changed_keeps_every_text(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    view = _setup(tmp_path)
    shown = [item.item for texts in view._shown for item in texts]
    counts = Counts(view, monkeypatch)
    view.changed()
    view.ensure()
    assert counts.laid_out == []
    assert [item.item for texts in view._shown for item in texts] == shown


def test_the_seed_field_shows_its_cursor_when_focused(tmp_path: Path) -> None:
    view = _setup(tmp_path)
    field = view.widget("seed")
    assert isinstance(field, kit.TextField)
    h.click(*field.rect.centre)
    assert view.focused is field and "|" in view.texts()
    h.key(k.ESCAPE)
    assert view.focused is None and "|" not in view.texts()


def test_the_looks_are_drawn_in_runs_around_a_widget_that_draws_itself(tmp_path: Path) -> None:
    """Fills up to a widget that draws more than its look (scrolling lines), then it, then
    the looks after it, which go over it."""
    view = _setup(tmp_path, Route.RULES)
    kinds = [type(layer) for layer in view._layers]
    scroll = next(w for w in view.widgets if isinstance(w, kit.ScrollLines))
    at = view._layers.index(scroll)
    assert kinds[at - 1] is fills.Fills and (scroll.rect, WELL) in _items(view._layers[at - 1])


def _items(layer: object) -> list[tuple[Rect, tuple[int, ...]]]:
    assert isinstance(layer, fills.Fills)
    return [(Rect(x, y, x + w, y + h), colour) for (x, y, w, h), colour in layer.items]


def test_see_through_fills_are_blended_and_opaque_ones_are_not() -> None:
    opaque, clear = (1, 2, 3, 255), (30, 38, 44, 245)
    items: list[fills.Item] = [((0, 0, 1, 1), c) for c in (opaque, opaque, clear, opaque)]
    assert fills._runs(items) == [(0, 12, False), (12, 6, True), (18, 6, False)]


def test_a_see_through_fill_over_nothing_but_the_ground_is_drawn_opaque_in_its_blended_colour() -> (
    None
):
    ground, panel, button = (26, 32, 38, 255), (30, 38, 44, 245), (52, 60, 70, 255)
    alone, on_panel = ((0, 0, 100, 100), panel), ((200, 0, 50, 50), panel)
    items: list[fills.Item] = [alone, ((200, 0, 100, 100), button), on_panel]
    # 30*245/255 + 26*10/255 = 29.84 …: what GL's blending writes, to 8 bits
    assert fills._on_ground(items, ground) == [((0, 0, 100, 100), (30, 38, 44, 255)), *items[1:]]
    assert fills._on_ground(items, None) == items  # over a table: blended as drawn
    assert fills._runs(fills._on_ground(items, ground)) == [(0, 12, False), (12, 6, True)]


def test_the_setup_panels_look_as_blended_and_a_menu_over_the_table_is_over_no_ground(
    tmp_path: Path,
) -> None:
    view = _setup(tmp_path)
    first = view._layers[0]
    assert isinstance(first, fills.Fills) and first.ground == view.background
    panel = next((x, y, w, h) for (x, y, w, h), c in first.items if c == SHEET and w > 300)
    h.draw()
    x, y = int(panel[0] + 4), int(panel[1] + 4)  # a corner of the panel, with nothing on it
    drawn = view.window.ctx.screen.read(viewport=(x, y, 1, 1), components=3)
    blended = [
        c * SHEET[3] / 255 + g * (255 - SHEET[3]) / 255
        for c, g in zip(SHEET[:3], view.background[:3], strict=True)
    ]
    assert all(abs(d - b) <= 1 for d, b in zip(drawn, blended, strict=True))

    shell = h.make_shell(tmp_path)
    shell.begin(Match.create("block", 2, seats=["human", "computer:easy"], seed=3))
    h.press(shell, "menu")
    menu = shell.current
    assert isinstance(menu, kit.Screen)
    menu.ensure()
    assert menu.ground() is None
    assert all(layer.ground is None for layer in menu._layers if isinstance(layer, fills.Fills))


def test_an_outline_lies_astride_the_edges_as_arcade_draws_it() -> None:
    bands = kit.outline(Rect(10, 20, 110, 70), FOCUS, 4)
    assert [r for r, _ in bands] == [
        Rect(8, 68, 112, 72),
        Rect(8, 18, 112, 22),
        Rect(8, 22, 12, 68),
        Rect(108, 22, 112, 68),
    ]
