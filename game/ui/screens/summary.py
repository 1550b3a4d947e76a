"""The end of a round (every hand shown, the scoring worked out) and the end of the match.

The round summary reads only ``state.results[-1]`` — the
:class:`~game.rules.RoundResult` the rules recorded: how the round ended,
who was credited, every hand as it ended and what each seat gained. All
hands open here and only here (every rule card shows them at the round's
end). The match-end screen names the winners — one seat, a team, or several
sides sharing the win — and the name the rules give a clean win (Cuban's
Pollona, Tripollúa).

Both cheer their winner (:mod:`game.ui.screens.cheer`): the name in large
words ("You win!" for the one human at the table), a cue, and tiles thrown
up — a handful over a round's summary, a shower at the match's end.
"""

from __future__ import annotations

import arcade

from game.i18n import N_, _
from game.match import Match
from game.rules.tiles import pip_total
from game.ui.art.textures import TileTextures
from game.ui.board.geometry import Rect
from game.ui.motion.shower import MOST, STEPS
from game.ui.routes import Navigator, Route
from game.ui.screens.cheer import Cheering
from game.ui.screens.sheet import add_sheet
from game.ui.services import Services
from game.ui.theme import BAR, CREDITED, DIM, GOLD, TEXT, UNCREDITED
from game.ui.widgets.kit import LINE as LINE_BOX
from game.ui.widgets.kit import (
    Box,
    Button,
    Label,
    SpriteBox,
    centred,
    column,
    label_weights,
    legible,
    row,
    wrapped_height,
)
from game.ui.widgets.marks import Marks
from game.ui.widgets.text import fit_size, text_height, text_width, wrap
from game.ui.words import names, narrate
from game.ui.words.wording import term

KINDS = {"human": N_("Human"), "computer": N_("Computer")}  # who sits in a seat

LINE = 17  # points (times the screen's unit): the size of the scoring lines
NAME_ROOM = 156  # a seat name's room in a row at most (times the unit): a longer one is cut
ROUND_TILES = 10  # tiles thrown up for a round's winner (a match's gets the most there are)
ROUND_STEPS = 100  # physics steps of a round's moment (1.7 s at 60 frames a second)


def you_of(match: Match) -> int | None:
    """The seat called "You": the one human at the table, if there is only one."""
    humans = [s for s in range(1, match.ruleset.players + 1) if match.is_human(s)]
    return humans[0] if len(humans) == 1 else None


def people_won(match: Match, winners: tuple[int, ...]) -> bool:
    """Whether a side with a person at the table took it (partners are credited together,
    so a side's every seat is among the winners): tiles are thrown for people, not when
    only the computer's side wins."""
    return any(match.is_human(seat) for seat in winners)


