"""A small widget kit for the screens around the table (menus, setup, summaries, panels).

Why not ``arcade.gui``: in arcade 3.3 it cannot be imported headless (its
UI manager pulls in controller support that headless arcade leaves out),
and the tests and the demo run headless. So: flat buttons, labels, a seed
field and a scrolling list of lines, in the table's palette, big enough to
touch, usable with keys alone (Tab/arrows move the focus, Shift+Tab back,
Enter presses, Esc goes back, ? shows every key, and so does F1, help,
except at the table, where the help is the rules). Each screen opens
with its primary button focused, so Enter does the expected thing at once.

A :class:`Screen` is an ``arcade.View`` that builds its widgets from scratch
for the current size whenever something changed (``changed()``): screens are
small, and rebuilding keeps each one a plain function of its data. A button
acts on release over the widget it was pressed on, like a touchscreen.

Every target is a finger across at least (:attr:`Screen.least`: the theme's smallest, a
kiosk's 9 mm on its panel), and as high as its words. A screen that lays its rows out again
for larger words (in columns, in pages: the title and every screen it leads to) grows with
the player's whole Text size, as far as it still fits its window: it is built from the Text
size down in tenths until every widget is on screen, no two targets meet and it found room
for all it lays out (see :meth:`Screen._build`); words that grow keep their rows round them
only as high as they need.

What a rebuild costs is kept to what changed, because laying out a text is
the slowest thing a frame does (about a millisecond each on software GL): a
text already showing as it was is kept, one only moved or recoloured is moved
or recoloured, only a new one is laid out. A focus or hover move looks again
at the two widgets it touches and nothing else. Every widget's flat
rectangles (its look) go in one batch of fills (:class:`Fills`), drawn in
one call rather than one call each.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Callable, Iterable, Sequence
from functools import partial
from typing import Any, NamedTuple

import arcade
import pyglet

from game.i18n import _, language, language_name, languages, right_to_left
from game.ui.board.geometry import Rect
from game.ui.routes import Navigator, Params, Route
from game.ui.services import Services
from game.ui.theme import (
    BUTTON,
    BUTTON_HOVER,
    DIM,
    FELT,
    FIELD,
    FOCUS,
    GOLD,
    HOT,
    MIN_TEXT,
    MIN_TOUCH,
    OFF,
    OFF_TEXT,
    QUIET,
    SELECTED,
    SHEET,
    TEXT,
    TEXT_DARK,
    WELL,
    Colour,
)
from game.ui.widgets.fills import Fills, clear_colour
from game.ui.widgets.text import (
    drawn,
    fit_size,
    font_names,
    make_text,
    position,
    text_height,
    text_width,
    wrap,
)

STYLES: dict[str, tuple[Colour, Colour]] = {
    "normal": (BUTTON, TEXT),
    "primary": (HOT, TEXT_DARK),
    "selected": (SELECTED, TEXT),
    "quiet": (QUIET, TEXT),
    "off": (OFF, OFF_TEXT),
}
BACK_TAB = 0xFE20  # X11's ISO_Left_Tab: what Shift+Tab arrives as there (pyglet has no name)
Look = list[tuple[Rect, Colour]]  # a widget's flat rectangles, in the order they are drawn
LINE = 1.6  # a line of words stands this many times their size high (pixels, ascent to descent)


def legible(size: float) -> float:
    """``size`` (a screen's unit times a design size), but never under :data:`MIN_TEXT`:
    the unit shrinks a layout to a small window, and words that shrink with it stop being
    read (17 points became 10.6 at 800x600). Layouts leave room for the floor."""
    return max(size, MIN_TEXT)


def finger(height: float) -> float:
    """A big target's ``height`` (a screen's unit times a design height), but never under
    :data:`MIN_TOUCH`: a small window shrinks the layout, not the finger that taps it."""
    return max(height, MIN_TOUCH)


def tab_step(symbol: int, modifiers: int) -> int:
    """+1 for Tab, -1 for Shift+Tab (however it arrives), 0 for any other key."""
    k = arcade.key
    if symbol == BACK_TAB:
        return -1
    if symbol == k.TAB:
        return -1 if modifiers & k.MOD_SHIFT else 1
    return 0


class Widget:
    """Something with a rectangle on a screen."""

    focusable = False

    def __init__(self, rect: Rect) -> None:
        self.rect = rect

    def hit(self, x: float, y: float) -> bool:
        r = self.rect
        return r.x0 <= x <= r.x1 and r.y0 <= y <= r.y1

    def look(self, screen: Screen) -> Look:
        """The flat rectangles it shows now (the screen batches them; asked again only
        when the screen rebuilds, or the focus or the hover comes or goes)."""
        return []

    def draw(self, screen: Screen) -> None:
        """Anything more than its look, drawn every frame just after it (sprites, lines)."""

    def add_texts(self, screen: Screen) -> None:
        """Put this widget's texts on the screen (:meth:`Screen.text`), as its look is asked."""

    def mirror(self, width: float) -> None:
        """Move to the other side of a screen ``width`` wide (a right-to-left language)."""
        r = self.rect
        self.rect = Rect(width - r.x1, r.y0, width - r.x0, r.y1)


