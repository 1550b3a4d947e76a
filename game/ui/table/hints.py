"""Hint at the game's table: the computer's own search for the human to move, a part of it.

Why a policy of its own: a hint is something the game's table offers, not something
every table is (a replay has none; a lesson's Show me and a puzzle's winning move are
their own policies' answers). It reads and drives the controller alone (no view); its
button is among the game's table's tools (:func:`~.play.play_table`). The search runs
a slice per frame, as a computer's turn does (:mod:`.thinking`); its answer becomes a
preview that the player confirms or dismisses like any other, with the computer's
reason in words; while that preview stands, what the search weighed is the player's to
open ("why?": :meth:`Hints.hinted`), their own hand's, so shown at once.
"""

from __future__ import annotations

from game.i18n import _
from game.rules import Action, State
from game.ui.table.controller import Policy, TableController
from game.ui.table.thinking import Hinted, HintSearch, slice_for
from game.ui.words.wording import button_label, describe, hint_reason


class Hints(Policy):
    """The search behind the Hint button and key."""

    def __init__(self, table: TableController) -> None:
        self.table = table
        self.search: tuple[State, HintSearch] | None = None  # (the state asked of, the search)
        self.spent = 0.0  # seconds the last frame searched for the hint
        self.said: Hinted | None = None  # the last hint shown, and what its search weighed

    def ask(self) -> None:
        """Start the computer's search for the human to move; its answer becomes a preview."""
        table = self.table
        if not table.human_turn():
            table.message = _("Hints are for your own turn")
            table.screen.show_preview()
            return
        seat = table.state.to_move
        assert seat is not None
        observation = table.match.ruleset.observe(table.state, seat)
        search = HintSearch(observation, table.match.ai_seed_for("hint"))
        if search.answer is not None:  # known at once (one choice, or no search to run)
            self._show_answer(search)
            return
        self.search = (table.state, search)
        table.message = _("Looking for a good move…")
        table.screen.show_preview()

    def finish(self) -> None:
        """Search to the end now (tests and tools)."""
        while self.search is not None:
            self._step(budget=10.0)

    # -- hooks -----------------------------------------------------------------------------

    def hint(self) -> bool:
        self.ask()
        return True

    def update(self, dt: float) -> None:
        self._step(slice_for(dt, self.spent))

    def busy(self) -> bool:
        return self.search is not None  # a hint is searched for

    def hinted(self) -> Hinted | None:
        """The last hint, while its preview stands: in the state it was asked of, with its
        move still the one previewed (played, put back or replaced by another pick, it has
        gone, and so has its "why?")."""
        said, table = self.said, self.table
        if said is None or said.asked is not table.state or not table.human_turn():
            return None
        return said if table.preview.chosen == said.explained.action else None

    # -- the search ------------------------------------------------------------------------

    def _step(self, budget: float) -> None:
        """Search for the hint for ``budget`` seconds (sliced as a computer's turn is)."""
        self.spent = 0.0
        if self.search is None:
            return
        asked, search = self.search
        if asked is not self.table.state or not self.table.human_turn():
            self.search = None  # the position changed under the search: forget it
            return
        answer = search.step(budget)
        self.spent = search.spent
        if answer is None:
            return
        self.search = None
        self._show_answer(search)

    def _show_answer(self, search: HintSearch) -> None:
        assert search.answer is not None and search.explained is not None
        action, said = search.answer
        seat = self.table.state.to_move
        assert seat is not None
        self.said = Hinted(seat, search.explained, self.table.state)
        try:  # the AI's reason (a code and its numbers), in words
            why = hint_reason(said.code, said.params) if said is not None else ""
        except Exception:  # noqa: BLE001 - a reason is a nicety; the hint stands without one
            why = ""
        self._show_hint(action, _("the only move") if search.forced else why)

    def _show_hint(self, action: Action, reason: str) -> None:
        """The hint as a preview: the player confirms it (or dismisses it) like any choice."""
        table = self.table
        table.preview.choose(action)
        what = describe(action, table.viewer)
        if action == table.preview.only():  # one button makes it: nothing to cancel
            table.message = _("Hint: {what}, the only move: press {button}").format(
                what=what, button=button_label(action)
            )
            table.screen.show_preview()
            return
        table.message = (
            _("Hint: {what} — {why}. Confirm or cancel").format(what=what, why=reason)
            if reason
            else _("Hint: {what}. Confirm or cancel").format(what=what)
        )
        table.screen.show_preview()
