"""Stopping ``obsession-nb lab`` or ``teach`` (Ctrl+C, SIGTERM, a closed terminal) stops the
server and every kernel it started, and removes the teaching page's temporary folder
(obsession_nb/base/supervise.py)."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import textwrap
import time
import urllib.error
import urllib.request
from pathlib import Path

import psutil
import pytest

from obsession_nb.base.supervise import running

REPO = Path(__file__).resolve().parents[2]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def wait_for(check, timeout: float, what: str, proc: subprocess.Popen[bytes]):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        assert proc.poll() is None, f"the command exited ({proc.returncode}) before {what}"
        result = check()
        if result:
            return result
        time.sleep(0.3)
    pytest.fail(f"no {what} within {timeout} s")


def command_lines(proc: subprocess.Popen[bytes]) -> list[str]:
    """The command lines of the command's processes now.  A server starting a kernel has
    short-lived children too, which may have exited (a zombie not yet reaped) or gone by the
    time their line is read: those are left out, not raised."""
    lines = []
    for child in psutil.Process(proc.pid).children(recursive=True):
        try:
            lines.append(" ".join(child.cmdline()))
        except psutil.Error:  # NoSuchProcess, ZombieProcess, AccessDenied
            continue
    return lines


def stop_and_check(proc: subprocess.Popen[bytes], signum: int) -> list[psutil.Process]:
    """Signal the command as a terminal or a process manager would; return what outlived it."""
    started = psutil.Process(proc.pid).children(recursive=True)
    assert started, "the command started no server"
    os.kill(proc.pid, signum)
    try:
        assert proc.wait(timeout=60) == 0
    finally:
        if proc.poll() is None:
            proc.kill()
    time.sleep(0.5)
    return [p for p in started if running(p)]


def isolated_env(tmp_path: Path) -> dict[str, str]:
    """Jupyter's folders and the temporary folder in tmp_path: nothing else is looked at."""
    tmp = tmp_path / "tmp"
    tmp.mkdir()
    return {**os.environ, "TMPDIR": str(tmp), **{k: str(tmp_path / k.lower()) for k in (
        "JUPYTER_CONFIG_DIR", "JUPYTER_DATA_DIR", "JUPYTER_RUNTIME_DIR", "IPYTHONDIR")}}


FAKE_SERVER = textwrap.dedent("""
    # A server that starts a "kernel" in a session of its own (as jupyter_client does) and, when
    # told to stop, leaves it running: the worst case the command must clean up after.
    import signal, subprocess, sys, time
    kernel = subprocess.Popen([sys.executable, "-c", "import signal, time; "
                               "signal.signal(signal.SIGTERM, signal.SIG_IGN); time.sleep(600)"],
                              start_new_session=True)
    open(sys.argv[1], "w").write(str(kernel.pid))
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
    time.sleep(600)
""")


@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGTERM, signal.SIGHUP],
                         ids=["ctrl-c", "sigterm", "sighup"])
def test_a_stopped_command_leaves_no_process_of_its_server(tmp_path: Path, signum: int) -> None:
    server, pid_file = tmp_path / "server.py", tmp_path / "kernel.pid"
    server.write_text(FAKE_SERVER)
    command = [sys.executable, str(server), str(pid_file)]
    proc = subprocess.Popen([sys.executable, "-c", "import sys; from obsession_nb.base.supervise "
                             f"import run_server; sys.exit(run_server({command!r}))"])
    wait_for(lambda: pid_file.exists() and pid_file.read_text(), 30, "kernel", proc)
    kernel = psutil.Process(int(pid_file.read_text()))
    assert kernel.ppid() != proc.pid and running(kernel)
    assert stop_and_check(proc, signum) == []
    assert not running(kernel)


def test_stopping_teach_stops_voila_and_its_kernel_and_removes_the_page_folder(
    tmp_path: Path,
) -> None:
    env = isolated_env(tmp_path)
    url = f"http://127.0.0.1:{free_port()}/"
    proc = subprocess.Popen(
        [sys.executable, "-m", "obsession_nb.cli", "teach", "refresher-round-6", "--no-browser",
         f"--port={url.rsplit(':', 1)[1].strip('/')}"],
        cwd=REPO, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)

    def folders() -> list[Path]:
        return list((tmp_path / "tmp").glob("obsession-nb-teach-*"))

    def page() -> bool:
        try:  # Voilà runs the page's notebook in a kernel to answer
            with urllib.request.urlopen(url, timeout=60) as response:
                return response.status == 200
        except (urllib.error.URLError, ConnectionError, TimeoutError):
            return False

    wait_for(page, 120, "teaching page", proc)
    assert len(folders()) == 1
    kernels = [line for line in command_lines(proc) if "ipykernel" in line]
    assert kernels, "Voilà started no kernel for the page"
    assert stop_and_check(proc, signal.SIGINT) == []
    assert folders() == []


def test_stopping_lab_stops_jupyterlab_and_its_kernels(tmp_path: Path) -> None:
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    proc = subprocess.Popen(
        [sys.executable, "-m", "obsession_nb.cli", "lab", "--no-browser", f"--port={port}",
         "--ip=127.0.0.1", "--ServerApp.token=", "--ServerApp.password=",
         "--ServerApp.disable_check_xsrf=True"],
        cwd=REPO, env=isolated_env(tmp_path), stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL)

    def up() -> bool:
        try:
            urllib.request.urlopen(f"{base}/api/status", timeout=2).close()
            return True
        except (urllib.error.URLError, ConnectionError, TimeoutError):
            return False

    wait_for(up, 120, "JupyterLab", proc)
    start = urllib.request.Request(f"{base}/api/kernels", data=b"{}", method="POST",
                                   headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(start, timeout=60) as response:
        kernel = json.load(response)["id"]
    wait_for(lambda: any(kernel in line for line in command_lines(proc)), 60, "kernel", proc)
    assert stop_and_check(proc, signal.SIGTERM) == []
