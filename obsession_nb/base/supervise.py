"""Running a server (JupyterLab for ``obsession-nb lab``, Voilà for ``teach``) as a child of the
command, and stopping it with everything it started when the command is stopped.

The server runs in a process group of its own, so that the terminal's Ctrl+C reaches this
command only. Ctrl+C (SIGINT), SIGTERM and a closed terminal (SIGHUP) are all forwarded to
that group as SIGTERM, the servers' clean stop (SIGINT would make JupyterLab ask "Shut down
this server?"). Kernels run in sessions of their own (jupyter_client), outside the group: the
server stops them itself, and any process it started that is still alive after a grace period
is terminated, then killed. A second signal while stopping kills at once.
"""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import time
from collections.abc import Mapping, Sequence
from types import FrameType

import psutil

STOP_SIGNALS = (signal.SIGINT, signal.SIGTERM, signal.SIGHUP)
GRACE_S = 15.0  # for the server to stop its kernels and itself
POLL_S = 0.5  # how often the list of processes the server started is refreshed


def running(process: psutil.Process) -> bool:
    """Alive and not a zombie (an ended process its parent has not collected yet)."""
    try:
        return process.is_running() and process.status() != psutil.STATUS_ZOMBIE
    except psutil.Error:
        return False


class _Tree:
    """The server and every process it started (kept after they leave its process tree)."""

    def __init__(self, child: subprocess.Popen[bytes]) -> None:
        self.child = child
        self.known: dict[int, psutil.Process] = {}
        self.signals: list[int] = []
        self.stopped_at = 0.0
        self.refresh()

    def refresh(self) -> None:
        with contextlib.suppress(psutil.Error):
            for p in psutil.Process(self.child.pid).children(recursive=True):
                self.known.setdefault(p.pid, p)

    def stop(self, signum: int, _frame: FrameType | None = None) -> None:
        """The signal handler: forward a first signal as SIGTERM, kill on the second."""
        self.signals.append(signum)
        self.refresh()
        if len(self.signals) == 1:
            self.stopped_at = time.monotonic()
            self._group(signal.SIGTERM)
        else:
            self.kill()

    def kill(self) -> None:
        self._group(signal.SIGKILL)
        self._descendants(kill=True)

    def _group(self, sig: int) -> None:
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(self.child.pid, sig)

    def _descendants(self, *, kill: bool) -> list[psutil.Process]:
        alive = [p for p in self.known.values() if running(p)]
        for p in alive:
            with contextlib.suppress(psutil.Error):
                if kill:
                    p.kill()
                else:
                    p.terminate()
        return alive

    def reap(self) -> None:
        """After the server is gone: end whatever it started that is still running."""
        _gone, alive = psutil.wait_procs(self._descendants(kill=False), timeout=5)
        for p in alive:
            with contextlib.suppress(psutil.Error):
                p.kill()
        psutil.wait_procs(alive, timeout=5)


def run_server(command: Sequence[str], env: Mapping[str, str] | None = None) -> int:
    """Run ``command`` until it exits or this process is told to stop; return its exit code
    (0 when stopped by a signal). Nothing it started outlives the call."""
    child = subprocess.Popen(list(command), env=None if env is None else dict(env),
                             start_new_session=True)
    tree = _Tree(child)
    previous = {s: signal.signal(s, tree.stop) for s in STOP_SIGNALS}
    try:
        while child.poll() is None:
            try:
                child.wait(timeout=POLL_S)
            except subprocess.TimeoutExpired:
                tree.refresh()
                if tree.signals and time.monotonic() - tree.stopped_at > GRACE_S:
                    tree.kill()
    finally:
        for s, handler in previous.items():
            signal.signal(s, handler)
        if child.poll() is None:  # an error in this loop: do not leave the server behind
            tree.kill()
            child.wait()
        tree.reap()
    return 0 if tree.signals else child.returncode