class Box(Widget):
    """A flat panel behind other widgets."""

    def __init__(self, rect: Rect, colour: Colour = SHEET) -> None:
        super().__init__(rect)
        self.colour = colour

    def look(self, screen: Screen) -> Look:
        return [(self.rect, self.colour)]


class Label(Widget):
    """Text in a rectangle; ``wrap`` breaks it over lines within the width."""

    def __init__(
        self,
        rect: Rect,
        text: str,
        size: float = 16,
        colour: Colour = TEXT,
        align: str = "left",
        bold: bool = False,
        wrap: bool = False,
    ) -> None:
        super().__init__(rect)
        self.text, self.size, self.colour = text, legible(size), colour
        self.align, self.bold, self.wrap = align, bold, wrap

    def mirror(self, width: float) -> None:
        super().mirror(width)
        self.align = {"left": "right", "right": "left"}.get(self.align, self.align)

    def holds(self) -> bool:
        """Whether its words fit its rectangle: one line no wider, wrapped lines no taller
        (a pixel to spare for rounding)."""
        r = self.rect
        if not self.wrap:
            return text_width(self.text, self.size, self.bold) <= r.width + 1
        return wrapped_height(self.text, r.width, self.size, self.bold) <= r.height + 1

    def add_texts(self, screen: Screen) -> None:
        r = self.rect
        x = {"left": r.x0, "center": r.centre[0], "right": r.x1}[self.align]
        kw: dict[str, Any] = {}
        text = self.text
        if self.wrap:  # wrapped here, on the text as written, so each line is shaped whole
            paragraphs = text.split("\n")
            text = "\n".join(
                line
                for p in paragraphs
                for line in wrap(p, max(10.0, r.width), self.size, self.bold)
            )
            kw = {"multiline": True, "width": int(max(10, r.width)), "align": self.align}
            x, anchor_y, y = r.x0, "top", r.y1
            anchor_x = "left"
        else:
            anchor_x, anchor_y, y = self.align, "center", r.centre[1]
        screen.text(text, x, y, self.size, self.colour, anchor_x, anchor_y, self.bold, **kw)


class Button(Widget):
    """A labelled rectangle that calls ``on_press`` when tapped (if enabled)."""

    focusable = True

    def __init__(
        self,
        rect: Rect,
        label: str,
        on_press: Callable[[], object] | None,
        style: str = "normal",
        key: str = "",
        size: float = 17,
        enabled: bool = True,
    ) -> None:
        super().__init__(rect)
        self.label, self.on_press, self.style = label, on_press, style
        self.key = key or label
        self.size = legible(size)
        self.enabled = enabled and on_press is not None

    def press(self) -> None:
        if self.enabled and self.on_press is not None:
            self.on_press()

    def look(self, screen: Screen) -> Look:
        fill, _ = STYLES.get(self.style, STYLES["normal"])
        if not self.enabled:
            fill = OFF
        elif screen.hover is self and self.style in ("normal", "quiet", "off"):
            fill = BUTTON_HOVER
        focus = outline(self.rect, FOCUS, 3) if screen.focused is self else []
        return [(self.rect, fill), *focus]

    def add_texts(self, screen: Screen) -> None:
        _, ink = STYLES.get(self.style, STYLES["normal"])
        ink = OFF_TEXT if not self.enabled else ink
        cx, cy = self.rect.centre
        size = self.size
        width = max(1.0, self.rect.width - 12)
        while size > MIN_TEXT and text_width(self.label, size, True) > width:  # long labels shrink
            size = max(MIN_TEXT, size - 1)
        screen.text(self.label, cx, cy, size, ink, "center", "center", True)


class TextField(Widget):
    """A one-line field (the seed): tap to focus, type, Backspace; ``digits`` only if asked.

    ``on_press``, if given, is called when the field is tapped too (a kiosk's name field
    opens its keys on screen: :mod:`game.ui.widgets.keyboard`)."""

    focusable = True

    def __init__(
        self,
        rect: Rect,
        value: str,
        on_change: Callable[[str], None],
        placeholder: str = "",
        digits: bool = True,
        limit: int = 12,
        size: float = 17,
        key: str = "field",
        on_press: Callable[[], object] | None = None,
    ) -> None:
        super().__init__(rect)
        self.value, self.on_change, self.placeholder = value, on_change, placeholder
        self.digits, self.limit, self.size, self.key = digits, limit, legible(size), key
        self.on_press = on_press

    def type(self, text: str) -> None:
        keep = "".join(c for c in text if (c.isdigit() if self.digits else c.isprintable()))
        if keep:
            self.on_change((self.value + keep)[: self.limit])

    def erase(self) -> None:
        if self.value:
            self.on_change(self.value[:-1])

    def press(self) -> None:
        """Tapping the field focuses it (the screen does that), and does its ``on_press``."""
        if self.on_press is not None:
            self.on_press()

    def look(self, screen: Screen) -> Look:
        colour = FOCUS if screen.focused is self else BUTTON_HOVER
        return [(self.rect, FIELD), *outline(self.rect, colour, 2)]

    def add_texts(self, screen: Screen) -> None:
        r = self.rect
        shown = self.value + ("|" if screen.focused is self else "")
        text, ink = (
            (shown, TEXT) if self.value or screen.focused is self else (self.placeholder, DIM)
        )
        room = r.width - 20
        size = max(MIN_TEXT, fit_size(text, self.size, room))  # a long name shrinks, then
        while len(text) > 1 and text_width(text, size) > room:  # shows its end, as typed
            text = "…" + text.lstrip("…")[1:]
        screen.text(text, r.x0 + 12, r.centre[1], size, ink, "left", "center", False)