class RoundSummaryView(Cheering):
    """One finished round: the winner named, the hands, the arithmetic, the totals."""

    background = BAR

    def __init__(
        self,
        nav: Navigator,
        services: Services,
        match: Match,
        textures: TileTextures,
        first: bool = False,
        motion: bool = False,
    ) -> None:
        """``textures``: the table's own, so the hands look as they did on the table;
        ``first``: shown for the first time (the cue, and with ``motion`` the tiles)."""
        result = match.state.results[-1]
        cue = "chime" if first and result.winners else None
        super().__init__(nav, services, textures, cue, motion and first)
        self.match = match
        self.result = result
        self.shown_for = 0.0
        self.page = "hands"  # or "sheet": the match's scores so far (as Scores shows them)

    def back(self) -> None:
        self.nav.open(Route.ONWARD)

    def flip(self) -> None:
        """Between the round's hands and the scores of the whole match."""
        self.page = "hands" if self.page == "sheet" else "sheet"
        self.changed()

    def on_update(self, delta_time: float) -> None:
        super().on_update(delta_time)
        self.shown_for += delta_time
        autoplay = self.services.autoplay
        if autoplay is not None and self.shown_for >= autoplay:
            self.nav.open(Route.ONWARD)

    def build(self, width: int, height: int) -> None:
        u = self.unit
        match, result, go = self.match, self.result, self.go
        ruleset = match.ruleset
        state = match.state
        pad = 28 * u
        title = term(
            ruleset,
            N_("Round {round}: {how}"),
            N_("Hand {round}: {how}"),
            round=result.round,
            how=narrate.how_text(result),
        )
        band = Rect(pad, height - 70 * u, width - pad, height - 16 * u)
        cheer = narrate.round_cheer_line(result, ruleset, you_of(match))
        split = band.x0 + band.width * (0.56 if cheer else 1.0)
        room = split - band.x0 - 12 * u
        self.add(
            Label(
                Rect(band.x0, band.y0, split - 12 * u, band.y1),
                title,
                fit_size(title, 28 * u, room, True),
                GOLD,
                bold=True,
            )
        )
        if cheer:  # the round's winner, at the other end of the heading
            where = Rect(split, band.y0, band.x1, band.y1)
            size = fit_size(cheer, 26 * u, where.width, True)
            self.over_tiles(Label(where, cheer, size, TEXT, "right", True))
        over = state.over
        buttons = [
            (
                "next",
                _("See who won") if over else term(ruleset, N_("Next round"), N_("Next hand")),
                go(Route.ONWARD),
                "primary",
            ),
            (  # the match's scores shown here, in place of the hands (and back)
                "hands" if self.page == "sheet" else "sheet",
                _("The hands") if self.page == "sheet" else _("Scores"),
                self.flip,
                "normal",
            ),
            ("log", _("Log"), go(Route.LOG), "normal"),
            ("title", _("Main menu"), go(Route.LEAVE), "quiet"),
        ]
        bar = Rect(pad, 16 * u, width - pad, 70 * u)
        if cheer and people_won(match, result.winners):  # a handful of tiles from the
            self.cheer(  # winner's name, landing above the buttons: for a side with a person
                Rect(0, bar.y1 + 8 * u, width, height),
                (band.x1 - band.width * 0.2, band.centre[1]),
                22 * u,
                ruleset.tiles,
                ROUND_TILES,
                match.seed,
                f"round {result.round}",
                ROUND_STEPS,
                rise=0.25,  # the name is at the top: out to the sides and down
            )
        n = len(buttons)
        weights = label_weights([label for _key, label, _fn, _style in buttons], 17 * u)
        bar_w = max(n * 210 * u, sum(weights) + 10 * u * (n - 1))
        cells = row(Rect(max(bar.x0, bar.x1 - bar_w), bar.y0, bar.x1, bar.y1), n, 10 * u, weights)
        for (key, label, fn, style), r in zip(reversed(buttons), reversed(cells), strict=True):
            self.add(Button(r, label, fn, style, key=key, size=17 * u))
        if self.page == "sheet":
            area = Rect(pad, bar.y1 + 20 * u, width - pad, height - 90 * u)
            add_sheet(self, area, state, ruleset, u)
            return
        # every hand, with its pips, the round's gain and the total
        players = ruleset.players
        room = width - 2 * pad - 16 * u  # a long line (ten seats' gains) wraps, never runs off
        # a scoring line's step: 28 units, or what the letters need at the smallest size
        # (Arabic's reach further above and below the line than Latin ones)
        line_step = max(28 * u, legible(LINE * u) * 1.8)
        top = height - 86 * u
        tall = 2 if self.portrait else 1  # upright: the tiles get a line of their own

        def rows_h(said: list[str]) -> tuple[list[str], float]:
            """The lines ``said`` wrapped, and the height each seat's row is left."""
            lines = [
                part for line in said for part in wrap(line, room, legible(LINE * u), sep=", ")
            ]
            avail = top - bar.y1 - len(lines) * line_step - 20 * u - 24 * u
            return lines, min(64 * u * tall, (avail - (players - 1) * 6 * u) / players)

        scoring = narrate.scoring_lines(ruleset, result)
        lines, rh = rows_h(scoring + narrate.deals_fixed(match, result.round))
        if rh / tall < text_height(19 * u, True):  # the deal's check would squeeze the hands'
            lines, rh = rows_h(scoring)  # words: the log says it (with the salt, in full)
        rects = column(top, pad, width - pad, [rh] * players, 6 * u)
        # the rows' words (w, their unit) as large as the screen's, or as a row leaves room
        # for (ten seats at a large Text size), but never smaller than at 100 %: else the
        # Text size grows this screen less (see Screen in the kit)
        w = u * min(1.0, rh / tall / text_height(19 * u, True))
        self.crowded |= w < self.fit
        sprites: arcade.SpriteList[arcade.Sprite] = arcade.SpriteList()
        textures = self.textures
        name_size, kind_size = legible(18 * w), legible(12 * w)
        name_h, kind_h = text_height(name_size, True), text_height(kind_size)
        # the seat's name over who sits there, or (rows too short for two lines: ten seats
        # in a small window) side by side, the name column as wide as both need
        stacked = rh / tall >= name_h + kind_h
        kinds = {_(KINDS[seat.partition(":")[0]]) for seat in match.seats}
        widest = max(
            text_width(cut_to(names.seat_name(s), name_size, NAME_ROOM * w), name_size, True)
            for s in range(1, players + 1)
        )
        name_w = max(  # the design's room (as the window gives it) or the words'
            166 * self.fit,
            widest
            if stacked
            else widest + 8 * u + max(text_width(kind, kind_size) for kind in kinds),
        )
        # the figures' columns (pips, the gain, the total) as wide as their longest words
        figures = [
            (
                names.count("pips", pip_total(result.hands[s])),
                names.gain(result.gained[s]),
                _("total {total}").format(total=names.points(state.scores[s])),
            )
            for s in range(players)
        ]
        needs = [
            max(text_width(f[i], legible(size), bold) for f in figures) + 6 * u
            for i, (size, bold) in enumerate(((16 * w, False), (19 * w, True), (16 * w, False)))
        ]
        figures_w = max(338 * self.fit, sum(needs) + 12 * u)
        # its hand's lane not squeezed out by the words: else the Text size grows this
        # screen less (see Screen in the kit)
        lane_w = width - 2 * pad - 32 * u - 30 * u - name_w - figures_w
        self.crowded |= tall == 1 and lane_w < 4 * 44 * self.fit
        marks = Marks()  # each row's seat's mark, drawn over the rows
        for seat, r in zip(range(1, players + 1), rects, strict=True):
            credited = seat in result.winners
            self.add(Box(r, CREDITED if credited else UNCREDITED))
            head = Rect(r.x0, r.y1 - rh / tall, r.x1, r.y1)  # name and figures
            name = names.seat_name(seat)
            kind = match.seats[seat - 1].partition(":")[0]
            # the seat's mark, then its name over who sits there
            mark = min(head.height * 0.7, 30 * u)
            marks.add(centred(r.x0 + 14 * u + mark / 2, head.centre[1], mark, mark), seat)
            x0 = r.x0 + 22 * u + mark
            x1 = x0 + name_w
            if stacked:
                spare = (head.height - name_h - kind_h) / 3
                name_r = Rect(x0, head.y1 - spare - name_h, x1, head.y1 - spare)
                kind_r = Rect(x0, head.y0 + spare, x1, head.y0 + spare + kind_h)
            else:
                name_r = Rect(x0, head.y0, x0 + widest, head.y1)
                kind_r = Rect(x0 + widest + 8 * u, head.y0, x1, head.y1)
            self.add(Label(name_r, cut_to(name, name_size, NAME_ROOM * w), name_size, bold=True))
            self.add(Label(kind_r, _(KINDS[kind]), kind_size, DIM))
            hand = result.hands[seat - 1]
            if tall == 2:
                lane = Rect(r.x0 + 14 * u, r.y0, r.x1 - 14 * u, head.y0)
            else:
                lane = Rect(x1 + 10 * u, r.y0, r.x1 - figures_w - 22 * u, r.y1)
            tile_h = min(lane.height * 0.72, 44 * u)  # tiles lie flat: twice as wide as high
            room = lane.width - 2 * tile_h
            step = min(2 * tile_h + 6 * u, room / max(1, len(hand) - 1))
            for k, tile_ in enumerate(sorted(hand, reverse=True)):
                sprite = arcade.Sprite(textures.face(tile_, 1))
                sprite.scale = 2 * tile_h / sprite.texture.width
                sprite.position = (lane.x0 + k * step + tile_h, lane.centre[1])
                sprites.append(sprite)
            if not hand:
                self.add(Label(lane, _("Went out"), 16 * w, GOLD, bold=True))
            r = head
            cols = Rect(r.x1 - 12 * u - figures_w, r.y0, r.x1 - 12 * u, r.y1)
            pips, gain, total = row(cols, 3, 6 * u, needs)
            g = result.gained[seat - 1]
            self.add(Label(pips, names.count("pips", pip_total(hand)), 16 * w, TEXT, "right"))
            self.add(Label(gain, names.gain(g), 19 * w, GOLD, "right", True))
            self.add(
                Label(
                    total,
                    _("total {total}").format(total=names.points(state.scores[seat - 1])),
                    16 * w,
                    TEXT,
                    "right",
                )
            )
        self.add(SpriteBox(Rect(0, 0, width, height), sprites))
        self.add(marks)
        y = rects[-1].y0 - 16 * u
        for line in lines:
            self.add(Label(Rect(pad + 8 * u, y - line_step, width - pad, y), line, LINE * u, TEXT))
            y -= line_step


