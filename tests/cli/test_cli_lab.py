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


def test_make_lab_installs_the_runtime_only_and_make_test_the_dev_tools() -> None:
    """`make lab` is the user's path: the package and its runtime dependencies, not pytest,
    Playwright or ruff (the `dev` extra), which `make test` adds."""
    repo = Path(__file__).resolve().parents[2]

    def installs(target: str) -> list[str]:
        plan = subprocess.run(["make", "-n", "-B", target], cwd=repo, capture_output=True,
                              text=True, check=True).stdout
        return [line.split("install", 1)[1].split()[-1] for line in plan.splitlines()
                if "pip install" in line and "--upgrade pip" not in line]

    assert installs("lab") == ["."]
    assert installs("test") == [".", "'.[dev]'"]
    import tomllib

    project = tomllib.loads((repo / "pyproject.toml").read_text())["project"]
    runtime = " ".join(project["dependencies"])
    assert "voila" in runtime and "psutil" in runtime  # `teach` and `lab` run from it
    assert not any(tool in runtime for tool in ("pytest", "playwright", "ruff", "hypothesis"))
