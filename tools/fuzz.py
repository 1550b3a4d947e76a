"""Random input against the whole game: taps, drags, keys, text, wheel, resizes and frames.

Used by ``tools/soak_ui.py`` (100 000 events) and, a few hundred at a time,
by the test suite. Taps aim at what is on screen more often than not (a
button of the screen showing, a tile in the hand) so the games really move
on; the rest land anywhere. After every event the match must still be a
legal one (the conformance checks of :mod:`tests.support.conformance`), and now and
then its record must replay to the very same state. Any exception is a
failure, reported with the seed and the event's number so it can be
replayed exactly.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Generator
from dataclasses import dataclass, field

import arcade

from game.ai import Budget, Decision, Thinking
from game.record import from_record, to_record
from game.rules import Observation
from game.rules.seeding import rng
from game.ui.router import Shell
from game.ui.table import thinking
from game.ui.table.view import TableView
from tests.support.conformance import check_state

K = arcade.key
KEYS = (
    K.ENTER, K.ESCAPE, K.SPACE, K.TAB, K.LEFT, K.RIGHT, K.UP, K.DOWN, K.BACKSPACE,
    K.H, K.L, K.S, K.M, K.F1, K.R, K.F, K.KEY_0, K.PLUS, K.MINUS, K.Z, K.Y, K.N,
    K.PAGEUP, K.PAGEDOWN, K.HOME, K.END, K.KEY_4, K.KEY_2,
)  # fmt: skip
SIZES = ((1280, 720), (1920, 1080), (720, 1280), (1024, 768), (800, 600), (1080, 1920))
DTS = (0.0, 1 / 60, 0.1, 0.35, 1.5)
ONWARD = {"play", "start", "show", "next", "resume", "close", "back", "yes", "again", "no"}
TOOLS = {"zoom-", "zoom+", "fit", "rot-", "rot+", "undo", "redo", "hint", "menu"}


@dataclass
class Tally:
    """What a run did, for the tool's report."""

    events: int = 0
    matches: int = 0
    actions: int = 0
    rounds: int = 0
    screens: dict[str, int] = field(default_factory=dict)


def quick_move(
    observation: Observation, level: str = "normal", seed: int = 0, budget: Budget | None = None
) -> Thinking:
    """A quick computer: a seeded random legal move, decided at the first step (``game.ai``'s
    ``think`` in place; its level and budget go unused)."""

    def steps() -> Generator[float, None, Decision]:
        yield from ()
        return Decision(rng(seed, "table-computer", observation.seat).choice(observation.legal))

    return Thinking(steps())


