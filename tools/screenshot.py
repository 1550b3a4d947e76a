"""Render the table after some computer moves, headless, to a PNG.

    python -m tools.screenshot --rules all_fives --players 4 --seed 3 --moves 12 \\
        --size 1920x1080 --out /tmp/all_fives.png [--preview] [--random] [--seats ...] \\
        [--shell | --kiosk] [--press KEY,KEY,...] [--language CODE] [--names ANA,,BO]

Every seat is played by the computer players for ``--moves`` actions
(``--random``: seeded random legal moves instead, quicker); seat 1 is the
viewer (a human seat, unless ``--seats`` says otherwise, e.g.
``human,human`` for a shared device). ``--preview`` then plays on to seat
1's turn, selects its tile with the most places and previews a play, so
the lit places and the ghost show. ``--shell`` draws the table as the game
shows it (with its Hint and Menu buttons), ``--kiosk`` as a kiosk does
(larger targets). ``--press`` (with ``--shell`` or ``--kiosk``) then taps
the buttons with those keys, one after another, on whatever screen shows
(``menu,undo`` on a handover; ``menu,settings``), and draws the screen it
ends on. ``--summary`` plays on to the end of the round and draws its summary; ``--match-end``
plays the whole match by seeded random moves and draws its end; ``--cheer N`` (with either)
draws the winner's moment N frames in (1/60 s each; 0: the moment as it starts), with the
Celebrations setting on. ``--language``
draws it all in that language (en, id, pt, ar); ``--names`` gives the seats names
(and, with ``--title``, the names the setup offers). Prints one line
saying what was drawn.

``--tour`` draws every screen of the game instead, one PNG each in the folder ``--out``
(``--rules`` and ``--players`` are not needed): the title and a kiosk's title, setup,
settings, the key sheet, the rules of each game, each game's table mid-round with a
refusal shown, its log and its scores, each game's round summary, match ends (one
mid-shower, Cuban's Pollona and Tripollúa among them), the handover, Learn to play with a
lesson mid-step and over, the puzzles and a puzzle, the history, its statistics and a
replay::

    python -m tools.screenshot --tour --language ar --size 1280x720 --out /tmp/shots/ar
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from tools.harness import deliver, headless

headless()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rules")
    parser.add_argument("--players", type=int)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--moves", type=int, default=0)
    parser.add_argument("--size", default="1920x1080")
    parser.add_argument("--out", required=True)
    parser.add_argument("--preview", action="store_true", help="preview a play of seat 1")
    parser.add_argument("--random", action="store_true", help="random moves, not the computer")
    parser.add_argument("--seats", help="comma-separated seats (default: human, then computers)")
    parser.add_argument("--shell", action="store_true", help="the game's table (Hint, Menu)")
    parser.add_argument("--kiosk", action="store_true", help="the game's table in a kiosk")
    parser.add_argument("--press", help="then tap these buttons (comma-separated keys)")
    parser.add_argument(
        "--names", default="", help="comma-separated names by seat (empty: none), e.g. Ana,,Bo"
    )
    parser.add_argument("--language", default="en", help="en, id, pt or ar")
    parser.add_argument(
        "--text-size", type=int, default=100, help="the Text size setting, 100 to 200 (per cent)"
    )
    parser.add_argument("--summary", action="store_true", help="(--shell) play on to the summary")
    parser.add_argument(
        "--match-end", action="store_true", help="(--shell) a whole match by random moves: its end"
    )
    parser.add_argument(
        "--cheer", type=int, help="(--summary, --match-end) the winner's moment, N frames in"
    )
    parser.add_argument(
        "--title", action="store_true", help="start at the title (then --press), not a table"
    )
    parser.add_argument("--frames", type=int, default=0, help="frames to run after --press")
    parser.add_argument(
        "--finished", type=int, default=0, help="with --title: keep this many finished matches"
    )
    parser.add_argument("--tour", action="store_true", help="every screen, into the folder --out")
    args = parser.parse_args(argv)
    if not args.tour and (args.rules is None or args.players is None):
        parser.error("--rules and --players are needed (unless --tour)")
    from game.i18n import set_language

    if set_language(args.language) != args.language:
        raise SystemExit(f"screenshot: no language {args.language!r}")
    width, height = (int(v) for v in args.size.lower().split("x"))

    import arcade

    from tools.harness import open_window, table

    seats = args.seats.split(",") if args.seats else None
    if args.tour:
        from tools.tour import tour

        return tour(args.language, width, height, Path(args.out))
    if args.title:
        return _from_title(args, width, height)
    if args.shell or args.kiosk:
        view, shell = _game_table(args, width, height, seats)
        if args.cheer is not None:
            shell.animate = True  # the winner's moment thrown (the deal stays off: settings)
        if args.match_end:
            return _match_end(view, shell, args, width, height)
    else:
        window = open_window(width, height)
        view = table(
            window, args.rules, args.players, seed=args.seed, seats=seats, computer_pause=0
        )
    step = _random_steps(view, args.seed) if args.random else view.step_computers
    done = step(max(0, args.moves - 1))
    view.news.update(60.0)  # what earlier moves said has faded, as at the table's pace
    done += step(1) if args.moves else 0
    if args.preview:
        _preview(view, step)
    view.settle()
    shown = view
    if args.summary and (args.shell or args.kiosk):
        while not view.state.results and view.state.to_move is not None:
            step(1)
        deliver(view.window, "on_update", 0.0)
        shown = view.window.current_view
        _cheer_frames(view.window, args.cheer)
    if args.press and (args.shell or args.kiosk):
        shown = _press(view, args.press.split(","))
    shown.on_draw()
    arcade.get_image(0, 0, width, height).save(args.out)
    state = view.state
    print(
        f"{args.out}: {args.rules} {args.players} seats, seed {args.seed}, {done} moves, "
        f"round {state.round}, to move {state.to_move}, {len(view.layout.tiles)} tiles on the "
        f"table, showing {type(shown).__name__}"
    )
    return 0


def _game_table(args, width: int, height: int, seats):
    """The table inside the game's shell (a throwaway save folder), kiosk if asked; and the
    shell."""
    import tempfile

    from game.match import Match
    from game.saves import Store
    from game.ui.router import Shell
    from game.ui.window import open_game_window

    window = open_game_window(width, height, visible=False)
    settings = _settings(args)
    store = Store(Path(tempfile.mkdtemp(prefix="boneyard-shot-")))
    shell = Shell(window, store, settings, kiosk=args.kiosk, animate=False)
    shell.resized(width, height)
    players = args.players
    seats = seats or ["human"] + ["computer"] * (players - 1)
    names = _names(args)
    shell.begin(Match.create(args.rules, players, seats=seats, seed=args.seed, names=names))
    view = shell.table
    view.computer_pause = 0
    return view, shell


def _match_end(view, shell, args, width: int, height: int) -> int:
    """The table's match played to its end by seeded random moves, then its end shown."""
    import random

    import arcade

    from game.ui.routes import Route

    match = view.match
    pick = random.Random(args.seed)
    while not match.state.over:
        match.play(pick.choice(match.legal()))
    shell.open(Route.ONWARD)
    deliver(view.window, "on_update", 0.0)
    _cheer_frames(view.window, args.cheer)
    shown = view.window.current_view
    shown.on_draw()
    arcade.get_image(0, 0, width, height).save(args.out)
    moment = getattr(shown, "celebration", None)
    print(
        f"{args.out}: {args.rules} {args.players} seats, seed {args.seed}, the match over "
        f"(winner {match.state.winner}), showing {type(shown).__name__}"
        + (f", {moment.frames} frames into the moment" if moment is not None else "")
    )
    return 0


