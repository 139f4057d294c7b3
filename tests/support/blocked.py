"""Wait until a child process is blocked reading its standard input (Linux ``/proc``), so that a
signal sent then interrupts the read itself.

A signal that lands between a prompt being written and the read starting leaves Python's
``input()`` blocked until the next line comes (the handler has already run, and the read is not
interrupted); a test that sends Ctrl-C on seeing the prompt would then race the child.  Waiting
on this state, not on a delay, makes it deterministic however busy the machine is.
"""

from __future__ import annotations

import platform
import time
from pathlib import Path

READ_SYSCALL = {"x86_64": 0, "aarch64": 63}
"""The number of the ``read`` system call, by machine (``/proc/PID/syscall`` gives numbers)."""


def reading_stdin(pid: int) -> bool:
    """Whether the main thread of ``pid`` is in ``read(0, …)`` now."""
    fields = Path(f"/proc/{pid}/syscall").read_text().split()
    return fields[:2] == [str(READ_SYSCALL[platform.machine()]), "0x0"]


def wait_until_reading_stdin(pid: int, deadline: float = 120.0) -> None:
    """Poll until ``pid`` is blocked reading standard input (``AssertionError`` after
    ``deadline`` seconds, so that a child that never asks again fails the test, not hangs it)."""
    end = time.monotonic() + deadline
    while not reading_stdin(pid):
        assert time.monotonic() < end, f"process {pid} never came to read its standard input"
        time.sleep(0.01)
