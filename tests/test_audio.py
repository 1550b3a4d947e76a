"""No audio noise (issue 30): on a machine with no sound card the game prints nothing of
the audio library's, so a bad configuration is still one line and a good run none.

ALSA prints a dozen lines to stderr when OpenAL asks it for a card that is not there (or
for any card, with an empty configuration); ``game.ui.art.audio`` picks the drivers
before arcade opens one and silences ALSA and OpenAL for a listed card that cannot open.
The control in :func:`test_alsa_and_openal_are_silenced_for_a_card_that_cannot_open`
shows the noise is really there without it (``./dev`` installs OpenAL, as a player's
desktop has it).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from game.resources import data_path
from game.ui.art.audio import has_sound_card

# The real entry point, with the data read from a folder the test may break.
RUN_WITH_DATA = """
import sys
from pathlib import Path
from game import resources
resources.data_root = lambda: Path(sys.argv[1])
from game.__main__ import main
sys.exit(main(sys.argv[2:]))
"""

# pyglet opening OpenAL, as arcade makes it do, after (or without) the game's choice.
OPEN_OPENAL = """
import sys
if sys.argv[1] == "game":
    import game.ui  # what every entry point of the game imports before arcade
import pyglet
pyglet.options.headless = True
pyglet.options.audio = ("openal", "silent")
import pyglet.media
print(type(pyglet.media.get_audio_driver()).__name__)
"""


def _no_card_env(tmp_path: Path) -> dict[str, str]:
    """This environment with an empty ALSA configuration (no card, no default device)."""
    empty = tmp_path / "alsa.conf"
    empty.write_text("", encoding="utf-8")
    env = {k: v for k, v in os.environ.items() if k not in ("PYGLET_AUDIO", "ALSOFT_LOGLEVEL")}
    env["ALSA_CONFIG_PATH"] = str(empty)
    return env


def _game(tmp_path: Path, data: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", RUN_WITH_DATA, str(data), *args],
        capture_output=True,
        text=True,
        timeout=300,
        cwd=tmp_path,
        env=_no_card_env(tmp_path),
    )


def _data_copy(tmp_path: Path) -> Path:
    copy = tmp_path / "data"
    for folder in ("levels", "assets"):
        shutil.copytree(data_path(folder), copy / folder)
    return copy


def test_a_config_error_with_no_sound_card_is_exactly_one_line(tmp_path: Path) -> None:
    data = _data_copy(tmp_path)
    (data / "assets" / "sounds" / "place.wav").unlink()  # found once arcade is imported
    out = _game(tmp_path, data, "--demo", "--headless", "--out", "demo", "--players", "2")
    assert out.returncode == 2
    assert (
        out.stderr == f"boneyard: assets/sounds/place.wav: missing from the game's data in {data}\n"
    )


def test_a_good_demo_with_no_sound_card_prints_nothing_to_stderr(tmp_path: Path) -> None:
    args = ("--demo", "--headless", "--out", "demo", "--players", "2", "--seed", "1")
    out = _game(tmp_path, data_path("levels").parent, *args)
    assert out.returncode == 0, out.stderr
    assert out.stderr == ""
    assert (tmp_path / "demo" / "record.json").is_file()


def test_alsa_and_openal_are_silenced_for_a_card_that_cannot_open(tmp_path: Path) -> None:
    def open_openal(who: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [sys.executable, "-c", OPEN_OPENAL, who],
            capture_output=True,
            text=True,
            timeout=120,
            env=_no_card_env(tmp_path),
        )

    loud = open_openal("pyglet alone")
    if "ALSA lib" not in loud.stderr:
        pytest.skip("no OpenAL over ALSA here to be noisy (./dev installs libopenal1)")
    quiet = open_openal("game")
    assert quiet.returncode == 0, quiet.stderr
    assert quiet.stdout.strip() == "SilentDriver" and quiet.stderr == ""


@pytest.mark.parametrize(
    ("text", "card"),
    [
        (None, False),  # no ALSA in the kernel (a container, a server)
        ("--- no soundcards ---\n", False),
        ("", False),
        (" 0 [PCH            ]: HDA-Intel - HDA Intel PCH\n", True),
    ],
)
def test_a_sound_card_is_what_the_kernel_lists(
    tmp_path: Path, text: str | None, card: bool
) -> None:
    cards = tmp_path / "cards"
    if text is not None:
        cards.write_text(text, encoding="utf-8")
    assert has_sound_card(cards) is card
