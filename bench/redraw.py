"""Benchmark: click on the stepper's Next -> the board redrawn, in headless Chromium.

A throw-away notebook shows one ``Stepper`` (the whole board: pending line, round track,
supply, every player) on a seeded four-player game at the start of round 3, with the random
player's next actions as its worked example.  Voilà serves it on 127.0.0.1; Debian's Chromium opens it and clicks
**Next** ``--clicks`` times.  Each figure is the wall time from the click to the board's last DOM
change for that click (a MutationObserver on the board; the click is done once the stepper
counts one more move and no further board mutation comes within a quiet period).  So a figure
covers the whole round trip: the click message, the engine's move, the traits sent back, and
the redraw.

Also printed: the size of the board's ``view`` trait (JSON bytes) at the first and last step,
and the load average, since the machine may be shared.

Run by hand (not part of ``make test``)::

    .venv/bin/python bench/redraw.py [--clicks 40] [--players 4] [--seed 3]
    PYTHONPATH=/path/to/older/checkout .venv/bin/python bench/redraw.py   # the same, older code

Needs ``/usr/bin/chromium`` and the dev extra (playwright, voila).
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

from playwright.sync_api import sync_playwright

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--headless", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]

# Only public names that every version of the tutor has, so that the same script can time an
# older checkout too (PYTHONPATH=that checkout).
CELL = """\
from obsession_nb import new_game
from obsession_nb.players.random_player import RandomPlayer, play_to_round
from obsession_nb.tutor.views import Stepper

game = play_to_round(new_game({players}, seed={seed}), 3, RandomPlayer({seed}))
point, start = game.snapshot(), len(game.log)
play_to_round(game, 6, RandomPlayer({seed}))
script = [e.action for e in game.log[start:] if not e.action.startswith("(")]
game.restore(point)
stepper = Stepper(game, script=script)
stepper
"""

# Click Next, then resolve with the ms until the board's last DOM change for that click (once
# the stepper's undo history has grown and nothing has changed for quietMs).
CLICK_JS = """
async (quietMs) => {
  const stepper = document.querySelector('.onb-stepper');
  const board = stepper.querySelector('.onb-board');
  const header = stepper.querySelector('.onb-step-header');
  const before = header.dataset.history;
  let last = 0;
  const seen = new MutationObserver(() => { last = performance.now(); });
  seen.observe(board, {childList: true, subtree: true, characterData: true, attributes: true});
  const t0 = performance.now();
  stepper.querySelector('.onb-next button, button.onb-next').click();
  await new Promise((resolve, reject) => {
    const give_up = setTimeout(() => reject(new Error('no redraw in 30 s')), 30000);
    const poll = () => {
      const now = performance.now();
      if (last && header.dataset.history !== before && now - last >= quietMs) {
        clearTimeout(give_up);
        resolve();
      } else {
        setTimeout(poll, 5);
      }
    };
    poll();
  });
  seen.disconnect();
  return last - t0;
}
"""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def notebook(players: int, seed: int) -> dict:
    return {"cells": [{"cell_type": "code", "execution_count": None, "id": "bench",
                       "metadata": {}, "outputs": [],
                       "source": CELL.format(players=players, seed=seed)}],
            "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3",
                                        "language": "python"}},
            "nbformat": 4, "nbformat_minor": 5}


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[max(0, min(len(ordered) - 1, round(q * (len(ordered) - 1))))]


def measure(clicks: int, players: int, seed: int, quiet_ms: int) -> tuple[list[float], list[int]]:
    with tempfile.TemporaryDirectory(prefix="onb-redraw-") as tmp:
        root = Path(tmp)
        (root / "redraw.ipynb").write_text(json.dumps(notebook(players, seed)))
        env = dict(os.environ)
        for name in ("JUPYTER_CONFIG_DIR", "JUPYTER_DATA_DIR", "JUPYTER_RUNTIME_DIR",
                     "IPYTHONDIR", "XDG_CACHE_HOME", "XDG_CONFIG_HOME"):
            (root / name).mkdir()
            env[name] = str(root / name)
        env["PATH"] = os.pathsep.join([str(Path(sys.executable).parent), env.get("PATH", "")])
        port = free_port()
        server = subprocess.Popen(
            [sys.executable, "-m", "voila", str(root / "redraw.ipynb"), "--no-browser",
             "--Voila.ip=127.0.0.1", f"--port={port}"],
            cwd=root, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            deadline = time.monotonic() + 90
            while True:
                try:
                    urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=60).close()
                    break
                except OSError:
                    if server.poll() is not None or time.monotonic() > deadline:
                        raise SystemExit("voila did not start") from None
                    time.sleep(0.3)
            with sync_playwright() as pw:
                browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
                page = browser.new_page(viewport={"width": 1400, "height": 1000})
                page.goto(f"http://127.0.0.1:{port}/", timeout=180_000)
                page.wait_for_selector(".onb-stepper .onb-board .onb-player", timeout=180_000)
                sizes = [len(page.evaluate(
                    "() => document.querySelector('.onb-stepper .onb-board').innerHTML"))]
                times = []
                for _ in range(clicks):
                    times.append(page.evaluate(CLICK_JS, quiet_ms))
                sizes.append(len(page.evaluate(
                    "() => document.querySelector('.onb-stepper .onb-board').innerHTML")))
                browser.close()
            return times, sizes
        finally:
            server.terminate()
            try:
                server.wait(timeout=15)
            except subprocess.TimeoutExpired:
                server.kill()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--clicks", type=int, default=40)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--quiet-ms", type=int, default=40,
                        help="no board mutation for this long ends a redraw (not counted)")
    args = parser.parse_args()
    load = os.getloadavg()
    times, sizes = measure(args.clicks, args.players, args.seed, args.quiet_ms)
    print(f"obsession-nb click -> redraw — Python {platform.python_version()}, "
          f"{platform.machine()}, {os.cpu_count()} cores; load average "
          f"{load[0]:.2f} before, {os.getloadavg()[0]:.2f} after")
    print(f"  {args.players} players, seed {args.seed}: {len(times)} clicks on Next")
    print(f"  click -> board redrawn: p50 {statistics.median(times):6.1f} ms, "
          f"p95 {percentile(times, 0.95):6.1f} ms, max {max(times):6.1f} ms")
    print(f"  board DOM: {sizes[0]} -> {sizes[1]} characters of HTML")


if __name__ == "__main__":
    main()
