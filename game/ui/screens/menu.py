"""The title, the settings, the in-game menu and the "are you sure?" question.

Overlays (the in-game menu, the question, the panels in :mod:`overlays`)
draw the paused table dimmed underneath, so the player keeps their bearings;
the table itself gets no frames while they show, which is the pause.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import arcade

from game.i18n import language, language_name, languages, t
from game.rules.tiles import Tile
from game.settings import COLOUR_PIPS, PACES
from game.ui.art.textures import TileTextures
from game.ui.board.geometry import Rect
from game.ui.widgets.kit import (
    BAR,
    DIM,
    GOLD,
    WARN,
    Box,
    Button,
    Label,
    Screen,
    SpriteBox,
    centred,
    column,
    row,
)
from game.ui.words.wording import term

if TYPE_CHECKING:
    from game.ui.router import Shell

DIMMER = (0, 0, 0, 150)
TITLE_TILES = ((6, 6), (6, 3), (5, 5), (4, 1), (3, 3), (2, 0), (1, 1))


class Overlay(Screen):
    """A screen over the paused table (or over the felt when there is no match)."""

    def draw_under(self) -> None:
        table = self.shell.table
        if table is not None and self.shell.table_showing_under:
            table.on_draw()
            w, h = self.dims
            arcade.draw_lbwh_rectangle_filled(0, 0, w, h, DIMMER)
        else:
            self.clear(color=self.background)


class TitleView(Screen):
    """Play, Resume, Rules, Settings, Quit — and one line if something needs saying."""

    def __init__(self, shell: Shell, note: str = "") -> None:
        super().__init__(shell)
        self.note = note
        self._textures: TileTextures | None = None

    def build(self, width: int, height: int) -> None:
        u = self.unit
        cx = width / 2
        self._tiles(width, height, u)
        self.add(
            Label(
                centred(cx, height * 0.78, width, 90 * u),
                t("title.name"),
                64 * u,
                GOLD,
                "center",
                True,
            )
        )
        self.add(
            Label(
                Rect(40 * u, height * 0.78 - 100 * u, width - 40 * u, height * 0.78 - 46 * u),
                t("title.tagline"),
                18 * u,
                DIM,
                "center",
                wrap=True,
            )
        )
        items: list[tuple[str, str, Callable[[], None] | None, str]] = [
            ("play", t("title.play"), self.shell.show_setup, "primary"),
            (
                "rules",
                t("title.rules"),
                lambda: self.shell.show_rules(self.shell.show_title),
                "normal",
            ),
            (
                "settings",
                t("title.settings"),
                lambda: self.shell.show_settings(self.shell.show_title),
                "normal",
            ),
        ]
        if not self.shell.kiosk:  # a kiosk keeps no match for a later visitor, and never quits
            resume = self.shell.resume if self.shell.store.has_match() else None
            items.insert(1, ("resume", t("title.resume"), resume, "normal"))
            items.append(("quit", t("title.quit"), self.shell.ask_quit, "quiet"))
        k = self.touch
        bw, bh, gap = 340 * k, 58 * k, 12 * k
        top = height * 0.58
        for (key, label, fn, style), r in zip(
            items, column(top, cx - bw / 2, cx + bw / 2, [bh] * len(items), gap), strict=True
        ):
            self.add(Button(r, label, fn, style, key=key, size=20 * k))
        if self.note:
            self.add(
                Label(Rect(20, 10, width - 20, 10 + 40 * u), self.note, 15 * u, WARN, "center")
            )

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
    """Language, fullscreen, pace, sound, colour pips, the deal animation; saved at once."""

    background = BAR

    def __init__(self, shell: Shell, back: Callable[[], None]) -> None:
        super().__init__(shell)
        self._back = back

    def back(self) -> None:
        self._back()

    def build(self, width: int, height: int) -> None:
        s = self.shell.settings
        u = self.unit
        cx = width / 2
        self.add(
            Label(
                centred(cx, height - 60 * u, width, 50 * u),
                t("settings.title"),
                34 * u,
                GOLD,
                "center",
                True,
            )
        )
        on_off = {True: t("settings.on"), False: t("settings.off")}
        # what is true, not what was saved: the language in use (one there is words for)
        # and whether the window is fullscreen; one language alone offers no choice
        choose = self._language if len(languages()) > 1 else None
        fullscreen = self.window.fullscreen
        rows = [
            ("language", t("settings.language"), language_name(language()), choose),
            ("fullscreen", t("settings.fullscreen"), on_off[fullscreen], self._fullscreen),
            ("pace", t("settings.pace"), t(f"pace.{s.pace}"), self._pace),
            ("sound", t("settings.sound"), on_off[s.sound], self._toggle("sound")),
            ("colour_pips", t("settings.colour_pips"), t(f"colour.{s.colour_pips}"), self._colours),
            (
                "deal_animation",
                t("settings.deal_animation"),
                on_off[s.deal_animation],
                self._toggle("deal_animation"),
            ),
        ]
        if self.shell.kiosk:  # a kiosk stays fullscreen
            rows = [r for r in rows if r[0] != "fullscreen"]
        w = min(760 * u, width - 40)
        rects = column(height - 130 * u, cx - w / 2, cx + w / 2, [54 * u] * len(rows), 10 * u)
        for (key, label, value, fn), r in zip(rows, rects, strict=True):
            left, right = (
                Rect(r.x0, r.y0, r.x0 + r.width * 0.55, r.y1),
                Rect(r.x0 + r.width * 0.58, r.y0, r.x1, r.y1),
            )
            self.add(Label(left, label, 19 * u, bold=True))
            self.add(Button(right, value, fn, "selected", key=key, size=18 * u))
        bottom = rects[-1].y0 - 90 * u
        if self.shell.kiosk:
            self.add(
                Label(
                    centred(cx, bottom + 48 * u, w, 28 * u),
                    t("settings.kiosk"),
                    15 * u,
                    DIM,
                    "center",
                )
            )
        self.add(
            Button(
                centred(cx, bottom, 260 * u, 56 * u),
                t("common.back"),
                self.back,
                "primary",
                key="back",
                size=19 * u,
            )
        )

    def _changed(self) -> None:
        self.shell.save_settings()
        self.changed()

    def _language(self) -> None:
        codes = languages()
        s = self.shell.settings
        now = language()
        s.language = codes[(codes.index(now) + 1) % len(codes)] if now in codes else codes[0]
        self._changed()

    def _fullscreen(self) -> None:
        """Switch the window, keep what it became, and lay everything out for its size now.

        (Not every platform reports the new size by itself, headless pyglet never does;
        a second report of the same size when it comes changes nothing.)
        """
        window = self.window
        window.set_fullscreen(not window.fullscreen)
        self.shell.settings.fullscreen = window.fullscreen
        window.dispatch_event("on_resize", window.width, window.height)
        self._changed()

    def _pace(self) -> None:
        s = self.shell.settings
        names = list(PACES)
        s.pace = names[(names.index(s.pace) + 1) % len(names)]
        self._changed()

    def _colours(self) -> None:
        s = self.shell.settings
        s.colour_pips = COLOUR_PIPS[(COLOUR_PIPS.index(s.colour_pips) + 1) % len(COLOUR_PIPS)]
        self.shell.colours_changed()
        self._changed()

    def _toggle(self, name: str) -> Callable[[], None]:
        def flip() -> None:
            setattr(self.shell.settings, name, not getattr(self.shell.settings, name))
            self._changed()

        return flip


class GameMenuView(Overlay):
    """The table's menu: the match is paused while it shows."""

    def back(self) -> None:
        self.shell.show_table()

    def build(self, width: int, height: int) -> None:
        u = self.unit
        shell = self.shell
        table = shell.table
        assert table is not None
        cx = width / 2
        items: list[tuple[str, str, Callable[[], None] | None, str]] = [
            ("resume", t("menu.resume"), shell.show_table, "primary"),
            (
                "rules",
                t("menu.rules"),
                lambda: shell.show_rules(shell.show_menu, table.match.ruleset.name),
                "normal",
            ),
            ("log", t("menu.log"), lambda: shell.show_log(shell.show_menu), "normal"),
            ("scores", t("menu.scores"), lambda: shell.show_scores(shell.show_menu), "normal"),
            ("undo", t("menu.undo"), self._undo if table.match.can_undo else None, "normal"),
            ("redo", t("menu.redo"), self._redo if table.match.can_redo else None, "normal"),
            ("restart", term(table.match.ruleset, "menu.restart"), table.ask_restart, "normal"),
            ("new", t("menu.new"), table.ask_new_match, "normal"),
            (
                "settings",
                t("menu.settings"),
                lambda: shell.show_settings(shell.show_menu),
                "normal",
            ),
            ("title", t("menu.title"), shell.leave, "quiet"),
        ]
        k = self.touch
        bw, bh, gap = 300 * k, 50 * k, 8 * k
        cols = 2 if height < len(items) * (bh + gap) + 160 * u else 1
        per = (len(items) + cols - 1) // cols
        total_w = cols * bw + (cols - 1) * 16 * u
        sheet_h = per * (bh + gap) + 110 * u
        sheet = centred(cx, height / 2, total_w + 60 * u, sheet_h)
        self.add(Box(sheet))
        self.add(
            Label(
                Rect(sheet.x0, sheet.y1 - 64 * u, sheet.x1, sheet.y1 - 10 * u),
                t("menu.paused"),
                28 * u,
                GOLD,
                "center",
                True,
            )
        )
        top = sheet.y1 - 76 * u
        for c in range(cols):
            x0 = cx - total_w / 2 + c * (bw + 16 * u)
            chunk = items[c * per : (c + 1) * per]
            for (key, label, fn, style), r in zip(
                chunk, column(top, x0, x0 + bw, [bh] * len(chunk), gap), strict=True
            ):
                self.add(Button(r, label, fn, style, key=key, size=18 * k))

    def _undo(self) -> None:
        assert self.shell.table is not None
        self.shell.table.undo()
        self.shell.show_table()

    def _redo(self) -> None:
        assert self.shell.table is not None
        self.shell.table.redo()
        self.shell.show_table()


class ConfirmView(Overlay):
    """One question before something undo cannot take back."""

    def __init__(
        self,
        shell: Shell,
        question: str,
        detail: str,
        yes: str,
        do: Callable[[], None],
        back: Callable[[], None],
    ) -> None:
        super().__init__(shell)
        self.question, self.detail, self.yes = question, detail, yes
        self._do, self._back = do, back

    def back(self) -> None:
        self._back()

    def accept(self) -> None:
        """Yes: back to where the question came from, then the act (Quit closes the window)."""
        self._back()
        self._do()

    def build(self, width: int, height: int) -> None:
        u = self.unit
        sheet = centred(width / 2, height / 2, min(640 * u, width - 40), 240 * u)
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
            Rect(sheet.x0 + 30 * u, sheet.y0 + 24 * u, sheet.x1 - 30 * u, sheet.y0 + 80 * u),
            2,
            20 * u,
        )
        self.add(Button(no, t("common.cancel"), self.back, "normal", key="no", size=19 * u))
        self.add(Button(yes, self.yes, self.accept, "primary", key="yes", size=19 * u))
