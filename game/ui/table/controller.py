"""The table's flow with no Arcade: what it shows, what the player previews, what is played.

Why apart from the screen: the match flow (commit, undo, redo, restart, new match,
why not), the computer's turns, the hot seat's cover and the mode's vetoes are
decisions, not drawing; here they are tested without a window. The controller owns
the source (:mod:`.source`), the preview (:mod:`.preview`), whose tiles show and the
computer seats (:mod:`.computers`); it asks the mode's :class:`Policy` objects what
they veto, tells its :class:`Screen` what to show anew, and publishes what happened
(:mod:`.events`) to whoever listens: the router saves and navigates on them, a mode's
coach follows the moves. What the rules would say of a move not made (its score, why
they refuse it) is asked apart (:mod:`.rulings`): it changes nothing of the flow.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal, Protocol

from game.i18n import N_, _
from game.match import Match
from game.replay import Cursor
from game.rules import Action, IllegalAction, Kind, State
from game.ui.table.computers import ComputerSeats
from game.ui.table.events import (
    Asked,
    Change,
    Changed,
    Events,
    HandShown,
    Played,
    Refused,
    Renewing,
)
from game.ui.table.preview import Preview
from game.ui.table.replay import Replay
from game.ui.table.source import Live, Rewound, Source
from game.ui.table.thinking import Hinted
from game.ui.words import names, narrate
from game.ui.words.wording import refusal, term

Refusable = Literal["undo", "redo", "restart"]  # what a mode may refuse, saying why
REPLAY_PAUSE = 0.4  # seconds at least between the moves a replay shows (even at instant pace)


class Policy:
    """A mode's vetoes over the table's flow; each lets everything unless a mode says not."""

    def lets_play(self) -> bool:
        """The player to move may act now (not once a lesson or a puzzle is over)."""
        return True

    def allows(self, action: Action) -> bool:
        """A confirmed action may be played (False: the mode said why, nothing changes)."""
        return True

    def refusal(self, what: Refusable) -> str:
        """Why the table's ``what`` may not act now ("" when the mode lets it)."""
        return ""

    def renews(self) -> bool:
        """A new match may be started over the table (not over a lesson's or a puzzle's)."""
        return True

    def draws_singly(self) -> bool:
        """Each draw is a press of its own, even where the rules draw until a tile fits (a
        lesson walks through the draws one step each)."""
        return False

    def moves_others(self, dt: float) -> bool:
        """The other seats are the mode's to move (a script's replies): it moves them now
        if it will (True), and the table's computers think for nobody."""
        return False

    def kept(self) -> bool:
        """The match is the player's: saved for Resume, kept in the history when it ends
        (not a lesson's nor a puzzle's)."""
        return True

    def update(self, dt: float) -> None:
        """A frame passed (before the table moves on)."""

    def halts(self) -> bool:
        """The table goes no further this frame (a summary or a handover due)."""
        return False

    def hint(self) -> bool:
        """The mode answers Hint itself (True: it did)."""
        return False

    def busy(self) -> bool:
        """Something of the mode's happens by itself (a hint searched, a replay playing)."""
        return False

    def hinted(self) -> Hinted | None:
        """The mode's hint standing now, with what its search weighed (None: none stands,
        or the mode's hint is no search's: a lesson's step, a puzzle's winning move)."""
        return None


class Screen(Protocol):
    """What the controller asks of whatever shows the table (a window's view, or nothing)."""

    def shown(self) -> State | None:
        """A past state the screen shows instead of the source's (a round's end told)."""
        ...

    def settled(self) -> bool:
        """The last move has landed: nothing glides."""
        ...

    def still(self) -> bool:
        """Nothing moves and nobody touches the table (thinking may take longer slices)."""
        ...

    def relayout(self) -> None:
        """The state changed: lay the table out for it."""
        ...

    def show_preview(self) -> None:
        """The preview or the message changed: show them."""
        ...

    def tell_end(self, before: State, action: Action) -> None:
        """``action`` was played from ``before``: a round it ended may be told first (the
        table showing the round as it ended, its summary waiting: see :meth:`shown`)."""
        ...

    def show_play(self, before: State, action: Action, chosen: bool) -> None:
        """``action`` was played from ``before`` (``chosen``: by the viewer's own choice)."""
        ...

    def show_status(self) -> None:
        """A thinking seat's progress changed."""
        ...

    def forget_news(self) -> None:
        """The match went elsewhere (undone, renewed): the seats' words on the table go."""
        ...


class NoScreen:
    """A table nobody sees: tools and tests drive the controller alone."""

    def shown(self) -> State | None:
        return None

    def settled(self) -> bool:
        return True

    def still(self) -> bool:
        return True

    def relayout(self) -> None:
        pass

    def show_preview(self) -> None:
        pass

    def tell_end(self, before: State, action: Action) -> None:
        pass

    def show_play(self, before: State, action: Action, chosen: bool) -> None:
        pass

    def show_status(self) -> None:
        pass

    def forget_news(self) -> None:
        pass


