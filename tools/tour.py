"""Every screen of the game drawn headless, one PNG each: ``python -m tools.screenshot --tour``.

Or ``python -m tools.tour --size 1024x600 --size 1920x1080 --out /tmp/shots`` for several
window sizes at once (a folder each, ``/tmp/shots/1024x600`` …), ``--parts`` to walk only
some of the game (``menus,learning`` for the title, setup, history and statistics).

A language is looked at whole only when each screen is seen in it, so the tour walks the
game as a player does (the title, each menu, each game's table, summary and end, the
lessons, puzzles, history and replay) in one shell of one language and size, and saves
each screen under its name. Moves are seeded random legal moves played through the table
(as taps would), so a tour shows the same screens run after run; the human seat is seat 1.
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
from collections.abc import Callable, Sequence
from functools import partial
from pathlib import Path

from tools.harness import deliver, headless

headless()  # before arcade is first imported: the tour draws off-screen

import arcade  # noqa: E402
from PIL import Image  # noqa: E402

from game.commitments import Salts  # noqa: E402
from game.match import Match  # noqa: E402
from game.rules import Action, IllegalAction, Kind, Place, names  # noqa: E402
from game.rules.presets import load_preset  # noqa: E402
from game.saves import Store  # noqa: E402
from game.settings import Settings  # noqa: E402
from game.ui.art.textures import TileTextures  # noqa: E402
from game.ui.router import Shell  # noqa: E402
from game.ui.routes import Game, Page, PuzzleId, Recorded, Route, Tutorial  # noqa: E402
from game.ui.screens.summary import MatchEndView, RoundSummaryView  # noqa: E402
from game.ui.table.rewinding import Rewinding  # noqa: E402
from game.ui.table.tutoring import Tutoring  # noqa: E402
from game.ui.table.view import TableView  # noqa: E402
from game.ui.window import open_game_window  # noqa: E402
from game.ui.words.names import Roster, sit  # noqa: E402

# Each game's table as the tour shows it: its seats and the seed of its deal.
TABLES = {
    "longana": (4, 3),
    "block": (4, 2),
    "draw": (3, 4),
    "all_fives": (2, 3),
    "mexican_train": (4, 1),
    "cuban": (4, 2),
}
# Cuban's named wins (C-15): seeds whose random match ends in each, found by playing them.
NAMED_WINS = {"pollona": 0, "tripollua": 260}


class Tour:
    """One shell in one language and size, and the folder its pictures go to."""

    def __init__(self, language: str, width: int, height: int, out: Path) -> None:
        self.size = (width, height)
        self.out = out
        self.window = open_game_window(width, height, visible=False)
        self.settings = Settings(
            pace="instant", sound=False, deal_animation=False, language=language
        )
        self.store = Store(Path(tempfile.mkdtemp(prefix="boneyard-tour-")))
        self.shell = self._shell(kiosk=False)
        self.shot: list[str] = []

    def _shell(self, kiosk: bool) -> Shell:
        shell = Shell(self.window, self.store, self.settings, kiosk=kiosk, animate=False)
        shell.resized(*self.size)
        return shell

    # -- driving ---------------------------------------------------------------------------

    def frames(self, n: int = 1, dt: float = 0.3) -> None:
        for _ in range(n):
            deliver(self.window, "on_update", dt)

    def shoot(self, name: str) -> None:
        self.picture().save(self.out / f"{name}.png")
        self.shot.append(name)

    def picture(self) -> Image.Image:
        """The screen showing, settled and drawn, as an RGB image of the window's size."""
        view = self.window.current_view
        if hasattr(view, "settle"):
            view.settle()
        view.on_draw()
        return arcade.get_image(0, 0, *self.size).convert("RGB")

    def press(self, key: str) -> None:
        view = self.window.current_view
        found = view.widget(key) if hasattr(view, "widget") else None
        if found is None and hasattr(view, "buttons") and hasattr(view.buttons, "buttons"):
            found = next((b for b in view.buttons.buttons if b.key == key), None)
        if found is None:
            raise SystemExit(f"tour: no button {key!r} on {type(view).__name__}")
        x, y = (int(v) for v in found.rect.centre)
        deliver(self.window, "on_mouse_press", x, y, arcade.MOUSE_BUTTON_LEFT, 0)
        deliver(self.window, "on_mouse_release", x, y, arcade.MOUSE_BUTTON_LEFT, 0)
        self.frames(1, 0.0)

    def showing(self) -> str:
        return type(self.window.current_view).__name__

    def until(self, shown: str, step: Callable[[], None] | None = None, limit: int = 400) -> bool:
        """Frames (and ``step`` between them) until the screen ``shown`` is up."""
        for _ in range(limit):
            if self.showing() == shown:
                return True
            if step is not None:
                step()
            self.frames(1)
        return self.showing() == shown

    def sit_down(self, rules: str, players: int, seed: int, **options: object) -> Match:
        seats = ["human"] + ["computer"] * (players - 1)
        match = Match.create(rules, players, seats=seats, seed=seed, **options)
        self.shell.begin(match)
        table = self.shell.table
        # no computer moves in these first frames: its search is cut by the clock, so the
        # move it would make here (and the whole table after it) could differ run to run
        table.computer_pause = float("inf")
        self.frames(2)
        table.computer_pause = 0
        return match

    def play_randomly(self, seed: int, done: Callable[[], bool], limit: int = 5000) -> None:
        """Seeded random legal moves for every seat through the table until ``done``."""
        table = self.shell.table
        pick = random.Random(seed)
        for _ in range(limit):
            if done() or table.state.to_move is None:
                return
            table.commit(pick.choice(table.match.legal()))

    def refuse_a_move(self) -> None:
        """Try a move the rules refuse (a tile of the human's hand where it cannot go), so
        the table shows the refusal as a player would see it; one that names a place on
        the table (an end, a train, a branch) if there is one."""
        table = self.shell.table
        state = table.state
        legal = set(table.match.legal())
        n = table.match.ruleset.players
        wheres = ["W", "E", "N", "S", "train mexican", *(f"train {i}" for i in range(1, n + 1))]
        wheres += [f"branch {i}" for i in range(1, n + 1)]
        refused: list[tuple[bool, Action]] = []
        for t in sorted(state.hands[0]):
            for where in wheres:
                action = Action(Kind.PLAY, t, where)
                if action in legal:
                    continue
                try:
                    table.match.ruleset.apply(state, action)
                except IllegalAction as error:
                    places = any(isinstance(v, Place) for v in error.params.values())
                    refused.append((not places, action))
        if refused:
            table.commit(min(refused, key=lambda r: r[0])[1])

    # -- the screens -----------------------------------------------------------------------

    def menus(self) -> None:
        self.shell.start()
        self.frames(1)
        self.shoot("title")
        for route in (Route.SETUP, Route.SETTINGS, Route.KEYS, Route.ABOUT):
            self.shell.open(route)
            self.frames(1)
            self.shoot(str(route))
            if route == Route.SETUP:  # each rule set at its largest table
                for name in names():
                    self.press(f"rules:{name}")
                    while (plus := self.window.current_view.button("players+")) and plus.enabled:
                        self.press("players+")
                    self.shoot(f"setup-{name}")
            self.shell.home()
        for name in names():
            self.shell.open(Route.RULES, Game(name))
            self.frames(1)
            self.shoot(f"rules-{name}")
            self.shell.home()

    def tables(self) -> None:
        for rules, (players, seed) in TABLES.items():
            self.sit_down(rules, players, seed)
            table = self.shell.table
            assert table is not None
            self.play_randomly(seed, partial(_played_to_a_human_turn, table))
            self.refuse_a_move()
            self.shoot(f"table-{rules}")
            for route in (Route.LOG, Route.SCORES, Route.MENU):
                self.shell.open(route)
                self.frames(1)
                self.shoot(f"{route}-{rules}".replace(" ", "-"))
                self.shell.open(Route.TABLE)
                self.frames(1)
            rounds = len(table.state.results)
            self.play_randomly(seed, partial(_rounds_past, table, rounds))
            self.until("RoundSummaryView")
            self.shoot(f"summary-{rules}")

    def match_ends(self) -> None:
        for name, (rules, seed, options) in {
            "block": ("block", 3, {"target": 30}),
            **{win: ("cuban", seed, {}) for win, seed in NAMED_WINS.items()},
        }.items():
            self.sit_down(rules, 2 if rules == "block" else 4, seed, **options)
            table = self.shell.table
            assert table is not None
            self.play_randomly(seed, partial(_over, table))
            cheer = name == "block"  # one end with its winner's moment, mid-shower
            self.shell.animate = cheer

            def onward() -> None:
                if self.showing() == "RoundSummaryView":
                    self.press("next")  # (with the moment on, the first tap skips it)

            self.until("MatchEndView", onward)
            if cheer:
                self.frames(45, 1 / 60)
                self.shoot(f"match-end-{name}-cheer")
                self.window.current_view.skip()
                self.shell.animate = False
            self.shoot(f"match-end-{name}")

    def largest(self) -> None:
        """Each rule set's table at its most seats, on the player's turn after some play
        (as :meth:`tables`); then the round summary and the match end of the largest table
        (Mexican Train's ten seats), played by the first legal move each turn: the most rows."""
        for rules in names():
            players = self.largest_table(rules)
            self.shoot(f"largest-{rules}-{players}")
        for name in ("summary", "match-end"):
            self.round_over("mexican_train", 10, 3, match_end=name == "match-end")
            self.shoot(f"{name}-mexican_train-10")

    def round_over(self, rules: str, players: int, seed: int, match_end: bool) -> None:
        """The round summary (or, ``match_end``, the match's end) of a match of ``rules``
        played by the first legal move each turn, shown on its own."""
        match = Match.create(
            rules, players, seats=["human"] + ["computer"] * (players - 1), seed=seed
        )
        match.salts = pictured_salts()
        sit(Roster.of(match))  # as the table that opened the match would have
        while not (match.state.over if match_end else match.state.results):
            match.play(match.legal()[0])
        shown = MatchEndView if match_end else RoundSummaryView
        textures = TileTextures(match.ruleset.double)
        self.window.show_view(shown(self.shell, self.shell.services, match, textures))
        self.frames(1)

    def largest_table(self, rules: str) -> int:
        """``rules`` at its most seats, played by seeded random moves to the player's turn
        after some play (nine moves in): the table as it is mid-round. Returns its seats."""
        players = load_preset(rules).seats[1]
        self.sit_down(rules, players, 7)
        table = self.shell.table
        assert table is not None
        self.play_randomly(7, partial(_played_to_a_human_turn, table))
        self.frames(2)
        return players

    def handover(self) -> None:
        self.shell.begin(Match.create("cuban", 4, seats=["human"] * 4, seed=2))
        if self.until("HandoverView", limit=40):
            self.shoot("handover")

    def learning(self) -> None:
        finished = Match.create("block", 2, seats=["human", "computer"], seed=3, target=30)
        pick = random.Random(3)
        while not finished.state.over:
            finished.play(pick.choice(finished.legal()))
        self.store.history.add(finished)
        for name, route, params in (
            ("learn", Route.LEARN, None),
            ("puzzles", Route.PUZZLES, None),
            ("puzzle", Route.PUZZLE, PuzzleId("block-1")),
            ("history", Route.HISTORY, None),
            ("statistics", Route.HISTORY, Page("stats")),
        ):
            self.shell.home()
            self.shell.open(route, params)
            self.frames(2)
            self.shoot(name)
        self.shell.home()
        history = self.store.history
        record = history.record(history.entries()[0])
        assert record is not None, history.note  # the tour's own match, just written
        self.shell.open(Route.REPLAY, Recorded(record))
        self.frames(2)
        replay = self.window.current_view
        rewinding = next(p for p in replay.ctl.policies if isinstance(p, Rewinding))
        rewinding.step(12)  # a dozen moves in: a table worth seeing
        self.frames(1)
        self.shoot("replay")
        self.lesson()

    def lesson(self) -> None:
        """A lesson after its first step, with a move it did not ask for; then its end."""
        self.shell.home()
        self.shell.open(Route.LESSON, Tutorial("all_fives"))
        view = self.window.current_view
        tutoring = next(p for p in view.ctl.policies if isinstance(p, Tutoring))
        made = 0
        for _ in range(400):
            if self.showing() == "LessonEndView":
                break
            if view.human_turn():
                step = tutoring.lesson.step
                wanted = view.match.ruleset.parse_action(view.state, step.expect)
                if made == 1:
                    other = next((a for a in view.match.legal() if a != wanted), None)
                    if other is not None:
                        view.commit(other)
                    self.shoot("lesson")
                view.commit(wanted)
                made += 1
            self.frames(1)
        self.until("LessonEndView")
        self.shoot("lesson-over")

    def kiosk(self) -> None:
        self.shell = self._shell(kiosk=True)
        self.shell.start()
        self.frames(1)
        self.shoot("kiosk-title")


