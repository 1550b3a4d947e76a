"""The one way the game reads and writes its files: saves, settings, records, presets, words.

Whatever is at a path — a folder, a FIFO, a device, a file too large, bytes that
are not UTF-8, JSON nested thousands deep or holding an integer of thousands of
digits, TOML that does not parse, a file nobody may read — reading it either
gives the parsed data or raises :class:`BadFile` with one short line naming the
file and what is wrong. Nothing is read before the path is known to be a regular
file of a sane size, and it is opened without blocking, so a FIFO or
``/dev/zero`` can neither hang the game nor fill its memory.

Writing is atomic and durable, and never goes through a link: the data goes to a
temporary file of a name nobody else uses (``.NAME.XXXXXXXX.tmp`` beside the
target, created exclusively and not through a link: ``mkstemp``'s
``O_CREAT|O_EXCL|O_NOFOLLOW``), is flushed to the disk (``fsync``), renamed over the
target (``os.replace`` replaces a link planted there, it does not follow it), and the
folder is flushed too. So a crash or a power cut leaves the previous file or the new
one, never a mix; two writers never share a half-written file; a failed write leaves
no temporary file behind, and one a kill left is removed by :func:`remove_strays` at
the next start. Every file the game writes goes through :func:`write_bytes`.

:class:`WriterLock` is the game's one writer per user folder: an advisory lock a
second instance finds taken (it then plays without saving, and says so); a lock
that cannot really be taken is not pretended either.

A leaf of pure Python (it imports nothing from ``game``): the rules layer reads
its presets through it too.
"""

from __future__ import annotations

import contextlib
import errno
import json
import math
import os
import stat
import sys
import tempfile
import tomllib
import weakref
from pathlib import Path
from typing import Any

MAX_BYTES = 16 * 1024 * 1024  # no file of the game's is anywhere near this
TMP = ".tmp"  # how a temporary file's name ends (an earlier version wrote NAME.tmp)
LOCK = ".lock"  # the writer lock's file in a user folder
_REASON = 80  # characters of a parser's own message kept at most
# Containers inside containers a file may hold: the game's deepest (a history entry's
# record's deal's hand) is six; deeper is refused here, before anything walks it.
MAX_DEPTH = 32
_UMASK = os.umask(0o022)  # read once (it can only be read by setting it) …
os.umask(_UMASK)  # … and put back: a written file gets the mode open() would give it


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
        data = _read_all(fd, limit + 1, name)
    except OSError as error:
        raise BadFile(name, f"cannot be read ({_why(error)})") from None
    finally:
        if fd >= 0:
            os.close(fd)
    if len(data) > limit:  # it grew while we looked
        raise BadFile(name, f"is larger than {_size(limit)}")
    return data


def _read_all(fd: int, most: int, name: str) -> bytes:
    """At most ``most`` bytes of the open file ``fd``, to its end; a file that would make
    the game wait for its bytes (``/proc/kmsg``, a device posing as a file) is refused."""
    chunks: list[bytes] = []
    got = 0
    while got < most:
        try:
            chunk = os.read(fd, min(most - got, 1024 * 1024))
        except BlockingIOError:
            raise BadFile(
                name, "would make the game wait for its bytes (not a plain file)"
            ) from None
        if not chunk:
            break
        chunks.append(chunk)
        got += len(chunk)
    return b"".join(chunks)


def read_text(path: Path, name: str | None = None, limit: int = MAX_BYTES) -> str:
    """The UTF-8 text of the regular file ``path``; :class:`BadFile` if it is not that."""
    name = str(path) if name is None else name
    data = read_bytes(path, name, limit)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise BadFile(name, f"is not UTF-8 text (byte {error.start})") from None


