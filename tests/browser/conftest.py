"""Real-browser test harness: JupyterLab and Voilà on 127.0.0.1, driven by headless Chromium.

Fixtures (all start lazily, once per session, and stop at the end):

* ``jupyterlab_server`` -> base URL of a JupyterLab serving ``notebooks/`` (no token, no
  password, notebook windowing off, news off, every Jupyter/IPython/XDG dir in a tmp folder).
* ``voila_server`` -> base URL of a Voilà serving ``notebooks/`` (render ``/voila/render/<nb>``).
* ``notebook7_server`` -> base URL of a Notebook 7 (``jupyter notebook``) serving ``notebooks/``.
* ``browser`` -> a Playwright Chromium, Debian's ``/usr/bin/chromium``.
* ``page`` -> a fresh browser context + page per test.  After the test body runs (pass or
  fail) a screenshot goes to ``test-artifacts/screenshots/<test>.png`` and the browser
  console to ``test-artifacts/console/<test>.log``.

Helpers, as fixtures so that tests need no imports:

* ``run_notebook_in_lab(page, name)`` opens ``/lab/tree/<name>?reset`` on a fresh kernel,
  waits for "Python 3 (ipykernel) | Idle", runs Run → Run All Cells, waits until every code
  cell has run, and fails on a cell error.
* ``open_in_voila(page, name)`` renders a notebook in Voilà and waits until it has executed.
* ``open_unrun_in_lab(page, name)`` opens a notebook in JupyterLab without running it.
* ``run_notebook_in_nb7(page, name)`` opens a notebook in Notebook 7 and runs all its cells.
* ``assert_no_widget_errors(page)`` fails if "Error displaying widget" shows anywhere.

Every test in this directory is marked ``browser`` (automatically, too), so
``pytest -m "not browser"`` skips them.
"""

from __future__ import annotations

import json
import os
import re
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from pathlib import Path
from urllib.parse import quote

import pytest
from playwright.sync_api import Browser, Page, Playwright, expect, sync_playwright

REPO = Path(__file__).resolve().parents[2]
NOTEBOOKS = REPO / "notebooks"
ARTIFACTS = REPO / "test-artifacts"
SCREENSHOTS = ARTIFACTS / "screenshots"
CONSOLE_LOGS = ARTIFACTS / "console"
SERVER_LOGS = ARTIFACTS / "servers"

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--headless",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
VIEWPORT = {"width": 1400, "height": 1000}

KERNEL_IDLE = "Python 3 (ipykernel) | Idle"
SERVER_START_TIMEOUT_S = 90
KERNEL_READY_TIMEOUT_MS = 90_000
RUN_ALL_TIMEOUT_MS = 180_000
VOILA_TIMEOUT_MS = 180_000

# First renders can be slow on a busy 2-core machine.
expect.set_options(timeout=60_000)

_CONSOLE_KEY = pytest.StashKey[list[str]]()
_BROWSER_DIR = Path(__file__).resolve().parent


