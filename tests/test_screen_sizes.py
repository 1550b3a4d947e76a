"""Every screen of widgets laid out at every window size, from an 800x600 window to 4K.

Issue 35: a 7-inch kiosk panel (1024x600) and a small window (800x600) shrank the
screens' unit until words were 10.6 points and regions ran into each other. Each
screen is opened at each size, in English and in Arabic (laid out from the right),
and read from its own regions, as it draws them: every widget's rectangle and every
text's box (``arcade.Text``'s left, bottom, right and top). The claims:

- every widget and every text (its letters) lies on screen;
- no two buttons, fields or scrolling lists overlap, and a button's words stay on it;
- no two texts of different widgets overlap: their letters as drawn, that is (a box's
  height is its font's ascent to descent, and Noto Sans Arabic's span nearly twice its
  letters; each box is cut to the glyphs it draws, with :data:`INK_SLACK` to spare);
- every text is at least :data:`~game.ui.theme.MIN_TEXT`, and so are scrolling lines;
- the big targets (the title's and the game menu's buttons, the handover's, the
  dialog's, every screen's Back) are at least :data:`~game.ui.theme.MIN_TOUCH` high.

(The table at small sizes is another test's.) One window serves every case; the size
comes by ``on_resize``, as a window reports it. The screens that need a match get one
played to its end by the rules alone (first legal move each turn), at the largest
table: Mexican Train's ten seats.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator
from pathlib import Path

import arcade
import around_helpers as h
import pyglet
import pytest
from sizes import sized

from game import i18n
from game.match import Match
from game.rules import names
from game.settings import Settings
from game.ui.art.textures import TileTextures
from game.ui.board.geometry import Rect
from game.ui.router import Shell
from game.ui.routes import Game, Page, Question, Route
from game.ui.screens.handover import HandoverView
from game.ui.screens.menu import ConfirmView, GameMenuView
from game.ui.screens.panels import ScoresView
from game.ui.screens.puzzles import PuzzlesView, ordered
from game.ui.screens.summary import MatchEndView, RoundSummaryView
from game.ui.theme import MIN_TEXT, MIN_TOUCH
from game.ui.widgets.kit import Button, Screen, ScrollLines, TextField

SMALL = [(800, 600), (1024, 600), (1280, 720), (1920, 1080)]  # every run, each its own case
BIG = [(2560, 1440), (3840, 2160)]  # the slow sweep
SIZES = SMALL + BIG
LANGUAGES = ["en", "ar"]
SLACK = 1.0  # pixels: a box rounded to whole pixels may stand this far past an edge
INK_SLACK = 1.0  # pixels: glyph extents are whole pixels; two texts may meet by this much
BIG_TARGETS = {"title", "menu", "confirm", "handover"}  # every button there is a finger's


def _played(rules: str, players: int, seed: int, until: Callable[[Match], bool]) -> Match:
    """A match of ``rules`` played by its first legal move until ``until`` holds."""
    match = Match.create(rules, players, seats=["human"] + ["computer"] * (players - 1), seed=seed)
    while not until(match):
        match.play(match.legal()[0])
    return match


def _finished(shell: Shell) -> None:
    """Matches in ``shell``'s history for its History and Statistics: a plain one, and a
    table of four with two named players (the longest words a row and a heading hold)."""
    history = shell.services.store.history
    history.add(_played("block", 2, 3, lambda m: m.state.over))
    seats = ["human", "human", "computer", "computer"]
    four = Match.create(
        "mexican_train", 4, seats=seats, seed=3, names=["Ana Beatriz", "Joãozinho", "", ""]
    )
    while not four.state.over:
        four.play(four.legal()[0])
    history.add(four)


def _flipped(view: RoundSummaryView) -> RoundSummaryView:
    view.flip()  # its "Scores" page
    return view


def _open(shell: Shell, screen: str) -> Screen:
    """``screen`` shown in ``shell``'s window, as the router (or the table) shows it."""
    services = shell.services
    plain = {
        "title": (Route.TITLE, None),
        "settings": (Route.SETTINGS, None),
        "keys": (Route.KEYS, None),
        "learn": (Route.LEARN, None),
        "puzzles": (Route.PUZZLES, None),
        "history": (Route.HISTORY, None),
        "statistics": (Route.HISTORY, Page("stats")),
        **{f"rules-{name}": (Route.RULES, Game(name)) for name in names()},
    }
    if screen in plain:
        shell.home()
        route, params = plain[screen]
        if route != Route.TITLE:
            shell.open(route, params)
    elif screen.startswith("setup-"):
        shell.home()
        shell.open(Route.SETUP)
        h.press(shell, f"rules:{screen.removeprefix('setup-')}")
        while shell.current.button("players+").enabled:  # type: ignore[union-attr]
            h.press(shell, "players+")
    elif screen in ("name-keys", "seed-keys"):  # a kiosk's keys for a name, for the seed
        shell.home()
        shell.open(Route.SETUP)
        h.press(shell, "name1" if screen == "name-keys" else "seed")
    else:
        over = _played("mexican_train", 10, 3, lambda m: m.state.over)
        one = _played("mexican_train", 10, 3, lambda m: bool(m.state.results))
        views: dict[str, Callable[[], Screen]] = {
            "summary": lambda: RoundSummaryView(shell, services, one, TileTextures(12)),
            "summary-sheet": lambda: _flipped(
                RoundSummaryView(shell, services, one, TileTextures(12))
            ),
            "scores": lambda: ScoresView(shell, services, None, over),
            "match-end": lambda: MatchEndView(shell, services, over, TileTextures(12)),
            "handover": lambda: HandoverView(shell, services, 10, False, ""),
            "menu": lambda: GameMenuView(shell, services, None, one),
            "confirm": lambda: ConfirmView(
                shell,
                services,
                None,
                Question(
                    i18n._("Start a new match?"),
                    i18n._(
                        "A fresh deal and zero scores for the same seats. "
                        "This match cannot be resumed."
                    ),
                    i18n._("New match"),
                    lambda: None,
                ),
            ),
        }
        shell.window.show_view(views[screen]())
    h.frames(1)
    view = shell.current
    assert isinstance(view, Screen)
    return view