def _cheer_frames(window, frames: int | None) -> None:
    """``frames`` frames of 1/60 s into the winner's moment (None: none)."""
    for _ in range(frames or 0):
        deliver(window, "on_update", 1 / 60)


def _from_title(args, width: int, height: int) -> int:
    """The title in the game's shell, then the buttons of ``--press``, then ``--frames``."""
    import tempfile

    import arcade

    from game.saves import Store
    from game.ui.router import Shell
    from game.ui.window import open_game_window

    window = open_game_window(width, height, visible=False)
    settings = _settings(args)
    settings.names = [n or "" for n in _names(args)]  # the setup's fields offer them
    store = Store(Path(tempfile.mkdtemp(prefix="boneyard-shot-")))
    shell = Shell(window, store, settings, kiosk=args.kiosk, animate=False)
    shell.resized(width, height)
    _keep_finished(store, args)
    shell.start()
    shown = _press(window.current_view, args.press.split(",")) if args.press else None
    for _ in range(args.frames):
        deliver(window, "on_update", 0.25)
    shown = window.current_view
    if hasattr(shown, "settle"):
        shown.settle()
    shown.on_draw()
    arcade.get_image(0, 0, width, height).save(args.out)
    print(
        f"{args.out}: from the title, pressed {args.press or 'nothing'}, showing "
        f"{type(shown).__name__}"
    )
    return 0


