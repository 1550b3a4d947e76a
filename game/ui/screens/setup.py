"""Setting up a match: rule set, seats, who sits where, their names, the options, the seed.

:class:`SetupChoice` is the pure half (what has been chosen, and the match
it makes); :class:`SetupView` shows it. The options offered are exactly the
preset's (``levels/NAME.toml``) with its defaults: the target, hand size,
partners where the rules allow them, and who leads first ("the rules
decide" by default). The seed is random unless the player types one, which
reproduces a deal exactly. Each human seat has a field for its player's name,
filled from the names the settings remember and remembered again on Start.
A kiosk has no keyboard: there a tap on a name field opens a page of letter
keys for it (:mod:`game.ui.widgets.keyboard`), closed by Done or Esc.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import partial
from typing import Any

import arcade

from game import strength
from game.i18n import N_, _, language, ngettext, right_to_left
from game.match import LEVELS, Match
from game.names import NAME_MAX, clean_name, visible
from game.rules import ConfigError, First, Partnerships, RuleSet, listed, names, rule_class
from game.rules.presets import Preset, load_preset
from game.settings import MOST_NAMES
from game.ui.board.geometry import Rect
from game.ui.routes import Navigator, Route, SitDown
from game.ui.services import Services
from game.ui.theme import BAR, DIM, GOLD, TEXT, WARN
from game.ui.widgets.keyboard import Keys, has_case, keyboard
from game.ui.widgets.kit import (
    Box,
    Button,
    Label,
    Screen,
    TextField,
    column,
    label_weights,
    legible,
    row,
)
from game.ui.widgets.text import fit_size, text_height, text_width, wrap
from game.ui.words.names import count

HIDDEN_OPTIONS = ("partners", "first")  # shown in their own rows, not as steppers
LEVEL_NAMES = {"easy": N_("Easy"), "normal": N_("Normal"), "hard": N_("Hard")}
OPTIONS = {"target": N_("Target"), "hand_size": N_("Tiles each"), "partners": N_("Partners")}
SEED_DIGITS = 12  # the seed field's length
COUNTED = {"target": "points"}  # options whose value is a count of something


def rule_sets() -> list[str]:
    """Every registered rule set, the familiar ones first (the rules keep the order)."""
    return listed()


def first_label(rules: type[RuleSet[Any]]) -> str:
    """What the ``first`` option names, in the rule set's own terms."""
    if rules.first is First.ENGINE:
        return _("Engine search from")
    if rules.first is First.OPENS:
        return _("Opens hand 1") if rules.round_word == "hand" else _("Opens round 1")
    return _("First to play")


def preset_text(name: str, what: str) -> str:
    """A preset's title or summary in the player's language (the preset's English is the
    message: the catalogues hold every preset's words)."""
    return _(getattr(load_preset(name), what))


