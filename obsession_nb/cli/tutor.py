"""Commands for learning and teaching: rules, ask, components, teach, lab."""

from __future__ import annotations

import argparse
import os
import sys

from obsession_nb.cli.output import print_json

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing
if TYPE_CHECKING:
    from pathlib import Path


def cmd_rules(args: argparse.Namespace) -> int:
    from obsession_nb.data.rules import rule_index
    from obsession_nb.tutor import ask, rulebook
    from obsession_nb.tutor.understand import label

    query = " ".join(args.query)
    corrected: str | None = None
    answer = ask.Answer(query, ())
    if not query.strip():
        hits = [ask.Hit("rule", r.id, r.title, "", r.id, 0.0) for r in rule_index().values()]
    else:
        answer = ask.search(query, limit=args.limit, lang=args.lang)
        hits, corrected = list(answer.hits), answer.corrected
    found_ids = list(dict.fromkeys(h.rule for h in hits))
    exact = [i for i in found_ids if i == query.strip()]
    if args.json:
        print_json({"query": query, "did_you_mean": corrected,
                     "hits": [h.to_json() for h in hits],
                     "results": [rulebook.entry(i).to_json() for i in found_ids],
                     "sources": [s.to_json() for s in rulebook.sources()]})
        return 0 if found_ids else 1
    if corrected:
        print(f"Did you mean: {corrected}?")
    if not found_ids:
        print(ask.answer_text(ask.search(query, lang=args.lang)), file=sys.stderr)
        print("No rule matches: try other words, an id (e.g. ud.hall-boy.money) or a component "
              "(cook, carriage house).", file=sys.stderr)
        return 1
    if exact or args.full:
        print("\n\n".join(rulebook.entry(i).text(tests=args.tests) for i in (exact or found_ids)))
    else:
        width = max(len(f"{h.kind} {h.id}") for h in hits)
        for h in hits:
            where = label(h.mode, answer.lang)
            print(f"{h.kind + ' ' + h.id:<{width}}  {h.title}" + (f" ({where})" if where else ""))
            if h.passage and h.passage != h.title:
                print(f"{'':<{width}}    “{h.passage}”")
        print(f"\n{len(hits)} match(es) over {len(found_ids)} rule(s); `obsession-nb rules ID` "
              "shows a rule in full (--full shows them all), `obsession-nb ask \"QUESTION\"` "
              "answers with the casebook.")
    if args.sources or not query:
        print("\nSources:")
        for s in rulebook.sources():
            print(f"  {s.prefix}: {s.name}. {s.what}\n      e.g. {s.find}")
    return 0


def cmd_components(args: argparse.Namespace) -> int:
    from obsession_nb.data import components

    if args.by_box:
        boxes = components.by_box()
        if args.json:
            print_json([b.to_json() for b in boxes])
        else:
            print(components.box_text(boxes))
        return 0
    rows = [c for c in components.components() if args.kind is None or c.kind == args.kind]
    if args.json:
        print_json([c.to_json() for c in rows])
    else:
        print(components.text(rows))
        if args.kind is None:
            print("\n" + components.box_text(components.by_box()))
    return 0


def cmd_ask(args: argparse.Namespace) -> int:
    from obsession_nb.tutor import ask

    answer = ask.search(" ".join(args.question), lang=args.lang)
    if args.json:
        demo = ask.show_me(answer)
        print_json({**answer.to_json(), "show_me": demo.to_json() if demo else None})
    else:
        print(answer.text())
    return 0 if answer.hits else 1


def teach_command(scenario: str, folder: Path, *, lang: str | None, port: int | None,
                  no_browser: bool) -> list[str]:
    """Write the teaching page for ``scenario`` into ``folder`` and return the Voilà command
    that serves it (code hidden)."""
    from obsession_nb.tutor.views.teach import teaching_notebook

    page = teaching_notebook(scenario, folder / "teach.ipynb", lang=lang)
    command = [sys.executable, "-m", "voila", str(page), "--strip_sources=True",
               "--Voila.ip=127.0.0.1"]
    if port:
        command.append(f"--port={port}")
    if no_browser:
        command.append("--no-browser")
    return command


def cmd_teach(args: argparse.Namespace) -> int:
    """Serve the teaching page with Voilà; stopped (Ctrl+C, SIGTERM, SIGHUP), Voilà, its kernel
    and the page's temporary folder go too."""
    import tempfile
    from pathlib import Path

    from obsession_nb.base.supervise import run_server

    with tempfile.TemporaryDirectory(prefix="obsession-nb-teach-",
                                     ignore_cleanup_errors=True) as tmp:
        command = teach_command(args.scenario, Path(tmp), lang=args.lang, port=args.port,
                                no_browser=args.no_browser)
        print(f"Teaching {args.scenario}: → next decision, ← back.  Stop with Ctrl+C.",
              flush=True)
        return run_server(command)


def cmd_lab(args: argparse.Namespace) -> int:

    from obsession_nb.tutor.tutorials import tutorial_folder

    try:
        notebooks, copied = tutorial_folder(args.dir)
    except FileNotFoundError as exc:
        print(f"obsession-nb lab: {exc}", file=sys.stderr)
        return 1
    if copied:
        print(f"obsession-nb lab: copied {len(copied)} tutorial(s) to {notebooks}; your edits "
              "there are yours (later runs never overwrite them).", file=sys.stderr)
    if args.copy_only:
        print(notebooks)
        return 0
    command = [sys.executable, "-m", "jupyterlab", f"--ServerApp.root_dir={notebooks}",
               "--LabApp.default_url=/lab/tree/00-index.ipynb", *args.lab_args]
    if hasattr(os, "geteuid") and os.geteuid() == 0 and "--allow-root" not in command:
        command.append("--allow-root")  # JupyterLab refuses root otherwise (containers, CI)
    env = dict(os.environ)
    if args.lang:
        from obsession_nb.base.i18n import LANG_ENV

        env[LANG_ENV] = args.lang  # the widgets' default language
    from obsession_nb.base.supervise import run_server

    return run_server(command, env)  # stopped, JupyterLab and its kernels go too

