"""A computer-only match, watched or written to disk: ``boneyard --demo [--headless --out DIR]``.

Headless (the main job on a machine with no display), every seat is a
computer; after each round the round summary is drawn off-screen and
saved as ``round-NN.png`` (with ``round-NN-table.png``, the table just
before the round's last play), the match end as ``final.png``, and the
match record as ``record.json`` (replayable with ``python -m game.record
replay``). Nothing of the player's own saves or settings is touched.

With a display, the same match plays in the window at the settings' pace,
each round summary moving on by itself after a few seconds.
"""

from __future__ import annotations

import io
import tempfile
from dataclasses import dataclass
from pathlib import Path

import arcade

from game import record
from game.files import write_bytes
from game.i18n import _
from game.match import Match
from game.rules.presets import load_preset
from game.saves import Store
from game.settings import Settings
from game.ui.router import Shell
from game.ui.routes import Route
from game.ui.table.thinking import ComputerTurn
from game.ui.window import open_game_window
from game.ui.words.narrate import rounds_played, winners_line

SUMMARY_SECONDS = 3.0  # a watched demo moves on from a round summary by itself


@dataclass
class DemoOptions:
    rules: str = "all_fives"
    players: int | None = None
    seed: int | None = None
    level: str = "normal"
    out: Path | None = None
    size: tuple[int, int] = (1280, 720)
    language: str | None = None  # --language: else the settings' (the system's, headless)


def demo_match(options: DemoOptions) -> Match:
    low, high = load_preset(options.rules).seats
    players = options.players if options.players is not None else min(max(4, low), high)
    seats = [f"computer:{options.level}"] * players
    return Match.create(options.rules, players, seats=seats, seed=options.seed)


def run_headless(options: DemoOptions, say: object = print) -> int:
    """Play the whole match off-screen, writing a picture per round and the record."""
    out = options.out or Path("boneyard-demo")
    out.mkdir(parents=True, exist_ok=True)
    match = demo_match(options)
    width, height = options.size
    window = open_game_window(width, height, visible=False)
    with tempfile.TemporaryDirectory() as scratch:  # never the player's own saves
        settings = Settings(pace="instant", sound=False, deal_animation=False)
        settings.language = options.language or settings.language
        shell = Shell(window, Store(Path(scratch)), settings, animate=False)
        shell.begin(match)
        table = shell.table
        assert table is not None

        def shoot(name: str) -> None:
            window.dispatch_event("on_draw")
            window.dispatch_events()
            path = out / name
            png = io.BytesIO()
            arcade.get_image(0, 0, width, height).save(png, "PNG")
            write_bytes(path, png.getvalue(), str(path))  # atomic, never through a link
            say(_("wrote {path}").format(path=path))  # type: ignore[operator]

        ruleset = match.ruleset
        while not match.state.over:
            state = match.state
            seat = state.to_move
            assert seat is not None
            action = ComputerTurn(
                ruleset, state, seat, match.level(seat), table.ctl.computers.seed()
            ).finish()
            ends_round = len(ruleset.apply(state, action).results) > len(state.results)
            if ends_round:
                shell.open(Route.TABLE)
                table.settle()
                shoot(f"round-{state.round:02d}-table.png")
            table.commit(action)
            if ends_round:  # a frame publishes the summary due; the router shows it
                table.ctl.tick(0.0)
                shoot(f"round-{state.round:02d}.png")
                shell.open(Route.TABLE)
        shell.open(Route.ONWARD)
        shoot("final.png")
        path = out / "record.json"
        record.save(match, path)
        say(_("wrote {path}").format(path=path))  # type: ignore[operator]
        rounds = len(match.state.results)
        done = rounds_played(ruleset, rounds)
        say(f"{done}: {winners_line(match.state, ruleset)}")  # type: ignore[operator]
    window.close()
    return 0


def run_watched(options: DemoOptions, fullscreen: bool) -> int:
    """The same match in a window, at the settings' pace."""
    store = Store()
    settings = store.load_settings()
    settings.language = options.language or settings.language
    width, height = options.size
    window = open_game_window(width, height, fullscreen=fullscreen)
    shell = Shell(window, Store(Path(tempfile.mkdtemp())), settings)
    shell.services.autoplay = SUMMARY_SECONDS
    match = demo_match(options)
    shell.begin(match)
    arcade.run()
    if options.out is not None:
        options.out.mkdir(parents=True, exist_ok=True)
        record.save(match, options.out / "record.json")
    return 0