# ----------------------------------------------------------------------------- pytest hooks


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Mark every test under tests/browser/ as ``browser``, even if its author forgot."""
    for item in items:
        if _BROWSER_DIR in Path(str(item.path)).resolve().parents:
            item.add_marker(pytest.mark.browser)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]):
    """Right after the test body (before any fixture teardown), save screenshot + console."""
    report = yield
    if report.when == "call":
        page = getattr(item, "funcargs", {}).get("page")
        if isinstance(page, Page) and not page.is_closed():
            slug = _slug(item.nodeid)
            SCREENSHOTS.mkdir(parents=True, exist_ok=True)
            shot = SCREENSHOTS / f"{slug}.png"
            try:
                page.screenshot(path=str(shot))
                report.sections.append(("screenshot", str(shot.relative_to(REPO))))
            except Exception as exc:  # a screenshot must never hide the real outcome
                report.sections.append(("screenshot", f"failed: {exc}"))
            messages = item.stash.get(_CONSOLE_KEY, [])
            CONSOLE_LOGS.mkdir(parents=True, exist_ok=True)
            (CONSOLE_LOGS / f"{slug}.log").write_text("\n".join(messages) + "\n")
    return report


def _slug(nodeid: str) -> str:
    nodeid = nodeid.removeprefix("tests/browser/").replace(".py::", "__")
    return re.sub(r"[^\w.-]+", "_", nodeid).strip("_")


# ----------------------------------------------------------------------------- servers


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _get(url: str, timeout: float = 5.0) -> bytes:
    with urllib.request.urlopen(url, timeout=timeout) as response:
        return response.read()


class _Server:
    """A child process serving HTTP on 127.0.0.1, logged to test-artifacts/servers/."""

    def __init__(self, name: str, argv: list[str], env: dict[str, str], port: int) -> None:
        self.name = name
        self.url = f"http://127.0.0.1:{port}"
        SERVER_LOGS.mkdir(parents=True, exist_ok=True)
        self.log_path = SERVER_LOGS / f"{name}.log"
        self._log = self.log_path.open("wb")
        self.proc = subprocess.Popen(
            argv,
            cwd=REPO,
            env=env,
            stdin=subprocess.DEVNULL,
            stdout=self._log,
            stderr=subprocess.STDOUT,
        )

    def wait_ready(self, probe: str) -> None:
        deadline = time.monotonic() + SERVER_START_TIMEOUT_S
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                self._fail(f"exited with code {self.proc.returncode}")
            try:
                _get(self.url + probe, timeout=2)
                return
            except (urllib.error.URLError, ConnectionError, TimeoutError):
                time.sleep(0.25)
        self._fail(f"did not answer {probe} within {SERVER_START_TIMEOUT_S} s")

    def _fail(self, why: str) -> None:
        self.stop()
        tail = self.log_path.read_text(errors="replace")[-4000:]
        pytest.fail(f"{self.name} {why}; log {self.log_path}:\n{tail}", pytrace=False)

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(timeout=5)
        self._log.close()


@pytest.fixture(scope="session")
def jupyter_env(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    """Environment for Jupyter servers: every config/data/runtime/cache dir in a tmp folder.

    Also: news and update pop-ups off, notebook windowing mode "none" (so cells scrolled out of
    view stay in the DOM), autosave off (tests never write to notebooks/), and this
    interpreter's bin/ first on PATH.
    """
    root = tmp_path_factory.mktemp("jupyter-home")
    dirs = {
        "JUPYTER_CONFIG_DIR": root / "config",
        "JUPYTER_DATA_DIR": root / "data",
        "JUPYTER_RUNTIME_DIR": root / "runtime",
        "IPYTHONDIR": root / "ipython",
        "XDG_CACHE_HOME": root / "xdg-cache",
        "XDG_CONFIG_HOME": root / "xdg-config",
        "XDG_DATA_HOME": root / "xdg-data",
        "MPLCONFIGDIR": root / "matplotlib",
        "JUPYTERLAB_SETTINGS_DIR": root / "lab-settings",
        "JUPYTERLAB_WORKSPACES_DIR": root / "lab-workspaces",
    }
    for path in dirs.values():
        path.mkdir(parents=True)

    labconfig = dirs["JUPYTER_CONFIG_DIR"] / "labconfig"
    labconfig.mkdir()
    (labconfig / "page_config.json").write_text(
        json.dumps({"disabledExtensions": {"@jupyterlab/apputils-extension:announcements": True}})
    )
    tracker = dirs["JUPYTERLAB_SETTINGS_DIR"] / "@jupyterlab" / "notebook-extension"
    tracker.mkdir(parents=True)
    (tracker / "tracker.jupyterlab-settings").write_text(json.dumps({"windowingMode": "none"}))
    # No autosave: a test that runs a notebook must not write its live outputs into notebooks/.
    docmanager = dirs["JUPYTERLAB_SETTINGS_DIR"] / "@jupyterlab" / "docmanager-extension"
    docmanager.mkdir(parents=True)
    (docmanager / "plugin.jupyterlab-settings").write_text(json.dumps({"autosave": False}))

    env = {k: v for k, v in os.environ.items() if not k.startswith(("JUPYTER", "IPY"))}
    env.update({k: str(v) for k, v in dirs.items()})
    env["JUPYTER_PLATFORM_DIRS"] = "1"
    env["PYDEVD_DISABLE_FILE_VALIDATION"] = "1"
    env["PATH"] = os.pathsep.join([str(Path(sys.executable).parent), env.get("PATH", "")])
    return env


def _check_kernel_is_this_python(base_url: str) -> None:
    """The server's default kernel must run this interpreter (the .venv's python)."""
    specs = json.loads(_get(f"{base_url}/api/kernelspecs"))
    name = specs["default"]
    argv0 = specs["kernelspecs"][name]["spec"]["argv"][0]
    # jupyter_client replaces a bare python/python3/python3.X with the server's sys.executable,
    # and the server runs on sys.executable.
    bare = {"python", f"python{sys.version_info[0]}", "python{}.{}".format(*sys.version_info)}
    if argv0 not in bare and Path(argv0) != Path(sys.executable):
        pytest.fail(
            f"kernelspec {name!r} runs {argv0!r}, not this interpreter {sys.executable!r}; "
            "a stray kernelspec is shadowing the .venv's ipykernel",
            pytrace=False,
        )


def _jupyter_server(app: str, port: int, extra: list[str]) -> list[str]:
    """The command line of a Jupyter server app (``lab`` or ``notebook``) on 127.0.0.1, rooted at
    notebooks/, with no token or password (a test harness on loopback only)."""
    return [
        sys.executable, "-m", "jupyter", app,
        "--no-browser",
        "--ip=127.0.0.1",
        f"--port={port}",
        "--ServerApp.port_retries=0",
        "--IdentityProvider.token=",
        "--ServerApp.password=",
        "--allow-root",
        "--ServerApp.disable_check_xsrf=True",  # lets the harness DELETE stale sessions
        f"--ServerApp.root_dir={NOTEBOOKS}",
        *extra,
    ]  # fmt: skip


@pytest.fixture(scope="session")
def jupyterlab_server(jupyter_env: dict[str, str]) -> Iterator[str]:
    """Start JupyterLab on 127.0.0.1 rooted at notebooks/; yield its base URL."""
    port = _free_port()
    argv = _jupyter_server("lab", port, [
        f"--LabApp.workspaces_dir={jupyter_env['JUPYTERLAB_WORKSPACES_DIR']}",
        "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate",
    ])
    server = _Server("jupyterlab", argv, jupyter_env, port)
    try:
        server.wait_ready("/api/status")
        _check_kernel_is_this_python(server.url)
        yield server.url
    finally:
        server.stop()


@pytest.fixture(scope="session")
def notebook7_server(jupyter_env: dict[str, str]) -> Iterator[str]:
    """Start Notebook 7 (``jupyter notebook``) on 127.0.0.1 rooted at notebooks/."""
    port = _free_port()
    server = _Server("notebook7", _jupyter_server("notebook", port, []), jupyter_env, port)
    try:
        server.wait_ready("/api/status")
        yield server.url
    finally:
        server.stop()


@pytest.fixture(scope="session")
def voila_server(jupyter_env: dict[str, str]) -> Iterator[str]:
    """Start Voilà on 127.0.0.1 serving notebooks/; yield its base URL."""
    port = _free_port()
    argv = [
        sys.executable, "-m", "voila", str(NOTEBOOKS),
        "--no-browser",
        "--Voila.ip=127.0.0.1",
        f"--port={port}",
        "--show_tracebacks=True",
    ]  # fmt: skip
    server = _Server("voila", argv, jupyter_env, port)
    try:
        server.wait_ready("/")
        yield server.url
    finally:
        server.stop()


# ----------------------------------------------------------------------------- browser


@pytest.fixture(scope="session")
def playwright_instance() -> Iterator[Playwright]:
    with sync_playwright() as pw:
        yield pw


@pytest.fixture(scope="session")
def browser(playwright_instance: Playwright) -> Iterator[Browser]:
    """Headless Debian Chromium (Playwright cannot download its own browser here)."""
    if not Path(CHROMIUM).exists():
        pytest.fail(
            f"{CHROMIUM} is missing: run `make test` as root, or "
            "`sudo apt-get install -y chromium`",
            pytrace=False,
        )
    browser = playwright_instance.chromium.launch(
        executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS
    )
    try:
        yield browser
    finally:
        browser.close()


@pytest.fixture
def page(browser: Browser, request: pytest.FixtureRequest) -> Iterator[Page]:
    """A fresh context and page; its console is collected for test-artifacts/console/."""
    context = browser.new_context(viewport=VIEWPORT)
    page = context.new_page()
    messages: list[str] = []
    page.on("console", lambda msg: messages.append(f"[{msg.type}] {msg.text}"))
    page.on("pageerror", lambda exc: messages.append(f"[pageerror] {exc}"))
    request.node.stash[_CONSOLE_KEY] = messages
    try:
        yield page
    finally:
        context.close()


@pytest.fixture
def browser_console(page: Page, request: pytest.FixtureRequest) -> list[str]:
    """The page's console messages and uncaught errors so far, as ``[type] text`` lines."""
    return request.node.stash[_CONSOLE_KEY]


