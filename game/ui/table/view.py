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

from game.i18n import right_to_left
from game.match import Match
from game.rules import Action, State
from game.rules.tiles import Tile
from game.ui.art.textures import TileTextures
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
from game.ui.table.events import Events
from game.ui.table.framing import Framing
from game.ui.table.hud import Panels, ScreenLayout, Tray
from game.ui.table.input import TableInput
from game.ui.table.labels import TableLabels
from game.ui.table.lots import OpenerDraw
from game.ui.table.news import TableNews
from game.ui.table.open_hands import OpenPanels
from game.ui.table.parts import Parts
from game.ui.table.preview import Preview
from game.ui.table.replay import Replay
from game.ui.table.seats import SeatWords
from game.ui.table.sections import ModePart
from game.ui.table.source import Source
from game.ui.table.telling import Telling
from game.ui.table.tips import ToolTips
from game.ui.table.topbar import Tool, TopBar
from game.ui.widgets.bar import ButtonBar, Buttons
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
    screen: ScreenLayout  # laid out by the parts (:meth:`~.parts.Parts.lay_out`)
    moment: Forward[float] = Forward("telling")  # the router's: a round's end told, or not

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
        self.ctl = table  # the flow, and the mode's own policies
        table.screen = self
        self.framing = Framing(self)  # where the camera looks
        self.telling = Telling(self)  # what happened, told over the frames
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
        self.choices = Choices(
            self.preview, self, self.draws_until_fits, lambda: self.ctl.hinted() is not None
        )
        self.input = TableInput(self)
        self.parts = Parts(self, self.section_manager)
        self.seats_open = False  # a short window's strip of seats opened into full panels
        self.layout = TableLayout()
        self.camera = TableCamera(self.tweens, self.scene.set_level)
        self.labels = TableLabels(self.camera, self.scene, TextPool())
        self.parts.add_modes([make(self) for make in modes])  # first to hear a press
        self.news.say_rule(narrate.rule_news(None, self.state), True)  # the first deal's
        self.parts.lay_out()
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
        return self.telling.shown()

    def tell_end(self, before: State, action: Action) -> None:
        self.telling.tell_end(before, action)

    def show_play(self, before: State, action: Action, chosen: bool) -> None:
        self.telling.show_play(before, action, chosen)

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

    def why_hint(self) -> None:
        """Why? (the button or W, while a hint's preview stands): what its search weighed."""
        self.ctl.ask_why(None)

    # -- frames ----------------------------------------------------------------

    def on_update(self, delta_time: float) -> None:
        if self.ctl.tick(delta_time):  # the mode's policies, then its parts: one may halt
            return
        if self.screen.rtl != right_to_left():  # the language changed (Settings): the bars turn
            self.parts.lay_out()
            self.relayout()
        self.tweens.update(delta_time)
        self.news.update(delta_time)
        self.tips.update(delta_time)
        self.camera.apply()
        self.scene.update()
        if self.replay is not None:
            self.telling.run_replay(delta_time)
        else:
            self.telling.run_ending(delta_time)
            self.ctl.draw_on(delta_time)
            self.ctl.run_computer(delta_time)

    def on_draw(self) -> None:
        """The table whole, each part in the manager's draw order (:mod:`.sections`): the
        window's frames come to the manager itself; a screen over the paused table, and the
        tools, draw it through here."""
        self.section_manager.on_draw()

    def on_resize(self, width: int, height: int) -> None:
        self.laid_for = (width, height)
        self.parts.lay_out()
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
        self.parts.words.count_ends()
        self.opener_draw.sync(state, self.screen.table, list(self.screen.panels.values()))
        self.labels.stale()
        if not self.camera.user_view:
            self.fit_camera()
        self.sync_preview()

    def sync_preview(self) -> None:
        """Show the preview: lit places, the ghost and its score, the tray, buttons and texts
        (each part syncs its own: :meth:`~.parts.Parts.sync`)."""
        self.parts.sync()

    def own_last_tile(self) -> Tile | None:
        """The tile the viewer played last, while it is still the last tile played."""
        for event in reversed(self.state.log):
            if event.action is not None and event.action.tile is not None:
                return event.action.tile if event.seat == self.viewer else None
        return None

    # -- the bars' words and tools ----------------------------------------------------

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
            self.parts.lay_out()
            self.refresh()
            if self.replay is not None:
                self.tweens.finish()  # the table as it was: no glide back in time
                self.news.clear(rule=False)  # told again, in order (a rule's line stays)
        self.ctl.hand_shown()

    def skip_replay(self) -> None:
        self.telling.skip_replay()

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
        return self.telling.telling_end() or self.ctl.thinking()


def _last_tile(state: State) -> Tile | None:
    for event in reversed(state.log):
        if event.action is not None and event.action.tile is not None:
            return event.action.tile
    return None
