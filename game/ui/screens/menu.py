"""The title, the settings, the in-game menu and the "are you sure?" question.

Overlays (the in-game menu, the question, the panels in :mod:`overlays`)
draw the paused table dimmed underneath, so the player keeps their bearings;
the table itself gets no frames while they show, which is the pause.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import arcade

from game.i18n import N_, _
from game.match import Match
from game.rules.tiles import Tile
from game.settings import COLOUR_PIPS, PACES, TEXT_SIZES, TOUCH_PANELS
from game.ui.art.textures import TileTextures
from game.ui.board.geometry import Rect
from game.ui.routes import Game, Navigator, Question, Route
from game.ui.services import Services
from game.ui.theme import BAR, DIM, DIMMER, GOLD, WARN, Colour
from game.ui.widgets.kit import (
    Box,
    Button,
    Label,
    Screen,
    SpriteBox,
    centred,
    column,
    language_picker,
    legible,
    row,
)
from game.ui.widgets.text import fit_size, text_height, text_width, wrap
from game.ui.words.wording import term

PACE_NAMES = {
    "slow": N_("Slow"),
    "normal": N_("Normal"),
    "fast": N_("Fast"),
    "instant": N_("Instant"),
}
COLOUR_NAMES = {"auto": N_("Double-twelve only"), "on": N_("Always"), "off": N_("Never")}
PANEL_NAMES = {  # how the touch panel is mounted (game.ui.touch.panel)
    "as-is": N_("As it is"),
    "turned-right": N_("Turned right"),
    "upside-down": N_("Upside down"),
    "turned-left": N_("Turned left"),
    "mirrored": N_("Mirrored"),
    "flipped": N_("Flipped"),
}

TITLE_TILES = ((6, 6), (6, 3), (5, 5), (4, 1), (3, 3), (2, 0), (1, 1))


class Overlay(Screen):
    """A screen over the paused table (``under``, drawn dimmed), else over the felt."""

    def __init__(self, nav: Navigator, services: Services, under: arcade.View | None) -> None:
        super().__init__(nav, services)
        self.under = under

    def back(self) -> None:
        self.nav.back()

    def draw_under(self) -> None:
        if self.under is not None:
            self.under.on_draw()
            w, h = self.dims
            arcade.draw_lbwh_rectangle_filled(0, 0, w, h, DIMMER)
        else:
            super().draw_under()

    def ground(self) -> Colour | None:
        return None if self.under is not None else super().ground()


LINE = 1.5  # a wrapped note's line, in font sizes (pyglet's leading, with room)


class TitleView(Screen):
    """Play, Resume, Rules, Settings, Quit — and one line if something needs saying."""

    def __init__(self, nav: Navigator, services: Services, notes: Sequence[str] = ()) -> None:
        super().__init__(nav, services)
        self.notes = list(notes)
        self._textures: TileTextures | None = None

    def build(self, width: int, height: int) -> None:
        # the name and its row of tiles keep their size (they are large already); the words
        # under them and the buttons grow with the Text size (``u``), the buttons in more
        # columns as they do
        u, f = self.unit, self.fit
        cx = width / 2
        self._tiles(width, height, f)
        self.add(
            Label(
                centred(cx, height * 0.78, width, 104 * f),
                _("BONEYARD"),
                64 * f,
                GOLD,
                "center",
                True,
            )
        )
        line = _("Dominoes for one table: Block, Draw, All Fives, Longana, Mexican Train, Cuban")
        size = legible(18 * u)
        tall = max(54 * f, len(wrap(line, width - 80 * u, size)) * text_height(size) + 4 * f)
        below = height * 0.78 - 56 * f  # the name's foot
        self.add(
            Label(
                Rect(40 * u, below - tall, width - 40 * u, below),
                line,
                size,
                DIM,
                "center",
                wrap=True,
            )
        )
        go = self.go
        items: list[tuple[str, str, Callable[[], None] | None, str]] = [
            ("play", _("Play"), go(Route.SETUP), "primary"),
            ("rules", _("Rules"), go(Route.RULES), "normal"),
            ("learn", _("Learn to play"), go(Route.LEARN), "normal"),
            ("puzzles", _("Puzzles"), go(Route.PUZZLES), "normal"),
            ("history", _("History"), go(Route.HISTORY), "normal"),
            ("settings", _("Settings"), go(Route.SETTINGS), "normal"),
        ]
        services = self.services
        # a kiosk keeps no match for a later visitor, names no folder of its account, and
        # never quits
        if not services.kiosk:
            resume = go(Route.RESUME) if services.store.has_match() else None
            items.insert(1, ("resume", _("Resume"), resume, "normal"))
            items.append(("about", _("About"), go(Route.ABOUT), "quiet"))
            items.append(("quit", _("Quit"), go(Route.QUIT), "quiet"))
        k = self.touch
        bw, bh, gap = 340 * k, self.finger(58 * f * services.scale, 20 * k), 12 * f
        top = min(height * 0.58, below - tall - 16 * f)
        picker = Rect(40 * u, 60 * u, width - 40 * u, 60 * u + self.finger(48 * k, 17 * k))
        floor = picker.y1 + 16 * u if services.kiosk else 50 * f  # a kiosk's languages
        # the fewest columns (up to three) that hold them all: two when crowded
        cols = next((c for c in (1, 2) if -(-len(items) // c) * (bh + gap) <= top - floor), 3)
        per = -(-len(items) // cols)
        bw = min(bw, (width - 80 * u - (cols - 1) * 24 * k) / cols)  # as a narrow window leaves
        for c in range(cols):
            x0 = cx - (cols * bw + (cols - 1) * 24 * k) / 2 + c * (bw + 24 * k)
            chunk = items[c * per : (c + 1) * per]
            rects = column(top, x0, x0 + bw, [bh] * len(chunk), gap)
            for (key, label, fn, style), r in zip(chunk, rects, strict=True):
                self.add(Button(r, label, fn, style, key=key, size=20 * k))
        if services.kiosk:  # each visitor may speak another language: the four, in their own
            for button in language_picker(picker, 10 * u, 17 * k, self._speak):
                self.add(button)
        y, size = 10 * u, 15 * u
        for note in reversed(self.notes):  # each wrapped whole, the first said on top
            tall = len(wrap(note, width - 80 * u, legible(size))) * legible(size) * LINE
            self.add(
                Label(
                    Rect(40 * u, y, width - 40 * u, y + tall), note, size, WARN, "center", wrap=True
                )
            )
            y += tall + 6 * u

    def _speak(self, code: str) -> None:
        """A kiosk visitor's language, for this visit (the kiosk's own comes back when idle)."""
        self.services.settings.language = code
        self.services.save_settings()  # a kiosk writes nothing: this only applies it
        self.changed()

    def _tiles(self, width: int, height: int, u: float) -> None:
        """A row of tiles across the title, for the look of the thing."""
        if self._textures is None:
            self._textures = TileTextures(6)
        sprites: arcade.SpriteList[arcade.Sprite] = arcade.SpriteList()
        n = len(TITLE_TILES)
        step = min(width / (n + 1), 130 * u)
        y = height * 0.9
        for i, (a, b) in enumerate(TITLE_TILES):
            sprite = arcade.Sprite(self._textures.face(Tile(a, b), 1))
            sprite.scale = 44 * u / sprite.texture.height
            sprite.position = (
                width / 2 + (i - (n - 1) / 2) * step,
                y + (8 * u if i % 2 else -8 * u),
            )
            sprite.angle = (-8, 5, -3, 7, -6, 4, -2)[i]
            sprites.append(sprite)
        self.add(SpriteBox(Rect(0, y - 40, width, y + 40), sprites))


class SettingsView(Screen):
    """Language, fullscreen, pace, sound, colour pips, the deal animation, the celebrations,
    the table's text size, the touch panel's mounting; saved at once."""

    background = BAR

    def __init__(self, nav: Navigator, services: Services) -> None:
        super().__init__(nav, services)
        self.start = 0  # the first row shown, when they come in pages

    def back(self) -> None:
        self.nav.back()

    def build(self, width: int, height: int) -> None:
        s = self.services.settings
        u = self.unit
        cx = width / 2
        self.add(
            Label(
                centred(cx, height - 60 * u, width, 50 * u),
                _("Settings"),
                34 * u,
                GOLD,
                "center",
                True,
            )
        )
        on_off = {True: _("On"), False: _("Off")}
        # what is true, not what was saved: the language in use (one there is words for,
        # marked among the four, each in its own name) and whether the window is fullscreen
        fullscreen = self.window.fullscreen
        rows: list[tuple[str, str, str, Callable[[], None] | None]] = [
            ("language", _("Language"), "", None),
            # next to the top: on the first page when the words it makes larger need pages
            ("text_size", _("Text size"), _("{n}%").format(n=s.text_size), self._text_size),
            ("fullscreen", _("Fullscreen"), on_off[fullscreen], self._fullscreen),
            ("pace", _("Computer pace"), _(PACE_NAMES[s.pace]), self._pace),
            ("sound", _("Sound"), on_off[s.sound], self._toggle("sound")),
            ("colour_pips", _("Coloured pips"), _(COLOUR_NAMES[s.colour_pips]), self._colours),
            (
                "deal_animation",
                _("Shuffle animation"),
                on_off[s.deal_animation],
                self._toggle("deal_animation"),
            ),
            (
                "celebrations",
                _("Celebrations"),
                on_off[s.celebrations],
                self._toggle("celebrations"),
            ),
            ("touch_panel", _("Touch panel"), _(PANEL_NAMES[s.touch_panel]), self._panel),
        ]
        if self.services.kiosk:  # a kiosk stays fullscreen
            rows = [r for r in rows if r[0] != "fullscreen"]
        # the language's four names across the top; under them the other rows, each a
        # finger high, in one column, or two where one would push Back off the window,
        # or pages of them (up and down beside Back) where two would too
        f = self.fit  # the rows as high as the window alone makes them, or their words need
        back_h, above = self.finger(56 * f, 19 * u, 10 * f), (62 if self.services.kiosk else 16) * u
        row_h, gap = self.finger(54 * f, 19 * u, 10 * f), 10 * f
        top = height - 100 * u
        floor = 16 * u + back_h + above  # Back, and the kiosk's line over it
        fits = max(1, int((top - floor + gap) / (row_h + gap)) - 1)  # under the language's
        others = rows[1:]
        one = min(max(760 * u, 620), width - 40)  # the four languages' names need 620 at least
        named = max(text_width(label, legible(19 * u), True) for _k, label, _v, _f in others)
        need = named + max(text_width(value, legible(18 * u), True) for _k, _l, value, _f in others)
        cols = 1 if len(others) <= fits or width - 40 * u < 2 * (need + 60 * u) + 24 * u else 2
        w = one if cols == 1 else width - 40 * u
        per = min(fits, -(-len(others) // cols))
        self.start = min(self.start, max(0, len(others) - 1)) // (per * cols) * (per * cols)
        shown = others[self.start : self.start + per * cols]
        lang_r = Rect(cx - w / 2, top - row_h, cx + w / 2, top)
        self._row(lang_r, rows[0], 0.22 if cols == 1 else 0.12, u)
        col_w = (w - (cols - 1) * 24 * u) / cols
        # the names take what the longest needs, between 0.3 and 0.55 of a row
        split = min(0.55, max(0.3, (named + 12 * u) / col_w))
        for i, item in enumerate(shown):
            c, r_ = divmod(i, per)
            x0 = lang_r.x0 + c * (col_w + 24 * u)
            y1 = lang_r.y0 - gap - r_ * (row_h + gap)
            self._row(Rect(x0, y1 - row_h, x0 + col_w, y1), item, split, u)
        bottom = 16 * u + back_h / 2  # Back's middle
        if self.services.kiosk:
            self.add(
                Label(
                    centred(cx, bottom + back_h / 2 + 20 * u, w, 28 * u),
                    _("A kiosk keeps these changes for this visitor only."),
                    15 * u,
                    DIM,
                    "center",
                )
            )
        back_w = min(260 * u, width - 2 * (200 * self.touch + max(100 * self.touch, back_h)))
        self.add(
            Button(
                centred(cx, bottom, max(back_w, 160 * u), back_h),
                _("Back"),
                self.back,
                "primary",
                key="back",
                size=19 * u,
            )
        )
        if len(shown) < len(others):
            self.add_pages(self.start, per * cols, len(others), bottom, self._turn)

    def _row(
        self, r: Rect, item: tuple[str, str, str, Callable[[], None] | None], split: float, u: float
    ) -> None:
        """One setting in ``r``: its name on the left (smaller if it is long), its value a
        button on the right (the languages' four names, on the language's row)."""
        key, label, value, fn = item
        left = Rect(r.x0, r.y0, r.x0 + r.width * split, r.y1)
        right = Rect(r.x0 + r.width * (split + 0.03), r.y0, r.x1, r.y1)
        self.add(Label(left, label, fit_size(label, legible(19 * u), left.width, True), bold=True))
        if key == "language":
            for button in language_picker(right, 8 * u, 18 * u, self._language):
                self.add(button)
        else:
            self.add(Button(right, value, fn, "selected", key=key, size=18 * u))

    def _turn(self, start: int) -> None:
        self.start = start
        self.changed()

    def _changed(self) -> None:
        self.services.save_settings()
        self.changed()

    def _language(self, code: str) -> None:
        self.services.settings.language = code
        self._changed()

    def _fullscreen(self) -> None:
        """Switch the window, keep what it became, and lay everything out for its size now.

        (Not every platform reports the new size by itself, headless pyglet never does;
        a second report of the same size when it comes changes nothing.)
        """
        window = self.window
        window.set_fullscreen(not window.fullscreen)
        self.services.settings.fullscreen = window.fullscreen
        window.dispatch_event("on_resize", window.width, window.height)
        self._changed()

    def _pace(self) -> None:
        s = self.services.settings
        names = list(PACES)
        s.pace = names[(names.index(s.pace) + 1) % len(names)]
        self._changed()

    def _colours(self) -> None:
        s = self.services.settings
        s.colour_pips = COLOUR_PIPS[(COLOUR_PIPS.index(s.colour_pips) + 1) % len(COLOUR_PIPS)]
        self._changed()

    def _text_size(self) -> None:
        """The next Text size, round from 200 % back to 100 %: the table's bars, panels,
        hand and words grow with it, and this screen's and the others' (:mod:`game.ui.scale`)."""
        s = self.services.settings
        s.text_size = TEXT_SIZES[(TEXT_SIZES.index(s.text_size) + 1) % len(TEXT_SIZES)]
        self._changed()

    def _panel(self) -> None:
        """The next mounting: the operator steps on until a tap lands under the finger."""
        s = self.services.settings
        s.touch_panel = TOUCH_PANELS[(TOUCH_PANELS.index(s.touch_panel) + 1) % len(TOUCH_PANELS)]
        self._changed()

    def _toggle(self, name: str) -> Callable[[], None]:
        def flip() -> None:
            setattr(self.services.settings, name, not getattr(self.services.settings, name))
            self._changed()

        return flip


class GameMenuView(Overlay):
    """The table's menu: the match is paused while it shows."""

    def __init__(
        self, nav: Navigator, services: Services, under: arcade.View | None, match: Match
    ) -> None:
        super().__init__(nav, services, under)
        self.match = match

    def build(self, width: int, height: int) -> None:
        u = self.unit
        match = self.match
        cx = width / 2
        items: list[tuple[str, str, Callable[[], None] | None, str]] = [
            ("resume", _("Back to the table"), self.nav.back, "primary"),
            ("rules", _("Rules"), self.go(Route.RULES, Game(match.ruleset.name)), "normal"),
            ("log", _("Log"), self.go(Route.LOG), "normal"),
            ("scores", _("Scores"), self.go(Route.SCORES), "normal"),
            ("undo", _("Undo"), self.go(Route.UNDO) if match.can_undo else None, "normal"),
            ("redo", _("Redo"), self.go(Route.REDO) if match.can_redo else None, "normal"),
            (
                "restart",
                term(match.ruleset, N_("Restart round"), N_("Restart hand")),
                self.go(Route.RESTART),
                "normal",
            ),
            ("new", _("New match"), self.go(Route.NEW_MATCH), "normal"),
            ("settings", _("Settings"), self.go(Route.SETTINGS), "normal"),
            ("title", _("Main menu"), self.go(Route.LEAVE), "quiet"),
        ]
        k = self.touch
        bw, bh, gap = 300 * k, self.finger(50 * k), 8 * k
        cols = 2 if height < len(items) * (bh + gap) + 160 * u else 1
        per = (len(items) + cols - 1) // cols
        total_w = cols * bw + (cols - 1) * 16 * u
        sheet_h = per * (bh + gap) + 110 * u
        sheet = centred(cx, height / 2, total_w + 60 * u, sheet_h)
        self.add(Box(sheet))
        self.add(
            Label(
                Rect(sheet.x0, sheet.y1 - 64 * u, sheet.x1, sheet.y1 - 10 * u),
                _("Paused"),
                28 * u,
                GOLD,
                "center",
                True,
            )
        )
        top = sheet.y1 - 76 * u
        # row by row, so that pairs (Undo and Redo) sit side by side in two columns
        cells = [
            column(top, x0, x0 + bw, [bh] * per, gap)
            for x0 in (cx - total_w / 2 + c * (bw + 16 * u) for c in range(cols))
        ]
        for i, (key, label, fn, style) in enumerate(items):
            r = cells[i % cols][i // cols]
            self.add(Button(r, label, fn, style, key=key, size=18 * k))


class ConfirmView(Overlay):
    """One question before something undo cannot take back."""

    def __init__(
        self,
        nav: Navigator,
        services: Services,
        under: arcade.View | None,
        asked: Question,
    ) -> None:
        super().__init__(nav, services, under)
        self.question, self.detail, self.yes = asked.question, asked.detail, asked.yes
        self._do = asked.do

    def accept(self) -> None:
        """Yes: back to where the question came from, then the act (Quit closes the window)."""
        self.nav.back()
        self._do()

    def build(self, width: int, height: int) -> None:
        u = self.unit
        button_h = self.finger(56 * u)
        sheet = centred(width / 2, height / 2, min(640 * u, width - 40), 184 * u + button_h)
        self.add(Box(sheet))
        self.add(
            Label(
                Rect(sheet.x0, sheet.y1 - 70 * u, sheet.x1, sheet.y1 - 16 * u),
                self.question,
                26 * u,
                GOLD,
                "center",
                True,
            )
        )
        self.add(
            Label(
                Rect(sheet.x0 + 24 * u, sheet.y1 - 130 * u, sheet.x1 - 24 * u, sheet.y1 - 76 * u),
                self.detail,
                16 * u,
                DIM,
                "center",
                wrap=True,
            )
        )
        yes, no = row(
            Rect(
                sheet.x0 + 30 * u,
                sheet.y0 + 24 * u,
                sheet.x1 - 30 * u,
                sheet.y0 + 24 * u + button_h,
            ),
            2,
            20 * u,
        )
        self.add(Button(no, _("Cancel"), self.back, "normal", key="no", size=19 * u))
        self.add(Button(yes, self.yes, self.accept, "primary", key="yes", size=19 * u))
