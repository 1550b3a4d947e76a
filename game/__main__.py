"""``boneyard`` / ``python -m game``: start the game.

    boneyard                      fullscreen (as the settings say), title screen
    boneyard --windowed           in a window
    boneyard --kiosk              a touchscreen kiosk: fullscreen, no Quit, large
                                  targets, back to the title after 3 idle minutes
    boneyard --rules block --players 2 [--seed 7]
                                  straight to a match (one human, computers)
    boneyard --demo --headless --out DIR [--rules R --players N --seed S --level L]
                                  a computer-only match off-screen: a picture per
                                  round and the match record, written to DIR
    boneyard --replay FILE        replay a finished match's record (exported from History,
                                  or written by --demo) on the table
    boneyard --list               the rule sets, one a line
    boneyard --version            the game's version

A bad choice (unknown rule set, wrong seat count, a ``--size`` outside 600x600 to
8192x8192, an ``--out`` that is a file or cannot be made), a corrupt preset (or one
whose defaults fit some of its seat counts only), a file missing from the game's data
or a record that does not replay exits 2 with one line, before any window opens.

A kiosk runs under a supervisor (``deploy/kiosk/``) and is never seen with a
traceback: anything else that stops it (no display to open on, its window
destroyed by another program, the display server gone, the GL context lost,
any error escaping a frame) is one line on stderr and exit status 75
(``KIOSK_STOPPED``), which the supervisor answers by starting it again; a
status of 2 says that a restart would fail the same way. Once up, a kiosk says
so in one line on stdout. Both lines are English: they are for the
supervisor's log and whoever keeps the machine, not for the visitor. SIGTERM,
in any mode, closes the window at the next frame and leaves as Quit does (the
match saved, exit 0).
"""

from __future__ import annotations

import argparse
import os
import signal
import sys
from pathlib import Path
from typing import TYPE_CHECKING, NoReturn

from .files import BadFile
from .i18n import languages, set_language
from .record import RecordError, read_record
from .replay import Cursor
from .resources import DataError, version
from .rules import ConfigError, checked_preset, listed, names
from .rules.presets import load_preset

if TYPE_CHECKING:  # the UI is imported only once a window is wanted (see _run)
    from .ui.router import Shell

# The window sizes the game opens: the smallest the table lays out (the 800x600,
# and a 720-wide phone held upright: either side at least 600) and the largest a
# framebuffer is made at (GL's usual limit on each side).
SMALLEST = (600, 600)
LARGEST = 8192
# A kiosk that cannot go on exits with this, for its supervisor to start it again
# (sysexits.h's EX_TEMPFAIL: a failure that may not happen on the next try).
KIOSK_STOPPED = 75


class _Parser(argparse.ArgumentParser):
    """argparse, but a bad command line is one line (argparse puts its usage first)."""

    def error(self, message: str) -> NoReturn:
        raise SystemExit(_usage(f"{message} (boneyard --help shows every option)"))


def parse(argv: list[str] | None) -> argparse.Namespace:
    parser = _Parser(prog="boneyard", description="A table of domino games.")
    parser.add_argument("--windowed", action="store_true", help="play in a window")
    parser.add_argument("--kiosk", action="store_true", help="touchscreen kiosk mode")
    parser.add_argument("--demo", action="store_true", help="a computer-only match")
    parser.add_argument("--headless", action="store_true", help="no display (with --demo)")
    parser.add_argument("--out", type=Path, help="where --demo writes its pictures and record")
    parser.add_argument("--rules", choices=listed(), help="the rule set")
    parser.add_argument("--players", type=int, help="how many seats")
    parser.add_argument("--seed", type=int, help="reproduce a match (random by default)")
    parser.add_argument("--level", choices=("easy", "normal", "hard"), default="normal")
    parser.add_argument("--size", default="1280x720", help="window size, WIDTHxHEIGHT")
    parser.add_argument("--list", action="store_true", help="list the rule sets and exit")
    parser.add_argument(
        "--language", choices=languages(), help="the language to play in (else the settings')"
    )
    parser.add_argument("--replay", type=Path, metavar="FILE", help="replay a match record")
    parser.add_argument("--version", action="version", version=f"boneyard {version()}")
    args = parser.parse_args(argv)
    args.size = _size(args.size)
    if args.headless and not args.demo:
        parser.error("--headless plays no one but computers: add --demo")
    if args.kiosk and args.windowed:
        parser.error("--kiosk is fullscreen: leave out --windowed")
    return args


def _size(text: str) -> tuple[int, int]:
    """``--size WIDTHxHEIGHT`` as two numbers the table can lay out and the GL can make."""
    (low_w, low_h), high = SMALLEST, LARGEST
    try:
        width, height = (int(v) for v in text.lower().split("x"))
    except ValueError:
        raise SystemExit(_usage(f"--size must look like 1280x720, not {text[:40]!r}")) from None
    if not (low_w <= width <= high and low_h <= height <= high):
        raise SystemExit(
            _usage(
                f"--size must be from {low_w}x{low_h} to {high}x{high}, not {width}x{height}"
                if max(len(str(width)), len(str(height))) <= 8
                else f"--size must be from {low_w}x{low_h} to {high}x{high}"
            )
        )
    return width, height