@dataclass
class SetupChoice:
    """What the setup screen has chosen so far."""

    rules: str = "block"
    players: int = 2
    seats: list[str] = field(default_factory=lambda: ["human", "computer:normal"])
    options: dict[str, Any] = field(default_factory=dict)  # changed from the preset's defaults
    seed: str = ""  # digits, or empty for a random seed
    # a name typed for each seat by its number ("" for none; kept for seats not human now)
    names: list[str] = field(default_factory=lambda: [""] * MOST_NAMES)

    @property
    def preset(self) -> Preset:
        return load_preset(self.rules)

    def values(self) -> dict[str, Any]:
        """Every option's value now: the preset's defaults with the changes laid over."""
        return {**self.preset.defaults(self.players), **self.options}

    # -- changes ---------------------------------------------------------------

    def set_rules(self, name: str) -> None:
        self.rules = name
        self.options = {}
        low, high = self.preset.seats
        self.set_players(min(max(self.players, low), high))

    def set_players(self, n: int) -> None:
        low, high = self.preset.seats
        self.players = min(max(n, low), high)
        while len(self.seats) < self.players:
            self.seats.append("computer:normal")
        del self.seats[self.players :]
        defaults = self.preset.defaults(self.players)
        kept = {}
        for name, value in self.options.items():
            if name not in defaults or value == defaults[name]:
                continue
            if name == "first" and value > self.players:
                continue
            if name == "hand_size" and value > option_range(self.preset, self.players, name)[1]:
                continue
            kept[name] = value
        self.options = kept

    def toggle_seat(self, i: int) -> None:
        """Seat ``i`` (0-based) between human and computer."""
        self.seats[i] = "human" if self.seats[i].startswith("computer") else "computer:normal"

    def cycle_level(self, i: int) -> None:
        level = self.level(i)
        if level:
            self.seats[i] = f"computer:{LEVELS[(LEVELS.index(level) + 1) % len(LEVELS)]}"

    def level(self, i: int) -> str:
        kind, _sep, level = self.seats[i].partition(":")
        return (level or "normal") if kind == "computer" else ""

    def set_option(self, name: str, value: Any) -> None:
        if self.preset.defaults(self.players).get(name) == value:
            self.options.pop(name, None)
        else:
            self.options[name] = value

    def step_option(self, name: str, direction: int) -> None:
        """Move a number option one step (the target by tens or fifties, hands by one)."""
        value = self.values()[name]
        if isinstance(value, bool):
            self.set_option(name, not value)
            return
        if name == "first":
            self.set_option(name, (value + direction) % (self.players + 1))
            return
        step = option_step(name, self.preset.defaults(self.players)[name])
        low, high = option_range(self.preset, self.players, name)
        self.set_option(name, min(max(value + direction * step, low), high))

    def set_name(self, i: int, text: str) -> None:
        """Seat ``i``'s (0-based) name as typed so far, without what would draw nothing
        (checked when the match is made)."""
        self.names[i] = visible(text)[:NAME_MAX]

    def seat_names(self) -> list[str | None]:
        """The names the match takes: a human seat's typed name, else None ("Seat N")."""
        return [
            clean_name(self.names[i]) if kind == "human" else None
            for i, kind in enumerate(self.seats)
        ]

    def shows_partners(self) -> bool:
        return "partners" in self.preset.options and self.players == 4

    # -- the match ---------------------------------------------------------------

    def make_match(self) -> Match:
        """The match chosen; ConfigError (one sentence) if the options do not fit together."""
        options = dict(self.options)
        first = options.pop("first", 0) or None
        seed = int(self.seed) if self.seed else None
        return Match.create(
            self.rules,
            self.players,
            seats=list(self.seats),
            seed=seed,
            first=first,
            names=self.seat_names(),
            **options,
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "rules": self.rules,
            "players": self.players,
            "seats": list(self.seats),
            "options": dict(self.options),
            "seed": self.seed,
        }

    @classmethod
    def from_json(cls, data: Any) -> SetupChoice:
        """The last setup, if it still makes sense; else the plain default."""
        choice = cls()
        if not isinstance(data, dict) or data.get("rules") not in names():
            return choice
        try:
            choice.set_rules(data["rules"])
            players = data.get("players", choice.players)
            low, high = choice.preset.seats
            # "2", 2.0, true, [2], 10**400: not a count the screen could have written
            if type(players) is not int or not low <= players <= high:
                return cls()
            choice.set_players(players)
            seats = data.get("seats", [])
            if isinstance(seats, list) and len(seats) == choice.players:
                choice.seats = [
                    s
                    if s == "human" or s in {f"computer:{lv}" for lv in LEVELS}
                    else "computer:normal"
                    for s in seats
                ]
            options = data.get("options", {})
            if isinstance(options, dict):
                defaults = choice.preset.defaults(choice.players)
                choice.options = {
                    k: v
                    for k, v in options.items()
                    if k in defaults and type(v) is type(defaults[k])
                }
            seed = data.get("seed", "")
            if isinstance(seed, str) and seed.isdigit() and len(seed) <= SEED_DIGITS:
                choice.seed = seed
            choice.make_match()  # still valid?
        except (ConfigError, TypeError, ValueError, OverflowError):  # a count of Infinity …
            return cls()
        return choice


def option_step(name: str, default: Any) -> int:
    if name == "target":
        return 50 if default >= 200 else 10
    return 1


def option_range(preset: Preset, players: int, name: str) -> tuple[int, int]:
    default = preset.defaults(players)[name]
    if name == "hand_size":
        tiles = (preset.double + 1) * (preset.double + 2) // 2
        return 1, tiles // players
    if name == "target":
        return option_step(name, default), default * 5
    return 0, max(default * 5, 10)