class ScrollLines(Widget):
    """Many lines in a clipped rectangle, scrolled by wheel, drag or keys.

    The lines live in one pyglet ``IncrementalTextLayout``: it wraps them
    itself and keeps glyphs only for the lines in view, clipped to its own
    rectangle, so scrolling a log of a thousand lines builds no text objects.
    ``(text, style)`` pairs: style ``"h"`` is a heading, ``"b"`` bold, ``""``
    plain; a line starting ``"- "`` hangs its wrapped part under its text.
    ``tapped``, when set, is told the number of the line a tap (not a drag) lands on.
    """

    def __init__(self, rect: Rect, lines: list[tuple[str, str]], size: float = 15) -> None:
        super().__init__(rect)
        self.lines = [text for text, _ in lines]
        self.size = size = legible(size)
        self.line_h = size * 1.65
        self.offset = 0.0
        self.batch = pyglet.graphics.Batch()
        self.tapped: Callable[[int], None] | None = None
        rtl = right_to_left()
        given = list(range(len(lines)))  # the line given that each line drawn is of
        if rtl:  # pyglet cannot wrap a line it is given in visual order: wrap, then shape
            lines, given = self._wrapped(lines, rect.width - 40, size)
        self._given = given
        self._starts: list[int] = []  # where each line drawn starts in the document
        document = pyglet.text.document.FormattedDocument("\n".join(drawn(t) for t, _ in lines))
        font = pyglet.font.load(font_names("")).name
        document.set_style(
            0,
            len(document.text),
            {"font_name": font, "font_size": size, "color": TEXT, "line_spacing": self.line_h},
        )
        hang = text_width("   ", size)
        side = "margin_right" if rtl else "margin_left"
        at = 0
        for text, style in lines:
            self._starts.append(at)
            end = at + len(drawn(text))
            if style in ("h", "b"):
                big = {"font_size": size * 1.15, "color": GOLD} if style == "h" else {}
                document.set_style(at, end, {"weight": "bold", **big})
            if rtl:
                document.set_paragraph_style(at, end, {"align": "right"})
                if style == "hang":
                    document.set_paragraph_style(at, end, {side: hang})
            elif text.startswith("- "):
                document.set_paragraph_style(at, end, {side: hang, "indent": -hang})
            at = end + 1
        self.layout = pyglet.text.layout.IncrementalTextLayout(
            document,
            x=rect.x0 + 14,
            y=rect.y0 + 2,
            width=int(max(10, rect.width - 40)),
            height=int(max(10, rect.height - 8)),
            multiline=True,
            wrap_lines=True,
            batch=self.batch,
        )

    @staticmethod
    def _wrapped(
        lines: list[tuple[str, str]], width: float, size: float
    ) -> tuple[list[tuple[str, str]], list[int]]:
        """Each line broken to ``width`` on the text as written (a point's later lines
        hang), and for each line out, the number of the line it was broken from."""
        out, given = [], []
        for k, (text, style) in enumerate(lines):
            bold = style in ("h", "b")
            big = size * 1.15 if style == "h" else size
            parts = wrap(text, width - text_width("   ", size), big, bold) if text else [""]
            out.append((parts[0], style))
            hang = "hang" if text.startswith("- ") else style
            out += [(part, hang) for part in parts[1:]]
            given += [k] * len(parts)
        return out, given

    def line_at(self, x: float, y: float) -> int | None:
        """The number of the line given that shows at (``x``, ``y``), if any."""
        if not self._starts or not self.hit(x, y):
            return None
        at = self.layout.get_position_from_point(x, y)
        return self._given[bisect_right(self._starts, at) - 1]

    def tap(self, x: float, y: float) -> None:
        """A tap at (``x``, ``y``): ``tapped`` is told the number of the line under it."""
        line = self.line_at(x, y)
        if self.tapped is not None and line is not None:
            self.tapped(line)

    def mirror(self, width: float) -> None:
        super().mirror(width)
        self.layout.x = self.rect.x0 + 26  # the scroll bar's side stays on the right

    @property
    def content_height(self) -> float:
        return float(self.layout.content_height) + 8

    @property
    def max_offset(self) -> float:
        return max(0.0, self.content_height - self.rect.height)

    def scroll(self, dy: float) -> None:
        self.offset = min(max(0.0, self.offset + dy), self.max_offset)
        self.layout.view_y = -round(self.offset)

    def to_end(self) -> None:
        self.scroll(self.max_offset)

    def look(self, screen: Screen) -> Look:
        return [(self.rect, WELL)]

    def draw(self, screen: Screen) -> None:
        r = self.rect
        self.batch.draw()
        if self.max_offset > 0:  # a thin bar showing where the view is
            frac = self.rect.height / self.content_height
            h = max(24.0, r.height * frac)
            y = r.y1 - h - (r.height - h) * (self.offset / self.max_offset)
            arcade.draw_lbwh_rectangle_filled(r.x1 - 6, y, 4, h, DIM)