def pictured_salts() -> Salts:
    """Salts fixed for a picture: in play each deal's salt is a new secret, so the
    commitment a summary shows would differ at every drawing (deal N's salt is N in hex)."""
    return Salts({deal: f"{deal:032x}" for deal in range(1, 1000)})


def _played_to_a_human_turn(table: TableView) -> bool:
    """Nine moves made and a human to move: a table worth showing."""
    return len(table.state.log) >= 9 and table.human_turn()


def _rounds_past(table: TableView, rounds: int) -> bool:
    return len(table.state.results) > rounds


def _over(table: TableView) -> bool:
    return table.state.over


PARTS = (
    "menus",
    "tables",
    "match_ends",
    "largest",
    "handover",
    "learning",
    "kiosk",
)  # in tour order


def tour(language: str, width: int, height: int, out: Path, parts: Sequence[str] = PARTS) -> int:
    """Walk ``parts`` of the game (all by default) at one size, a PNG per screen in ``out``."""
    out.mkdir(parents=True, exist_ok=True)
    walk = Tour(language, width, height, out)
    for part in PARTS:
        if part in parts:
            getattr(walk, part)()
    print(f"{out}: {len(walk.shot)} screens in {language} at {width}x{height}")
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """The tour at each ``--size`` asked, each into a folder of its own under ``--out``."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", action="append", help="WIDTHxHEIGHT, again for more")
    parser.add_argument("--language", default="en", help="en, id, pt or ar")
    parser.add_argument("--out", required=True, help="a folder: one folder per size in it")
    parser.add_argument("--parts", default=",".join(PARTS), help=f"some of {','.join(PARTS)}")
    args = parser.parse_args(argv)
    parts = [p.strip() for p in args.parts.split(",") if p.strip()]
    unknown = sorted(set(parts) - set(PARTS))
    if unknown:
        parser.error(f"--parts: no part {unknown[0]!r} (there are {', '.join(PARTS)})")
    sizes = []
    for size in args.size or ["1920x1080"]:
        try:
            width, height = (int(v) for v in size.lower().split("x"))
        except ValueError:
            parser.error(f"--size: {size!r} is not WIDTHxHEIGHT, as 1024x600")
        sizes.append((width, height))
    for width, height in sizes:
        tour(args.language, width, height, Path(args.out) / f"{width}x{height}", parts)
    return 0


if __name__ == "__main__":
    sys.exit(main())
