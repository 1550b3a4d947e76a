"""The real game run as a kiosk, in its own process, on a virtual X server (Xvfb).

What a supervisor sees of a kiosk is its process: the exit status, the lines on
stdout and stderr, the window on the X server. These helpers start
``boneyard --kiosk`` (the console script of the environment running the tests)
on an Xvfb display of its own, with the tests' scratch folders for settings and
data, and watch for the one line the game prints when its first frame is on
screen (:data:`UP`). Xvfb and xdotool are installed with apt-get where the tests
run as root on Debian; elsewhere the tests using them are skipped, saying why.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import pytest

BONEYARD = Path(sys.executable).with_name("boneyard")  # the console script beside python
UP = "boneyard: kiosk up, the title on screen at "  # what a kiosk says as its title shows
TOOLS = {"Xvfb": "xvfb", "xdotool": "xdotool"}  # command: the Debian package that has it


def need_x_tools() -> None:
    """Xvfb and xdotool on the PATH: installed now if missing and possible, else a skip."""
    missing = sorted({TOOLS[c] for c in TOOLS if shutil.which(c) is None})
    if not missing:
        return
    if shutil.which("apt-get") is None or os.geteuid() != 0:
        pytest.skip(f"needs {' and '.join(missing)}: not installed, and no apt-get as root here")
    apt = ["apt-get", "-qq", "-o", "DPkg::Lock::Timeout=300"]  # another worker may be installing
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    install = [*apt, "install", "-y", "--no-install-recommends", *missing]
    if subprocess.run(install, env=env, capture_output=True).returncode != 0:
        subprocess.run([*apt, "update"], env=env, capture_output=True)
        done = subprocess.run(install, env=env, capture_output=True, text=True)
        if done.returncode != 0:
            pytest.skip(f"apt-get could not install {' '.join(missing)}: {done.stderr[-200:]}")


@dataclass
class Screen:
    """A virtual X server: its display name (``:N``) and its process."""

    name: str
    server: subprocess.Popen[bytes]


@contextmanager
def virtual_display() -> Iterator[Screen]:
    """An Xvfb server of our own (the first free display number) while the block runs."""
    need_x_tools()
    read, write = os.pipe()
    server = subprocess.Popen(
        ["Xvfb", "-displayfd", str(write), "-screen", "0", "1280x720x24", "-nolisten", "tcp"],
        pass_fds=(write,),
        stderr=subprocess.DEVNULL,
    )
    os.close(write)
    try:
        with os.fdopen(read) as said:
            number = said.readline().strip()  # Xvfb writes it once it accepts clients
        if not number:
            pytest.fail("Xvfb did not start")
        yield Screen(f":{number}", server)
    finally:
        server.terminate()
        server.wait(timeout=10)


@dataclass
class Game:
    """A kiosk's process, its output kept in files (read at any time, never blocking it)."""

    process: subprocess.Popen[bytes]
    out: Path
    err: Path

    def stdout(self) -> str:
        return self.out.read_text(encoding="utf-8")

    def stderr(self) -> str:
        return self.err.read_text(encoding="utf-8")

    def wait_up(self, timeout: float) -> float:
        """Seconds until the game says its title is on screen (a failure after ``timeout``)."""
        start = time.monotonic()
        while UP not in self.stdout():
            if self.process.poll() is not None:
                pytest.fail(f"the game ended ({self.process.returncode}): {self.stderr()[-600:]}")
            if time.monotonic() - start > timeout:
                pytest.fail(f"no title within {timeout} s: {self.stderr()[-600:]}")
            time.sleep(0.02)
        return time.monotonic() - start

    def window(self, screen: Screen) -> str:
        """The id of the game's window on ``screen``, as xdotool finds it by its title."""
        found = subprocess.run(
            ["xdotool", "search", "--name", "^Boneyard$"],
            env={**os.environ, "DISPLAY": screen.name},
            capture_output=True,
            text=True,
            check=True,
        )
        return found.stdout.split()[0]


def start_kiosk(argv: list[str], screen: Screen, folder: Path) -> Game:
    """Start ``argv`` (a command line of the game) on ``screen``, its output in ``folder``."""
    env = {**os.environ, "DISPLAY": screen.name}
    env.pop("ARCADE_HEADLESS", None)  # the tests' own setting: this game has a display
    env["TMPDIR"] = str(folder)  # what a killed kiosk leaves (its visitor's folder) stays here
    out, err = folder / "stdout", folder / "stderr"
    with out.open("wb") as stdout, err.open("wb") as stderr:
        process = subprocess.Popen(argv, env=env, stdout=stdout, stderr=stderr)
    return Game(process, out, err)