# ----------------------------------------------------------------------------- helpers

# Every non-empty code cell shows a numbered prompt, or some cell shows an error.
_LAB_PROGRESS_JS = r"""
() => {
  const panel = '.jp-NotebookPanel:not(.lm-mod-hidden)';
  const stderr = '.jp-OutputArea-output[data-mime-type="application/vnd.jupyter.stderr"]';
  for (const out of document.querySelectorAll(`${panel} ${stderr}`)) {
    const text = out.textContent || '';
    if (/Traceback \(most recent call last\)|^\s*\w*(Error|Exception)\b.*:/m.test(text)) {
      return {state: 'error', text: text.slice(0, 3000)};
    }
  }
  const pending = [];
  document.querySelectorAll(`${panel} .jp-CodeCell`).forEach((cell, i) => {
    const source = (cell.querySelector('.cm-content')?.textContent ?? '').trim();
    const prompt = (cell.querySelector('.jp-InputArea-prompt')?.textContent ?? '').trim();
    if (source !== '' && !/^\[\d+\]:?$/.test(prompt)) pending.push(`cell ${i}: ${prompt}`);
  });
  return pending.length === 0 ? {state: 'done'} : null;
}
"""


_LAB_CLEARED_JS = r"""
() => [...document.querySelectorAll('.jp-NotebookPanel:not(.lm-mod-hidden) .jp-CodeCell')]
  .every(cell => !/\d/.test(cell.querySelector('.jp-InputArea-prompt')?.textContent ?? ''))
"""


