"""The table's top bar: the game and its round, whose turn it is, the boneyard, the tools.

A part of the table view. It reads the match's rule set (its title, its
words, its seats, whether it has a boneyard), the size of touch targets and,
at each sync, the screen's layout and the state; whose turn it is comes from
``status`` (the table's own words for it: thinking, passing the device …).

The bar fits its words and tools in one row when it can (the status
shrinks, then goes under the title); an upright screen or a kiosk's larger
buttons give the tools a row of their own (:meth:`TopBar.rows`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from game.i18n import N_, _
from game.rules import RuleSet, State
from game.ui.board.geometry import Rect
from game.ui.table.hud import ScreenLayout
from game.ui.theme import GOLD, MIN_TEXT, MIN_TOUCH
from game.ui.widgets.kit import Button, touchable
from game.ui.widgets.text import TextPool, fit_size, text_width
from game.ui.words.wording import term

TITLE_SIZES = (18, 15)  # the title shrinks to this before the bar takes a second row
STATUS_SIZES = (16, 14, 12)  # beside the title, the status shrinks to these before …
UNDER_SIZES = (13, 12, 11)  # … it goes under the title, smaller
LINE_BOX = 1.95  # a line's box (ascent to descent) is this many times its size, in pixels
TOOL_GAP = 6
GROUP_GAP = 22  # between the view's tools (zoom, Fit, turn) and the game's (Undo, Redo …)
VIEW_TOOLS = frozenset({"zoom-", "zoom+", "fit", "rot-", "rot+"})

Tool = tuple[str, str, Callable[[], object]]  # key, label, what it does


class TopBar:
    """The top bar's words (its own ``texts``, drawn with the bar) and its tool buttons."""

    def __init__(
        self,
        ruleset: RuleSet[State],
        texts: TextPool,
        status: Callable[[float | None], str],
        samples: Callable[[], Sequence[str]],
    ) -> None:
        """``status(progress)``: whose turn it is in words (``progress`` stands in for a
        thinking seat's own, so the widest line can be measured); ``samples()``: the
        widest status lines the table may show."""
        self.ruleset = ruleset
        self.texts = texts
        self.scale = 1.0  # the chrome's scale and the smallest target, as last laid out
        self.finger: float = MIN_TOUCH
        self.status = status
        self.samples = samples
        self.tools_left = 0.0  # where the tools begin (one-row bar)
        # where the status goes: x, its anchor, y, the width it may take, the sizes it may use,
        # and whether it stands on y (under the title) or is centred on it (beside it)
        self._status_at: tuple[float, str, float, float, tuple[float, ...], str] = (
            16,
            "left",
            28,
            400,
            STATUS_SIZES,
            "center",
        )

    def rows(
        self,
        width: float,
        labels: Sequence[str],
        has_boneyard: bool,
        scale: float = 1.0,
        finger: float = MIN_TOUCH,
    ) -> int:
        """Rows the bar needs in a window ``width`` wide: one, or two when crowded.

        One row holds the title, the status, the boneyard count and every tool
        (``labels``) the table may show (the status under the title if need
        be); when they would not fit (an upright screen, a kiosk's larger
        buttons) the tools get a row of their own. Decided from the widest
        words the bar may have to show, so the bar does not change shape as
        the match goes on. ``scale``: the chrome's; ``finger``: the smallest target.
        """
        self.scale, self.finger = scale, finger
        k = scale
        tools = [self.tool_width(label) for label in labels]
        title = text_width(self._title(10), TITLE_SIZES[-1] * k, True)
        need = (16 + 16) * k + max(title, self._widest_status(UNDER_SIZES[-1] * k))
        if has_boneyard:
            need += text_width(_("Boneyard {n}").format(n=99), 15 * k) + 12 * k
        need += sum(tools) + (TOOL_GAP * len(tools) + GROUP_GAP) * k
        return 1 if need <= width else 2

    def gaps(self, keys: Sequence[str]) -> list[float]:
        """The gap after each tool but the last: a wider one where the view's tools end and
        the game's begin, so ↺/↻ do not read as a second Undo/Redo."""
        wide, plain = (TOOL_GAP + GROUP_GAP) * self.scale, TOOL_GAP * self.scale
        return [
            wide if (a in VIEW_TOOLS) != (b in VIEW_TOOLS) else plain
            for a, b in zip(keys, keys[1:], strict=False)
        ]

    def buttons(
        self, screen: ScreenLayout, tools: Sequence[Tool], refused: Callable[[str], str]
    ) -> list[Button]:
        """The tools, right to left from the bar's end, always in the same places (so a
        second tap lands on the same button); one ``refused`` names a reason for is off."""
        k = self.scale = screen.scale
        self.finger = screen.finger
        size = 15 * k
        top = screen.tools
        widths = [self.tool_width(label) for _, label, _ in tools]
        gaps = self.gaps([key for key, _, _ in tools])
        pad = max(0.0, min(4 * k, (top.height - screen.finger) / 2))  # a finger high at least
        y0, y1 = top.y0 + pad, top.y1 - pad
        if screen.rows > 1:  # the tools' own row, under the words; squeezed (never too small)
            room = top.width - 12 * k - sum(gaps)
            if sum(widths) > room:  # the group's gap narrows first (still twice a plain one)
                gaps = [min(g, (2 * TOOL_GAP + 2) * k) for g in gaps]
                room = top.width - 12 * k - sum(gaps)
            if sum(widths) > room:
                widths = [max(screen.finger, w * room / sum(widths)) for w in widths]
        x = top.x1 - 6 * k
        buttons = []
        for (key, label, fn), w, gap in zip(
            reversed(tools), reversed(widths), reversed([TOOL_GAP * k, *gaps]), strict=True
        ):
            rect = touchable(screen.side_rect(Rect(x - w, y0, x, y1), top), screen.finger)
            on = not refused(key)
            buttons.append(Button(rect, label, fn, key=key, size=size, enabled=on))
            x -= w + gap
        self.tools_left = x if screen.rows == 1 else top.x1 - 4 * k
        return buttons

    def write(self, screen: ScreenLayout, state: State, has_boneyard: bool) -> None:
        """The title, the boneyard count and the status (the title shrinking first to keep
        the status beside it, else the status goes under it). Laid out as read from the
        left, each placed for the bar's reading direction (:meth:`ScreenLayout.side`)."""
        t = self.texts
        t.begin()
        k = screen.scale
        top, words = screen.top, screen.words
        cy = words.centre[1]
        right = self.tools_left if screen.rows == 1 else top.x1 - 4 * k
        left = top.x0 + 16 * k
        yard = _("Boneyard {n}").format(n=len(state.boneyard))
        if has_boneyard and screen.yard is not None:  # a short window: at the strip's end
            x, y = screen.yard.centre
            size = max(MIN_TEXT, fit_size(yard, 15 * k, screen.yard.width - 10 * k))
            t.put("boneyard", yard, x, y, size, anchor_x="center")
        elif has_boneyard:
            x, anchor = screen.side(right - 12 * k, "right", top)
            t.put("boneyard", yard, x, cy, 15 * k, anchor_x=anchor)
            right -= 12 * k + t.width("boneyard")
        title = self._title(state.round)
        statuses = tuple(size * k for size in STATUS_SIZES)
        least = self._widest_status(statuses[-1])
        at, anchor = screen.side(left, "left", top)
        for size in (size * k for size in TITLE_SIZES):
            x = left + text_width(title, size, True) + 24 * k
            if x + least + 16 * k <= right:
                t.put("title", title, at, cy, size, anchor_x=anchor, bold=True)
                beside = screen.side(left + t.width("title") + 24 * k, "left", top)
                self._status_at = (*beside, cy, right - x - 16 * k, statuses, "center")
                break
        else:  # the title hangs from the row's top, the status stands on its bottom
            pad = 1 * k
            unders = tuple(max(MIN_TEXT, under * k) for under in UNDER_SIZES)
            size = min(TITLE_SIZES[-1] * k, (words.height - 2 * pad) / LINE_BOX - unders[-1])
            high = words.y1 - pad
            t.put("title", title, at, high, size, anchor_x=anchor, anchor_y="top", bold=True)
            room = right - left - 16 * k
            self._status_at = (at, anchor, words.y0 + pad, room, unders, "bottom")
        self.put_status()
        t.end()  # a boneyard gone (its count with it)

    def put_status(self) -> None:
        """The status beside the title, as large as its room allows.

        A thinking seat's status is sized for "100%", so the words keep
        one size while the percentage counts up.
        """
        x, anchor, y, room, sizes, stands = self._status_at
        text = self.status(None)
        widest = self.status(1.0) if "%" in text else text
        size = next((size for size in sizes if text_width(widest, size, True) <= room), sizes[-1])
        self.texts.put("status", text, x, y, size, GOLD, anchor, anchor_y=stands, bold=True)

    def _title(self, round_no: int) -> str:
        return term(
            self.ruleset,
            N_("{title} · round {n}"),
            N_("{title} · hand {n}"),
            title=_(self.ruleset.preset.title),
            n=round_no,
        )

    def _widest_status(self, size: float) -> float:
        """The widest status line this table may show, at ``size`` points."""
        return max(text_width(x, size, True) for x in self.samples())

    def tool_width(self, label: str) -> float:
        """A tool button's width for ``label`` (a symbol's is square)."""
        k = self.scale
        if len(label) <= 1:
            return max(52 * k, self.finger)
        return max(64 * k, self.finger, text_width(label, 15 * k, True) + 16 * k)
