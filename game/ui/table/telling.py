"""The table telling what happened, over time: a move played, a round's end, the moves missed.

Why apart from the view: each is told in steps across frames — a move glides in from
where it came and its seat's words go up by it; a round's end is said on the felt for a
moment before its summary (:mod:`.ending`); with several people at the device, what the
computers did since a person's last turn plays again move by move (:mod:`.replay`),
or all at once when they tap. The view calls these at its points (a move played, a
frame, a tap) and keeps the screen's parts; this holds what is being told and when it is
over. It names what it reads of the view in :class:`Told`, so the two do not import each
other.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from game.match import Match
from game.rules import Action, State
from game.rules.tiles import Tile
from game.ui.art.textures import HALF
from game.ui.board.geometry import Rect, TableLayout
from game.ui.board.layout import table_layout
from game.ui.motion.tween import Tweens
from game.ui.table.board import Origin, TableScene
from game.ui.table.camera import TableCamera
from game.ui.table.ending import RoundEnding, ending_layout, round_ending
from game.ui.table.events import Events, Replayed
from game.ui.table.hud import ScreenLayout, Tray
from game.ui.table.news import TableNews
from game.ui.table.replay import Replay
from game.ui.words import narrate


class Told(Protocol):
    """What the telling reads of the table's view (:mod:`.view`)."""

    layout: TableLayout
    screen: ScreenLayout
    message: str
    replay: Replay | None

    @property
    def match(self) -> Match: ...
    @property
    def state(self) -> State: ...
    @property
    def viewer(self) -> int: ...
    @property
    def news(self) -> TableNews: ...
    @property
    def tweens(self) -> Tweens: ...
    @property
    def scene(self) -> TableScene: ...
    @property
    def tray(self) -> Tray: ...
    @property
    def camera(self) -> TableCamera: ...
    @property
    def events(self) -> Events: ...
    @property
    def _aspect(self) -> Callable[[], float]: ...
    def refresh(
        self, origins: dict[Tile, Origin] | None = None, layout: TableLayout | None = None
    ) -> None: ...
    def relayout(
        self, origins: dict[Tile, Origin] | None = None, layout: TableLayout | None = None
    ) -> None: ...


