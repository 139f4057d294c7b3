"""Ctrl-C sent to a child process as a player's terminal sends it.

Two things make a test that sends SIGINT depend on how it was started rather than on the code it
tests, and both are taken away here:

* a child started while SIGINT is ignored (a background job of a shell without job control, and
  everything it starts, such as ``make test`` run by ``nohup … &``) inherits the ignoring, and
  Python then installs no ``KeyboardInterrupt`` handler: :func:`terminal_signals` starts it with
  the default disposition, as a terminal does;
* a signal that lands between a prompt being written and the read starting leaves Python's
  ``input()`` blocked until the next line comes (the handler has already run; the read is not
  interrupted): :func:`wait_until_reading_stdin` waits on the child's state (Linux ``/proc``),
  not on a delay, until it is blocked in that read.
"""

from __future__ import annotations

import platform
import signal
import subprocess
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

READ_SYSCALL = {"x86_64": 0, "aarch64": 63}
"""The number of the ``read`` system call, by machine (``/proc/PID/syscall`` gives numbers)."""


@contextmanager
def terminal_signals() -> Iterator[None]:
    """Children started inside take Ctrl-C as from a terminal, even where this process ignores
    it (a handler set here becomes the default disposition in a child, unlike an ignored signal)."""
    before = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, before)


def reading_stdin(pid: int) -> bool:
    """Whether the main thread of ``pid`` is in ``read(0, …)`` now."""
    fields = Path(f"/proc/{pid}/syscall").read_text().split()
    return fields[:2] == [str(READ_SYSCALL[platform.machine()]), "0x0"]


def wait_until_reading_stdin(proc: subprocess.Popen[str], deadline: float = 120.0) -> None:
    """Poll until ``proc`` is blocked reading standard input (``AssertionError`` at once if it
    has ended, or after ``deadline`` seconds, so that a child that never asks again fails the
    test rather than hangs it)."""
    end = time.monotonic() + deadline
    while proc.poll() is None and not reading_stdin(proc.pid):
        assert time.monotonic() < end, f"process {proc.pid} never came to read its standard input"
        time.sleep(0.01)
    assert proc.returncode is None, f"the process ended (exit {proc.returncode}) before reading"
