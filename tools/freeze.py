"""The player's build: one folder that runs the game on a Linux desktop without Python.

    python -m tools.freeze [--dist DIR] [--work DIR]    (from the checkout, the freeze extra)

PyInstaller (``pip install -e ".[freeze]"``) freezes the interpreter, the game and its
libraries into ``DIR/boneyard/`` (``dist/`` by default): the player unpacks it anywhere and
runs ``boneyard/boneyard`` with the same options as the installed command. One folder, not
one file: a one-file build unpacks itself into a temporary folder at every start, which
costs seconds and leaves the folder behind when it is killed.

What the build adds to PyInstaller's own analysis, and why:

- The game's data (``levels/``, ``assets/``) as ``game/data/``, where the wheel has it, so
  :mod:`game.resources` finds it the same way; and the game's metadata, so ``--version``
  reads the real version (less the editable install's record of the builder's checkout).
- Arcade's hook puts its ``VERSION`` file at ``arcade/VERSION/VERSION`` (PyInstaller takes
  the destination it gives for a folder), so the frozen Arcade prints an error and calls
  itself 0.0.0 (arcade issue 2837). The file is put back where Arcade reads it; once a
  fixed Arcade ships, there is nothing to put back and this step does nothing.
- The system's graphics, windowing, font and sound libraries are not shipped: they must
  match the player's drivers, X server and sound server, so they come from the system (the
  README lists the Debian packages). PyInstaller finds some through ctypes calls (pyglet's
  sound, the touch input's XInput) and would copy them; they are taken out again. The
  copies Pillow's and numpy's wheels carry of their own (``pillow.libs``, ``numpy.libs``)
  stay: those wheels are built against them.
- Modules the game never uses (TLS, the line editor, decimal's C code, Tk, Pillow's
  AVIF/WebP/colour-management/font plugins) are left out: about 20 MB (128 MB untrimmed).

The folder's size is printed at the end; the issue's budget is 130 MB unpacked.
"""

from __future__ import annotations

import argparse
import shutil
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
NAME = "boneyard"
DATA = ("levels", "assets")  # top-level folders, shipped as game/data/<folder>
UNUSED = (
    "ssl",
    "_ssl",
    "_hashlib",  # hashlib falls back to its built-in BLAKE2 and SHA-2 without OpenSSL
    "readline",
    "_decimal",  # decimal falls back to its pure-Python twin (nothing here uses it anyway)
    "tkinter",
    "unittest",
    "pydoc",
    "PIL._avif",
    "PIL._webp",
    "PIL._imagingcms",
    "PIL._imagingft",  # the tiles are drawn with ImageDraw shapes, never Pillow's text
    "PIL._imagingtk",
)
# The beginnings of the names of libraries the player's system provides.
SYSTEM_LIBRARIES = (
    "libGL",  # with libGLX and libGLdispatch
    "libEGL",
    "libOpenGL",
    "libgbm",
    "libdrm",
    "libX",  # X11 itself and its extensions (libXi: the touch input reads it with ctypes)
    "libxcb",
    "libbsd",  # these two come only with X's libXdmcp
    "libmd",
    "libfontconfig",
    "libfreetype",
    "libasound",
    "libopenal",
    "libpulse",
)
MB = 1_000_000
ENTRY = "import sys\n\nfrom game.__main__ import main\n\nsys.exit(main())\n"


def build(dist: Path, work: Path) -> Path:
    """Freeze the game into ``dist/boneyard`` (``work`` holds PyInstaller's scratch files)."""
    import PyInstaller.__main__  # the freeze extra: imported only when a build is asked for

    work.mkdir(parents=True, exist_ok=True)
    entry = work / f"{NAME}.py"
    entry.write_text(ENTRY, encoding="utf-8")
    args = [
        "--noconfirm",
        "--onedir",
        "--log-level=WARN",
        f"--name={NAME}",
        f"--distpath={dist}",
        f"--workpath={work}",
        f"--specpath={work}",
        f"--copy-metadata={NAME}",
    ]
    args += [f"--add-data={ROOT / folder}:game/data/{folder}" for folder in DATA]
    args += [f"--exclude-module={module}" for module in UNUSED]
    PyInstaller.__main__.run([*args, str(entry)])
    folder = dist / NAME
    internal = folder / "_internal"
    _restore_arcade_version(internal)
    for library in system_libraries(folder):
        library.unlink()
    # An editable install's record of its checkout: the builder's path, of no use to a player
    for record in internal.glob(f"{NAME}-*.dist-info/direct_url.json"):
        record.unlink()
    return folder


def _restore_arcade_version(internal: Path) -> None:
    """``arcade/VERSION`` as the file Arcade reads, not a folder holding it (issue 2837)."""
    misplaced = internal / "arcade" / "VERSION"
    if not misplaced.is_dir():
        return
    text = (misplaced / "VERSION").read_bytes()
    shutil.rmtree(misplaced)
    misplaced.write_bytes(text)


def system_libraries(folder: Path) -> list[Path]:
    """The system's libraries found in the build (none once :func:`build` is done)."""
    return sorted(
        path
        for path in folder.rglob("lib*.so*")
        if path.name.startswith(SYSTEM_LIBRARIES)
        and path.parent.name not in ("pillow.libs", "numpy.libs")
    )


def size(folder: Path) -> int:
    """The bytes the folder takes unpacked (each file once; links count as nothing)."""
    return sum(p.stat().st_size for p in folder.rglob("*") if p.is_file() and not p.is_symlink())


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.freeze", description=__doc__)
    parser.add_argument("--dist", type=Path, default=ROOT / "dist", help="where the folder goes")
    parser.add_argument("--work", type=Path, default=ROOT / "build", help="scratch files")
    args = parser.parse_args(argv)
    folder = build(args.dist.resolve(), args.work.resolve())
    print(f"{folder}: {size(folder) / MB:.0f} MB unpacked; run {folder / NAME}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