class MatchEndView(Cheering):
    """Who won, in large words, the final scores, and: again, or the title."""

    background = BAR
    # the Enter that went through the round's summary must not start a new match unseen:
    # here a key first moves the focus to a button (issue 50)
    enter_presses_primary = False

    def __init__(
        self,
        nav: Navigator,
        services: Services,
        match: Match,
        textures: TileTextures,
        first: bool = False,
        motion: bool = False,
    ) -> None:
        """``textures``: the table's own (the tiles thrown up are the game's); ``first``:
        shown for the first time (the cue, and with ``motion`` the shower)."""
        cue = "fanfare" if first and match.state.winner else None
        super().__init__(nav, services, textures, cue, motion and first)
        self.match = match
        self.shown_for = 0.0

    def back(self) -> None:
        self.nav.home()

    def on_update(self, delta_time: float) -> None:
        super().on_update(delta_time)
        self.shown_for += delta_time
        autoplay = self.services.autoplay
        if autoplay is not None and self.shown_for >= 2 * autoplay:
            self.nav.open(Route.AGAIN)  # a watched demo plays on

    def build(self, width: int, height: int) -> None:
        u = self.unit
        go = self.go
        match = self.match
        state, ruleset = match.state, match.ruleset
        cx = width / 2
        # each part where the design puts it, or under the one above where the words (a
        # larger Text size) reach further: the screen grows only as far as they still fit
        # (see Screen in the kit)
        over = legible(24 * u)
        said = centred(cx, height * 0.92, width, LINE_BOX * over)
        self.add(Label(said, _("The match is over"), over, DIM, "center"))
        winners = tuple(state.winner or ())
        cheer = narrate.cheer_line(winners, ruleset, you_of(match))
        size = fit_size(cheer, 60 * u, width - 80 * u, True)
        high = LINE_BOX * size  # a Latin line's box: Arabic's font draws a taller one
        headline = centred(cx, min(height * 0.8, said.y0 - high / 2), width - 80 * u, high)
        self.over_tiles(Label(headline, cheer, size, GOLD, "center", True))
        name = narrate.win_name_line(state.results[-1].named if state.results else None)
        top = min(height * 0.66, headline.y0 - 8 * u)
        if name:
            below = min(height * 0.72, headline.y0)
            need = wrapped_height(name, width - 120 * u, 20 * u)
            named = Rect(60 * u, min(height * 0.6, below - need), width - 60 * u, below)
            self.add(Label(named, name, 20 * u, TEXT, "center", wrap=True))
            top = min(height * 0.56, named.y0 - 8 * u)
        add_sheet(self, Rect(40 * u, 110 * u, width - 40 * u, top), state, ruleset, u)
        half = min(440 * u, width / 2 - 20 * u)
        bar = Rect(cx - half, 30 * u, cx + half, 90 * u)
        if winners:  # a shower from the winner's name, landing above the buttons
            self.cheer(
                Rect(0, bar.y1 + 10 * u, width, height),
                headline.centre,
                30 * u,
                ruleset.tiles,
                MOST,
                match.seed,
                "match",
                STEPS,
            )
        items = [
            ("again", _("Play again"), go(Route.AGAIN), "primary"),
            ("scores", _("Scores"), go(Route.SCORES), "normal"),
            ("log", _("Log"), go(Route.LOG), "normal"),
            ("title", _("Main menu"), self.nav.home, "normal"),
        ]
        for (key, label, fn, style), r in zip(items, row(bar, 4, 12 * u), strict=True):
            self.add(Button(r, label, fn, style, key=key, size=18 * u))


def cut_to(name: str, size: float, room: float) -> str:
    """A seat's name cut short with "…" to fit ``room`` pixels in bold (whole if it fits):
    a row's name never runs into its tiles."""
    short = name
    while len(short) > 1 and text_width(short, size, True) > room:
        short = short.rstrip("…")[:-1].rstrip() + "…"
    return short
