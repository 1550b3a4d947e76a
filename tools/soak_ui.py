"""Random input against the whole game, headless: no exception, no illegal state.

    python -m tools.soak_ui [--events 100000] [--seed 1] [--draw-every 250]

Taps (mostly on what is on screen), drags, keys, text, the wheel, resizes
and frames go to the real views through the window's event dispatch, from
the title through setup, hot-seat handovers, the table, the panels, the
summaries and new matches (:mod:`tools.fuzz`). After every event the
match in play must pass the conformance checks; every 500 events its
record must replay to the same state. A failure prints the seed and the
event number and exits 1; otherwise one line of what was covered.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

from tools.harness import deliver, headless

headless()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--events", type=int, default=100_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--draw-every", type=int, default=250, help="draw a frame this often")
    args = parser.parse_args(argv)

    from game.saves import Store
    from game.settings import Settings
    from game.ui.router import Shell
    from game.ui.window import open_game_window
    from tools.fuzz import Monkey

    window = open_game_window(1280, 720, visible=False)
    window.dispatch_events()  # what was queued while the window was made

    def send(event: str, *args: object) -> None:
        deliver(window, event, *args)

    started = time.perf_counter()
    with tempfile.TemporaryDirectory() as folder:
        settings = Settings(pace="instant", sound=False, deal_animation=False)
        shell = Shell(window, Store(Path(folder)), settings, animate=False)
        shell.start()
        monkey = Monkey(shell, args.seed, send)
        done = 0
        try:
            while done < args.events:
                chunk = min(args.draw_every, args.events - done)
                monkey.run(chunk)
                send("on_draw")
                done += chunk
        except Exception as error:  # noqa: BLE001 - report any failure with how to replay it
            print(f"FAILED at event {monkey.tally.events} (seed {args.seed}): {error!r}")
            raise
    tally = monkey.tally
    seconds = time.perf_counter() - started
    screens = ", ".join(f"{k} {v}" for k, v in sorted(tally.screens.items()))
    print(
        f"{tally.events} events in {seconds:.0f}s, seed {args.seed}: {tally.matches} matches, "
        f"up to {tally.actions} actions and {tally.rounds} rounds in one; screens: {screens}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