SCREENS = [
    "title",
    *(f"setup-{name}" for name in names()),
    "settings",
    "keys",
    "learn",
    "puzzles",
    "history",
    "statistics",
    *(f"rules-{name}" for name in names()),
    "summary",
    "summary-sheet",
    "scores",
    "match-end",
    "handover",
    "menu",
    "confirm",
]


def _texts(view: Screen) -> Iterator[tuple[int, str, Rect, Rect, float]]:
    """Each text on the screen: the widget it belongs to, its words, its box, the part of
    the box its letters take, its size."""
    for i, texts in enumerate(view._shown):
        for shown in texts:
            item = shown.item
            box = Rect(item.left, item.bottom, item.right, item.top)
            yield i, shown.written, box, _ink(item, box), item.font_size


def _ink(item: arcade.Text, box: Rect) -> Rect:
    """``box`` (the text's) cut at the top and bottom to the letters it draws: from the
    tallest glyph's top to the lowest glyph's bottom, measured in its own font."""
    weight = "bold" if item.bold else "normal"
    font = pyglet.font.load(item.font_name, item.font_size, weight=weight)
    glyphs, _offsets = font.get_glyphs(item.text.replace("\n", " "))
    inked = [g.vertices for g in glyphs if g.vertices[3] > g.vertices[1]]  # not spaces
    if not inked:
        return box
    top_cut = max(0.0, font.ascent - max(v[3] for v in inked))
    bottom_cut = max(0.0, min(v[1] for v in inked) - font.descent)
    return Rect(box.x0, box.y0 + bottom_cut, box.x1, box.y1 - top_cut)


def _meet(a: Rect, b: Rect) -> bool:
    """Whether ``a`` and ``b`` overlap by more than :data:`INK_SLACK` each way."""
    return min(a.x1, b.x1) - max(a.x0, b.x0) > INK_SLACK and (
        min(a.y1, b.y1) - max(a.y0, b.y0) > INK_SLACK
    )


def _off(r: Rect, width: int, height: int) -> bool:
    return r.x0 < -SLACK or r.y0 < -SLACK or r.x1 > width + SLACK or r.y1 > height + SLACK


def _name(widget: object) -> str:
    return str(
        getattr(widget, "key", "") or getattr(widget, "text", "")[:24] or type(widget).__name__
    )


