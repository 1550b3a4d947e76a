"""Opening a window on a table: shared by the game, the tools and the tests.

``ARCADE_HEADLESS=1`` must be in the environment before arcade is first
imported for an off-screen window (Mesa's software GL); :func:`headless`
sets it, so call it before anything imports arcade.

    python -m tools.harness --rules all_fives --players 4 [--seats human,computer,...]

plays a match at the table in a window (until the menu views exist).
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import arcade

    from game.ui.table.view import TableView


def headless() -> None:
    """Ask arcade for an off-screen window (must run before arcade is imported)."""
    os.environ.setdefault("ARCADE_HEADLESS", "1")


def deliver(window: arcade.Window, event: str, *args: object) -> None:
    """Send ``event`` and have it handled now: a headless window queues what it is sent
    until its events are dispatched (pyglet's own loop delivers at once)."""
    window.dispatch_event(event, *args)
    window.dispatch_events()


def open_window(width: int = 1920, height: int = 1080, title: str = "Boneyard") -> arcade.Window:
    """A window without multisampling: the tiles are smooth already, and MSAA costs
    software GL most of a frame."""
    import arcade

    return arcade.Window(
        width,
        height,
        title,
        visible=not os.environ.get("ARCADE_HEADLESS"),
        antialiasing=False,
        resizable=True,
    )


def table(
    window: arcade.Window,
    rules: str,
    players: int,
    seed: int | None = None,
    seats: Sequence[str] | None = None,
    computer_pause: float = 0.6,
    **options: object,
) -> TableView:
    """A new match of ``rules`` at ``players`` seats, shown in ``window``.

    Seats default to one human (seat 1) against computers.
    """
    from game.match import Match
    from game.ui.table.controller import TableController
    from game.ui.table.view import TableView

    seats = list(seats) if seats is not None else ["human"] + ["computer"] * (players - 1)
    match = Match.create(rules, players, seats=seats, seed=seed, **options)
    view = TableView(TableController(match, computer_pause))
    window.show_view(view)
    return view


def main(argv: list[str] | None = None) -> int:
    """Play one match in a window: ``--rules``, ``--players``, ``--seats``, ``--seed``."""
    import argparse

    parser = argparse.ArgumentParser(prog="python -m tools.harness")
    parser.add_argument("--rules", default="all_fives")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seats", help="comma-separated: human, computer, computer:easy …")
    parser.add_argument("--seed", type=int)
    parser.add_argument("--size", default="1600x900")
    args = parser.parse_args(argv)
    width, height = (int(v) for v in args.size.lower().split("x"))
    import arcade

    window = open_window(width, height)
    seats = args.seats.split(",") if args.seats else None
    table(window, args.rules, args.players, seed=args.seed, seats=seats)
    arcade.run()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