def _menu(page: Page, menu: str, item: str) -> None:
    """Click ``menu`` in JupyterLab's menu bar, then its entry ``item``."""
    page.locator("#jp-MainMenu .lm-MenuBar-itemLabel", has_text=re.compile(f"^{menu}$")).click()
    page.locator(".lm-Menu .lm-Menu-itemLabel", has_text=re.compile(f"^{re.escape(item)}$")).click()


def _delete_sessions(base_url: str, notebook: str) -> None:
    """Shut down any kernel session left on ``notebook`` by an earlier test."""
    sessions = json.loads(_get(f"{base_url}/api/sessions"))
    for session in sessions:
        if session.get("path") == notebook:
            req = urllib.request.Request(
                f"{base_url}/api/sessions/{session['id']}", method="DELETE"
            )
            urllib.request.urlopen(req, timeout=10).close()


def _run_notebook_in_lab(page: Page, base_url: str, name: str) -> None:
    if not (NOTEBOOKS / name).is_file():
        raise FileNotFoundError(NOTEBOOKS / name)
    _delete_sessions(base_url, name)
    page.goto(f"{base_url}/lab/tree/{quote(name)}?reset")
    # The trap: the execution indicator says "idle" before any kernel exists; the status bar
    # text only appears once the real kernel is up.
    expect(page.get_by_text(KERNEL_IDLE, exact=True)).to_be_visible(timeout=KERNEL_READY_TIMEOUT_MS)
    # Saved notebooks carry execution counts (nbval needs stored outputs): clear them first so
    # that "every cell has a numbered prompt" can only mean "every cell ran now".
    _menu(page, "Edit", "Clear Outputs of All Cells")
    page.wait_for_function(_LAB_CLEARED_JS)
    _menu(page, "Run", "Run All Cells")
    result = page.wait_for_function(_LAB_PROGRESS_JS, timeout=RUN_ALL_TIMEOUT_MS).json_value()
    if result["state"] == "error":
        pytest.fail(f"{name}: a cell raised in JupyterLab:\n{result['text']}", pytrace=False)
    expect(page.get_by_text(KERNEL_IDLE, exact=True)).to_be_visible()


def _open_unrun_in_lab(page: Page, base_url: str, name: str) -> None:
    if not (NOTEBOOKS / name).is_file():
        raise FileNotFoundError(NOTEBOOKS / name)
    _delete_sessions(base_url, name)
    page.goto(f"{base_url}/lab/tree/{quote(name)}?reset")
    expect(page.locator(".jp-NotebookPanel:not(.lm-mod-hidden) .jp-Cell").first).to_be_visible(
        timeout=KERNEL_READY_TIMEOUT_MS)


@pytest.fixture
def open_unrun_in_lab(jupyterlab_server: str) -> Callable[[Page, str], None]:
    """``open_unrun_in_lab(page, name)``: open a notebook in JupyterLab as a new user does,
    without running any cell (its saved outputs are all there is to see)."""

    def open_(page: Page, name: str) -> None:
        _open_unrun_in_lab(page, jupyterlab_server, name)

    return open_


# Every non-empty code cell of a Notebook 7 page shows a numbered prompt.
_NB7_PROGRESS_JS = _LAB_PROGRESS_JS.replace(".jp-NotebookPanel:not(.lm-mod-hidden)", ".jp-Notebook")