class SpriteBox(Widget):
    """Sprites a screen places itself (tiles in a summary)."""

    def __init__(self, rect: Rect, sprites: arcade.SpriteList[arcade.Sprite]) -> None:
        super().__init__(rect)
        self.sprites = sprites

    def draw(self, screen: Screen) -> None:
        self.sprites.draw()

    def mirror(self, width: float) -> None:
        """The tiles change sides with the words beside them; their faces never mirror."""
        super().mirror(width)
        for sprite in self.sprites:
            sprite.center_x = width - sprite.center_x


WORDED = (Label, Button, TextField, ScrollLines)  # the widgets that show words


class Shown(NamedTuple):
    """A text on a screen: how it was asked for (to keep it), the text, its words as written,
    and where and in what colour it stands (kept here: asking the text costs more)."""

    spec: tuple[Any, ...]
    item: arcade.Text
    written: str
    at: tuple[float, float]
    colour: tuple[int, ...]


class Screen(arcade.View):
    """A screen of widgets around the table; subclasses implement :meth:`build`.

    It is given the navigator (to open another screen, go back or home) and
    the services (settings, store, sounds …), never the game that made it.
    """

    background: Colour = FELT
    # Enter presses the primary button before any other key moves the focus (False: the
    # focus waits for a key, on a screen where Enter pressed on the way would do too much)
    enter_presses_primary: bool = True

    def __init__(self, nav: Navigator, services: Services) -> None:
        super().__init__(services.window)
        self.nav = nav
        self.services = services
        self.dims: tuple[int, int] = services.size
        self.widgets: list[Widget] = []
        self.batch = pyglet.graphics.Batch()
        self._looks: list[Look] = []  # each widget's look, as it was last asked
        self._shown: list[list[Shown]] = []  # each widget's texts
        self._spare: dict[tuple[Any, ...], list[Shown]] = {}  # texts a widget may keep
        self._adding: list[Shown] = []  # the texts of the widget adding them now
        self._layers: list[Fills | Widget] = []  # what on_draw draws, in order
        self._fills: list[Fills] = []  # kept from one paint to the next (their buffers too)
        self.dirty = True
        self.stale = True  # changed since last drawn (the window draws a screen at rest never)
        self.focused: Widget | None = None
        self.hover: Widget | None = None
        self._focus_key: str | None = None
        self._pressed: Widget | None = None
        self._growth: float | None = None  # what the Text size grows it now (see _build)
        self.crowded = False  # the last build found no room for something (see _fits)

    # -- what subclasses write ---------------------------------------------------------------

    def build(self, width: int, height: int) -> None:
        """Add this screen's widgets for a window of ``width`` x ``height``."""
        raise NotImplementedError

    def back(self) -> None:
        """Esc: where this screen goes back to (nothing by default)."""

    def go(self, route: Route, params: Params | None = None) -> Callable[[], None]:
        """A button's action: open ``route`` (with ``params``)."""
        return lambda: self.nav.open(route, params)

    def show_keys(self) -> None:
        """F1 or ?: the sheet of every key, coming back to this screen."""
        self.nav.open(Route.KEYS)

    def draw_under(self) -> None:
        """Drawn before the widgets (a table underneath, tiles …): the background by default
        (its colour only: see :func:`clear_colour`)."""
        clear_colour(self.window.ctx.screen, self.background)

    def ground(self) -> Colour | None:
        """The one colour :meth:`draw_under` leaves under the widgets, if it draws nothing
        else (see-through panels over it are then drawn opaque: see :class:`Fills`)."""
        return self.background

    # -- building ---------------------------------------------------------------

    @property
    def unit(self) -> float:
        """The size of everything: 1 at 1280x720 (720x1280 upright), in step with the window
        and grown by the player's Text size (:meth:`~game.ui.scale.Sizing.unit`)."""
        return self.services.sizing.unit(*self.dims, self.portrait, self._growth)

    @property
    def fit(self) -> float:
        """The unit the window alone gives, whatever the Text size: for what keeps its size
        as the words grow (a title's name, the room round the words)."""
        return self.services.sizing.unit(*self.dims, self.portrait, 1.0)

    @property
    def portrait(self) -> bool:
        """A screen turned upright (a tablet, a phone): layouts stack, not side by side."""
        w, h = self.dims
        return h > w * 1.05

    @property
    def least(self) -> float:
        """The smallest target on this screen, in pixels: :data:`MIN_TOUCH`, in a kiosk
        9 mm on its panel (:meth:`~game.ui.scale.Sizing.finger`)."""
        return self.services.sizing.finger(*self.dims)

    def finger(self, height: float, words: float = 0.0, room: float = 0.0) -> float:
        """A target's ``height`` (a design height times the unit), never under :attr:`least`
        (a small window shrinks the layout, not the finger that taps it), nor under a line
        of its ``words`` (their size) and ``room`` round them: :data:`LINE` times the size,
        a Latin line's box (Arabic's font draws one nearly twice as high round letters no
        taller)."""
        return max(height, self.least, LINE * legible(words) + room if words else 0.0)

    @property
    def touch(self) -> float:
        """The size of the big targets on screens with room to spare (larger in a kiosk)."""
        return self.unit * self.services.scale

    def add(self, widget: Widget) -> Widget:
        self.widgets.append(widget)
        return widget

    def add_header(
        self,
        heading: str,
        tabs: Sequence[tuple[str, str]],
        chosen: str,
        pick: Callable[[str], object],
        size: float,
    ) -> float:
        """A screen's heading at the top left and its tabs at the top right, ``(key, label)``
        each: the one ``chosen`` is selected, a tap calls ``pick`` with its key (History's
        pages, the Puzzles' families), or under the heading where they do not fit beside it.
        Returns how far down they reach (the tabs are a finger high, taller than the
        design's in a kiosk)."""
        width, height = self.dims
        u = self.unit
        pad = 28 * u
        size_h = legible(30 * u)
        heading_r = Rect(
            pad, height - 70 * u, pad + text_width(heading, size_h, True), height - 16 * u
        )
        self.add(Label(heading_r, heading, size_h, GOLD, bold=True))
        weights = label_weights([label for _key, label in tabs], size)
        tabs_w = max(220 * u * len(tabs), sum(weights) + 10 * u * (len(tabs) - 1))
        tabs_w = min(tabs_w, width - 2 * pad)  # on screen, squeezed if need be
        top = height - 20 * u
        if width - pad - tabs_w < heading_r.x1 + 16 * u:  # no room beside it: under it
            top = heading_r.y0 - 8 * u
        bottom = top - self.finger(46 * u)
        cells = row(
            Rect(width - pad - tabs_w, bottom, width - pad, top), len(tabs), 10 * u, weights
        )
        for (key, label), r in zip(tabs, cells, strict=True):
            style = "selected" if key == chosen else "normal"
            self.add(Button(r, label, partial(pick, key), style, key=f"tab:{key}", size=size))
        return min(bottom, heading_r.y0)

    def add_back(self, back: Callable[[], object], y: float) -> None:
        """The Back button of a screen that lists things (Learn to play, Puzzles, History):
        centred at height ``y``, one size and style on all of them, so it is found in the
        same place from screen to screen."""
        k = self.touch
        high = self.finger(50 * self.fit * self.services.scale, 18 * k, 10 * self.fit)
        self.add(
            Button(
                centred(self.dims[0] / 2, max(y, high / 2 + 4), 240 * k, high),
                _("Back"),
                back,
                "quiet",
                key="back",
                size=18 * k,
            )
        )

    def add_pages(
        self, start: int, page: int, count: int, y: float, turn: Callable[[int], object]
    ) -> None:
        """Up and down a page of ``page`` rows from ``start`` of ``count``, either side of
        Back (at height ``y``): ``turn`` is given the first row of the page asked for."""
        k = self.touch
        cx = self.dims[0] / 2
        across = 50 * self.fit * self.services.scale
        high = self.finger(across, 18 * k, 10 * self.fit)
        for key, label, to, dx in (
            ("page-up", "▲", start - page, -1),
            ("page-down", "▼", start + page, 1),
        ):
            fn = partial(turn, max(0, to)) if 0 <= to < count or (to < 0 < start) else None
            rect = centred(cx + dx * 200 * k, max(y, high / 2 + 4), max(2 * across, high), high)
            self.add(Button(rect, label, fn, "quiet", key=key, size=18 * k))

    def changed(self) -> None:
        self.dirty = self.stale = True

    def at_rest(self) -> bool:
        """Drawn as it is now: nothing on a screen of widgets moves by itself (see
        :mod:`game.ui.window`; a screen that animates says otherwise)."""
        return not self.stale

    def ensure(self) -> None:
        """Rebuild now if something changed (before drawing or hit-testing)."""
        if not self.dirty:
            return
        self.dirty = False
        focus_key = getattr(self.focused, "key", None) or self._focus_key
        pressed = self._pressed
        self.hover = None
        self._build()
        if right_to_left():  # read from the right: rows, buttons, alignment, the Back button
            for w in self.widgets:
                w.mirror(self.dims[0])
        self.focused = next(
            (w for w in self.widgets if w.focusable and getattr(w, "key", None) == focus_key),
            None,
        ) or (self._primary() if self.enter_presses_primary else None)
        self._focus_key = focus_key if self.focused is not None else None
        pressed_key = getattr(pressed, "key", None)  # a press survives a rebuild
        self._pressed = next(
            (w for w in self.widgets if pressed_key and getattr(w, "key", None) == pressed_key),
            None,
        )
        old = [shown for texts in self._shown for shown in texts]
        self._looks = [[] for _ in self.widgets]
        self._shown = [[] for _ in self.widgets]
        self._look_again(range(len(self.widgets)), old)

    def _build(self) -> None:
        """:meth:`build` for the window at the largest growth, from the whole Text size down
        in tenths, at which it fits (:meth:`_fits`; where none does, at what any screen's
        layout has room for, :data:`~game.ui.scale.SCREEN_ROOM`). A kiosk's screens spend
        that room on their larger targets: they do not grow."""
        width, height = self.dims
        sizing = self.services.sizing
        least = sizing.least_growth(width, height)
        growth = least if sizing.kiosk else sizing.text
        window = Rect(0, 0, width, height).grown(0.5)
        while True:
            self._growth = max(growth, least)
            self.widgets, self.crowded = [], False
            self.build(width, height)
            if growth <= least or self._fits(window):
                return
            growth = round(growth - 0.1, 2)

    def _fits(self, window: Rect) -> bool:
        """Whether every widget is inside ``window``, every label's words fit it, no two
        widgets with words (labels, targets, lines) overlap and the build found room for
        all it lays out (a screen sets :attr:`crowded` where it did not). Boxes and sprites
        are drawn behind what they frame."""
        if self.crowded or not all(within(w.rect, window) for w in self.widgets):
            return False
        if not all(w.holds() for w in self.widgets if isinstance(w, Label)):
            return False
        worded = [w.rect for w in self.widgets if isinstance(w, WORDED)]
        return not any(a.overlaps(b) for i, a in enumerate(worded) for b in worded[i + 1 :])

    def _refresh(self, *widgets: Widget | None) -> None:
        """Ask ``widgets`` (the focus's or the hover's old and new) for their look and
        texts again, and no other: a text they show as before stays as it is."""
        places = [i for i, w in enumerate(self.widgets) if any(w is x for x in widgets)]
        self._look_again(places, [shown for i in places for shown in self._shown[i]])

    def _look_again(self, places: Iterable[int], old: list[Shown]) -> None:
        """The look and texts of the widgets at ``places``; ``old`` are the texts they may keep."""
        self.stale = True
        self._spare = {}
        for shown in old:
            self._spare.setdefault(shown.spec, []).append(shown)
        for i in places:
            widget = self.widgets[i]
            self._looks[i] = widget.look(self)
            self._adding = []
            widget.add_texts(self)
            self._shown[i] = self._adding
        for left in self._spare.values():  # texts no widget shows any more
            for shown in left:
                shown.item.label.delete()
        self._spare, self._adding = {}, []
        self._paint()

    def _paint(self) -> None:
        """What a frame draws: the looks in order, one batch of fills up to each widget that
        draws more than its look (sprites, scrolling lines), then that widget, and so on."""
        self._layers = []
        run: Fills | None = None
        used = 0
        for widget, look in zip(self.widgets, self._looks, strict=True):
            if look:
                if run is None:
                    if used == len(self._fills):
                        self._fills.append(Fills(snap=False))
                    run = self._fills[used]
                    run.ground = self.ground() if not self._layers else None
                    used += 1
                    run.clear()
                    self._layers.append(run)
                for rect, colour in look:
                    run.add(rect, colour)
            if type(widget).draw is not Widget.draw:  # it draws more: the next looks go over it
                self._layers.append(widget)
                run = None

    def text(
        self,
        text: str,
        x: float,
        y: float,
        size: float,
        colour: Colour,
        anchor_x: str = "left",
        anchor_y: str = "center",
        bold: bool = False,
        **kw: Any,
    ) -> arcade.Text:
        """A text of the widget being asked (:meth:`Widget.add_texts`): the one it showed
        already if it asks for the same one (moved or recoloured if need be), else a new one;
        never smaller than :data:`MIN_TEXT` (see :func:`legible`)."""
        size = legible(size)
        spec = (text, size, anchor_x, anchor_y, bold, right_to_left(), tuple(sorted(kw.items())))
        spare = self._spare.get(spec)
        at, rgba = (x, y), tuple(colour)
        if spare:
            shown = next((s for s in spare if s.at == at), spare[0])
            spare.remove(shown)
            item = shown.item
            if shown.at != at:
                item.position = position(text, x, y, size, anchor_y, bool(kw.get("multiline")))
            if shown.colour != rgba:
                item.color = colour
        else:
            item = make_text(text, x, y, colour, size, anchor_x, anchor_y, bold, self.batch, **kw)
        self._adding.append(Shown(spec, item, text, at, rgba))
        return item

    def buttons(self) -> list[Button]:
        """The buttons on screen now (tests press them by key)."""
        self.ensure()
        return [w for w in self.widgets if isinstance(w, Button)]

    def button(self, key: str) -> Button | None:
        return next((b for b in self.buttons() if b.key == key), None)

    def widget(self, key: str) -> Widget | None:
        """The button or field called ``key`` (tests tap it)."""
        self.ensure()
        return next(
            (w for w in self.widgets if w.focusable and getattr(w, "key", None) == key), None
        )

    def texts(self) -> list[str]:
        """Every text on screen now (tests read them)."""
        self.ensure()
        found = [shown.written for texts in self._shown for shown in texts]
        for w in self.widgets:
            if isinstance(w, ScrollLines):
                found += w.lines
        return found

    # -- arcade events ---------------------------------------------------------------

    def on_show_view(self) -> None:
        self.dims = self.services.size
        self.changed()

    def on_resize(self, width: int, height: int) -> None:
        self.dims = (width, height)
        self.changed()

    def on_draw(self) -> None:
        self.ensure()
        self.stale = False
        self.draw_under()
        framebuffer = self.window.ctx.active_framebuffer
        for layer in self._layers:
            if isinstance(layer, Fills):
                layer.draw(framebuffer)
            else:
                layer.draw(self)
        self.batch.draw()
        self.draw_over()

    def draw_over(self) -> None:
        """Drawn after the widgets."""

    def on_update(self, delta_time: float) -> None:
        self.ensure()

    def on_mouse_motion(self, x: int, y: int, dx: int, dy: int) -> None:
        self.ensure()
        hover = self._widget_at(x, y)
        if hover is not self.hover:
            old, self.hover = self.hover, hover
            self._refresh(old, hover)

    def on_mouse_press(self, x: int, y: int, button: int, modifiers: int) -> None:
        self.ensure()
        self._pressed = self._widget_at(x, y)
        if isinstance(self._pressed, TextField):
            self._set_focus(self._pressed)

    def on_mouse_release(self, x: int, y: int, button: int, modifiers: int) -> None:
        self.ensure()
        pressed, self._pressed = self._pressed, None
        if pressed is None or not pressed.hit(x, y) or button != arcade.MOUSE_BUTTON_LEFT:
            return
        if isinstance(pressed, Button | TextField):
            pressed.press()
        elif isinstance(pressed, ScrollLines):
            pressed.tap(x, y)

    def on_mouse_drag(self, x: int, y: int, dx: int, dy: int, buttons: int, modifiers: int) -> None:
        self.ensure()
        for w in self.widgets:
            if isinstance(w, ScrollLines) and w.hit(x, y):
                w.scroll(dy)
                self._pressed = None  # a drag that scrolled is not a tap

    def on_mouse_scroll(self, x: int, y: int, scroll_x: float, scroll_y: float) -> None:
        self.ensure()
        for w in self.widgets:
            if isinstance(w, ScrollLines) and w.hit(x, y):
                w.scroll(-scroll_y * w.line_h * 3)

    def on_key_press(self, symbol: int, modifiers: int) -> None:
        self.ensure()
        k = arcade.key
        field = self.focused if isinstance(self.focused, TextField) else None
        if symbol == k.ESCAPE:
            if field is not None:
                self._set_focus(None)
            else:
                self.back()
        elif symbol == k.F1:
            self.show_keys()
        elif symbol == k.BACKSPACE and field is not None:
            field.erase()
        elif tab_step(symbol, modifiers):
            self._move_focus(tab_step(symbol, modifiers))
        elif symbol in (k.DOWN, k.RIGHT):
            self._move_focus(1)
        elif symbol in (k.UP, k.LEFT):
            self._move_focus(-1)
        elif symbol in (k.ENTER, k.RETURN, k.NUM_ENTER) or (symbol == k.SPACE and field is None):
            if isinstance(self.focused, Button):
                self.focused.press()
            elif field is not None:
                self._move_focus(1)
        elif symbol in (k.PAGEUP, k.PAGEDOWN, k.HOME, k.END):
            for w in self.widgets:
                if isinstance(w, ScrollLines):
                    page = w.rect.height * 0.9
                    step = {k.PAGEUP: -page, k.PAGEDOWN: page, k.HOME: -1e9, k.END: 1e9}[symbol]
                    w.scroll(step)

    def on_text(self, text: str) -> None:
        self.ensure()
        field = self.focused if isinstance(self.focused, TextField) else None
        if text == "?" and (field is None or field.digits):
            self.show_keys()
        elif field is not None:
            field.type(text)

    # -- helpers ---------------------------------------------------------------

    def _primary(self) -> Widget | None:
        """The screen's primary button (what Enter does before any other key is pressed)."""
        return next(
            (
                w
                for w in self.widgets
                if isinstance(w, Button) and w.style == "primary" and w.enabled
            ),
            None,
        )

    def _widget_at(self, x: float, y: float) -> Widget | None:
        for w in reversed(self.widgets):
            if (w.focusable or isinstance(w, ScrollLines)) and w.hit(x, y):
                return w
        return None

    def _move_focus(self, step: int) -> None:
        items = [w for w in self.widgets if w.focusable and getattr(w, "enabled", True)]
        if not items:
            return
        i = items.index(self.focused) + step if self.focused in items else (0 if step > 0 else -1)
        self._set_focus(items[i % len(items)])

    def _set_focus(self, widget: Widget | None) -> None:
        old, self.focused = self.focused, widget
        self._focus_key = getattr(widget, "key", None)
        self._refresh(old, widget)