def _settings(args):
    """The settings a picture is drawn with: no pauses, sound or deal, in ``--language`` at
    ``--text-size``."""
    from game.settings import Settings

    return Settings(
        pace="instant",
        sound=False,
        deal_animation=False,
        language=args.language,
        text_size=args.text_size,
    )


def _names(args) -> list[str | None]:
    """``--names`` as the match takes them: one per seat, None where left empty."""
    return [n.strip() or None for n in args.names.split(",")][: args.players] if args.names else []


def _keep_finished(store, args) -> None:
    """``--finished`` matches of ``--rules`` at ``--players`` seats, played by seeded random
    moves to their end, kept in the history (for the History and replay screens)."""
    import random

    from game.match import Match

    for n in range(args.finished):
        seats = ["human"] + ["computer"] * (args.players - 1)
        names = _names(args)
        match = Match.create(args.rules, args.players, seats=seats, seed=args.seed + n, names=names)
        pick = random.Random(args.seed + n)
        while not match.state.over:
            match.play(pick.choice(match.legal()))
        store.history.add(match)


def _press(view, keys: list[str]):
    """Tap each button by key on the screen showing (a frame first); returns the last screen."""
    import arcade

    window = view.window
    for key in keys:
        deliver(window, "on_update", 0.0)  # the table hands over, a screen builds
        screen = window.current_view
        found = screen.widget(key) if hasattr(screen, "widget") else None
        if found is None and hasattr(screen, "buttons") and hasattr(screen.buttons, "buttons"):
            found = next((b for b in screen.buttons.buttons if b.key == key), None)
        if found is None:
            raise SystemExit(f"screenshot: no button {key!r} on {type(screen).__name__}")
        x, y = (int(v) for v in found.rect.centre)
        deliver(window, "on_mouse_press", x, y, arcade.MOUSE_BUTTON_LEFT, 0)
        deliver(window, "on_mouse_release", x, y, arcade.MOUSE_BUTTON_LEFT, 0)
    deliver(window, "on_update", 0.0)
    return window.current_view


def _random_steps(view, seed: int):
    """A stepper playing seeded random legal moves through the view (as a player would)."""
    import random

    pick = random.Random(seed)

    def step(moves: int) -> int:
        done = 0
        while done < moves and view.state.to_move is not None:
            view.commit(pick.choice(view.match.legal()))
            done += 1
        return done

    return step


def _preview(view, step) -> None:
    """Select seat 1's playable tile with the most places and preview its first place."""
    for _ in range(60):  # play on until seat 1 is to move
        if view.state.to_move == 1 and view.covered:
            view.show_hand()
        if view.human_turn() or view.state.to_move is None:
            break
        step(1)
    if not view.human_turn():
        return
    playable = sorted(view.preview.playable())
    if not playable:
        return
    best = max(playable, key=lambda t: sum(1 for a in view.preview.legal if a.tile == t))
    view.input.tap_tile(best)
    if view.preview.chosen is None and view.preview.places:
        view.preview.choose(view.preview.places[0])
        view.sync_preview()


if __name__ == "__main__":
    sys.exit(main())