_NB7_CLEARED_JS = _LAB_CLEARED_JS.replace(".jp-NotebookPanel:not(.lm-mod-hidden)", ".jp-Notebook")


def _kernel_idle(base_url: str, name: str) -> bool:
    sessions = json.loads(_get(f"{base_url}/api/sessions"))
    return any(s.get("path") == name and (s.get("kernel") or {}).get("execution_state") == "idle"
               for s in sessions)


def _run_notebook_in_nb7(page: Page, base_url: str, name: str) -> None:
    _delete_sessions(base_url, name)
    page.goto(f"{base_url}/notebooks/{quote(name)}")
    deadline = time.monotonic() + KERNEL_READY_TIMEOUT_MS / 1000
    while not _kernel_idle(base_url, name):
        if time.monotonic() > deadline:
            pytest.fail(f"{name}: Notebook 7 started no kernel", pytrace=False)
        time.sleep(0.5)
    expect(page.locator(".jp-Notebook .jp-Cell").first).to_be_visible()
    _menu(page, "Edit", "Clear Outputs of All Cells")  # saved prompts must not count as run
    page.wait_for_function(_NB7_CLEARED_JS)
    # Notebook 7 has no kernel status text to wait for (the trap in JupyterLab): the kernel
    # exists on the server now; if Run All still lands before the page is connected, nothing
    # runs, so try again.
    for _attempt in range(3):
        _menu(page, "Run", "Run All Cells")
        try:
            page.wait_for_function(_NB7_PROGRESS_JS, timeout=RUN_ALL_TIMEOUT_MS // 3)
            break
        except Exception:  # Playwright's TimeoutError: retried
            continue
    result = page.wait_for_function(_NB7_PROGRESS_JS, timeout=RUN_ALL_TIMEOUT_MS).json_value()
    if result["state"] == "error":
        pytest.fail(f"{name}: a cell raised in Notebook 7:\n{result['text']}", pytrace=False)


@pytest.fixture
def run_notebook_in_nb7(notebook7_server: str) -> Callable[[Page, str], None]:
    """``run_notebook_in_nb7(page, name)``: open in Notebook 7 and run all cells."""

    def run(page: Page, name: str) -> None:
        _run_notebook_in_nb7(page, notebook7_server, name)

    return run


@pytest.fixture
def run_notebook_in_lab(jupyterlab_server: str) -> Callable[[Page, str], None]:
    """``run_notebook_in_lab(page, "00-index.ipynb")``: open in JupyterLab and run all cells.

    The notebook name is relative to notebooks/.  Each call starts a fresh kernel.  Fails on a
    cell error or if the cells have not all run within RUN_ALL_TIMEOUT_MS.
    """

    def run(page: Page, name: str) -> None:
        _run_notebook_in_lab(page, jupyterlab_server, name)

    return run


_VOILA_DONE_JS = r"""
() => !document.getElementById('loading')
      && document.getElementById('rendered_cells')?.style.display !== 'none'
"""


def _open_in_voila(page: Page, base_url: str, name: str) -> None:
    if not (NOTEBOOKS / name).is_file():
        raise FileNotFoundError(NOTEBOOKS / name)
    # Voilà runs the notebook while the page loads: a long one (05) takes more than 30 s.
    page.goto(f"{base_url}/voila/render/{quote(name)}", timeout=VOILA_TIMEOUT_MS)
    page.wait_for_function(_VOILA_DONE_JS, timeout=VOILA_TIMEOUT_MS)
    body = page.locator("body").inner_text()
    for marker in ("There was an error when executing cell", "Traceback (most recent call last)"):
        if marker in body:
            pytest.fail(f"{name}: Voilà reports an error:\n{body[-3000:]}", pytrace=False)


@pytest.fixture
def open_in_voila(voila_server: str) -> Callable[[Page, str], None]:
    """``open_in_voila(page, "00-index.ipynb")``: render in Voilà, wait until it has run."""

    def open_(page: Page, name: str) -> None:
        _open_in_voila(page, voila_server, name)

    return open_


def _assert_no_widget_errors(page: Page) -> None:
    errors = page.get_by_text("Error displaying widget")
    count = errors.count()
    if count:
        first = errors.first.inner_text()
        pytest.fail(f'{count} x "Error displaying widget" on the page, e.g. {first!r}')


@pytest.fixture
def assert_no_widget_errors() -> Callable[[Page], None]:
    """``assert_no_widget_errors(page)``: fail if any widget view failed to render.

    Call it after waiting for the widgets you expect: views render asynchronously.
    """
    return _assert_no_widget_errors
