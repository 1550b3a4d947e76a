"""The one way the game reads and writes its files: saves, settings, records, presets, words.

Whatever is at a path — a folder, a FIFO, a device, a file too large, bytes that
are not UTF-8, JSON nested thousands deep or holding an integer of thousands of
digits, TOML that does not parse, a file nobody may read — reading it either
gives the parsed data or raises :class:`BadFile` with one short line naming the
file and what is wrong. Nothing is read before the path is known to be a regular
file of a sane size, and it is opened without blocking, so a FIFO or
``/dev/zero`` can neither hang the game nor fill its memory.

Writing is atomic and durable: the data goes to a temporary file beside the
target, is flushed to the disk (``fsync``), renamed over the target, and the
folder is flushed too, so a crash or a power cut leaves the previous file or the
new one, never a mix; a failed write leaves no temporary file behind.

A leaf of pure Python (it imports nothing from ``game``): the rules layer reads
its presets through it too.
"""

from __future__ import annotations

import contextlib
import json
import os
import stat
import sys
import tomllib
from pathlib import Path
from typing import Any

MAX_BYTES = 16 * 1024 * 1024  # no file of the game's is anywhere near this
_REASON = 80  # characters of a parser's own message kept at most


class BadFile(ValueError):
    """A file that cannot be read or written as what it should be; one line.

    ``name`` is how the file is named, ``reason`` what is wrong with it, so a
    caller may phrase the line its own way.
    """

    def __init__(self, name: str, reason: str) -> None:
        super().__init__(f"{name}: {reason}")
        self.name = name
        self.reason = reason


def read_bytes(path: Path, name: str | None = None, limit: int = MAX_BYTES) -> bytes:
    """The bytes of the regular file ``path`` (at most ``limit``); ``name`` names it."""
    name = str(path) if name is None else name
    try:
        # O_NONBLOCK: opening a FIFO must not wait for a writer (it is refused below).
        flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
        fd = os.open(path, flags)
    except FileNotFoundError:
        raise BadFile(name, "no such file") from None
    except IsADirectoryError:
        raise BadFile(name, "is a folder, not a file") from None
    except (OSError, ValueError) as error:  # ValueError: a NUL in the path
        raise BadFile(name, f"cannot be read ({_why(error)})") from None
    try:
        info = os.fstat(fd)
        if stat.S_ISDIR(info.st_mode):
            raise BadFile(name, "is a folder, not a file")
        if not stat.S_ISREG(info.st_mode):
            raise BadFile(name, "is not a regular file")
        if info.st_size > limit:
            raise BadFile(name, f"is larger than {_size(limit)}")
        with os.fdopen(fd, "rb") as handle:
            fd = -1  # the handle closes it now
            data = handle.read(limit + 1)
    except OSError as error:
        raise BadFile(name, f"cannot be read ({_why(error)})") from None
    finally:
        if fd >= 0:
            os.close(fd)
    if len(data) > limit:  # it grew while we looked
        raise BadFile(name, f"is larger than {_size(limit)}")
    return data


def read_text(path: Path, name: str | None = None, limit: int = MAX_BYTES) -> str:
    """The UTF-8 text of the regular file ``path``; :class:`BadFile` if it is not that."""
    name = str(path) if name is None else name
    data = read_bytes(path, name, limit)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise BadFile(name, f"is not UTF-8 text (byte {error.start})") from None


def parse_json(text: str, name: str, what: str = "valid JSON") -> Any:
    """JSON ``text`` parsed; :class:`BadFile` (``not WHAT (why)``) for any way it can fail."""
    try:
        return json.loads(text)
    except json.JSONDecodeError as error:
        raise BadFile(name, f"not {what} ({error.msg} at line {error.lineno})") from None
    except RecursionError:
        raise BadFile(name, f"not {what} (nested too deep)") from None
    except ValueError as error:  # e.g. an integer of more than 4,300 digits
        raise BadFile(name, f"not {what} ({_parse_error(error)})") from None


def parse_toml(text: str, name: str) -> dict[str, Any]:
    """TOML ``text`` parsed; :class:`BadFile` for any way it can fail."""
    try:
        return tomllib.loads(text)
    except RecursionError:
        raise BadFile(name, "not valid TOML (nested too deep)") from None
    except ValueError as error:  # TOMLDecodeError, or an integer of more than 4,300 digits
        raise BadFile(name, f"not valid TOML ({_parse_error(error)})") from None


def read_json(path: Path, name: str | None = None, what: str = "valid JSON") -> Any:
    """The parsed JSON file ``path``; :class:`BadFile` in one line if it is not one."""
    name = str(path) if name is None else name
    return parse_json(read_text(path, name), name, what)


def read_toml(path: Path, name: str | None = None) -> dict[str, Any]:
    """The parsed TOML file ``path``; :class:`BadFile` in one line if it is not one."""
    name = str(path) if name is None else name
    return parse_toml(read_text(path, name), name)


def write_json(path: Path, data: Any, name: str | None = None) -> None:
    """Write ``data`` as JSON to ``path`` atomically and durably (see the module docstring).

    Raises :class:`BadFile` whose reason says why in one line (a file where the
    folder should be, a folder where the file should be, a full disk, no
    permission); the previous file, if any, is then untouched and no temporary
    file is left.
    """
    name = path.name if name is None else name
    folder = path.parent
    if folder.exists() and not folder.is_dir():
        raise BadFile(name, f"{folder} is a file, not a folder")
    if path.is_dir():
        raise BadFile(name, f"{path} is a folder, not a file")
    text = json.dumps(data, indent=1) + "\n"
    tmp = path.with_name(path.name + ".tmp")
    try:
        folder.mkdir(parents=True, exist_ok=True)
        with open(tmp, "w", encoding="utf-8") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, path)
        _sync_folder(folder)
    except OSError as error:
        with contextlib.suppress(OSError):  # nothing more can be done; the message says why
            tmp.unlink(missing_ok=True)
        raise BadFile(name, _why(error)) from None


def set_aside(path: Path) -> str:
    """Rename a bad file to the first free ``NAME.bad-N.EXT`` beside it; the name it now has.

    A bad file is never deleted (the player may want it back); when even the
    rename fails it stays where it is, and its own name is returned.
    """
    n = 1
    while os.path.lexists(aside := path.with_name(f"{path.stem}.bad-{n}{path.suffix}")):
        n += 1
    try:
        path.replace(aside)
    except OSError:
        return path.name
    return aside.name


def _sync_folder(folder: Path) -> None:
    """Flush the folder's entry for the renamed file (where the system allows it)."""
    if not hasattr(os, "O_DIRECTORY"):  # Windows: folders cannot be opened
        return
    fd = os.open(folder, os.O_RDONLY | os.O_DIRECTORY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def _size(limit: int) -> str:
    return f"{limit // (1024 * 1024)} MB" if limit >= 1024 * 1024 else f"{limit} bytes"


def _why(error: Exception) -> str:
    text = getattr(error, "strerror", None) or str(error) or type(error).__name__
    return text.splitlines()[0][:_REASON] if text.strip() else type(error).__name__


def _parse_error(error: Exception) -> str:
    """A parser's complaint, short: Python's own for a huge integer is a paragraph."""
    if "integer string conversion" in str(error):
        return f"a number of more than {sys.get_int_max_str_digits()} digits"
    lines = str(error).splitlines()
    return lines[0][:_REASON] if lines else type(error).__name__