# -- layout helpers ---------------------------------------------------------------------


def outline(rect: Rect, colour: Colour, width: float) -> Look:
    """A frame ``width`` wide astride ``rect``'s edges, as four rectangles (where arcade's
    outline of the rectangle falls): the top and bottom bands whole, the sides between."""
    half = width / 2
    x0, y0, x1, y1 = rect.x0 - half, rect.y0 - half, rect.x1 + half, rect.y1 + half
    return [
        (Rect(x0, y1 - width, x1, y1), colour),
        (Rect(x0, y0, x1, y0 + width), colour),
        (Rect(x0, y0 + width, x0 + width, y1 - width), colour),
        (Rect(x1 - width, y0 + width, x1, y1 - width), colour),
    ]


def within(rect: Rect, area: Rect) -> bool:
    """Whether ``rect`` lies inside ``area``."""
    return area.x0 <= rect.x0 and rect.x1 <= area.x1 and area.y0 <= rect.y0 and rect.y1 <= area.y1


def touchable(rect: Rect, finger: float = MIN_TOUCH) -> Rect:
    """``rect`` grown about its centre to a ``finger``'s size at least (:data:`MIN_TOUCH`,
    a kiosk's more)."""
    w, h = max(rect.width, finger), max(rect.height, finger)
    return centred(*rect.centre, w, h)


