"""Python bytecodes the engine executes per action of the ratio row's games, per function (run
by hand, beside ``run.py --against`` and ``instructions.py``).

    .venv/bin/python bench/bytecodes.py [--against REV] [--top N]

The ratio row's workload (``run.py``'s random playouts: ``simulate(4, seed)`` for seeds 10–15,
after an untimed game) is played under a tracer that counts every bytecode executed
(``sys.settrace`` with ``f_trace_opcodes``), and the count is printed per applied action,
in all and for the ``--top`` functions that execute most.  A count, not a time: the same on a
quiet or a busy machine, a few seconds a run, and, unlike ``instructions.py``'s machine
instructions, it says in which Python function the work is done.  A bytecode is not a unit of
time (a call or a property costs more than a comparison), so read it beside the instruction
count and the clock.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from types import CodeType, FrameType
from typing import Any

from trees import ROOT, markdown, run_on, worktree

SEEDS = range(10, 16)
"""The ratio row's seeds with ``run.py --quick``."""


def count(top: int) -> dict[str, Any]:
    """Bytecodes per applied action over :data:`SEEDS`, in all and for the ``top`` functions
    (each named by its file below the package, its first line and its name)."""
    from obsession_nb.players.simulate import simulate

    simulate(4, 9)  # the catalog, the rule index and every module loaded outside the count
    counts: Counter[CodeType] = Counter()

    def tracer(frame: FrameType, event: str, arg: object) -> Any:
        frame.f_trace_opcodes = True
        code = frame.f_code

        def each(frame: FrameType, event: str, arg: object) -> Any:
            if event == "opcode":
                counts[code] += 1
            return each

        return each

    sys.settrace(tracer)
    try:
        applied = sum(simulate(4, seed).actions for seed in SEEDS)
    finally:
        sys.settrace(None)
    where = [(f"{c.co_filename.split('obsession_nb/')[-1]}:{c.co_firstlineno} {c.co_name}",
              n / applied) for c, n in counts.most_common(top)]
    return {"applied": applied, "per_action": sum(counts.values()) / applied, "top": where}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--against", metavar="REV", help="the older engine's git revision")
    parser.add_argument("--top", type=int, default=15, help="functions listed (default 15)")
    parser.add_argument("--json", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.json:
        json.dump(count(args.top), sys.stdout)
        return 0
    results = []
    if args.against:
        with worktree(args.against) as old:
            results.append((args.against, json.loads(run_on(old, "bytecodes.py", "--json",
                                                            f"--top={args.top}"))))
    results.append(("this tree", json.loads(run_on(ROOT, "bytecodes.py", "--json",
                                                   f"--top={args.top}"))))
    print(markdown([["tree", "actions", "bytecodes per action"]]
                   + [[label, f"{r['applied']:,}", f"{r['per_action']:,.0f}"]
                      for label, r in results]))
    for label, r in results:
        print(f"\n{label}: the {args.top} functions that execute most\n")
        print(markdown([["function", "bytecodes per action"]]
                       + [[name, f"{n:,.1f}"] for name, n in r["top"]]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
