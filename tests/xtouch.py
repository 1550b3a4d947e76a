"""A virtual touchscreen on a real X server, for the end-to-end touch test.

Xorg with the ``dummy`` video driver and the ``inputtest`` input driver
(``man 4 inputtest``; Debian's ``xserver-xorg-core`` ships the driver,
``xserver-xorg-video-dummy`` the screen) runs as root with no VT, no udev and no
uinput: the touchscreen is a Unix socket taking the driver's binary records (a
client version first, then touches; a wait-for-sync answered once the server has
processed everything sent). The server takes one connection per start, so a test
keeps one :class:`Panel` for its whole session.
"""

from __future__ import annotations

import ctypes
import os
import shutil
import socket
import subprocess
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from ctypes import Structure, c_double, c_int32, c_uint8, c_uint16, c_uint32
from pathlib import Path

PACKAGES = ("xserver-xorg-core", "xserver-xorg-video-dummy")
MODULES = Path("/usr/lib/xorg/modules")
DRIVERS = (MODULES / "drivers/dummy_drv.so", MODULES / "input/inputtest_drv.so")
WIDTH, HEIGHT = 1280, 720
AXIS_MAX = 0xFFFF  # the inputtest touchscreen's axes run 0..AXIS_MAX over the screen

# the driver's record types (its protocol version 1.1)
CLIENT_VERSION, WAIT_FOR_SYNC, TOUCH = 0, 1, 6
SERVER_VERSION, SYNC_FINISHED = 0, 1
BEGIN, UPDATE, END = 18, 19, 20  # XI_TouchBegin/Update/End


class _Header(Structure):
    _fields_ = [("length", c_uint32), ("type", c_int32)]


class _Version(Structure):
    _fields_ = [("header", _Header), ("major", c_uint16), ("minor", c_uint16)]


class _Valuators(Structure):
    _fields_ = [
        ("has_unaccelerated", c_uint32),
        ("mask", c_uint8 * 8),
        ("valuators", c_double * 64),
        ("unaccelerated", c_double * 64),
    ]


class _Touch(Structure):
    _fields_ = [
        ("header", _Header),
        ("touchid", c_uint32),
        ("touch_type", c_uint32),
        ("valuators", _Valuators),
    ]


def missing() -> str | None:
    """Why no virtual touchscreen can be had here (None: it can). As root on Debian, the
    packages are installed first when they are not."""
    if not shutil.which("Xorg"):
        pass
    elif all(p.exists() for p in DRIVERS):
        return None
    if os.geteuid() != 0 or not shutil.which("apt-get"):
        return f"needs Xorg with the dummy and inputtest drivers ({', '.join(PACKAGES)})"
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    apt = ["apt-get", "-qq", "-o", "DPkg::Lock::Timeout=300"]  # another worker may be installing
    install = [*apt, "install", "-y", "--no-install-recommends", *PACKAGES]
    done = subprocess.run(install, env=env, capture_output=True, timeout=600)
    if done.returncode != 0:
        subprocess.run([*apt, "update"], env=env, capture_output=True, timeout=600)
        done = subprocess.run(install, env=env, capture_output=True, timeout=600)
    if done.returncode != 0 or not all(p.exists() for p in DRIVERS) or not shutil.which("Xorg"):
        return f"could not install {', '.join(PACKAGES)} with apt-get"
    return None


CONFIG = """\
Section "ServerFlags"
    Option "AutoAddDevices" "false"
EndSection
Section "Device"
    Identifier "card"
    Driver "dummy"
    VideoRam 32768
EndSection
Section "Monitor"
    Identifier "monitor"
    HorizSync 5.0 - 1000.0
    VertRefresh 5.0 - 200.0
    Modeline "{w}x{h}" 74.25 {w} 1390 1430 1650 {h} 725 730 750
EndSection
Section "Screen"
    Identifier "screen"
    Device "card"
    Monitor "monitor"
    DefaultDepth 24
    SubSection "Display"
        Depth 24
        Modes "{w}x{h}"
        Virtual {w} {h}
    EndSubSection
EndSection
Section "InputDevice"
    Identifier "touch"
    Driver "inputtest"
    Option "DeviceType" "Touch"
    Option "TouchCount" "5"
    Option "SocketPath" "{socket}"
EndSection
Section "ServerLayout"
    Identifier "layout"
    Screen "screen"
    InputDevice "touch"
EndSection
"""


@contextmanager
def xorg() -> Iterator[tuple[str, Path]]:
    """A running Xorg with the virtual touchscreen: its display name and socket path."""
    folder = Path(tempfile.mkdtemp(prefix="boneyard-xtouch-"))
    sock = folder / "touch.sock"
    (folder / "conf.d").mkdir()
    config = folder / "xorg.conf"
    config.write_text(CONFIG.format(w=WIDTH, h=HEIGHT, socket=sock))
    read, write = os.pipe()
    command = ["Xorg", "-displayfd", str(write), "-config", str(config)]
    command += ["-configdir", str(folder / "conf.d"), "-noreset", "-nolisten", "tcp"]
    command += ["-novtswitch", "-sharevts", "-logfile", str(folder / "xorg.log")]
    server = subprocess.Popen(
        command, pass_fds=(write,), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
    )
    os.close(write)
    try:
        with os.fdopen(read) as answer:
            number = answer.readline().strip()  # the display the server chose, once ready
        if not number:
            raise RuntimeError(f"Xorg did not start: see {folder / 'xorg.log'}")
        for _ in range(100):
            if sock.exists():
                break
            time.sleep(0.05)
        yield f":{number}", sock
    finally:
        server.terminate()
        try:
            server.wait(10)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()
        shutil.rmtree(folder, ignore_errors=True)


class Panel:
    """The virtual touchscreen's socket: fingers put down, moved and lifted at screen
    pixels (y down), each batch waited for until the server has processed it."""

    def __init__(self, path: Path, width: int = WIDTH, height: int = HEIGHT) -> None:
        self.size = (width, height)
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.sock.settimeout(20)
        self.sock.connect(str(path))
        hello = _Version(_Header(ctypes.sizeof(_Version), CLIENT_VERSION), 1, 1)
        self.sock.sendall(bytes(hello))
        answer = self._answer()
        if answer != SERVER_VERSION:
            raise RuntimeError(f"inputtest answered {answer}, not its version")

    def close(self) -> None:
        self.sock.close()

    def touch(self, kind: int, touch: int, x: float, y: float) -> None:
        event = _Touch()
        event.header = _Header(ctypes.sizeof(_Touch), TOUCH)
        event.touchid, event.touch_type = touch, kind
        values = event.valuators
        values.mask[0] = 0b11  # valuators 0 and 1: x and y
        values.valuators[0] = x * AXIS_MAX / (self.size[0] - 1)
        values.valuators[1] = y * AXIS_MAX / (self.size[1] - 1)
        self.sock.sendall(bytes(event))

    def sync(self) -> None:
        """Wait until the server has processed every record sent."""
        self.sock.sendall(bytes(_Header(ctypes.sizeof(_Header), WAIT_FOR_SYNC)))
        answer = self._answer()
        if answer != SYNC_FINISHED:
            raise RuntimeError(f"inputtest answered {answer}, not the sync")

    def _answer(self) -> int:
        head = self._read(ctypes.sizeof(_Header))
        header = _Header.from_buffer_copy(head)
        self._read(header.length - len(head))
        return int(header.type)

    def _read(self, size: int) -> bytes:
        data = b""
        while len(data) < size:
            chunk = self.sock.recv(size - len(data))
            if not chunk:
                raise RuntimeError("inputtest closed the connection")
            data += chunk
        return data