def parse_json(text: str, name: str, what: str = "valid JSON") -> Any:
    """JSON ``text`` parsed; :class:`BadFile` (``not WHAT (why)``) for any way it can fail.

    Only finite numbers are read (``NaN``, ``Infinity`` or ``1e999`` would pass every
    range check and then break arithmetic far from here), and nesting deeper than
    :data:`MAX_DEPTH` is refused, so no later copy or walk of the data can recurse out.
    """
    try:
        data = json.loads(text, parse_constant=_no_constant, parse_float=_finite)
    except _NotFinite as error:
        raise BadFile(name, f"not {what} ({error})") from None
    except json.JSONDecodeError as error:
        raise BadFile(name, f"not {what} ({error.msg} at line {error.lineno})") from None
    except RecursionError:
        raise BadFile(name, f"not {what} (nested too deep)") from None
    except ValueError as error:  # e.g. an integer of more than 4,300 digits
        raise BadFile(name, f"not {what} ({_parse_error(error)})") from None
    _check_depth(data, name, what)
    return data


def parse_toml(text: str, name: str) -> dict[str, Any]:
    """TOML ``text`` parsed; :class:`BadFile` for any way it can fail."""
    try:
        data = tomllib.loads(text)  # (a TOML inf or nan is refused by the preset's checks)
    except RecursionError:
        raise BadFile(name, "not valid TOML (nested too deep)") from None
    except ValueError as error:  # TOMLDecodeError, or an integer of more than 4,300 digits
        raise BadFile(name, f"not valid TOML ({_parse_error(error)})") from None
    _check_depth(data, name, "valid TOML")
    return data


class _NotFinite(ValueError):
    """A number the game cannot count with (NaN, an infinity); the message says which."""


def _no_constant(text: str) -> float:
    raise _NotFinite(f"{text} is not a number the game reads")


def _finite(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise _NotFinite(f"{text[:20]} is not a finite number")
    return value


def _check_depth(data: Any, name: str, what: str) -> None:
    """Refuse ``data`` nested deeper than :data:`MAX_DEPTH`, walking it without recursion."""
    todo: list[tuple[Any, int]] = [(data, 1)] if isinstance(data, dict | list) else []
    while todo:
        value, depth = todo.pop()
        if depth > MAX_DEPTH:
            raise BadFile(name, f"not {what} (nested more than {MAX_DEPTH} deep)")
        children = value.values() if isinstance(value, dict) else value
        todo.extend((v, depth + 1) for v in children if isinstance(v, dict | list))


def read_json(path: Path, name: str | None = None, what: str = "valid JSON") -> Any:
    """The parsed JSON file ``path``; :class:`BadFile` in one line if it is not one."""
    name = str(path) if name is None else name
    return parse_json(read_text(path, name), name, what)


def read_toml(path: Path, name: str | None = None) -> dict[str, Any]:
    """The parsed TOML file ``path``; :class:`BadFile` in one line if it is not one."""
    name = str(path) if name is None else name
    return parse_toml(read_text(path, name), name)


def write_json(path: Path, data: Any, name: str | None = None) -> None:
    """Write ``data`` as JSON to ``path`` through :func:`write_bytes`."""
    write_bytes(path, (json.dumps(data, indent=1) + "\n").encode("utf-8"), name)


def write_bytes(path: Path, data: bytes, name: str | None = None) -> None:
    """Write ``data`` to ``path`` atomically and durably (see the module docstring).

    Raises :class:`BadFile` whose reason says why in one line (a file where the
    folder should be, a folder where the file should be, a full disk, no
    permission); the previous file, if any, is then untouched and no temporary
    file is left.
    """
    name = path.name if name is None else name
    folder = path.parent
    if folder.exists() and not folder.is_dir():
        raise BadFile(name, f"{folder} is a file, not a folder")
    if path.is_dir() and not path.is_symlink():
        raise BadFile(name, f"{path} is a folder, not a file")
    try:
        folder.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=TMP, dir=folder)
        try:
            with os.fdopen(fd, "wb") as handle:
                if hasattr(os, "fchmod"):  # mkstemp makes it 0600; as open() would, instead
                    os.fchmod(handle.fileno(), 0o666 & ~_UMASK)
                handle.write(data)
                handle.flush()
                os.fsync(handle.fileno())
            os.replace(tmp, path)
        except BaseException:
            with contextlib.suppress(OSError):  # nothing more can be done; the error says why
                os.unlink(tmp)
            raise
        _sync_folder(folder)
    except OSError as error:
        raise BadFile(name, _why(error)) from None


