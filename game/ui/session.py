"""The match session: what the game keeps of the matches played, and when.

The shell decides what shows; this decides what is written. The match in
play is saved for Resume after every move (never in a kiosk: the next visitor
starts fresh); a finished match goes to the history; a lesson or a puzzle is
nobody's match and nothing of it is kept. The puzzles solved are kept beside
the history. A kiosk keeps a visitor's finished matches and solved puzzles in
the visitor's scratch folder only (:mod:`game.ui.kiosk`).
"""

from __future__ import annotations

from pathlib import Path

from game.history import History
from game.i18n import _
from game.learn.progress import FILE as PROGRESS_FILE
from game.learn.progress import PuzzleProgress
from game.match import Match
from game.saves import PENDING, Store


class Session:
    """The store's policy for one window: ``kiosk`` keeps nothing past the visitor."""

    def __init__(self, store: Store, kiosk: bool) -> None:
        self.store = store
        self.kiosk = kiosk
        self._progress: PuzzleProgress | None = None

    def start(self) -> None:
        """The game opens: the saved match is checked (a bad one is set aside, said once on
        the title with every other note).

        The history and the puzzles solved are read too, so a bad entry or a bad
        progress file is set aside now and its line is on the title with the others',
        not found later on a screen the player may never open. A kiosk leaves the save
        alone: it neither resumes nor writes a match; a second instance sets nothing
        aside (the files are the first one's).
        """
        store = self.store
        if self.kiosk:
            return
        store.settle()
        store.load_match()
        if store.writable:
            history = store.history
            history.entries()
            store.say(history.note)
            history.note = ""
            progress = self.progress
            store.say(progress.note)
            progress.note = ""

    def resume(self) -> Match | None:
        """The saved match, or None with the reason among the store's notes."""
        store = self.store
        match = store.load_match()
        if match is None and not store.notes:
            store.say(_("There is no saved match to resume."))
        return match

    def keep(self, match: Match) -> str | None:
        """Keep ``match`` (after a move, on leaving): for Resume, and in the history once it
        is over. Returns what to tell the player when it could not be kept, else None."""
        store = self.store
        if not self.kiosk:
            return None if store.save_match(match) else " ".join(store.take_notes())
        if match.state.over:
            store.keep_finished(match)
        return None

    def flush(self) -> None:
        """Write what waits in memory for the disk (no match in play to save with it)."""
        self.store.write_unwritten()

    def visiting(self, folder: Path) -> None:
        """A kiosk's new visitor: their finished matches and puzzles go to ``folder``."""
        self.store.history = History(folder / "history")
        self.store.pending = History(folder / PENDING, keep=None)
        self._progress = None

    @property
    def progress(self) -> PuzzleProgress:
        """The puzzles solved, kept beside the history (read when first needed)."""
        if self._progress is None:
            store = self.store
            folder = store.history.folder.parent
            self._progress = PuzzleProgress(folder / PROGRESS_FILE, writes=store.writable)
        return self._progress
