"""The cost of asking the tutor (obsession_nb.tutor.ask): building the search indexes (English,
and Japanese with its analyser's dictionary) once per process, one search as the rule browser
runs on each pause in typing, `Answer.text()` as `obsession-nb ask` prints it, and the whole
`obsession-nb ask` command in a fresh process, English and Japanese.

CPU time (``time.process_time``) for the parts, medians over the questions of
``tests/tutor/ask_questions.yaml``; wall and CPU time for the command (median of five runs each: on
a busy machine the wall time is mostly waiting for a core, the CPU time is not).  The cache
(obsession_nb/data/content_cache.py) is a temporary folder of this run's own, warmed first as
the user's is after a first run (the user's cache may be shared with other checkouts whose
entries replace these).

    .venv/bin/python bench/ask.py
"""

from __future__ import annotations

import os
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
COMMAND = [str(Path(sys.executable).with_name("obsession-nb"))]
"""The command as a player runs it (the console script beside this Python)."""


def _cpu(fn) -> float:  # type: ignore[no-untyped-def]
    start = time.process_time()
    fn()
    return time.process_time() - start


def _command(question: str) -> tuple[float, float]:
    """Wall and CPU (user + system) seconds of one `obsession-nb ask` in a fresh process."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run([*COMMAND, "ask", question], check=True, capture_output=True)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main() -> None:
    import tempfile

    from obsession_nb.base import yamlio

    os.environ["OBSESSION_NB_CACHE"] = tempfile.mkdtemp(prefix="obsession-nb-bench-ask-")

    questions = yamlio.load((ROOT / "tests" / "tutor" / "ask_questions.yaml").read_text(encoding="utf-8"))
    english = [e["q"] for e in questions["en"]]
    japanese = [e["q"] for e in questions["ja"]]
    for q in (english[0], japanese[0], *english[:5], *japanese[:5]):  # warm the cache
        subprocess.run([*COMMAND, "ask", q], check=True, capture_output=True)

    from obsession_nb.tutor import ask

    build = _cpu(lambda: ask._index())
    build_ja = _cpu(lambda: ask.search(japanese[0]))
    searches = [_cpu(lambda q=q: ask.search(q)) for q in english]
    searches_ja = [_cpu(lambda q=q: ask.search(q)) for q in japanese]
    texts = [_cpu(lambda q=q: ask.search(q).text()) for q in english[::10] + japanese[::10]]
    runs = [_command(english[i]) for i in range(5)]
    runs_ja = [_command(japanese[i]) for i in range(5)]
    print("load average (1, 5, 15 min) " + " ".join(f"{x:.2f}" for x in os.getloadavg()))
    print(f"English index (once per process)       {build * 1000:8.1f} ms CPU")
    print(f"Japanese index and analyser (once)     {build_ja * 1000:8.1f} ms CPU")
    print(f"one English search, median of {len(searches):3}     "
          f"{statistics.median(searches) * 1000:8.1f} ms CPU (max {max(searches) * 1000:.1f})")
    print(f"one Japanese search, median of {len(searches_ja):3}    "
          f"{statistics.median(searches_ja) * 1000:8.1f} ms CPU "
          f"(max {max(searches_ja) * 1000:.1f})")
    print(f"ask answer text, median of {len(texts):2}          "
          f"{statistics.median(texts) * 1000:8.1f} ms CPU (max {max(texts) * 1000:.1f})")
    for name, done in (("English", runs), ("Japanese", runs_ja)):
        wall = statistics.median(w for w, _c in done) * 1000
        cpu = statistics.median(c for _w, c in done) * 1000
        print(f"`obsession-nb ask` {name:8}, median of 5  {wall:8.1f} ms wall, "
              f"{cpu:6.1f} ms CPU")


if __name__ == "__main__":
    main()