class TableController:
    """One match at the table: a match in play, or a finished one at a replay's cursor.
    ``computer_pause`` is the breath before each computer move; ``policies`` are the
    mode's vetoes, asked in order."""

    def __init__(
        self,
        source: Match | Cursor,
        computer_pause: float = 0.6,
        policies: Sequence[Policy] = (),
        screen: Screen | None = None,
    ) -> None:
        self.source: Source = Live(source) if isinstance(source, Match) else Rewound(source)
        self.computer_pause = computer_pause
        self.policies: list[Policy] = list(policies)
        self.screen: Screen = screen or NoScreen()
        self.events = Events()
        self.preview = Preview()
        self.humans = self.source.humans
        self.viewer = self.humans[0] if self.humans else 1
        self.covered = False  # a handover: the hand stays hidden until its owner taps
        self.message = ""
        self.computers = ComputerSeats(self)  # the computer seats' turns
        self.replay: Replay | None = None  # hot seat: what the viewer missed, shown again
        self.paused = False  # the rules or the log are open: the computer waits
        self.idle = 0.0
        # "draw until a tile fits", confirmed once (as the cards ask): while it goes on, the
        # number of actions the match had after its latest draw (an undo, or any other
        # move, ends it)
        self.drawing_on: int | None = None
        self.message = self._deal_words = self._deal_said()

    # -- the match -------------------------------------------------------------

    @property
    def match(self) -> Match:
        """The match at the table (a replay's: the finished one its cursor walks)."""
        return self.source.match

    @match.setter
    def match(self, match: Match) -> None:
        """Another match in play at the same table (a puzzle tried again)."""
        self.source = Live(match)

    @property
    def state(self) -> State:
        """The state the table shows: the source's, or a past one while a catch-up runs or
        a round's end is told."""
        replay = self.replay
        if replay is not None and replay.final is self.match.state:
            return replay.shown
        shown = self.screen.shown()
        return shown if shown is not None else self.source.state

    @property
    def you(self) -> int | None:
        """The seat the table calls "You": the viewer, when the only human at the table."""
        return self.viewer if len(self.humans) == 1 else None

    def roster(self) -> names.Roster:
        """How the words name this table's seats: the match's names, and "You"."""
        return names.Roster(tuple(self.match.names), self.you)

    def human_turn(self) -> bool:
        """Whether the seat to move is the viewer, a human, with the hand showing."""
        seat = self.state.to_move
        return (
            seat is not None
            and self.source.plays
            and all(policy.lets_play() for policy in self.policies)
            and self.match.is_human(seat)
            and seat == self.viewer
            and not self.covered
        )

    def forced(self) -> Action | None:
        """A human's move with nothing to choose and nothing to look at, which the table
        makes itself: keeping a hand that may not ask for a redeal (Cuban's look at the
        hand), the one legal action. No tap is needed, and in hot seat no handover
        (nobody's tiles show)."""
        seat = self.state.to_move
        if seat is None or not self.match.is_human(seat) or self.replay is not None:
            return None
        if not self.source.plays:
            return None
        legal = self.match.legal()
        return legal[0] if len(legal) == 1 and legal[0].kind == "accept" else None

    def renew(self) -> None:
        """After the state changed: whose tiles show, and a fresh preview."""
        names.sit(self.roster())  # every line of words names this table's seats
        if self.replay is None:
            self._handover()
        self.preview.reset(self.match.legal() if self.human_turn() else ())
        self.idle = 0.0

    def refresh(self) -> None:
        """A fresh preview, and the table laid out again for the state."""
        self.renew()
        self.screen.relayout()

    def _handover(self) -> None:
        seat = self.state.to_move
        if seat is None or not self.source.plays or not self.match.is_human(seat):
            return
        if len(self.humans) == 1:
            self.viewer = seat
        elif seat != self.viewer:
            self.covered = True

    def cover(self) -> None:
        """Hide the hand until the next human to act says it is them (several people only)."""
        if len(self.humans) > 1:
            self.covered = True
            self.preview.reset(())
            self.screen.show_preview()

    def handover_due(self) -> bool:
        """The hand is covered and a human is to act who must take the device first."""
        seat = self.state.to_move
        return (
            self.covered
            and seat is not None
            and self.match.is_human(seat)
            and self.forced() is None  # a forced move needs nobody at the device
        )

    def take_hand(self) -> list[tuple[int, Action, State, State]]:
        """The next human took the device: their tiles show. What a computer did since
        their last turn is to be played again (with several people at the device; the
        other people's moves alone they saw made): those steps, else none."""
        seat = self.state.to_move
        steps: list[tuple[int, Action, State, State]] = []
        if seat is not None and self.match.is_human(seat):
            self.viewer = seat
            self.covered = False
            steps = self.match.since_turn_of(seat) if len(self.humans) > 1 else []
            if all(self.match.is_human(mover) for mover, *_ in steps):
                steps = []
            pause = max(self.computer_pause, REPLAY_PAUSE)
            self.replay = Replay(steps, pause) if steps else None
        return steps

    def hand_shown(self) -> None:
        self.events.publish(HandShown())

    # -- the mode ---------------------------------------------------------------------

    def tick(self, dt: float) -> bool:
        """A frame for the mode's policies, in order: True when one halts the table (a
        summary or a handover is due; the later ones get no frame)."""
        for policy in self.policies:
            policy.update(dt)
            if policy.halts():
                return True
        return False

    def ask_hint(self) -> None:
        """Hint: the first policy's answer (the computer's search at the game's table, a
        lesson's step, a puzzle's winning move), a preview to confirm."""
        any(policy.hint() for policy in self.policies)

    def hinted(self) -> Hinted | None:
        """The hint standing now and what its search weighed, if a mode's search gave it."""
        return next((said for policy in self.policies if (said := policy.hinted())), None)

    def ask_why(self, move: int | None) -> bool:
        """ "Why that move?": the reasons of the match's move number ``move`` (a computer's
        kept here) or of the hint standing (None) are asked for whoever shows them; False,
        and nothing asked, when there are none to show."""
        known = self.hinted() if move is None else self.computers.why(move)
        if known is None:
            return False
        self.events.publish(Asked(move))
        return True

    def kept(self) -> bool:
        """The match is the player's (no mode says otherwise): saved, kept in the history."""
        return all(policy.kept() for policy in self.policies)

    # -- playing ------------------------------------------------------------------

    def commit(self, action: Action) -> bool:
        """Play a confirmed action; a refusal is shown and changes nothing (a mode's
        refusal too: it says why itself)."""
        before = self.state
        chosen = before.to_move == self.viewer and self.forced() is None  # not the table's
        if not all(policy.allows(action) for policy in self.policies):
            return False
        try:
            self.match.play(action)
        except IllegalAction as error:
            self.message = refusal(error, self.viewer)
            self.screen.show_preview()
            return False
        if self.message == self._deal_words:  # the deal's first move: its words go
            self.message = ""
        self._deal_words = self._deal_said()  # a new deal, made by the round's end
        self.message = self._deal_words or self.message
        self.screen.tell_end(before, action)
        self.renew()
        self.screen.show_play(before, action, chosen)
        self.events.publish(Played(before, action, self.match.state))
        return True

    def _deal_said(self) -> str:
        """Before a deal's first move the table shows its commitment (a few characters of
        the hash anyone can check once the round is over: :mod:`game.commitments`); "" once
        the deal is under way, and at a replay."""
        match = self.match
        commitment = match.commitment() if self.source.plays else None
        if commitment is None or match.deal_starts()[-1] is not match.state:
            return ""
        return narrate.deal_fixed(commitment)

    def confirm(self) -> bool:
        """Make the previewed action. A draw that is the only move, where the rules draw
        until a tile fits, goes on by itself: the next tile is drawn once the last has
        landed in the hand (:meth:`draw_on`), so the one press draws them all."""
        only = self.preview.only()
        action = self.preview.confirm()
        if action is None or not self.commit(action):
            return False
        if action == only and action.kind == Kind.DRAW and self.draws_until_fits():
            self._drew_on()
        return True

    def draws_until_fits(self) -> bool:
        """A lone Draw here draws until a tile fits: the rules say so (their
        ``draws_until_fits``) and no mode takes the draws one press each."""
        singly = any(policy.draws_singly() for policy in self.policies)
        return self.match.ruleset.draws_until_fits and not singly

    def _drew_on(self) -> None:
        """A draw of the streak made: wait for its tile to land, say what goes on."""
        self.drawing_on = len(self.match.actions)
        self.idle = 0.0
        self.message = _("Drawing until a tile fits…")
        self.screen.show_preview()

    def draw_on(self, dt: float) -> None:
        """The streak's next draw, after the pace's breath and with the last tile in the
        hand, while drawing is still all there is to do; else the streak is over (a tile
        fits, the boneyard is empty, or something else happened at the table)."""
        if self.drawing_on is None:
            return
        only = self.only_move()
        if self.drawing_on != len(self.match.actions) or only is None or only.kind != Kind.DRAW:
            self.drawing_on = None
            self.message = ""
            self.screen.show_preview()
            return
        self.idle += dt
        if self.idle < self.computer_pause / 2 or not self.screen.settled():
            return
        if self.commit(only):
            self._drew_on()

    def only_move(self) -> Action | None:
        """The pass, draw or end of turn that is all the player to move may do now (else
        None): previewed as the turn begins, a press of its button confirms it."""
        return self.preview.only() if self.human_turn() else None

    def press_action(self, action: Action) -> None:
        """A button's action: the first press previews it, the second confirms; a pass, draw
        or end of turn that is the only move is made by its one press (so is a hint's
        preview of one: the press that confirms a tile's ghost)."""
        if self.preview.chosen == action or self.only_move() == action:
            self.preview.choose(action)
            self.confirm()
            return
        self.preview.choose(action)
        self.message = ""
        self.screen.show_preview()

    def say(self, line: str) -> None:
        """Say ``line`` on the table (a save that failed, what the files said on opening)."""
        self.message = line
        self.screen.show_preview()

    def cancel(self) -> None:
        self.preview.cancel()
        self.message = ""
        self.screen.show_preview()

    # -- what the player asks of the match -----------------------------------------------

    def undo_refusal(self) -> str:
        """Why Undo cannot act now, in one line ("" when it can)."""
        return self.refusal_of("undo") if self.match.can_undo else _("Nothing to take back")

    def redo_refusal(self) -> str:
        """Why Redo cannot act now, in one line ("" when it can)."""
        return self.refusal_of("redo") if self.match.can_redo else _("Nothing to put back")

    def restart_refusal(self) -> str:
        """Why Restart cannot act now ("" when it can): the modes' say (the hot seat's)."""
        return self.refusal_of("restart")

    def refusal_of(self, what: Refusable) -> str:
        """The first mode's reason to refuse ``what`` now ("" when none refuses)."""
        return next((why for policy in self.policies if (why := policy.refusal(what))), "")

    def refuse(self, reason: str) -> None:
        """Say why something was not done; nothing else changes."""
        self.message = reason
        self.screen.show_preview()
        self.events.publish(Refused(reason))

    def undo(self) -> None:
        reason = self.undo_refusal()
        if reason:
            self.refuse(reason)
        elif self.match.undo():
            self._moved(_("Undone"))
        self._changed("undo")

    def redo(self) -> None:
        reason = self.redo_refusal()
        if reason:
            self.refuse(reason)
        elif self.match.redo():
            self._moved(_("Redone"))
        self._changed("redo")

    def restart_round(self) -> None:
        """Back to the start of this round: the same deal, the scores from before it."""
        if self.restart_refusal():
            return
        self.match.restart_round(by=self.viewer)
        self.computers.stop()
        self.message = term(
            self.match.ruleset, N_("The round starts again"), N_("The hand starts again")
        )
        self.refresh()
        self._changed("restart")

    def new_match(self) -> None:
        if not all(policy.renews() for policy in self.policies):
            return  # not over a lesson's or a puzzle's table: its words are for this deal
        self.events.publish(Renewing())
        self.match.new_match()
        self._moved(_("A new match"))
        self._changed("new match")

    def _moved(self, message: str) -> None:
        """The match went elsewhere than its next move: nobody thinks for the old state,
        the seats' words go, the table is laid out again."""
        self.computers.stop()
        self.screen.forget_news()
        self.message = message
        self.refresh()

    def _changed(self, what: Change) -> None:
        self.events.publish(Changed(what))

    # -- the computer's turns ------------------------------------------------------------

    def run_computer(self, dt: float) -> None:
        """A frame of the computers' turns: the mode's replies, a forced move after its
        breath, else the seat to move's turn (:mod:`.computers`)."""
        if not self.source.plays:  # a replay's: its cursor moves, not its seats
            return
        if any([policy.moves_others(dt) for policy in self.policies]):
            self.computers.stop()  # a script's replies: nobody thinks
            return
        seat = self.state.to_move
        forced = self.forced()
        if seat is None or (self.match.is_human(seat) and forced is None):
            self.computers.stop()
            return
        if self.paused:
            return
        if forced is None:
            self.computers.run(dt, seat)
            return
        self.idle += dt  # the only choice there is: made after the breath
        if self.idle < self.computer_pause or not self.screen.settled():
            return
        self.commit(forced)
        self.message = self.message or _("Hand kept: there was nothing else to choose")
        self.screen.show_preview()

    def thinking(self) -> bool:
        """Something of the flow goes on without anyone touching the table: a computer's
        turn, a forced move made after its breath, a move thought ahead, the draws of
        "draw until a tile fits", a mode's own (a hint searched, a replay playing)."""
        if self.drawing_on is not None or any(policy.busy() for policy in self.policies):
            return True
        seat = self.state.to_move
        if seat is None or not self.source.plays:
            return False
        ahead = self.computers.ahead is not None
        return not self.match.is_human(seat) or self.forced() is not None or ahead

    def step_computers(self, moves: int) -> int:
        """Let the computer policy play ``moves`` actions for whoever is to move (tools)."""
        return self.computers.step(moves)