class SetupView(Screen):
    """The setup screen: every choice on one page, Start at the top right."""

    background = BAR

    def __init__(self, nav: Navigator, services: Services) -> None:
        super().__init__(nav, services)
        self.choice = SetupChoice.from_json(services.settings.setup)
        remembered = services.settings.names[:MOST_NAMES]  # checked as the settings were read
        self.choice.names[: len(remembered)] = remembered
        self.error = ""
        self.naming: int | None = None  # the seat (0-based) whose name the keys type
        self.capitals: bool | None = None  # the shift key's case for the next letter, if pressed
        self.seat_scroll = 0  # the first row of seats shown, when they do not all fit
        self.option_start = 0  # the first row of options shown, when they come in pages
        self.seeding = False  # a kiosk's digit keys for the seed show, on a page of their own
        self._seat_rows: Rect | None = None  # where the rows of seats show (the wheel scrolls)

    def back(self) -> None:
        if self.naming is not None or self.seeding:  # back from the keys: to the setup
            self.named()
            return
        self._keep()
        self.nav.back()

    def on_key_press(self, symbol: int, modifiers: int) -> None:
        if symbol == arcade.key.ESCAPE and (self.naming is not None or self.seeding):
            self.named()
            return
        super().on_key_press(symbol, modifiers)

    def name_keys(self, seat: int) -> None:
        """Open the letter keys for ``seat``'s (0-based) name."""
        self.naming, self.capitals = seat, None
        self.changed()

    def named(self) -> None:
        """Done: the keys close, the name (or the seed) stays as typed."""
        self.naming, self.seeding = None, False
        self.changed()

    def seed_keys(self) -> None:
        """Open the digit keys for the seed (a kiosk's: it has no keyboard)."""
        self.seeding = True
        self.changed()

    def _keep(self) -> None:
        """Remember this setup (the seed and the names typed too) for the next time."""
        settings = self.services.settings
        settings.setup = self.choice.to_json()
        names = [clean_name(n) or "" for n in self.choice.names]
        while names and not names[-1]:
            names.pop()
        settings.names = names
        self.services.save_settings()

    def start(self) -> None:
        try:
            match = self.choice.make_match()
        except ConfigError as error:
            self.error = str(error)
            self.changed()
            return
        self._keep()
        self.nav.open(Route.MATCH, SitDown(match))

    def _do(self, fn: Any, *args: Any) -> Any:
        def act() -> None:
            fn(*args)
            self.error = ""
            self.changed()

        return act

    # -- layout ---------------------------------------------------------------

    def build(self, width: int, height: int) -> None:
        if self.naming is not None:
            self._naming(self.naming, width, height)
            return
        if self.seeding:
            self._seeding(width, height)
            return
        # the words grow with the Text size (``u``); the rows round them as high as the
        # window alone makes them (``f``), or as the words need, or a finger
        u, f = self.unit, self.fit
        c = self.choice
        pad = 24 * u
        top = height - 20 * u
        bar = Rect(pad, top - self.finger(52 * f, 20 * u), width - pad, top)  # Start's words
        self.add(
            Button(
                Rect(bar.x0, bar.y0, bar.x0 + 140 * u, bar.y1),
                _("Back"),
                self.back,
                "quiet",
                key="back",
                size=17 * u,
            )
        )
        heading = Rect(bar.x0 + 160 * u, bar.y0, bar.x1 - 220 * u, bar.y1)
        size = fit_size(_("New match"), legible(28 * u), heading.width, True)
        self.add(Label(heading, _("New match"), size, GOLD, "left", True))
        self.add(
            Button(
                Rect(bar.x1 - 200 * u, bar.y0, bar.x1, bar.y1),
                _("Start"),
                self.start,
                "primary",
                key="start",
                size=20 * u,
            )
        )
        # the rule sets, one button each, and the chosen one's summary
        rules = rule_sets()
        y = bar.y0 - 16 * u
        tab = self.finger(50 * f, 17 * u)
        if self.portrait:  # two rows of three
            cells = row(Rect(pad, y - tab, width - pad, y), 3, 8 * u)
            cells += row(Rect(pad, y - 2 * tab - 8 * u, width - pad, y - tab - 8 * u), 3, 8 * u)
        else:
            titles = [preset_text(name, "title") for name in rules]
            weights = label_weights(titles, 17 * u)
            cells = row(Rect(pad, y - tab, width - pad, y), len(rules), 8 * u, weights)
        for name, r in zip(rules, cells, strict=True):
            style = "selected" if name == c.rules else "normal"
            self.add(
                Button(
                    r,
                    preset_text(name, "title"),
                    self._do(c.set_rules, name),
                    style,
                    key=f"rules:{name}",
                    size=17 * u,
                )
            )
        y = cells[-1].y0 - 8 * u
        low, high = c.preset.seats
        seats_text = _("{low}–{high} players").format(low=low, high=high)
        summary = f"{preset_text(c.rules, 'summary')}  ({seats_text})"
        size = legible(16 * u)  # as many lines as it wraps to (taller in Arabic's font)
        tall = max(52 * f, len(wrap(summary, width - 2 * pad, size)) * text_height(size) + 4 * u)
        self.add(Label(Rect(pad, y - tall, width - pad, y), summary, size, DIM, wrap=True))
        y -= tall + 10 * u
        # laid out for the rule set's largest table whatever the count, so the Players
        # control stays where the last tap found it as the seats come and go
        beside = None if self.portrait else self._side_by_side(width, u)
        error = Rect(pad, 16 * f, width - pad, 16 * f + max(40 * f, text_height(legible(16 * u))))
        foot = error.y1 + 14 * f  # a line for what the rules refuse, under the rest
        if beside is None:  # seats above, options below
            per = (c.players + 1) // 2 if c.players > 5 else c.players
            row_h = self.finger(52 * f, 17 * u) + 8 * u
            seats_h = self._head_h(u) + 28 * u + per * row_h
            # the options' rows as they will be laid out: each, and the seed's
            options_h = (len(self._option_rows()) + 1) * (self._option_h(u) + 8 * u) + 24 * u
            least = self._head_h(u) + 28 * u + row_h  # a row at least (the rest scroll)
            seats_h = max(least, min(seats_h, y - foot - 16 * u - options_h))
            self._seats(Rect(pad, y - seats_h, width - pad, y), u, 2 if c.players > 5 else 1)
            self._options(Rect(pad, foot, width - pad, y - seats_h - 16 * u), u)
        else:
            share, cols = beside
            split = pad + (width - 2 * pad) * share
            self._seats(Rect(pad, foot, split - 12 * u, y), u, cols)
            self._options(Rect(split + 12 * u, foot, width - pad, y), u)
        if self.error:
            self.add(Label(error, self.error, 16 * u, WARN, "center"))

    def _side_by_side(self, width: int, u: float) -> tuple[float, int] | None:
        """The seats beside the options: the share of the width they take and their
        columns (two for a large table, if they fit, else one that scrolls), or None when
        not even one column fits a seat's row (its name, who plays and the level, none
        squeezed under the theme's smallest size) with the options beside it: the seats go
        above them. Chosen for the rule set's largest table, whatever the count."""
        most = self.choice.preset.seats[1]
        for share, cols in ((0.6, 2), (0.54, 1)) if most > 5 else ((0.54, 1),):
            if self._fits_beside(width, u, share, cols):
                return share, cols
        return None

    def _fits_beside(self, width: int, u: float, share: float, cols: int) -> bool:
        """Whether ``cols`` columns of seats in ``share`` of the width fit beside the
        options."""
        c = self.choice
        pad = 24 * u
        area_w = (width - 2 * pad) * share - 12 * u - 24 * u
        colw = (area_w - (cols - 1) * 16 * u) / cols
        name_w, (kind_w, level_w) = self._seat_widths(u)
        # and the options beside them: a name and its value's words (a Portuguese
        # "Como mandam as regras") side by side
        options_w = (width - 2 * pad) * (1 - share) - 12 * u - 24 * u
        names = [_("Seed"), _("Partners"), first_label(rule_class(c.rules))]
        names += [_(label) for name, label in OPTIONS.items() if name in c.values()]
        values = [_("As the rules say"), _("random")]
        if c.shows_partners() or rule_class(c.rules).partnerships == Partnerships.ALWAYS:
            values += [_("1 & 3 against 2 & 4"), _("Everyone for themselves")]
        label_need = max(text_width(n, legible(17 * u), True) for n in names) + 16 * u
        value_need = max(text_width(v, legible(16 * u), True) for v in values) + 24
        return colw >= name_w + kind_w + level_w + 24 + 6 * u and (
            options_w >= label_need + value_need + 8 * u
        )

    def _seat_widths(self, u: float) -> tuple[float, tuple[float, float]]:
        """How wide a seat's name is, and who plays and the level (their longest words)."""
        names = [_("Seat {n}").format(n=i + 1) for i in range(self.choice.players)]
        name_w = max(text_width(name, legible(17 * u), True) for name in names) + 12 * u
        kinds = [text_width(w, legible(16 * u), True) for w in (_("Human"), _("Computer"))]
        levels = [text_width(_(w), legible(16 * u), True) for w in LEVEL_NAMES.values()]
        return name_w, (max(kinds), max(levels))

    def _head_h(self, u: float) -> float:
        """The seats' heading row: the Players control's buttons a finger high too."""
        return self.finger(48 * self.fit, 24 * u)

    def _option_h(self, u: float) -> float:
        """An option's row: a finger high (its buttons are targets), its words' line."""
        return self.finger(48 * self.fit, 17 * u)

    def _add_seat(self) -> None:
        """One seat more, its row scrolled into view (the last of the list)."""
        self.choice.set_players(self.choice.players + 1)
        self.seat_scroll = self.choice.players  # as far down as the rows go

    def scroll_seats(self, step: int) -> None:
        """Show the next (1) or the previous (-1) row of seats, when they do not all fit."""
        self.seat_scroll = max(0, self.seat_scroll + step)
        self.changed()

    def on_mouse_scroll(self, x: int, y: int, scroll_x: float, scroll_y: float) -> None:
        rows = self._seat_rows
        if rows is not None and rows.x0 <= x <= rows.x1 and rows.y0 <= y <= rows.y1:
            self.scroll_seats(-1 if scroll_y > 0 else 1)
            return
        super().on_mouse_scroll(x, y, scroll_x, scroll_y)

    def _seats(self, area: Rect, u: float, cols: int) -> None:
        c = self.choice
        self.add(Box(area))
        head_h = self._head_h(u)
        head = Rect(area.x0 + 12 * u, area.y1 - 8 * u - head_h, area.x1 - 12 * u, area.y1 - 8 * u)
        control_w = max(230 * u, 3 * self.least + 12 * u)
        minus, count, plus = row(Rect(head.x1 - control_w, head.y0, head.x1, head.y1), 3, 6 * u)
        # the heading left of the arrows that may come (two, a row high each) and the control
        players = Rect(head.x0, head.y0, minus.x0 - 16 * u - 2 * head_h - 16, head.y1)
        heading = _("Players")
        size = fit_size(heading, legible(20 * u), players.width, True)
        self.add(Label(players, heading, size, GOLD, bold=True))
        low, high = c.preset.seats
        self.add(
            Button(
                minus,
                "−",
                self._do(c.set_players, c.players - 1) if c.players > low else None,
                key="players-",
                size=22 * u,
            )
        )
        self.add(Label(count, str(c.players), 24 * u, align="center", bold=True))
        self.add(
            Button(
                plus,
                "+",
                self._do(self._add_seat) if c.players < high else None,
                key="players+",
                size=22 * u,
            )
        )
        per = (c.players + cols - 1) // cols
        body = Rect(area.x0 + 12 * u, area.y0 + 10 * u, area.x1 - 12 * u, head.y0 - 10 * u)
        least = self.finger(0, 17 * u)  # a row's words, on a finger-high row
        gap = 8 * u  # the rows closer if that lets them all show
        if per * (least + gap) > body.height + gap and per * (least + gap / 2) <= body.height:
            gap /= 2
        # a finger high, never less: the rows that do not fit scroll (arrows, the wheel)
        rh = max(least, min(52 * self.fit, (body.height - (per - 1) * gap) / per))
        fits = int((body.height + gap) / (rh + gap) + 1e-6)
        self.crowded |= fits < 1  # not one row of seats: the words are too large here
        fits = max(1, fits)
        first = self.seat_scroll = min(self.seat_scroll, max(0, per - fits))
        self._seat_rows = body
        if per > fits:
            self._seat_arrows(head, minus.x0 - 16 * u, first, per - fits)
        colw = (body.width - (cols - 1) * 16 * u) / cols
        names = [_("Seat {n}").format(n=i + 1) for i in range(c.players)]
        # who plays, and at what level: each as wide as its longest word needs
        name_w, weights = self._seat_widths(u)
        for i in range(c.players):
            col, r_i = divmod(i, per)
            r_i -= first
            if not 0 <= r_i < fits:
                continue
            x0 = body.x0 + col * (colw + 16 * u)
            r = Rect(
                x0, body.y1 - (r_i + 1) * rh - r_i * gap, x0 + colw, body.y1 - r_i * (rh + gap)
            )
            self.add(
                Label(
                    Rect(r.x0, r.y0, r.x0 + name_w, r.y1),
                    names[i],
                    17 * u,
                    bold=True,
                )
            )
            kind_r, level_r = row(Rect(r.x0 + name_w, r.y0, r.x1, r.y1), 2, 6 * u, weights)
            human = c.seats[i] == "human"
            label = _("Human") if human else _("Computer")
            self.add(
                Button(
                    kind_r,
                    label,
                    self._do(c.toggle_seat, i),
                    "selected" if human else "normal",
                    key=f"seat{i + 1}",
                    size=16 * u,
                )
            )
            if human:  # the player's name, typed (the seat's number until one is)
                self.add(
                    TextField(
                        level_r,
                        c.names[i],
                        self._name_setter(i),
                        _("Name"),
                        digits=False,
                        limit=NAME_MAX,
                        size=16 * u,
                        key=f"name{i + 1}",
                        on_press=partial(self.name_keys, i) if self.services.kiosk else None,
                    )
                )
            else:
                level = c.level(i)
                self.add(
                    Button(
                        level_r,
                        _(LEVEL_NAMES[level]),
                        self._do(c.cycle_level, i),
                        "normal",
                        key=f"level{i + 1}",
                        size=16 * u,
                    )
                )

    def _seat_arrows(self, head: Rect, right: float, first: int, last: int) -> None:
        """The arrows that scroll the rows of seats, in the heading left of the Players
        control (which stays put): each a finger wide, dimmed at its end."""
        side = head.height
        for k, (label, key, step, on) in enumerate(
            (("▼", "seats+", 1, first < last), ("▲", "seats-", -1, first > 0))
        ):
            x1 = right - k * (side + 8)
            self.add(
                Button(
                    Rect(x1 - side, head.y0, x1, head.y1),
                    label,
                    partial(self.scroll_seats, step) if on else None,
                    key=key,
                    size=side * 0.45,
                )
            )

    def _option_rows(self) -> list[tuple[str, str, str]]:
        """The options shown, a row each: (option, its name, its value in words); an option
        of "" is only said (Cuban's partners, which are always so)."""
        c = self.choice
        values = c.values()
        rows = [
            (name, _(OPTIONS[name]) if name in OPTIONS else name, _value_text(name, value))
            for name, value in values.items()
            if name not in HIDDEN_OPTIONS
        ]
        if c.shows_partners():
            together = _("1 & 3 against 2 & 4") if values["partners"] else None
            rows.append(("partners", _("Partners"), together or _("Everyone for themselves")))
        elif rule_class(c.rules).partnerships == Partnerships.ALWAYS:
            rows.append(("", _("Partners"), _("1 & 3 against 2 & 4")))
        if "first" in values:
            first = values["first"]
            said = _("As the rules say") if not first else _("Seat {n}").format(n=first)
            rows.append(("first", first_label(rule_class(c.rules)), said))
        return rows

    def _options(self, area: Rect, u: float) -> None:
        """The options, a finger-high row each, and the seed's last; where they do not all
        fit, pages of them, the last row's arrows going up and down them."""
        c = self.choice
        self.add(Box(area))
        values = c.values()
        rows = self._option_rows()
        rh, gap = self._option_h(u), 8 * u
        inner = Rect(area.x0 + 12 * u, area.y0 + 12 * u, area.x1 - 12 * u, area.y1 - 12 * u)
        fits = int((inner.height + gap) / (rh + gap) + 1e-6)
        self.crowded |= fits < 2  # not a row and the arrows: the words are too large here
        fits = max(2, fits)
        count = len(rows) + 1  # and the seed's
        per = count if count <= fits else fits - 1
        first = self.option_start = min(self.option_start, count - 1) // per * per
        shown = list(range(first, min(count, first + per)))
        rects = column(inner.y1, inner.x0, inner.x1, [rh] * (len(shown) + (per < count)), gap)
        # The names take what the longest needs, up to 0.48 of the row; one longer still
        # (Portuguese "Busca da locomotiva a partir de") is drawn smaller to fit.
        labels = [_("Seed"), *(label for _name, label, _text in rows)]
        longest = max(text_width(label, legible(17 * u), True) for label in labels)
        width = inner.width
        split = inner.x0 + width * min(0.48, max(0.42, (longest + 16 * u) / width))

        def name_label(r: Rect, label: str) -> None:
            room = Rect(r.x0, r.y0, split - 8 * u, r.y1)
            self.add(Label(room, label, fit_size(label, 17 * u, room.width, True), bold=True))

        for at, r in zip(shown, rects, strict=False):
            if at == len(rows):
                name_label(r, _("Seed"))
                self._seed(Rect(split, r.y0, r.x1, r.y1), u)
                continue
            name, label, text = rows[at]
            name_label(r, label)
            value_r = Rect(split, r.y0, r.x1, r.y1)
            if not name:
                self.add(Label(value_r, text, 16 * u, DIM, "center"))
            elif isinstance(values[name], bool) or name == "first":
                self.add(
                    Button(
                        value_r,
                        text,
                        self._do(c.step_option, name, 1),
                        "normal",
                        key=f"option:{name}",
                        size=16 * u,
                    )
                )
            else:
                minus, mid, plus = _stepper(value_r, u, self.least)
                self.add(
                    Button(
                        minus,
                        "−",
                        self._do(c.step_option, name, -1),
                        key=f"option:{name}-",
                        size=20 * u,
                    )
                )
                self.add(Label(mid, text, 17 * u, align="center", bold=True))
                self.add(
                    Button(
                        plus,
                        "+",
                        self._do(c.step_option, name, 1),
                        key=f"option:{name}+",
                        size=20 * u,
                    )
                )
        if per < count:  # up and down the pages of options, in the last row
            up, down = row(rects[-1], 2, 8 * u)
            for r, label, key, to in (
                (up, "▲", "options-", first - per),
                (down, "▼", "options+", first + per),
            ):
                fn = partial(self._turn_options, to) if 0 <= to < count else None
                self.add(Button(r, label, fn, "quiet", key=key, size=17 * u))
        elif not self.services.kiosk and self._focus_key == "seed":
            self._keypad(Rect(inner.x0, inner.y0, inner.x1, rects[-1].y0 - 10 * u), u)
        else:
            self._measured(Rect(inner.x0, inner.y0, inner.x1, rects[-1].y0 - 16 * u), u)

    def _measured(self, area: Rect, u: float) -> None:
        """What the levels mean at this rule set, as measured (:mod:`game.strength`), under
        the options when a computer sits at the table: a level is a name until measured."""
        c = self.choice
        measured = strength.levels(c.rules)
        if not measured or not any(c.level(i) for i in range(c.players)):
            return
        hands = rule_class(c.rules).round_word == "hand"
        lines = [_("The levels, measured at {n} seats:").format(n=measured[0].players)]
        for m in measured:
            said = (
                ngettext(
                    "{level} takes {n} hand in 10 from {below}",
                    "{level} takes {n} hands in 10 from {below}",
                    m.in_ten,
                )
                if hands
                else ngettext(
                    "{level} takes {n} round in 10 from {below}",
                    "{level} takes {n} rounds in 10 from {below}",
                    m.in_ten,
                )
            )
            level, below = _(LEVEL_NAMES[m.a]), _(LEVEL_NAMES[m.b])
            lines.append(said.format(level=level, n=m.in_ten, below=below))
        size = legible(15 * u)
        step = text_height(size) * 1.2  # Arabic's height holds its own leading
        # a line too wide for a narrow panel (800x600, the longer languages) goes on two
        shown = [
            (part, k == 0) for k, line in enumerate(lines) for part in wrap(line, area.width, size)
        ]
        if step * len(shown) > area.height:
            return  # no room under the options: the levels keep their names alone
        y = area.y1
        for part, heading in shown:
            room = Rect(area.x0, y - step, area.x1, y)
            self.add(Label(room, part, size, DIM if heading else TEXT))
            y -= step

    def _seed(self, r: Rect, u: float) -> None:
        """The seed's field and its Random button (a kiosk's field opens digit keys)."""
        random_w = max(102 * u, text_width(_("Random"), legible(15 * u), True) + 20)
        field_r = Rect(r.x0, r.y0, r.x1 - random_w - 8 * u, r.y1)
        kiosk = self.services.kiosk
        self.add(
            TextField(
                field_r,
                self.choice.seed,
                self._set_seed,
                _("random"),
                key="seed",
                size=16 * u,
                on_press=self.seed_keys if kiosk else None,
            )
        )
        self.add(
            Button(
                Rect(field_r.x1 + 8 * u, r.y0, r.x1, r.y1),
                _("Random"),
                self._do(self._set_seed, ""),
                "quiet",
                key="seed-random",
                size=15 * u,
            )
        )

    def _turn_options(self, start: int) -> None:
        self.option_start = start
        self.changed()

    def _seeding(self, width: int, height: int) -> None:
        """A kiosk's page of digit keys for the seed: its field and Done, the keys below."""
        u, k = self.unit, self.touch
        pad = 24 * u
        top = height - 20 * u
        bar = Rect(pad, top - self.finger(56 * k), width - pad, top)
        field = TextField(
            self._typing_bar(bar, _("Seed"), u, k),
            self.choice.seed,
            self._set_seed,
            _("random"),
            key="seed",
            size=20 * u,
        )
        self.add(field)
        self._keypad(Rect(pad, pad, width - pad, bar.y0 - 20 * u), u)

    def _keypad(self, area: Rect, u: float) -> None:
        """Digits on screen for the seed: a touchscreen needs no keyboard."""
        h_key = min(max(52 * u, self.least), (area.height - 8 * u) / 2)
        if h_key < self.least:  # no room for keys a finger high
            return
        keys = [*"1234567890", "⌫"]
        top = Rect(area.x0, area.y1 - h_key, area.x1, area.y1)
        bottom = Rect(area.x0, area.y1 - 2 * h_key - 8 * u, area.x1, area.y1 - h_key - 8 * u)
        cells = row(top, 6, 6 * u) + row(bottom, 5, 6 * u)
        for label, r in zip(keys, cells, strict=True):
            if label == "⌫":
                fn = self._do(self._set_seed, self.choice.seed[:-1])
            else:
                fn = self._do(self._set_seed, (self.choice.seed + label)[:SEED_DIGITS])
            self.add(Button(r, label, fn, "normal", key=f"key{label}", size=20 * u))

    def _naming(self, seat: int, width: int, height: int) -> None:
        """The page of letter keys: the seat, its name's field and Done, the keys below."""
        u, k = self.unit, self.touch
        pad = 24 * u
        top = height - 20 * u
        bar = Rect(pad, top - self.finger(56 * k), width - pad, top)
        field = self._typing_bar(bar, _("Seat {n}").format(n=seat + 1), u, k)
        name = self.choice.names[seat]
        entry = TextField(
            field,
            name,
            self._name_setter(seat),
            _("Name"),
            digits=False,
            limit=NAME_MAX,
            size=20 * u,
            key=f"name{seat + 1}",
        )
        self.add(entry)
        auto = not name or name.endswith(" ")  # a capital to begin each word
        capitals = has_case(language()) and (auto if self.capitals is None else self.capitals)

        def type_letter(text: str) -> None:
            self.capitals = None  # a shift holds for one letter
            entry.type(text)

        def toggle_case() -> None:
            self.capitals = not capitals
            self.changed()

        area = Rect(pad, pad, width - pad, bar.y0 - 20 * u)
        keys = Keys(type_letter, entry.erase)
        for key in keyboard(area, language(), keys, capitals, k, right_to_left(), toggle_case):
            self.add(key)

    def _typing_bar(self, bar: Rect, heading: str, u: float, k: float) -> Rect:
        """A page of keys' top bar: what is typed (a seat, the seed) on the left, Done on
        the right; the room between them, for its field."""
        size = legible(22 * u)
        name_r = Rect(bar.x0, bar.y0, bar.x0 + text_width(heading, size, True) + 16 * u, bar.y1)
        self.add(Label(name_r, heading, size, GOLD, bold=True))
        done_w = max(150 * k, text_width(_("Done"), legible(20 * k), True) + 32 * u)
        done = Rect(bar.x1 - done_w, bar.y0, bar.x1, bar.y1)
        self.add(Button(done, _("Done"), self.named, "primary", key="done", size=20 * k))
        return Rect(name_r.x1 + 12 * u, bar.y0, done.x0 - 12 * u, bar.y1)

    def _name_setter(self, i: int) -> Any:
        def set_name(text: str) -> None:
            self.choice.set_name(i, text)
            self.changed()

        return set_name

    def _set_seed(self, text: str) -> None:
        self.choice.seed = text
        self.changed()


def _stepper(r: Rect, u: float, least: float) -> tuple[Rect, Rect, Rect]:
    """An option's minus, value and plus across ``r``: each button square, a finger at least."""
    b = min(max(56 * u, least, r.height), r.width / 3)
    return (
        Rect(r.x0, r.y0, r.x0 + b, r.y1),
        Rect(r.x0 + b, r.y0, r.x1 - b, r.y1),
        Rect(r.x1 - b, r.y0, r.x1, r.y1),
    )


def _value_text(name: str, value: Any) -> str:
    if name in COUNTED:
        return count(COUNTED[name], value)
    return str(value)