def problems(screen: str, view: Screen, width: int, height: int) -> list[str]:
    """What is wrong with ``view``'s layout at ``width`` x ``height``, in words."""
    view.ensure()
    found = []
    for w in view.widgets:
        if _off(w.rect, width, height):
            found.append(f"widget {_name(w)} off screen: {w.rect}")
        if isinstance(w, ScrollLines) and w.size < MIN_TEXT:
            found.append(f"scrolling lines at {w.size:.1f} points")
        big = screen in BIG_TARGETS or getattr(w, "key", "") == "back"
        if isinstance(w, Button) and big and w.rect.height < MIN_TOUCH - 0.01:
            found.append(f"button {_name(w)} {w.rect.height:.0f} px high")
    solid = [w for w in view.widgets if isinstance(w, Button | TextField | ScrollLines)]
    for one, other in itertools.combinations(solid, 2):
        if one.rect.overlaps(other.rect):
            found.append(f"{_name(one)} overlaps {_name(other)}")
    texts = list(_texts(view))
    for i, words, _box, inked, _size in texts:
        widget = view.widgets[i]
        r = widget.rect
        if isinstance(widget, Button) and (inked.x0 < r.x0 - SLACK or inked.x1 > r.x1 + SLACK):
            found.append(f"button {_name(widget)}'s words {words[:30]!r} run past its edges")
    for _i, words, _box, inked, size in texts:
        if size < MIN_TEXT - 0.01:
            found.append(f"text {words[:30]!r} at {size:.1f} points")
        if _off(inked, width, height):
            found.append(f"text {words[:30]!r} off screen: {inked}")
    for (i, a, _ba, ink_a, _sa), (j, b, _bb, ink_b, _sb) in itertools.combinations(texts, 2):
        if i != j and _meet(ink_a, ink_b):
            found.append(f"texts {a[:30]!r} and {b[:30]!r} overlap")
    return found


