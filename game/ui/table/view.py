"""The table view: a match on screen, played by preview-then-confirm.

Data flows one way (docs/DESIGN.md): pointer and keys become a :class:`Preview`;
only a confirmed preview becomes an action for ``Match.play``; the new
state is laid out (:mod:`~game.ui.board.layout`) and every sprite glides to
its place. Computer seats think a slice per frame (:mod:`.thinking`).

The match's flow (preview, commit, undo, the computer's turns, the modes' vetoes) is
the controller's (:mod:`.controller`, no Arcade): the view is its :class:`Screen`,
told what to show anew. The view owns the screen's parts' state, each given only what
it reads: the board's tiles (:mod:`.board`), the camera (:mod:`.camera`), the
hand and the seat panels (:mod:`.hud`), the top bar (:mod:`.topbar`), the
seats' words (:mod:`.seats`), the choices (:mod:`.choices`), the words on
the table (:mod:`.labels`), the news (:mod:`.news`), the opener's draw
(:mod:`.lots`) and the input's gestures (:mod:`.input`). On screen they are
``arcade.Section``s under the view's ``SectionManager`` (:mod:`.sections`): the board,
the hand, the seats, the choices, the top bar, the words on the table, each mode's
additions and regions, the tile a drag holds. The manager draws them in their order and
says which part a press is (a region's, else a button's, else a hand tile's, else the
table's); the view draws nothing and takes no pointer event itself. The parts stay
enabled while another screen shows, so an overlay draws the paused table under itself
whole (:meth:`TableView.on_draw`). Keys are the view's: no part has the focus.

What the table shows comes from its source (:mod:`.source`): a match in play or
a finished match at a replay's cursor. What a mode adds — a lesson's or a puzzle's
coach, a replay's controls and log, the game's keys — comes as parts of its own
(:class:`~.sections.ModePart`), drawn over the table's, which lay themselves out, take
their own presses and wheel before the table does and their keys before its own; its
tools, its status line and whether the board shows whole it gives when the table is
assembled (:func:`~.play.play_table` and its kin).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Generic, TypeVar

import arcade

from game.i18n import _, right_to_left
from game.match import Match
from game.rules import Action, Kind, State
from game.rules.tiles import Tile
from game.ui.art.textures import HALF, TileTextures
from game.ui.board.families import parts
from game.ui.board.geometry import Placed, Rect, TableLayout
from game.ui.board.layout import table_layout
from game.ui.motion.tween import Tweens
from game.ui.scale import Sizing
from game.ui.table import rulings, status
from game.ui.table.board import Origin, TableScene
from game.ui.table.camera import TableCamera
from game.ui.table.choices import Choices
from game.ui.table.controller import TableController
from game.ui.table.ending import RoundEnding, ending_layout, round_ending
from game.ui.table.events import Events, Replayed
from game.ui.table.framing import Framing
from game.ui.table.hud import MESSAGE_LINE, Panels, Tray, is_short, screen_layout
from game.ui.table.input import TableInput
from game.ui.table.labels import TableLabels
from game.ui.table.lots import OpenerDraw
from game.ui.table.news import TableNews
from game.ui.table.open_hands import OpenPanels, open_hand_texts
from game.ui.table.preview import Preview
from game.ui.table.replay import Replay
from game.ui.table.seats import SeatWords
from game.ui.table.sections import Beside, ModePart, Parts, Transport
from game.ui.table.source import Source
from game.ui.table.tips import ToolTips
from game.ui.table.topbar import Tool, TopBar
from game.ui.widgets.bar import ButtonBar, Buttons
from game.ui.widgets.kit import Button
from game.ui.widgets.text import TextPool
from game.ui.words import names, narrate

T = TypeVar("T")


class Forward(Generic[T]):
    """An attribute of the view that is one of its parts' (the controller's, the
    framing's): the modes' parts, tools and tests that read the table find it where it was."""

    def __init__(self, part: str = "ctl") -> None:
        self.part = part  # the view's attribute holding it: the controller, the framing

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    def __get__(self, view: TableView, owner: type | None = None) -> T:
        value: T = getattr(getattr(view, self.part), self.name)
        return value

    def __set__(self, view: TableView, value: T) -> None:
        setattr(getattr(view, self.part), self.name, value)


class TableView(arcade.View):
    """One match at the table, on screen: ``table`` is its flow (a match in play, or a
    finished one at a replay's cursor, with the mode's policies: :mod:`.controller`), and
    the parts a mode gives it are its own on the screen (:class:`~.sections.ModePart`).

    ``sizing`` sizes the chrome (the bars, panels, buttons, hand and words: the window's
    one scale, the player's Text size, a kiosk's fingers: :mod:`game.ui.scale`). ``modes``
    make each mode's part for this table, in the order it hears a key or a press; ``tools``
    are the mode's in the top bar; ``line`` its status line, if any; ``whole_board``: the
    camera always fits the whole board (a coach's words point anywhere on it). ``open_hands``:
    every hand shows in its seat's panel (a finished match's always do).
    """

    source: Forward[Source] = Forward()
    match: Forward[Match] = Forward()
    state: Forward[State] = Forward()
    preview: Forward[Preview] = Forward()
    humans: Forward[tuple[int, ...]] = Forward()
    viewer: Forward[int] = Forward()
    covered: Forward[bool] = Forward()
    message: Forward[str] = Forward()
    replay: Forward[Replay | None] = Forward()
    paused: Forward[bool] = Forward()
    idle: Forward[float] = Forward()
    drawing_on: Forward[int | None] = Forward()
    computer_pause: Forward[float] = Forward()
    turn: Forward[int] = Forward("framing")
    board: Forward[Callable[[], Rect]] = Forward("framing")
    fit_camera: Forward[Callable[..., None]] = Forward("framing")
    zoom_by: Forward[Callable[..., None]] = Forward("framing")
    refit: Forward[Callable[[], None]] = Forward("framing")
    rotate: Forward[Callable[[int], None]] = Forward("framing")
    fitting_ends: Forward[Callable[[], list[tuple[str, Placed]]]] = Forward("framing")
    view_angle: Forward[Callable[[], int]] = Forward("framing")
    _aspect: Forward[Callable[[], float]] = Forward("framing")
    _place: Forward[Callable[[Action], Placed | None]] = Forward("framing")
    events: Forward[Events] = Forward()
    you: Forward[int | None] = Forward()
    roster: Forward[Callable[[], names.Roster]] = Forward()
    human_turn: Forward[Callable[[], bool]] = Forward()
    forced: Forward[Callable[[], Action | None]] = Forward()
    commit: Forward[Callable[[Action], bool]] = Forward()
    confirm: Forward[Callable[[], bool]] = Forward()
    draws_until_fits: Forward[Callable[[], bool]] = Forward()
    only_move: Forward[Callable[[], Action | None]] = Forward()
    press_action: Forward[Callable[[Action], None]] = Forward()
    cancel: Forward[Callable[[], None]] = Forward()
    undo: Forward[Callable[[], None]] = Forward()
    redo: Forward[Callable[[], None]] = Forward()
    restart_round: Forward[Callable[[], None]] = Forward()
    new_match: Forward[Callable[[], None]] = Forward()
    undo_refusal: Forward[Callable[[], str]] = Forward()
    redo_refusal: Forward[Callable[[], str]] = Forward()
    restart_refusal: Forward[Callable[[], str]] = Forward()
    refuse: Forward[Callable[[str], None]] = Forward()
    step_computers: Forward[Callable[[int], int]] = Forward()

    def __init__(
        self,
        table: TableController,
        coloured: bool | None = None,
        sizing: Sizing | None = None,
        size: tuple[int, int] | None = None,
        modes: Sequence[Callable[[TableView], ModePart]] = (),
        open_hands: bool = False,
        tools: Sequence[Tool] = (),
        line: status.Line | None = None,
        whole_board: bool = False,
    ) -> None:
        super().__init__()
        self.ending: RoundEnding | None = None  # a round's end told on the felt, while it lasts
        self.ctl = table  # the flow, and the mode's own policies
        table.screen = self
        self.framing = Framing(self)  # where the camera looks
        match = self.ctl.match
        self.mode_tools = list(tools)  # the top bar's, after the table's own
        self.line = line  # the top bar's status line instead of whose turn it is
        self.whole_board = whole_board  # the camera always fits the whole board
        self.sizing = sizing or Sizing()
        # the size the table lays out for: the window's, then each resize's
        self.laid_for = size or (self.window.width, self.window.height)
        ruleset = match.ruleset
        self.title = ruleset.preset.title
        self.textures = TileTextures(ruleset.double, self._pips_coloured(coloured))
        self.tweens = Tweens()
        self.scene = TableScene(self.textures, self.tweens)
        self.tray = Tray(self.textures, self.tweens)
        self.open_hands = open_hands or self.source.open_hands
        self.panels = (
            OpenPanels(self.textures, lambda: self.state)
            if self.open_hands
            else Panels(self.textures)
        )
        self.texts = TextPool()  # the bars' words
        self.tool_bar: ButtonBar = ButtonBar()  # each part's buttons: the top bar's, the choices' …
        self.choice_bar: ButtonBar = ButtonBar()
        self.arrow_bar: ButtonBar = ButtonBar()  # … the arrows of a hand that scrolls
        self.buttons = Buttons(self.choice_bar, self.tool_bar, self.arrow_bar)  # every one
        self.section_manager = arcade.SectionManager(self)  # the parts' input and drawing
        self.section_manager.view_draw_first = None  # the view draws nothing of its own
        self.section_manager.managed_events -= {"on_key_press", "on_key_release"}  # the view's
        self.news = TableNews()  # what the other seats do, told by their places
        self.opener_draw = OpenerDraw(self.textures)  # Cuban's draw for the opener
        self.tips = ToolTips()  # the icon tools' names, on hover or a tap
        self.bar = TopBar(ruleset, TextPool(), self._status, self.status_samples)
        self.seats = SeatWords(match, self.texts)
        self.choices = Choices(self.preview, self, self.draws_until_fits)
        self.input = TableInput(self)
        self.parts = Parts(self, self.section_manager)
        self.seats_open = False  # a short window's strip of seats opened into full panels
        self._framed_for: Tile | None = None  # the tile picked when the camera last framed
        self.moment = 0.0  # seconds a round's end is told on the felt before its summary
        self.layout = TableLayout()
        self.camera = TableCamera(self.tweens, self.scene.set_level)
        self.labels = TableLabels(self.camera, self.scene, TextPool())
        self.parts.add_modes([make(self) for make in modes])  # first to hear a press
        self.news.say_rule(narrate.rule_news(None, self.state), True)  # the first deal's
        self._relayout_screen()
        self.refresh()
        self.tweens.finish()
        self.camera.apply()

    def _pips_coloured(self, coloured: bool | None) -> bool:
        """The pips' colours: as asked, else one colour per number on double-twelve tiles."""
        return self.match.ruleset.double == 12 if coloured is None else coloured

    def recolour(self, coloured: bool | None) -> None:
        """Colour pips changed: the tiles are drawn again; the table is otherwise as it was."""
        coloured = self._pips_coloured(coloured)
        if coloured == self.textures.coloured:
            return
        self.textures.recolour(coloured)
        self.scene.retexture()
        self.refresh()  # the hand takes its textures anew

    # -- the match -------------------------------------------------------------

    def shown(self) -> State | None:
        """The round as it ended while its end is told on the felt (its summary waits)."""
        return self.ending.state if self.ending is not None and self.telling_end() else None

    def telling_end(self) -> bool:
        """A round's end is being told on the felt (the table shows the round as it ended;
        its summary waits). An undo meanwhile ends the moment: the match moved on."""
        ending = self.ending
        return ending is not None and ending.after is self.match.state

    def tell_end(self, before: State, action: Action) -> None:
        """A round just ended is told on the felt for a moment first, when the table has one."""
        after = self.match.state
        if self.moment and len(after.results) > len(before.results):
            rule = narrate.rule_news(before, after)
            self.ending = round_ending(before, action, after, rule)  # said first: "Domino!"

    def show_play(self, before: State, action: Action, chosen: bool) -> None:
        """A move was played: said on the felt (a round's end told first), laid out with
        its tile gliding from where it came."""
        after = self.match.state
        news = narrate.round_news(self.match.ruleset, before, after)
        ending = self.ending
        if ending is not None and ending.after is after:
            self.news.say_rule(ending.words, True)
            layout = ending_layout(ending, before, action, self._aspect())
        else:  # why a rule did what it did, when odd: until the player's own next move
            self.news.say_rule(narrate.rule_news(before, after), chosen)
            layout = table_layout(self.state, self._aspect())
        self.message = news
        self.relayout(self._origins(before, layout), layout)
        self.tell(before.to_move, action, before, after)
        if self.state.round != before.round:  # a new round's felt: last round's words go
            self.news.clear(rule=False)

    def tell(
        self, seat: int | None, action: Action, before: State, after: State | None = None
    ) -> None:
        """Say on the table what ``seat`` just did (to the others) and what it scored
        (``after``: the state it made, if not the one the table shows)."""
        after = after if after is not None else self.state
        if seat is None:
            return
        places = {p.tile: p for p in self.layout.tiles}
        for event in narrate.new_events(seat, action, before, after):
            tile = event.action.tile if event.action is not None else None
            at = Rect(*(v * HALF for v in places[tile].rect())) if tile in places else None
            if event.points and at is not None:
                self.news.rise(narrate.scored_text(event.points), *at.centre)
            if event.seat != self.viewer:  # a tile's words by the end it went on
                self.news.tell(event.seat, narrate.news_line(event, after.log), at)

    def why_not(self, tile: Tile, where: str | None = None) -> str:
        """Why the rules refuse ``tile`` now (at the end ``where``, else where it would
        go best): the rules are asked (:mod:`.rulings`), given the board's open ends."""
        ends = {w: arm.number for w, arm in self.layout.ends.items()}
        return rulings.why_not(self.ctl, tile, where, ends)

    def forget_news(self) -> None:
        self.news.clear()

    def settled(self) -> bool:
        return not len(self.tweens)

    def show_status(self) -> None:
        self.bar.put_status()

    def show_preview(self) -> None:
        self.sync_preview()

    def ask_hint(self) -> None:
        """Hint (the button or H): the mode's answer (the computer's search at the game's
        table, a lesson's step, a puzzle's winning move), a preview to confirm."""
        self.ctl.ask_hint()

    # -- frames ----------------------------------------------------------------

    def on_update(self, delta_time: float) -> None:
        if self.ctl.tick(delta_time):  # the mode's policies, then its parts: one may halt
            return
        if self.screen.rtl != right_to_left():  # the language changed (Settings): the bars turn
            self._relayout_screen()
            self.relayout()
        self.tweens.update(delta_time)
        self.news.update(delta_time)
        self.tips.update(delta_time)
        self.camera.apply()
        self.scene.update()
        if self.replay is not None:
            self._run_replay(delta_time)
        else:
            self._run_ending(delta_time)
            self.ctl.draw_on(delta_time)
            self.ctl.run_computer(delta_time)

    def on_draw(self) -> None:
        """The table whole, each part in the manager's draw order (:mod:`.sections`): the
        window's frames come to the manager itself; a screen over the paused table, and the
        tools, draw it through here."""
        self.section_manager.on_draw()

    def on_resize(self, width: int, height: int) -> None:
        self.laid_for = (width, height)
        self._relayout_screen()
        self.relayout()

    def resize_chrome(self, sizing: Sizing) -> None:
        """The player's Text size changed (or the kiosk's fingers): the chrome is laid out
        again at its new scale; the board, the match and the preview stay as they are."""
        if sizing != self.sizing:
            self.sizing = sizing
            self.on_resize(*self.laid_for)

    @property
    def touch(self) -> float:
        """The chrome's one scale as laid out now (:meth:`Sizing.scale`)."""
        return self.screen.scale

    def on_show_view(self) -> None:
        self.section_manager.enable()  # the parts hear the window's events (and are shown)

    def on_hide_view(self) -> None:
        """Another screen shows (a handover, the menu, a panel): every glide ends now. The
        table gets no frames meanwhile, and a screen that draws it paused underneath would
        show it frozen mid-move: the board still empty, the tile just played face up over
        the next player's hand row. The parts stop hearing the window's events but stay
        enabled: a screen over the paused table draws it whole."""
        self.window.remove_handlers(self.section_manager)
        self.settle()

    def settle(self) -> None:
        """Finish every glide now (screenshots and tests)."""
        self.tweens.finish()
        self.camera.apply()
        self.scene.update()

    # -- keeping the screen in step ------------------------------------------------

    def refresh(
        self,
        origins: dict[Tile, Origin] | None = None,
        layout: TableLayout | None = None,
    ) -> None:
        """After the state changed: a fresh preview, and the table laid out again."""
        self.ctl.renew()
        self.relayout(origins, layout)

    def relayout(
        self,
        origins: dict[Tile, Origin] | None = None,
        layout: TableLayout | None = None,
    ) -> None:
        """Lay the table out for the view's shape; the preview stays as it is (zooming and
        turning keep it)."""
        state = self.state
        self.layout = layout if layout is not None else table_layout(state, self._aspect())
        self.scene.sync(self.layout, origins or {}, (90 + self.camera.angle) % 360)
        self.scene.mark_last(_last_tile(state))
        family = parts(state)
        self.scene.mark_rails(frozenset(family.rails(state)))
        self.scene.set_markers(family.marked(state))
        self._sync_corner()
        self.opener_draw.sync(state, self.screen.table, list(self.screen.panels.values()))
        self.labels.stale()
        if not self.camera.user_view:
            self.fit_camera()
        self.sync_preview()

    def _sync_corner(self) -> None:
        """All Fives: the count of the open ends, at all times; lit when it scores."""
        state = self.state
        corner = parts(state).corner(state)
        if corner is None:
            self.news.set_corner("")
            return
        count, lit = corner
        self.news.set_corner(narrate.ends_text(count), lit, right=self.screen.rtl)

    def sync_preview(self) -> None:
        """Show the preview: lit places, the ghost and its score, the tray, buttons and texts.

        A tile picked (or put back) frames its places anew, unless the player moved the
        camera: on a board too big for the felt at a legible size they may lie apart."""
        p = self.preview
        if p.selected != self._framed_for:
            self._framed_for = p.selected
            if not self.camera.user_view:
                self.fit_camera()
        found = [(a, self._place(a)) for a in p.places]
        places = [(a, at) for a, at in found if at is not None]
        chosen = None
        if p.chosen is not None and p.chosen.tile is not None:
            at = self._place(p.chosen)
            chosen = (p.chosen, at) if at is not None else None
        state = self.state
        hand = state.hands[self.viewer - 1] if state.hands else ()
        hidden = self.covered or (len(self.humans) > 1 and state.to_move != self.viewer)
        ends = [] if hidden or p.selected or p.chosen else self.fitting_ends()
        self.scene.show_places(places, chosen, ends)
        gain = rulings.gain(self.ctl, p.chosen) if chosen else 0
        self.scene.set_score(names.gain(gain) if gain else None, chosen[1] if chosen else None)
        # dim the tiles that cannot go down, when tiles are what this turn is about
        about_tiles = p.playable() or any(a.kind in (Kind.DRAW, Kind.PASS) for a in p.buttons())
        playable = p.playable() if self.human_turn() and about_tiles else None
        screen = self.screen
        head = screen.head + (MESSAGE_LINE * screen.scale if screen.upright else 0)
        fresh = frozenset() if hidden else just_drawn(self.match, self.viewer)
        bar = screen.tray.union(screen.actions).centre[0]  # the hand's bar
        span = self._hand_span()
        self.tray.sync(
            hand, screen.tray, p.selected, playable, hidden, head, fresh, bar, span,
            screen.foot, screen.scale,
        )  # fmt: skip
        counts = {s: len(h) for s, h in enumerate(state.hands, 1)}
        self.panels.sync(screen, counts, state.to_move, self.seats_open)
        self._sync_buttons()
        self._sync_texts()

    def _choice_buttons(self) -> list[Button]:
        """The choices beside the hand (a view built on the table may lay out its own)."""
        over = self.state.winner is not None
        instead = next((p for p in self.parts.modes if isinstance(p, Transport)), None)
        if instead is not None:
            return instead.buttons()
        return self.choices.buttons(self.screen, self.covered, over)

    def _hand_span(self) -> tuple[float, float] | None:
        """Where the hand's row may lie, from x to x, when the choices sit beside it: the
        tray and the part of the choices' area no button takes, so that a hand with no
        button beside it is centred on its bar (a kiosk's large tiles stood far left of
        the middle, kept out of an empty area). None: the tray alone (the choices above)."""
        screen = self.screen
        if screen.upright:
            return None
        room = screen.tray.union(screen.actions).grown(-16)
        taken = [b.rect for b in self._choice_buttons()]
        if screen.rtl:
            return (max([room.x0, *(r.x1 + 16 for r in taken)]), room.x1)
        return (room.x0, min([room.x1, *(r.x0 - 16 for r in taken)]))

    def _sync_buttons(self) -> None:
        """The choices beside the hand and the top bar's tools."""
        self.choice_bar.set(self._choice_buttons())
        self.parts.top.sync()
        self.parts.hand.sync()

    def _sync_texts(self) -> None:
        """The bars' words: the top bar's, the seats' and the hand's with the message (a
        view built on the table may write more over them)."""
        state = self.state
        t = self.texts
        t.begin()
        self.bar.write(self.screen, state, self._has_boneyard())
        if self.replay is not None:
            hint = _("Tap or press Space to skip")
        else:
            hint = self.choices.hint(self.viewer, self.input.holding) if self.human_turn() else ""
        said = self.message or hint
        self.seats.write(self.screen, state, self.viewer, self.you, said, self.seats_open)
        if self.open_hands:  # the other seats' tiles show instead of their counts
            open_hand_texts(self.texts, self.screen, state.scores)
        t.end()

    def own_last_tile(self) -> Tile | None:
        """The tile the viewer played last, while it is still the last tile played."""
        for event in reversed(self.state.log):
            if event.action is not None and event.action.tile is not None:
                return event.action.tile if event.seat == self.viewer else None
        return None

    # -- the bars' words and tools ----------------------------------------------------

    def _has_boneyard(self) -> bool:
        return bool(self.state.boneyard) or self.match.ruleset.rest == "boneyard"

    def status_samples(self) -> list[str]:
        """The widest status lines this table may show: a mode's own, else the table's."""
        return self.line.samples() if self.line else status.status_samples(self.ctl)

    def _status(self, progress: float | None = None) -> str:
        """Whose turn it is, in words: a mode's own line, else the table's."""
        return self.line.status() if self.line else status.status(self.ctl, progress)

    # -- input (see .input) -------------------------------------------------------------

    def on_touch_hold(self, x: float, y: float) -> None:
        self.input.touch_hold(x, y)

    def on_touch_cancel(self) -> None:
        self.input.touch_cancel()

    def on_touch_transform(
        self, x: float, y: float, dx: float, dy: float, scale: float, turn: float
    ) -> None:
        self.input.touch_transform(x, y, dx, dy, scale, turn)

    def on_touch_transform_end(self) -> None:
        self.input.touch_transform_end()

    def on_key_press(self, symbol: int, modifiers: int) -> None:
        if not self.parts.key(symbol, modifiers):
            self.table_key(symbol, modifiers)

    def on_text(self, text: str) -> None:
        self.parts.text(text)

    def table_key(self, symbol: int, modifiers: int) -> None:
        """A key no mode's part took (the game's keys are a part's: see :mod:`.play`)."""
        self.input.key_press(symbol, modifiers)

    # -- helpers -------------------------------------------------------------------

    def show_hand(self) -> None:
        """The next human took the device: show their tiles (what a computer did since
        their last turn, with several people at the device, played again on the table;
        their own tiles stay face down meanwhile)."""
        seat = self.state.to_move
        if seat is not None and self.match.is_human(seat):
            self.ctl.take_hand()
            self._relayout_screen()
            self.refresh()
            if self.replay is not None:
                self.tweens.finish()  # the table as it was: no glide back in time
                self.news.clear(rule=False)  # told again, in order (a rule's line stays)
        self.ctl.hand_shown()

    def skip_replay(self) -> None:
        """The viewer tapped or pressed a key during the catch-up: the rest at once, each
        move still told by its seat, then the table as it is now and their turn."""
        replay = self.replay
        if replay is None:
            return
        if replay.final is self.match.state:
            for seat, action, before, _ in replay.skip():
                self.tell(seat, action, before)
        self.replay = None
        self.refresh()
        self.tweens.finish()  # no glides: the table is simply as it is

    def _run_replay(self, dt: float) -> None:
        """Show the next missed move once the last one has settled and its pause is over."""
        replay = self.replay
        assert replay is not None
        if replay.final is not self.match.state:  # undone, restarted …: nothing to show
            self.replay = None
            self.refresh()
            return
        if len(self.tweens):
            return
        step = replay.tick(dt)
        if step is None:
            return
        seat, action, before, _after = step
        if replay.over:
            self.replay = None  # the table is the match's again: the viewer's turn begins
        layout = table_layout(self.state, self._aspect())
        self.refresh(self._origins(before, layout), layout)
        self.tell(seat, action, before)
        self.events.publish(Replayed(action))

    def _relayout_screen(self) -> None:
        """The screen laid out for the window less the columns of the modes' parts beside
        it (at the end of the reading: on the right, or on the left for a right-to-left
        language); then each part is laid out, a mode's first (placed in its column; it
        may take room off the table), and the camera looks at the table that is left."""
        ruleset = self.match.ruleset
        full, height = self.laid_for
        beside = [p for p in self.parts.modes if isinstance(p, Beside)]
        columns = [part.column(full) for part in beside]
        width = full - sum(columns)
        rtl = right_to_left()
        scale, finger = self.sizing.scale(full, height), self.sizing.finger(full, height)
        labels = [label for _, label, _ in self.parts.top.tools()]
        boneyard = self._has_boneyard()
        compact = not self.open_hands and is_short(height, scale)  # its count in the strip
        self.screen = screen_layout(
            width,
            height,
            ruleset.name,
            ruleset.players,
            self.viewer,
            scale,
            self.bar.rows(width, labels, boneyard and not compact, scale, finger),
            rtl,
            finger,
            compact=not self.open_hands,
            boneyard=boneyard,
        )
        if rtl and width < full:
            self.screen = self.screen.shifted(full - width)
        self.news.scale = self.labels.scale = scale  # the words on the table grow too
        self.labels.stale()
        at = 0 if rtl else width
        for mode, w in zip(beside, columns, strict=True):
            mode.place(Rect(at, 0, at + w, height))
            at += w
        self.panels._signature = ()
        for part in self.parts.all():  # a mode's first: it may take room off the table's top
            part.lay()
        self.camera.view_rect(self.screen.table)

    def _run_ending(self, dt: float) -> None:
        """A round's end told on the felt: once its last tile has landed and the moment is
        over, the table is the match's again (the next deal; the summary comes first)."""
        ending = self.ending
        if ending is None:
            return
        if not self.telling_end():  # undone meanwhile: the undo laid the table out
            self.ending = None
            return
        if len(self.tweens):
            return
        ending.left -= dt
        if ending.left > 0:
            return
        self.ending = None
        self.news.clear()
        self.news.say_rule(ending.rule, False)
        self.refresh()

    def still(self) -> bool:
        """Nothing on the table moves and nobody touches it: frames may be longer."""
        return not len(self.tweens) and not self.news.rising and not self.input.pressing

    def at_rest(self) -> bool:
        """A frame now would show what the last one did (so the window draws none): nothing
        moves or is touched, no seat's words are showing (they go by themselves), nobody
        thinks and no catch-up plays: the table waits for a person, or for nothing."""
        quiet = self.parts.still()  # words that go by themselves, a glow that pulses …
        return self.still() and quiet and self.replay is None and not self.busy()

    def busy(self) -> bool:
        """Something happens at this table without anyone touching it: a computer's turn, a
        forced move made after its breath, a move thought ahead, the draws of "draw until a
        tile fits", a mode's (a hint searched, a replay playing), a round's end told."""
        return self.telling_end() or self.ctl.thinking()

    def _origins(self, before: State, layout: TableLayout) -> dict[Tile, Origin]:
        """Where tiles new on the table come from: the tray (at the size the tray draws
        them), or the mover's panel."""
        seat = before.to_move
        origins: dict[Tile, Origin] = {}
        panel = self.screen.panels.get(seat) if seat is not None else None
        on_table = 2 * HALF * self.camera.zoom  # a tile's length on screen, on the table
        for placed in layout.tiles:
            t = placed.tile
            if t in self.scene.sprites:
                continue
            if t in self.tray.sprites and seat == self.viewer:
                held = self.tray.sprites[t]
                w = self.camera.unproject(held.position)
                origins[t] = Origin(w[0], w[1], max(held.width, held.height) / on_table, True)
            elif panel is not None:
                w = self.camera.unproject(panel.centre)
                origins[t] = Origin(w[0], w[1])
        return origins


def just_drawn(match: Match, seat: int) -> frozenset[Tile]:
    """The tiles ``seat`` drew in the draws that are the match's latest actions (its turn now).

    Once the seat does anything else (plays, passes), or another seat moves, none are new.
    """
    history = match.history
    streak = 0
    while streak < len(history):
        who, action, _after = history[-1 - streak]
        if who != seat or action.kind != Kind.DRAW:
            break
        streak += 1
    if not streak or streak == len(history):  # (a match never opens with a draw)
        return frozenset()
    before, now = history[-1 - streak][2], match.state
    if not now.hands or not before.hands or before.round != now.round:
        return frozenset()
    return frozenset(now.hands[seat - 1]) - frozenset(before.hands[seat - 1])


def _last_tile(state: State) -> Tile | None:
    for event in reversed(state.log):
        if event.action is not None and event.action.tile is not None:
            return event.action.tile
    return None