def wrapped_height(text: str, width: float, size: float, bold: bool = False) -> float:
    """How tall ``text`` stands wrapped to ``width`` at ``size`` (as a wrapped label draws
    it): its lines, each a line of the font high."""
    size = legible(size)
    lines = sum(len(wrap(p, max(10.0, width), size, bold)) for p in text.split("\n"))
    return lines * text_height(size, bold)


def centred(cx: float, cy: float, w: float, h: float) -> Rect:
    return Rect(cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2)


def row(area: Rect, count: int, gap: float, weights: Sequence[float] | None = None) -> list[Rect]:
    """``count`` cells side by side across ``area``: equal, or as wide as ``weights`` say
    (in proportion: the widths their labels need, say)."""
    if count <= 0:
        return []
    shares = list(weights) if weights else [1.0] * count
    room = (area.width - gap * (count - 1)) / sum(shares)
    cells, x = [], area.x0
    for share in shares:
        cells.append(Rect(x, area.y0, x + share * room, area.y1))
        x += share * room + gap
    return cells


def label_weights(labels: Sequence[str], size: float) -> list[float]:
    """Weights for :func:`row` that give each button the width its label needs at ``size``
    (never under :data:`MIN_TEXT`) and the rest in proportion: "Mexican Train" beside
    "Draw" gets the room it needs, in a small window too."""
    return [text_width(label, legible(size), True) + 24 for label in labels]


