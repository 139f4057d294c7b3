"""The cost of asking the tutor (obsession_nb.tutor.ask): building the search index over the rule
index, the casebook and the glossary (once per process), one search as the rule browser runs on
each pause in typing, and `Answer.text()` as `obsession-nb ask` prints it (it asks the engine
about the casebook cases found).

CPU time (``time.process_time``), medians over the questions of ``tests/test_ask.py``.

    .venv/bin/python bench/ask.py
"""

from __future__ import annotations

import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))


def _cpu(fn) -> float:  # type: ignore[no-untyped-def]
    start = time.process_time()
    fn()
    return time.process_time() - start


def main() -> None:
    from test_ask import QUESTIONS

    from obsession_nb.tutor import ask

    build = _cpu(lambda: ask._index())
    searches = [_cpu(lambda q=q: ask.search(q)) for q, _right in QUESTIONS]
    texts = [_cpu(lambda q=q: ask.search(q).text()) for q, _right in QUESTIONS[::10]]
    print(f"load average {os.getloadavg()[0]:.2f}")
    print(f"index build (once per process)   {build * 1000:8.1f} ms CPU")
    print(f"one search, median of {len(searches):3}      {statistics.median(searches) * 1000:8.1f} "
          f"ms CPU (max {max(searches) * 1000:.1f})")
    print(f"ask answer text, median of {len(texts):2}    {statistics.median(texts) * 1000:8.1f} "
          f"ms CPU (max {max(texts) * 1000:.1f})")


if __name__ == "__main__":
    main()