def _usage(line: str) -> int:
    """Say ``line`` as argparse says a bad command line (one line), and give its exit code."""
    print(f"boneyard: error: {line}", file=sys.stderr)
    return 2


def main(argv: list[str] | None = None) -> int:
    args = parse(argv)
    try:
        _check(args)
    except (ConfigError, DataError, RecordError, BadFile) as error:
        return _refuse(error)
    if args.list:
        for name in listed():
            preset = load_preset(name)
            low, high = preset.seats
            print(f"{name:14} {preset.title} ({low}-{high} players): {preset.summary}")
        return 0
    try:
        return _run(args)
    except (DataError, BadFile) as error:  # a file missing, or a record that cannot be written
        return _refuse(error)
    except Exception as error:
        if not args.kiosk:
            raise  # on a desktop a traceback is the most useful report of a bug
        return _stopped(error)


def _refuse(error: Exception) -> int:
    print(f"boneyard: {error}", file=sys.stderr)
    return 2


def _stopped(error: Exception) -> int:
    """A kiosk that cannot go on: why, in one line for the supervisor's log, and its status."""
    reason = " ".join(str(error).split())[:300] or "no message"  # one line, whatever it said
    print(f"boneyard: the kiosk stopped ({type(error).__name__}: {reason})", file=sys.stderr)
    return KIOSK_STOPPED


def _run(args: argparse.Namespace) -> int:
    """The demo or the game, once the choices are known to be good."""
    if args.headless:
        os.environ["ARCADE_HEADLESS"] = "1"  # before anything imports arcade
    if args.language:
        set_language(args.language)
    from .ui.demo import DemoOptions, run_headless, run_watched

    if args.demo:
        options = DemoOptions(
            rules=args.rules or "all_fives",
            players=args.players,
            seed=args.seed,
            level=args.level,
            out=args.out,
            size=args.size,
            language=args.language,
        )
        if args.headless:
            return run_headless(options)
        return run_watched(options, fullscreen=not args.windowed)
    return _play(args)


def _check(args: argparse.Namespace) -> None:
    """Refuse impossible choices and bad presets before any window opens."""
    if args.demo and args.headless:
        _check_out(args.out or Path("boneyard-demo"))
    for name in names():
        checked_preset(name)  # every preset read and tried at each of its seat counts, once
    if args.players is not None:
        preset = load_preset(args.rules or ("all_fives" if args.demo else "block"))
        preset.resolve(args.players, {})
    if args.replay is not None:
        args.record = read_record(args.replay)
        Cursor(args.record)  # it replays through the rules, or says where it does not


def _check_out(out: Path) -> None:
    """The demo's folder: one there already, or one made now (BadFile says why not)."""
    if out.is_dir():
        return
    if os.path.lexists(out):
        raise BadFile(f"--out {out}", "is a file, not a folder")
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        reason = error.strerror or type(error).__name__
        raise BadFile(f"--out {out}", f"the folder cannot be made ({reason})") from None


def wants_fullscreen(args: argparse.Namespace, setting: bool) -> bool:
    """Fullscreen by default (the setting), never with --windowed, always in a kiosk."""
    return bool(args.kiosk or (setting and not args.windowed))


def _play(args: argparse.Namespace) -> int:
    import arcade

    from .match import Match
    from .saves import Store
    from .ui.router import Shell
    from .ui.routes import Recorded, Route
    from .ui.window import open_game_window

    store = Store(read_only=args.kiosk)  # a kiosk writes nothing in the account's folders
    if not args.kiosk:  # before anything is read: a second instance writes nothing
        store.claim()
    settings = store.load_settings()
    if args.language:  # as if chosen in Settings (and kept the same way)
        settings.language = args.language
    fullscreen = wants_fullscreen(args, settings.fullscreen)
    width, height = args.size
    window = open_game_window(width, height, fullscreen=fullscreen)
    shell = Shell(window, store, settings, kiosk=args.kiosk)
    if args.rules or args.players or args.seed is not None:
        rules = args.rules or "block"
        low, _ = load_preset(rules).seats
        players = args.players or low
        seats = ["human"] + ["computer"] * (players - 1)
        shell.begin(Match.create(rules, players, seats=seats, seed=args.seed))
    else:
        shell.start()
    if args.replay is not None:
        shell.open(Route.REPLAY, Recorded(args.record))
    if args.kiosk:
        first = "a replay" if args.replay else "a match" if shell.table else "the title"
        window.first_frame = lambda: print(
            f"boneyard: kiosk up, {first} on screen at {window.width}x{window.height}", flush=True
        )
        window.on_display_lost(lambda: _display_lost(shell))
    signal.signal(signal.SIGTERM, lambda _signal, _frame: window.stop())
    try:
        arcade.run()
    finally:  # however the loop ended: the one way out, whatever the shell does there
        shell.save()
        shell.close()
    return 0


def _display_lost(shell: Shell) -> NoReturn:
    """A kiosk whose display server went away: as any stop, one line and ``KIOSK_STOPPED``.

    Called from inside Xlib, where nothing can be raised back to the event loop;
    the shell's way out (a kiosk saves nothing: its visitor's folder removed) is
    taken here, then the process ends at once.
    """
    from .ui.window import WindowLost

    shell.close()
    os._exit(_stopped(WindowLost("the connection to the display server was lost")))


if __name__ == "__main__":
    sys.exit(main())