def language_picker(
    area: Rect, gap: float, size: float, choose: Callable[[str], None]
) -> list[Button]:
    """Every language in its own name side by side across ``area``, the one in use marked.

    The one picker (a kiosk's title, Settings): each is a button, so a tap or Tab/arrows
    and Enter reach it, and ``choose`` gets the language's code. Each name gets its own
    width and an equal share of the rest when equal cells are too narrow for one, so a long
    name ("Bahasa Indonesia") keeps its size.
    """
    codes = languages()
    names = [language_name(code) for code in codes]
    size = legible(size)  # measured at the size the buttons draw
    room = area.width - gap * (len(codes) - 1)
    need = [text_width(name, size, True) + 16 for name in names]
    spare = room - sum(need)
    if max(need) <= room / len(codes):  # all fit alike: equal cells
        widths = [room / len(codes)] * len(codes)
    elif spare >= 0:
        widths = [n + spare / len(need) for n in need]
    else:
        widths = [n * room / sum(need) for n in need]
    buttons, x = [], area.x0
    for code, name, w in zip(codes, names, widths, strict=True):
        rect = Rect(x, area.y0, x + w, area.y1)
        style = "selected" if code == language() else "quiet"
        buttons.append(
            Button(rect, name, partial(choose, code), style, key=f"lang:{code}", size=size)
        )
        x += w + gap
    return buttons


def column(top: float, x0: float, x1: float, heights: list[float], gap: float) -> list[Rect]:
    """Rectangles stacked downward from ``top``."""
    rects, y = [], top
    for h in heights:
        rects.append(Rect(x0, y - h, x1, y))
        y -= h + gap
    return rects