class Telling:
    """What the table tells of the match as it goes (see the module docstring)."""

    def __init__(self, table: Told) -> None:
        self.table = table
        self.ending: RoundEnding | None = None  # a round's end told on the felt, while it lasts
        self.moment = 0.0  # seconds a round's end is told on the felt before its summary

    # -- a move played ------------------------------------------------------------------

    def show_play(self, before: State, action: Action, chosen: bool) -> None:
        """A move was played: said on the felt (a round's end told first), laid out with
        its tile gliding from where it came."""
        table = self.table
        after = table.match.state
        news = narrate.round_news(table.match.ruleset, before, after)
        ending = self.ending
        if ending is not None and ending.after is after:
            table.news.say_rule(ending.words, True)
            layout = ending_layout(ending, before, action, table._aspect())
        else:  # why a rule did what it did, when odd: until the player's own next move
            table.news.say_rule(narrate.rule_news(before, after), chosen)
            layout = table_layout(table.state, table._aspect())
        table.message = news
        table.relayout(self.origins(before, layout), layout)
        self.tell(before.to_move, action, before, after)
        if table.state.round != before.round:  # a new round's felt: last round's words go
            table.news.clear(rule=False)

    def tell(
        self, seat: int | None, action: Action, before: State, after: State | None = None
    ) -> None:
        """Say on the table what ``seat`` just did (to the others) and what it scored
        (``after``: the state it made, if not the one the table shows)."""
        table = self.table
        after = after if after is not None else table.state
        if seat is None:
            return
        places = {p.tile: p for p in table.layout.tiles}
        move = self.move_of(action, before)
        for event in narrate.new_events(seat, action, before, after):
            tile = event.action.tile if event.action is not None else None
            at = Rect(*(v * HALF for v in places[tile].rect())) if tile in places else None
            if event.points and at is not None:
                table.news.rise(narrate.scored_text(event.points), *at.centre)
            if event.seat != table.viewer:  # a tile's words by the end it went on
                table.news.tell(event.seat, narrate.news_line(event, after.log), at, move)

    def move_of(self, action: Action, before: State) -> int | None:
        """The match's move number of ``action`` made from ``before`` (its box on the felt,
        tapped, asks that move's reasons), None when the match no longer holds it."""
        history = self.table.match.history
        for i in range(len(history) - 1, -1, -1):
            if history[i][1] == action and (i == 0 or history[i - 1][2] is before):
                return i
        return None

    def origins(self, before: State, layout: TableLayout) -> dict[Tile, Origin]:
        """Where tiles new on the table come from: the tray (at the size the tray draws
        them), or the mover's panel."""
        table = self.table
        seat = before.to_move
        origins: dict[Tile, Origin] = {}
        panel = table.screen.panels.get(seat) if seat is not None else None
        on_table = 2 * HALF * table.camera.zoom  # a tile's length on screen, on the table
        for placed in layout.tiles:
            t = placed.tile
            if t in table.scene.sprites:
                continue
            if t in table.tray.sprites and seat == table.viewer:
                held = table.tray.sprites[t]
                w = table.camera.unproject(held.position)
                origins[t] = Origin(w[0], w[1], max(held.width, held.height) / on_table, True)
            elif panel is not None:
                w = table.camera.unproject(panel.centre)
                origins[t] = Origin(w[0], w[1])
        return origins

    # -- a round's end ------------------------------------------------------------------

    def shown(self) -> State | None:
        """The round as it ended while its end is told on the felt (its summary waits)."""
        return self.ending.state if self.ending is not None and self.telling_end() else None

    def telling_end(self) -> bool:
        """A round's end is being told on the felt (the table shows the round as it ended;
        its summary waits). An undo meanwhile ends the moment: the match moved on."""
        ending = self.ending
        return ending is not None and ending.after is self.table.match.state

    def tell_end(self, before: State, action: Action) -> None:
        """A round just ended is told on the felt for a moment first, when the table has one."""
        after = self.table.match.state
        if self.moment and len(after.results) > len(before.results):
            rule = narrate.rule_news(before, after)
            self.ending = round_ending(before, action, after, rule)  # said first: "Domino!"

    def run_ending(self, dt: float) -> None:
        """A round's end told on the felt: once its last tile has landed and the moment is
        over, the table is the match's again (the next deal; the summary comes first)."""
        ending, table = self.ending, self.table
        if ending is None:
            return
        if not self.telling_end():  # undone meanwhile: the undo laid the table out
            self.ending = None
            return
        if len(table.tweens):
            return
        ending.left -= dt
        if ending.left > 0:
            return
        self.ending = None
        table.news.clear()
        table.news.say_rule(ending.rule, False)
        table.refresh()

    # -- the moves missed ---------------------------------------------------------------

    def skip_replay(self) -> None:
        """The viewer tapped or pressed a key during the catch-up: the rest at once, each
        move still told by its seat, then the table as it is now and their turn."""
        table = self.table
        replay = table.replay
        if replay is None:
            return
        if replay.final is table.match.state:
            for seat, action, before, _after in replay.skip():
                self.tell(seat, action, before)
        table.replay = None
        table.refresh()
        table.tweens.finish()  # no glides: the table is simply as it is

    def run_replay(self, dt: float) -> None:
        """Show the next missed move once the last one has settled and its pause is over."""
        table = self.table
        replay = table.replay
        assert replay is not None
        if replay.final is not table.match.state:  # undone, restarted …: nothing to show
            table.replay = None
            table.refresh()
            return
        if len(table.tweens):
            return
        step = replay.tick(dt)
        if step is None:
            return
        seat, action, before, _after = step
        if replay.over:
            table.replay = None  # the table is the match's again: the viewer's turn begins
        layout = table_layout(table.state, table._aspect())
        table.refresh(self.origins(before, layout), layout)
        self.tell(seat, action, before)
        table.events.publish(Replayed(action))