def remove_strays(folder: Path) -> list[str]:
    """Remove the temporary files a write killed midway left in ``folder``; their names.

    Only the holder of the folder's :class:`WriterLock` calls it: no write of another
    instance can be under way then. A link or a folder of that name is left alone.
    """
    removed: list[str] = []
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return removed
    for entry in entries:
        if _stray(entry.name) and entry.is_file(follow_symlinks=False):
            with contextlib.suppress(OSError):
                os.unlink(entry.path)
                removed.append(entry.name)
    return removed


def _stray(name: str) -> bool:
    """A temporary file of ours: ``.NAME.XXXX.tmp``, or an earlier version's ``NAME.json.tmp``."""
    return name.endswith(TMP) and (name.startswith(".") or name.endswith(".json" + TMP))


class WriterLock:
    """This process's claim to be the one writer of a user folder (an advisory lock).

    ``fcntl.flock`` on POSIX, ``msvcrt.locking`` on Windows, on ``folder/.lock``: the
    standard library's own, so no dependency (the well-kept ``filelock`` would serve, but
    it treats a lock file it cannot open as a lock to wait for, where the game must tell
    "another instance" from "no lock can be had here"). The system drops the lock when
    the process ends however it ends, so a crash leaves no stale lock. Held while this
    object lives; two in one process share the one lock (tests open a folder twice, as
    a restart would), a second process finds it taken and ``held`` is False.

    A lock is real or it is not taken: the lock file is opened never through a link and
    must be a regular file this process may write, on a file system that locks. When it
    is not (a link, a folder, a FIFO, a file of another owner, a folder that cannot be
    made, a file system without locks), ``held`` is False and ``reason`` says why in a
    few words, so the game plays without saving rather than beside a second writer
    that also thinks it is alone. ``reason`` is "" when another instance holds it.
    """

    _open: dict[str, list[int]] = {}  # folder -> [fd, claims] of this process

    def __init__(self, folder: Path) -> None:
        self.folder = Path(folder)
        self.reason = ""
        key = str(self.folder.resolve())
        claim = self._open.get(key)
        if claim is None:
            try:
                fd = _lock(self.folder / LOCK)
            except BadFile as error:
                fd, self.reason = None, str(error)
            if fd is None:
                self.held = False
                return
            claim = self._open[key] = [fd, 0]
        claim[1] += 1
        self.held = True
        self._release = weakref.finalize(self, WriterLock._unclaim, key)

    @classmethod
    def claimed(cls, folder: Path) -> bool:
        """Whether this process holds ``folder``'s lock (another claim would share it)."""
        return str(Path(folder).resolve()) in cls._open

    def release(self) -> None:
        """Give up the claim now (else when the object is collected)."""
        if self.held:
            self._release()
            self.held = False

    @classmethod
    def _unclaim(cls, key: str) -> None:
        claim = cls._open.get(key)
        if claim is None:
            return
        claim[1] -= 1
        if claim[1] <= 0:
            del cls._open[key]
            with contextlib.suppress(OSError):
                os.close(claim[0])  # closing the file drops the lock


# what flock says when the lock is another process's (anything else: no lock can be had)
_BUSY = frozenset({errno.EWOULDBLOCK, errno.EAGAIN, errno.EACCES, errno.EDEADLK})


def _lock(path: Path) -> int | None:
    """An open descriptor of ``path`` holding its exclusive lock, or None if another
    process holds it; :class:`BadFile` (naming ``path``) when no real lock can be had."""
    name = str(path)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise BadFile(str(path.parent), f"cannot be made ({_why(error)})") from None
    flags = os.O_RDWR | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)
    try:
        fd = os.open(path, flags, 0o600)
    except OSError as error:
        if error.errno == errno.ELOOP or path.is_symlink():
            raise BadFile(name, "is a link, which the game never follows") from None
        if error.errno == errno.EISDIR:
            raise BadFile(name, "is a folder, not a file") from None
        raise BadFile(name, f"cannot be opened ({_why(error)})") from None
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise BadFile(name, "is not a regular file")
        if sys.platform == "win32":
            import msvcrt

            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
        else:
            import fcntl

            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError as error:
        os.close(fd)
        if error.errno in _BUSY:
            return None
        raise BadFile(name, f"cannot be locked ({_why(error)})") from None
    except BadFile:
        os.close(fd)
        raise
    return fd


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