@pytest.fixture(scope="module", params=LANGUAGES)
def shell(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[Shell]:
    """One shell per language (a finished match in its history, for History's pages)."""
    language = request.param
    settings = Settings(pace="instant", sound=False, deal_animation=False, language=language)
    made = h.make_shell(Path(tmp_path_factory.mktemp(f"sizes-{language}")), settings=settings)
    _finished(made)
    yield made
    h.send("on_resize", h.WIDTH, h.HEIGHT)
    made.services.laid_out_for = (h.WIDTH, h.HEIGHT)
    i18n.set_language("en")


@pytest.mark.parametrize("size", SMALL, ids=[f"{w}x{hh}" for w, hh in SMALL])
@pytest.mark.parametrize("screen", SCREENS)
def test_a_screen_fits_its_window(shell: Shell, screen: str, size: tuple[int, int]) -> None:
    """Issue 35, deliver 1: on screen, nothing overlapping, every word legible."""
    assert problems(screen, _shown(shell, screen, size), *size) == []


@pytest.fixture(scope="module", params=LANGUAGES)
def kiosk(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[Shell]:
    """A kiosk's shell per language: its bigger targets and the title's language picker."""
    language = request.param
    settings = Settings(pace="instant", sound=False, deal_animation=False, language=language)
    folder = Path(tmp_path_factory.mktemp(f"kiosk-{language}"))
    made = h.make_shell(folder, settings=settings, kiosk=True)
    _finished(made)  # a visitor's finished matches, for History's pages
    yield made
    h.send("on_resize", h.WIDTH, h.HEIGHT)
    i18n.set_language("en")


KIOSK_SCREENS = ["title", "setup-mexican_train", "settings", "learn", "puzzles", "rules-cuban"]
KIOSK_SCREENS += ["name-keys"]


@pytest.mark.parametrize("size", SMALL, ids=[f"{w}x{hh}" for w, hh in SMALL])
@pytest.mark.parametrize("screen", KIOSK_SCREENS)
def test_a_kiosk_screen_fits_its_window(kiosk: Shell, screen: str, size: tuple[int, int]) -> None:
    """The same claims in a kiosk (a 7-inch 1024x600 panel, say), whose targets are larger."""
    assert problems(screen, _shown(kiosk, screen, size), *size) == []


@pytest.mark.slow
def test_every_screen_fits_the_big_windows(shell: Shell) -> None:
    """The same at 2560x1440 and 3840x2160: every screen in CI, a few every run."""
    chosen = SCREENS[:: max(1, len(SCREENS) // sized(len(SCREENS), 6))]
    found = {
        f"{screen} {w}x{hh}": problems(screen, _shown(shell, screen, (w, hh)), w, hh)
        for w, hh in BIG
        for screen in chosen
    }
    assert {where: what for where, what in found.items() if what} == {}


@pytest.mark.slow
def test_every_kiosk_screen_fits_the_big_windows(kiosk: Shell) -> None:
    """A kiosk's screens at 2560x1440 and 3840x2160: all in CI, a few every run."""
    chosen = KIOSK_SCREENS[:: max(1, len(KIOSK_SCREENS) // sized(len(KIOSK_SCREENS), 3))]
    found = {
        f"{screen} {w}x{hh}": problems(screen, _shown(kiosk, screen, (w, hh)), w, hh)
        for w, hh in BIG
        for screen in chosen
    }
    assert {where: what for where, what in found.items() if what} == {}


# every screen the title leads to, as a kiosk shows them (no About: a kiosk has none)
FINGER_SCREENS = [
    "title",
    *(f"setup-{name}" for name in names()),
    "name-keys",
    "seed-keys",
    "settings",
    "learn",
    "puzzles",
    "history",
    "statistics",
    "keys",
    *(f"rules-{name}" for name in names()),
]
PAGES = ("page-down", "options+", "seats+")  # the arrows to a screen's further rows


def _thin_targets(view: Screen, finger: float) -> list[str]:
    """Every target (button, field) of ``view`` narrower or lower than ``finger``, on each
    of its pages: the arrows to the next are pressed until they are off."""
    thin = []
    for _page in range(20):
        view.ensure()
        thin += [
            f"{_name(w)} {w.rect.width:.0f}x{w.rect.height:.0f}"
            for w in view.widgets
            if w.focusable and min(w.rect.width, w.rect.height) < finger - 0.01
        ]
        more = next((b for b in view.buttons() if b.key in PAGES and b.enabled), None)
        if more is None:
            break
        more.press()
    return thin


@pytest.mark.parametrize("screen", FINGER_SCREENS)
def test_in_a_kiosk_at_1024x600_every_target_is_9_mm_across(kiosk: Shell, screen: str) -> None:
    """A 7-inch 1024x600 kiosk: every button and field of every screen the title leads to
    (each page of them) is 9 mm across at the panel's assumed density (61 px), and the
    screen still fits its window."""
    view = _shown(kiosk, screen, (1024, 600))
    finger = kiosk.services.sizing.finger(1024, 600)
    assert finger >= 60
    assert problems(screen, view, 1024, 600) == []
    assert _thin_targets(view, finger) == []


@pytest.mark.parametrize("screen", [s for s in FINGER_SCREENS if not s.endswith("-keys")])
def test_on_a_desk_at_1024x600_every_target_is_a_finger_high(shell: Shell, screen: str) -> None:
    """The same screens in a 1024x600 window on a desk (Settings' rows among them): every
    target at least :data:`~game.ui.theme.MIN_TOUCH` across."""
    view = _shown(shell, screen, (1024, 600))
    assert problems(screen, view, 1024, 600) == []
    assert _thin_targets(view, MIN_TOUCH) == []


def test_puzzles_too_many_for_the_window_come_in_pages(shell: Shell) -> None:
    """Arabic's two-line goals at 800x600 leave no room for a family's 18 rows: the list
    comes in pages (up, down beside Back), and every puzzle is on one of them."""
    if shell.services.settings.language != "ar":
        pytest.skip("the pages are needed in Arabic (taller lines)")
    view = _shown(shell, "puzzles", (800, 600))
    assert isinstance(view, PuzzlesView)
    family = {f"puzzle:{p.id}" for p in ordered(view.puzzles, view.family)}
    pages: list[set[str]] = []
    for _page in range(len(family)):
        keys = {b.key for b in view.buttons() if b.key.startswith("puzzle:")}
        assert keys and not any(keys & page for page in pages)  # puzzles not shown before
        pages.append(keys)
        down = view.button("page-down")
        assert down is not None
        if not down.enabled:
            break
        h.press(shell, "page-down")
    assert len(pages) > 1 and set().union(*pages) == family
    h.press(shell, "page-up")
    assert {b.key for b in view.buttons() if b.key.startswith("puzzle:")} == pages[-2]


def _shown(shell: Shell, screen: str, size: tuple[int, int]) -> Screen:
    """``screen`` at ``size``, in ``shell``'s language (another shell may have set its own)."""
    shell.services.apply_settings()
    width, height = size
    h.send("on_resize", width, height)
    shell.resized(width, height)
    view = _open(shell, screen)
    assert view.dims == (width, height)
    return view


@pytest.mark.slow
@pytest.mark.parametrize("language", ["pt", "id"])
def test_the_longer_languages_fit_the_small_windows(tmp_path: Path, language: str) -> None:
    """Portuguese and Indonesian (longer words) at 800x600 and 1024x600: every screen fits
    (every screen in CI, a third every run; History's and Statistics' pages every run)."""
    settings = Settings(pace="instant", sound=False, deal_animation=False, language=language)
    made = h.make_shell(tmp_path, settings=settings)
    _finished(made)
    chosen = SCREENS[:: max(1, len(SCREENS) // sized(len(SCREENS), len(SCREENS) // 3))]
    chosen = sorted({*chosen, "history", "statistics"}, key=SCREENS.index)
    try:
        failing = {
            (language, screen, f"{w}x{hh}")
            for w, hh in SMALL[:2]
            for screen in chosen
            if problems(screen, _shown(made, screen, (w, hh)), w, hh)
        }
    finally:
        h.send("on_resize", h.WIDTH, h.HEIGHT)
        i18n.set_language("en")
    assert failing == set()