class Monkey:
    """Sends random events to ``shell``'s window; :meth:`run` checks after each."""

    def __init__(
        self, shell: Shell, seed: int, send: Callable[..., None], quick_computers: bool = True
    ) -> None:
        self.shell = shell
        self.rand = random.Random(seed)
        self.send = send
        self.size = shell.services.size
        self.tally = Tally()
        self._seen: set[int] = set()
        shell._quit = lambda: None  # type: ignore[method-assign]  # a monkey may not close the window
        if quick_computers:
            # The table, not the AI, is under test here (the AI has its own tests): computer
            # seats play the table's seeded random legal move, so games get somewhere.
            thinking.think = quick_move

    def run(self, events: int, replay_every: int = 500) -> Tally:
        for i in range(events):
            self.event()
            self.check(full=replay_every > 0 and i % replay_every == replay_every - 1)
            self.tally.events += 1
        return self.tally

    # -- one random event ------------------------------------------------------------

    def event(self) -> None:
        r = self.rand.random()
        table = self.shell.table
        if table is not None and self.shell.current is table and not table.human_turn():
            r = r * 0.3 + 0.7 if self.rand.random() < 0.6 else r  # let the computers play
        if r < 0.45:
            self.tap(*self.target())
        elif r < 0.52:
            self.drag()
        elif r < 0.70:
            mods = self.rand.choice((0, 0, 0, K.MOD_CTRL, K.MOD_SHIFT))
            symbol = self.rand.choice(KEYS)
            self.send("on_key_press", symbol, mods)
            self.send("on_key_release", symbol, mods)
        elif r < 0.72:
            self.send("on_text", self.rand.choice(("7", "42", "x", " ", "9a")))
        elif r < 0.75:
            x, y = self.point()
            self.send("on_mouse_scroll", x, y, 0, self.rand.choice((-2, -1, 1, 3)))
        elif r < 0.77:
            self.size = self.rand.choice(SIZES)
            self.send("on_resize", *self.size)
        elif r < 0.78:
            x, y = self.point()
            self.send("on_mouse_motion", x, y, 1, 1)
        else:
            self.send("on_update", self.rand.choice(DTS))
        name = type(self.shell.current).__name__
        self.tally.screens[name] = self.tally.screens.get(name, 0) + 1

    def tap(self, x: float, y: float) -> None:
        button = self.rand.choice((arcade.MOUSE_BUTTON_LEFT,) * 9 + (arcade.MOUSE_BUTTON_RIGHT,))
        self.send("on_mouse_press", int(x), int(y), button, 0)
        self.send("on_mouse_release", int(x), int(y), button, 0)

    def drag(self) -> None:
        x, y = self.target()
        self.send("on_mouse_press", int(x), int(y), arcade.MOUSE_BUTTON_LEFT, 0)
        for _ in range(self.rand.randint(1, 4)):
            dx, dy = self.rand.randint(-90, 90), self.rand.randint(-90, 90)
            x, y = x + dx, y + dy
            self.send("on_mouse_drag", int(x), int(y), dx, dy, arcade.MOUSE_BUTTON_LEFT, 0)
        self.send("on_mouse_release", int(x), int(y), arcade.MOUSE_BUTTON_LEFT, 0)

    def point(self) -> tuple[int, int]:
        w, h = self.size
        return self.rand.randint(0, w), self.rand.randint(0, h)

    def target(self) -> tuple[float, float]:
        """Mostly something on screen worth pressing; now and then anywhere."""
        spots = self._spots()
        if spots and self.rand.random() < 0.7:
            return self.rand.choice(spots)
        return self.point()

    def _spots(self) -> list[tuple[float, float]]:
        """Centres worth tapping, the ones that move a game on listed several times."""
        view = self.shell.current
        spots: list[tuple[float, float]] = []
        widgets = getattr(view, "widgets", None)
        if widgets is not None:
            view.ensure()  # type: ignore[union-attr]
            for w in view.widgets:  # type: ignore[union-attr]
                key = getattr(w, "key", "")
                if not w.focusable or key == "quit":
                    continue
                spots += [w.rect.centre] * (4 if key in ONWARD else 1)
        table = self.shell.table
        if view is table and table is not None:
            for b in table.buttons.buttons:
                spots += [b.rect.centre] * (1 if b.key in TOOLS else 5)
            spots += list(table.tray.slots.values()) * 3
            spots += self._places(table) * 6
        return spots

    @staticmethod
    def _places(table: TableView) -> list[tuple[float, float]]:
        """The lit places of the selected tile, on screen (where a player would tap next)."""
        from game.ui.art.textures import HALF

        found = []
        for action in table.preview.places:
            placed = table._place(action)
            if placed is not None:
                x, y = table.camera.project((placed.x * HALF, placed.y * HALF))
                found.append((float(x), float(y)))
        return found

    # -- the checks ------------------------------------------------------------------

    def check(self, full: bool = False) -> None:
        table = self.shell.table
        if table is None:
            return
        match = table.match
        if id(match) not in self._seen:
            self._seen.add(id(match))
            self.tally.matches += 1
        state = match.state
        where = f"{match.ruleset.name} seed {match.seed} after {len(match.actions)} actions"
        check_state(match.ruleset, state, where)
        self.tally.actions = max(self.tally.actions, len(match.actions))
        self.tally.rounds = max(self.tally.rounds, len(state.results))
        if full:
            again = from_record(to_record(match))
            assert again.state == state, f"{where}: the record does not replay to the same state"
