"""`obsession-nb lab` (the README's tutor command) serves JupyterLab on the tutorial index."""

import os
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_lab_opens_jupyterlab_on_the_tutorial_index(tmp_path: Path) -> None:
    port = free_port()
    env = {**os.environ, **{k: str(tmp_path / k.lower()) for k in (
        "JUPYTER_CONFIG_DIR", "JUPYTER_DATA_DIR", "JUPYTER_RUNTIME_DIR", "IPYTHONDIR")}}
    server = subprocess.Popen(
        [sys.executable, "-m", "obsession_nb.cli", "lab", "--no-browser", f"--port={port}",
         "--ip=127.0.0.1", "--ServerApp.token=", "--ServerApp.password="],
        env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )
    try:
        base = f"http://127.0.0.1:{port}"
        for _ in range(120):
            try:
                urllib.request.urlopen(f"{base}/api/status", timeout=1)
                break
            except (urllib.error.URLError, ConnectionError):
                time.sleep(0.5)
        with urllib.request.urlopen(f"{base}/", timeout=10) as page:
            assert page.url.endswith("/lab/tree/00-index.ipynb")
        with urllib.request.urlopen(f"{base}/api/contents/00-index.ipynb", timeout=10) as nb:
            assert nb.status == 200
    finally:
        server.terminate()
        server.wait(timeout=20)
